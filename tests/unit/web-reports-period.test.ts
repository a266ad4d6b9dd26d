/**
 * The Reports screen's pure parts (web/src/features/reports/report-period.ts): the presets' days (a week from
 * Monday, a month from the 1st, the last 30 days; across month, year and leap days), the period before of equal
 * length, the custom range's checks (the database's: both days, in order, at most 366 days) and the change of a
 * figure from the period before as the cards say it; and the shared schemas' refusal of a malformed answer.
 */
import { describe, expect, it } from 'vitest';
import { reportsOverviewSchema, systemAlertsSchema, weeklyActivitySchema } from '../../shared/src/reports/overview.ts';
import {
  addDays, changeFrom, CUSTOM_RANGE_MESSAGES, customRangeError, daysIn, presetRange, previousRange,
} from '../../web/src/features/reports/report-period.ts';

describe('presetRange', () => {
  it('starts this week on Monday and ends it today', () => {
    // 2026-11-29 is a Sunday, 2026-11-23 a Monday, 2026-11-25 a Wednesday.
    expect(presetRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    // A week begun in the year before.
    expect(presetRange('week', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-01' });
  });

  it('starts this month on the 1st and counts the last 30 days with today', () => {
    expect(presetRange('month', '2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(presetRange('month', '2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(presetRange('last-30-days', '2026-11-29')).toEqual({ from: '2026-10-31', to: '2026-11-29' });
    expect(presetRange('last-30-days', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-03-01' }); // 2028 is a leap year
    expect(daysIn(presetRange('last-30-days', '2028-03-01'))).toBe(30);
  });
});

describe('previousRange', () => {
  it('is the period of equal length just before', () => {
    expect(previousRange({ from: '2026-11-01', to: '2026-11-29' })).toEqual({ from: '2026-10-03', to: '2026-10-31' });
    expect(previousRange({ from: '2026-11-29', to: '2026-11-29' })).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(previousRange({ from: '2028-03-01', to: '2028-03-07' })).toEqual({ from: '2028-02-23', to: '2028-02-29' });
  });

  it('counts days by the calendar, not by hours (a daylight-saving change in between)', () => {
    expect(daysIn({ from: '2026-11-01', to: '2026-11-07' })).toBe(7);
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
  });
});

describe('customRangeError', () => {
  it('takes a range in order of at most 366 days', () => {
    expect(customRangeError({ from: '2026-01-01', to: '2026-01-01' })).toBeNull();
    expect(customRangeError({ from: '2027-01-01', to: '2028-01-01' })).toBeNull(); // 366 days
  });

  it('refuses a missing day, a reversed range, a longer one and a day that is not in the calendar', () => {
    expect(customRangeError({ from: '', to: '2026-01-01' })).toBe(CUSTOM_RANGE_MESSAGES.from);
    expect(customRangeError({ from: '2026-01-01', to: '' })).toBe(CUSTOM_RANGE_MESSAGES.to);
    expect(customRangeError({ from: '2026-02-01', to: '2026-01-31' })).toBe(CUSTOM_RANGE_MESSAGES.order);
    expect(customRangeError({ from: '2027-01-01', to: '2028-01-02' })).toBe(CUSTOM_RANGE_MESSAGES.tooLong);
    expect(customRangeError({ from: '2026-02-30', to: '2026-03-02' })).toBe(CUSTOM_RANGE_MESSAGES.from);
  });
});

describe('changeFrom', () => {
  it('says the change as a percentage of the period before, one decimal', () => {
    expect(changeFrom(200, 250)).toEqual({ direction: 'up', text: '+25.0%' });
    expect(changeFrom(300, 200)).toEqual({ direction: 'down', text: '−33.3%' });
    expect(changeFrom(3, 3)).toEqual({ direction: 'same', text: '0%' });
    expect(changeFrom(0, 0)).toEqual({ direction: 'same', text: '0%' });
  });

  it('calls a figure from nothing new (no percentage of zero) and a fall to nothing −100%', () => {
    expect(changeFrom(0, 12)).toEqual({ direction: 'up', text: 'New' });
    expect(changeFrom(12, 0)).toEqual({ direction: 'down', text: '−100.0%' });
  });

  it('measures against the size of a negative figure before', () => {
    expect(changeFrom(-100, -50)).toEqual({ direction: 'up', text: '+50.0%' });
  });
});

describe('the answers\' schemas', () => {
  const figures = { prescriptionsFilled: 1, revenueCents: 100, payersCents: 60, patientsCents: 40, patientsServed: 1, inventoryValueCents: 5 };

  it('take the database\'s shapes and refuse others', () => {
    expect(reportsOverviewSchema.safeParse({ from: '2026-11-01', to: '2026-11-29', previousFrom: '2026-10-03', previousTo: '2026-10-31', current: figures, previous: figures }).success).toBe(true);
    expect(reportsOverviewSchema.safeParse({ from: '2026-11-01', to: '2026-11-29', previousFrom: '2026-10-03', previousTo: '2026-10-31', current: { ...figures, revenueCents: 1.5 }, previous: figures }).success).toBe(false);
    expect(weeklyActivitySchema.safeParse([{ day: '2026-11-29', newFills: 1, refills: 0 }]).success).toBe(false);
    expect(systemAlertsSchema.safeParse([{ kind: 'low_stock', severity: 'warning', title: 'Low stock', detail: '2', count: 2, link: '/inventory' }]).success).toBe(true);
    expect(systemAlertsSchema.safeParse([{ kind: 'low_stock', severity: 'warning', title: 'Low stock', detail: '2', count: 2, link: 'https://elsewhere.example' }]).success).toBe(false);
  });
});
