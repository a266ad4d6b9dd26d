import { describe, expect, it } from 'vitest';
import { formatPlanPrice, PLAN_MAX_USERS, PLAN_PRICE_PER_MONTH_USD, TRIAL_DAYS } from '../../shared/src/subscription/plan.ts';

describe('subscription terms (spec §9)', () => {
  it('are the flat $150 monthly plan with a 30-day trial and unlimited users', () => {
    expect(PLAN_PRICE_PER_MONTH_USD).toBe(150);
    expect(TRIAL_DAYS).toBe(30);
    expect(PLAN_MAX_USERS).toBe(-1);
    expect(formatPlanPrice()).toBe('$150');
    expect(formatPlanPrice(1500)).toBe('$1,500');
  });
});
