/**
 * System Settings → Reports (spec part 2 §3 "reports"): scheduled daily/weekly/monthly reports, the texts
 * printed on reports and slips, logo and layout, regulatory reporting. §5: monthly report day 1–28; §9: report
 * formats, weekdays, logo sizes and positions, times like "08:00". No secrets.
 */
import * as z from 'zod';
import { choice, text, timeOfDay, toggle, wholeNumber } from './fields.ts';

export const REPORT_WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type ReportWeekday = (typeof REPORT_WEEKDAYS)[number];
export const REPORT_FORMATS = ['pdf', 'excel', 'csv'] as const;
export const PHARMACY_LOGO_SIZES = ['small', 'medium', 'large'] as const;
export const PHARMACY_LOGO_POSITIONS = ['header', 'footer', 'both'] as const;

/** §5: "monthly report day: choice of days 1 to 28" (every month has them). */
export const MONTHLY_REPORT_DAY_MIN = 1;
export const MONTHLY_REPORT_DAY_MAX = 28;
/** Disclaimers and notes printed on reports and slips. */
export const REPORT_TEXT_MAX_LENGTH = 1000;
export const REPORT_FOOTER_MAX_LENGTH = 500;
export const PHARMACIST_NAME_MAX_LENGTH = 200;

export const REPORTS_SECRET_FIELDS = [] as const;

/** PUT /api/system-settings/reports. */
export const reportsSettingsSchema = z.object({
  dailyReportsEnabled: toggle('Daily reports'),
  dailyReportTime: timeOfDay('Daily report time'),
  dailyLogPharmacist: text('Daily log pharmacist', PHARMACIST_NAME_MAX_LENGTH),
  weeklyReportsEnabled: toggle('Weekly reports'),
  weeklyReportDay: choice('Weekly report day', REPORT_WEEKDAYS),
  weeklyReportTime: timeOfDay('Weekly report time'),
  monthlyReportsEnabled: toggle('Monthly reports'),
  monthlyReportDay: wholeNumber('Monthly report day', MONTHLY_REPORT_DAY_MIN, MONTHLY_REPORT_DAY_MAX),
  monthlyReportTime: timeOfDay('Monthly report time'),
  generalDisclaimer: text('General disclaimer', REPORT_TEXT_MAX_LENGTH),
  controlledDrugDisclaimer: text('Controlled drug disclaimer', REPORT_TEXT_MAX_LENGTH),
  refillRequestNote: text('Refill request note', REPORT_TEXT_MAX_LENGTH),
  deliverySlipNote: text('Delivery slip note', REPORT_TEXT_MAX_LENGTH),
  pharmacyLogoEnabled: toggle('Pharmacy logo'),
  pharmacyLogoSize: choice('Pharmacy logo size', PHARMACY_LOGO_SIZES),
  pharmacyLogoPosition: choice('Pharmacy logo position', PHARMACY_LOGO_POSITIONS),
  includePharmacyLogo: toggle('Include pharmacy logo'),
  includeDisclaimer: toggle('Include disclaimer'),
  includeTimestamp: toggle('Include timestamp'),
  includePageNumbers: toggle('Include page numbers'),
  reportFooterText: text('Report footer text', REPORT_FOOTER_MAX_LENGTH),
  stateReportingEnabled: toggle('State reporting'),
  deaReportingEnabled: toggle('DEA reporting'),
  includeControlledSubstances: toggle('Include controlled substances'),
  defaultReportFormat: choice('Default report format', REPORT_FORMATS),
  includePatientNames: toggle('Include patient names'),
});
export type ReportsSettingsInput = z.input<typeof reportsSettingsSchema>;
export type ReportsSettings = z.output<typeof reportsSettingsSchema>;

/** GET shape: the same fields (the group has no secrets). */
export const reportsSettingsReadSchema = reportsSettingsSchema;
export type ReportsSettingsRead = ReportsSettings;

/**
 * Defaults: scheduled reports off until an admin turns them on; times 08:00 (§9's example), weekly on Monday,
 * monthly on the 1st; PDF; patient names left out of reports (minimum necessary PHI).
 */
export const REPORTS_SETTINGS_DEFAULTS: ReportsSettingsRead = {
  dailyReportsEnabled: false,
  dailyReportTime: '08:00',
  dailyLogPharmacist: '',
  weeklyReportsEnabled: false,
  weeklyReportDay: 'monday',
  weeklyReportTime: '08:00',
  monthlyReportsEnabled: false,
  monthlyReportDay: 1,
  monthlyReportTime: '08:00',
  generalDisclaimer: '',
  controlledDrugDisclaimer: '',
  refillRequestNote: '',
  deliverySlipNote: '',
  pharmacyLogoEnabled: false,
  pharmacyLogoSize: 'medium',
  pharmacyLogoPosition: 'header',
  includePharmacyLogo: false,
  includeDisclaimer: true,
  includeTimestamp: true,
  includePageNumbers: true,
  reportFooterText: '',
  stateReportingEnabled: false,
  deaReportingEnabled: false,
  includeControlledSubstances: true,
  defaultReportFormat: 'pdf',
  includePatientNames: false,
};
