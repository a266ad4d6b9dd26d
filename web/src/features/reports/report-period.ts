/**
 * The Reports screen's period picker, pure: the presets (This week — Monday to today —, This month — the 1st to
 * today —, Last 30 days — today and the 29 days before) and a custom range, as first and last day (YYYY-MM-DD, the
 * pharmacy's days); the custom range's checks (the database's: both days, in order, at most 366 days); and the change
 * of a figure from the period before, as the cards say it.
 */
import { REPORTS_MAX_DAYS } from '@pharmacy/shared/reports/overview.ts';

export const PERIOD_PRESETS = [
  { id: 'week', label: 'This week' },
  { id: 'month', label: 'This month' },
  { id: 'last-30-days', label: 'Last 30 days' },
  { id: 'custom', label: 'Custom' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['id'];

export interface DayRange {
  from: string;
  to: string;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtcDate(day: string): Date {
  const match = ISO_DAY.exec(day);
  if (!match) throw new RangeError(`not an ISO date: ${day}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Date.UTC rolls 2026-02-30 over to March: such a day is not a day.
  if (date.toISOString().slice(0, 10) !== day) throw new RangeError(`not a calendar date: ${day}`);
  return date;
}

/** The day `days` after `day` (before, when negative); UTC so no time zone or daylight saving moves it. */
export function addDays(day: string, days: number): string {
  const date = toUtcDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How many days the range covers, first and last included. */
export function daysIn(range: DayRange): number {
  return Math.round((toUtcDate(range.to).getTime() - toUtcDate(range.from).getTime()) / 86_400_000) + 1;
}

/** A preset's days, ending today (the pharmacy's local date). */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case 'week': {
      // getUTCDay: Sunday 0 … Saturday 6; the week starts on Monday.
      const weekday = (toUtcDate(today).getUTCDay() + 6) % 7;
      return { from: addDays(today, -weekday), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
  }
}

/** The period before a range, of equal length (what the database compares with). */
export function previousRange(range: DayRange): DayRange {
  const length = daysIn(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

export const CUSTOM_RANGE_MESSAGES = {
  from: 'Choose the first day',
  to: 'Choose the last day',
  order: 'The last day is before the first day',
  tooLong: `A period covers at most ${REPORTS_MAX_DAYS} days`,
} as const;

/** The custom range's problem, or null when the database will take it. */
export function customRangeError(range: { from: string; to: string }): string | null {
  if (!ISO_DAY.test(range.from)) return CUSTOM_RANGE_MESSAGES.from;
  if (!ISO_DAY.test(range.to)) return CUSTOM_RANGE_MESSAGES.to;
  try {
    if (range.to < range.from) return CUSTOM_RANGE_MESSAGES.order;
    if (daysIn(range) > REPORTS_MAX_DAYS) return CUSTOM_RANGE_MESSAGES.tooLong;
  } catch {
    return CUSTOM_RANGE_MESSAGES.from;
  }
  return null;
}

export interface Change {
  direction: 'up' | 'down' | 'same';
  /** "+12.5%", "−3.0%", "0%", or "New" when the period before had none. */
  text: string;
}

/** The change of a figure from the period before: a percentage of the previous value, one decimal. */
export function changeFrom(previous: number, current: number): Change {
  if (current === previous) return { direction: 'same', text: '0%' };
  if (previous === 0) return { direction: 'up', text: 'New' };
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  const direction = current > previous ? 'up' : 'down';
  const rounded = Math.abs(percent).toFixed(1);
  return { direction, text: `${direction === 'up' ? '+' : '−'}${rounded}%` };
}
