/**
 * The subscription terms every pharmacy gets (spec part 1 §1 and §9, part 2 "Subscription Plans"):
 * one flat monthly plan with a free trial and no limit on users or prescriptions. The database's
 * reference data and every screen that states these terms read them from here.
 */

/** The id of the one plan (subscription_plans.id); the wizard, which has no plan step, subscribes to it. */
export const DEFAULT_PLAN_ID = 'flat-monthly';

/** Monthly price in US dollars. */
export const PLAN_PRICE_PER_MONTH_USD = 150;
export const PLAN_BILLING_CYCLE = 'monthly';
export const TRIAL_DAYS = 30;
/** -1 means unlimited, as the plan's features record it. */
export const PLAN_MAX_USERS = -1;

/** "$150" — whole dollars, as the marketing copy states the price. */
export function formatPlanPrice(amount: number = PLAN_PRICE_PER_MONTH_USD): string {
  return `$${amount.toLocaleString('en-US')}`;
}
