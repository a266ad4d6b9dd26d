/** shared/src/subscription/trial.ts: a trial's days left in the pharmacy's calendar, and when the dashboard tells admins. */
import { describe, expect, it } from 'vitest';
import { TRIAL_ENDING_NOTICE_DAYS, trialDaysLeft, trialDaysLeftText, trialEndsSoon } from '../../shared/src/subscription/trial.ts';

describe('trialDaysLeft', () => {
  it('counts calendar days in the pharmacy time zone, not UTC', () => {
    // 03:00 UTC on Dec 1 is still Nov 30 in Chicago: a trial ending Dec 4 18:00 UTC (Dec 4 in Chicago) has 4 days.
    const now = new Date('2026-12-01T03:00:00Z');
    expect(trialDaysLeft('2026-12-04T18:00:00Z', 'America/Chicago', now)).toBe(4);
    expect(trialDaysLeft('2026-12-04T18:00:00Z', 'UTC', now)).toBe(3);
    // Ending 02:00 UTC Dec 5 is still Dec 4 evening in Chicago.
    expect(trialDaysLeft('2026-12-05T02:00:00Z', 'America/Chicago', now)).toBe(4);
    expect(trialDaysLeft('2026-12-05T02:00:00Z', 'Asia/Tokyo', now)).toBe(4);
  });

  it('is 0 on the last day and after the end, and null without a trial end', () => {
    const now = new Date('2026-12-04T15:00:00Z');
    expect(trialDaysLeft('2026-12-04T23:00:00Z', 'UTC', now)).toBe(0);
    expect(trialDaysLeft('2026-12-01T00:00:00Z', 'UTC', now)).toBe(0);
    expect(trialDaysLeft(null, 'UTC', now)).toBeNull();
    expect(() => trialDaysLeft('not a date', 'UTC', now)).toThrow(RangeError);
  });

  it('keeps whole days across a daylight-saving change (Nov 1 2026 in New York)', () => {
    const now = new Date('2026-10-31T12:00:00Z');
    expect(trialDaysLeft('2026-11-30T12:00:00Z', 'America/New_York', now)).toBe(30);
    expect(trialDaysLeft('2026-11-02T04:30:00Z', 'America/New_York', now)).toBe(1);
  });
});

describe('trialEndsSoon', () => {
  it('is true for a trial with 7 days left or fewer, the last day included', () => {
    expect(TRIAL_ENDING_NOTICE_DAYS).toBe(7);
    for (const days of [0, 1, 3, 7]) expect(trialEndsSoon({ status: 'trialing', trialDaysLeft: days }), String(days)).toBe(true);
  });

  it('is false with 8 days or more, without a trial end, or when not trialing', () => {
    expect(trialEndsSoon({ status: 'trialing', trialDaysLeft: 8 })).toBe(false);
    expect(trialEndsSoon({ status: 'trialing', trialDaysLeft: 30 })).toBe(false);
    expect(trialEndsSoon({ status: 'trialing', trialDaysLeft: null })).toBe(false);
    for (const status of ['active', 'past_due', 'canceled']) expect(trialEndsSoon({ status, trialDaysLeft: 3 }), status).toBe(false);
  });
});

describe('trialDaysLeftText', () => {
  it('says the days left, and "Ends today" on the last day', () => {
    expect(trialDaysLeftText(3)).toBe('3 days left');
    expect(trialDaysLeftText(1)).toBe('1 day left');
    expect(trialDaysLeftText(0)).toBe('Ends today');
  });
});
