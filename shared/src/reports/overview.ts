/**
 * The Reports and Analytics screen's data (migration 20261130003000_reports_overview), as the database answers it:
 * the four stat cards of a period and the period before (public.reports_overview), the last 7 days' new fills and
 * refills (reports_weekly_activity), the most filled medications (reports_top_medications) and the system alerts
 * (reports_system_alerts). Money in cents. The range rules are the database's too (at most 366 days).
 */
import * as z from 'zod';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The longest period the screen and the database accept, in days (first and last included). */
export const REPORTS_MAX_DAYS = 366;

export const reportFiguresSchema = z.object({
  /** Fills verified in the period and not returned to stock (ready or completed, by fill date). */
  prescriptionsFilled: z.number().int().nonnegative(),
  /** payersCents + patientsCents. */
  revenueCents: z.number().int(),
  /** Total paid of paid claims by date of service. */
  payersCents: z.number().int(),
  /** Patient payments received in the period (the pharmacy's days). */
  patientsCents: z.number().int(),
  /** Distinct patients of those fills. */
  patientsServed: z.number().int().nonnegative(),
  /** Stock value at the end of the period (each lot at its cost). */
  inventoryValueCents: z.number().int(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportsOverviewSchema = z.object({
  from: isoDay,
  to: isoDay,
  previousFrom: isoDay,
  previousTo: isoDay,
  current: reportFiguresSchema,
  previous: reportFiguresSchema,
});
export type ReportsOverview = z.infer<typeof reportsOverviewSchema>;

export const weeklyActivitySchema = z.array(z.object({
  day: isoDay,
  newFills: z.number().int().nonnegative(),
  refills: z.number().int().nonnegative(),
})).length(7);
export type WeeklyActivity = z.infer<typeof weeklyActivitySchema>;

/** How many medications Most Prescribed Medications lists (spec §9). */
export const TOP_MEDICATIONS = 5;

export const topMedicationsSchema = z.array(z.object({
  medicationId: z.string(),
  name: z.string(),
  strength: z.string().nullable(),
  fills: z.number().int().positive(),
}));
export type TopMedications = z.infer<typeof topMedicationsSchema>;

export const SYSTEM_ALERT_KINDS = [
  'out_of_stock', 'low_stock', 'lots_expired', 'lots_expiring', 'dea_registration', 'pharmacist_licence',
  'interaction_alerts', 'rejected_claims', 'failed_messages', 'scheduled_reports_failed',
] as const;

export const systemAlertsSchema = z.array(z.object({
  kind: z.enum(SYSTEM_ALERT_KINDS),
  severity: z.enum(['error', 'warning']),
  title: z.string(),
  detail: z.string(),
  count: z.number().int().positive(),
  /** The screen where it is acted on (a signed-in path). */
  link: z.string().startsWith('/'),
}));
export type SystemAlerts = z.infer<typeof systemAlertsSchema>;
