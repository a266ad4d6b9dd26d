/**
 * What the queue and the dashboard read of the controlled-substance rules: public.controlled_substance_status()
 * and the DEA registration banner derived from it, with the DEA schedules and the banner's 90-day threshold they
 * need. zod/mini and no other shared module: the banner is on the dashboard, every signed-in user's first screen,
 * which `npm run bench -- bundle` keeps small (classic zod and the forms' schemas load with the screens that use
 * them). The rest of the rules — refusals, the double count's form schema — are in controlled-substance-rules.ts.
 */
import * as z from 'zod/mini';
import { usDate } from '../common/dates.ts';

/** DEA schedules of controlled substances (medications.dea_schedule). */
export const DEA_SCHEDULES = ['II', 'III', 'IV', 'V'] as const;
export type DeaSchedule = (typeof DEA_SCHEDULES)[number];

/** A DEA registration expiring within this many days is not compliant any more (§9's 90-day expiry threshold): the
 * summary card and the queue's banner warn from here on. */
export const DEA_EXPIRY_WARNING_DAYS = 90;

/** public.controlled_substance_status(): what the queue and the dashboard need. */
export const controlledSubstanceStatusSchema = z.object({
  deaNumberPresent: z.boolean(),
  /** YYYY-MM-DD, null when no expiration date was entered. */
  deaExpirationDate: z.nullable(z.string()),
  /** Expired before the pharmacy's local date (still valid on the day itself). */
  expired: z.boolean(),
  /** Days from the pharmacy's today to the expiration date (negative once expired); null without a date. */
  daysLeft: z.nullable(z.int()),
  /** The pharmacy's local date. */
  today: z.string(),
  schedules: z.object(Object.fromEntries(DEA_SCHEDULES.map((schedule) => [schedule, z.boolean()])) as Record<DeaSchedule, z.ZodMiniBoolean>),
  requireDoubleCount: z.boolean(),
  controlledFillsToday: z.int(),
  maxDailyDispensing: z.int(),
});
export type ControlledSubstanceStatus = z.infer<typeof controlledSubstanceStatusSchema>;

export interface DeaRegistrationNotice {
  level: 'error' | 'warning';
  text: string;
}

/**
 * The banner of the queue and the dashboard: expired ('DEA registration expired …: controlled substances cannot be
 * filled'), or expiring within DEA_EXPIRY_WARNING_DAYS days (a warning); nothing when valid longer or no date.
 */
export function deaRegistrationNotice(status: Pick<ControlledSubstanceStatus, 'deaExpirationDate' | 'expired' | 'daysLeft'>): DeaRegistrationNotice | null {
  if (status.deaExpirationDate === null || status.daysLeft === null) return null;
  const date = usDate(status.deaExpirationDate);
  if (status.expired) return { level: 'error', text: `DEA registration expired on ${date}: controlled substances cannot be filled` };
  if (status.daysLeft > DEA_EXPIRY_WARNING_DAYS) return null;
  const left = status.daysLeft === 0 ? 'today' : status.daysLeft === 1 ? 'in 1 day' : `in ${status.daysLeft} days`;
  return {
    level: 'warning',
    text: `DEA registration expires ${left} (${date}): renew it to keep filling controlled substances`,
  };
}

/** Whether the queue offers the double count for a prescription: Schedule II, processing, and the setting on. */
export function needsDoubleCount(status: Pick<ControlledSubstanceStatus, 'requireDoubleCount'> | undefined, schedule: string | null, prescriptionStatus: string): boolean {
  return status?.requireDoubleCount === true && schedule === 'II' && prescriptionStatus === 'processing';
}
