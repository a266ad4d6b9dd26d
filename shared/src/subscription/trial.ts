/**
 * A subscription's trial as a pharmacy reads it (spec part 2 "Subscription Plans", current subscription box; issue
 * 28): the days left are counted in the pharmacy's calendar, so the count changes at the pharmacy's midnight, not
 * UTC's, and the trial's last day is "0 days left" (it bills on that day). The dashboard tells admins when the trial
 * ends within TRIAL_ENDING_NOTICE_DAYS days.
 */
import { localDateIn } from '../common/dates.ts';

/** The dashboard's notice shows from this many days left down to the last day. */
export const TRIAL_ENDING_NOTICE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from one calendar date (YYYY-MM-DD) to another; both read as UTC midnights, so no DST moves the count. */
function daysBetween(fromDate: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / DAY_MS);
}

/**
 * Whole days from the pharmacy's today to the calendar day the trial ends on, both in its time zone; 0 on that day
 * and after it. Null when there is no trial end.
 */
export function trialDaysLeft(trialEndsAt: string | null, timeZone: string, now: Date): number | null {
  if (trialEndsAt === null) return null;
  const end = new Date(trialEndsAt);
  if (Number.isNaN(end.getTime())) throw new RangeError(`not a timestamp: ${trialEndsAt}`);
  return Math.max(0, daysBetween(localDateIn(timeZone, now), localDateIn(timeZone, end)));
}

/** Whether a subscription is in a trial that ends within TRIAL_ENDING_NOTICE_DAYS days (its last day included). */
export function trialEndsSoon(subscription: { status: string; trialDaysLeft: number | null }): boolean {
  return subscription.status === 'trialing' && subscription.trialDaysLeft !== null && subscription.trialDaysLeft <= TRIAL_ENDING_NOTICE_DAYS;
}

/** "1 day" / "5 days" left; "Ends today" on the last day. */
export function trialDaysLeftText(days: number): string {
  if (days === 0) return 'Ends today';
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}
