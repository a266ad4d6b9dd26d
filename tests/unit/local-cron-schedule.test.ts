/**
 * The local pg_cron scheduler's schedule parser and timing (supabase/local/src/cron/schedule.ts, due-jobs.ts):
 * Vixie cron fields, `$`, names, steps, @specials and 'N seconds', GMT unless a time zone is given, and when a
 * job is due tick by tick.
 */
import { describe, expect, it } from 'vitest';
import { DueJobs, type JobRow } from '../../supabase/local/src/cron/due-jobs.ts';
import { dueInMinute, parseField, parseSchedule, type CronFields } from '../../supabase/local/src/cron/schedule.ts';

function cron(text: string): CronFields {
  const schedule = parseSchedule(text);
  if (schedule?.kind !== 'cron') throw new Error(`${text} is not a cron schedule`);
  return schedule;
}

describe('parseField', () => {
  it('reads *, values, ranges, steps and lists within the bounds', () => {
    expect(parseField('*', 0, 5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(parseField('*/2', 0, 5)).toEqual([0, 2, 4]);
    expect(parseField('1-4/2,5', 0, 5)).toEqual([1, 3, 5]);
    expect(parseField('3,1,3', 0, 5)).toEqual([1, 3]);
    expect(parseField('05', 0, 59)).toEqual([5]);
    expect(parseField('4-2', 0, 5)).toEqual([]);
  });

  it('refuses out-of-bound values, a step on a single value, a zero or too large step, empty elements and junk', () => {
    for (const field of ['6', '-1', '1/2', '*/0', '*/6', '1,', ',1', '1-', '1-6', 'x', '1a', '*x', '']) {
      expect(parseField(field, 0, 5), field).toBeNull();
    }
  });

  it('reads month and weekday names in any case, also in ranges', () => {
    expect(cron('0 0 * jan-MAR *').months).toEqual([1, 2, 3]);
    expect(cron('0 0 * * Mon-fri').daysOfWeek).toEqual([1, 2, 3, 4, 5]);
    expect(parseSchedule('0 0 * * Monday')).toBeNull();
    expect(parseSchedule('0 0 * 1-Feb *')?.kind).toBe('cron');
  });
});

describe('parseSchedule', () => {
  it('reads five fields; 7 and 0 are Sunday; `$` is the last day of the month; a leading * marks the day fields', () => {
    expect(cron('30 4 1,15 * 7')).toEqual({
      kind: 'cron', minutes: [30], hours: [4], daysOfMonth: [1, 15], months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], daysOfWeek: [0],
      lastDayOfMonth: false, domStar: false, dowStar: false,
    });
    expect(cron('0 0 $ * *')).toMatchObject({ daysOfMonth: [], lastDayOfMonth: true, domStar: false, dowStar: true });
    expect(cron('0 0 */2 * *')).toMatchObject({ domStar: true });
    expect(parseSchedule('$ * * * *')).toBeNull();
    expect(parseSchedule('0 0 * $ *')).toBeNull();
  });

  it('refuses other field counts (four; six, which pg_cron would ignore past the fifth)', () => {
    expect(parseSchedule('* * * *')).toBeNull();
    expect(parseSchedule('* * * * * *')).toBeNull();
    expect(parseSchedule('')).toBeNull();
  });

  it('reads the @ forms (lower case) and @reboot', () => {
    expect(parseSchedule('@reboot')).toEqual({ kind: 'reboot' });
    expect(cron('@hourly')).toMatchObject({ minutes: [0], hours: Array.from({ length: 24 }, (_, i) => i) });
    expect(cron('@weekly')).toMatchObject({ minutes: [0], hours: [0], daysOfWeek: [0], dowStar: true });
    expect(cron('@yearly')).toEqual(cron('@annually'));
    expect(parseSchedule('@Daily')).toBeNull();
    expect(parseSchedule('@every')).toBeNull();
  });

  it("reads 'N seconds' for N in 1-59, any case, singular or plural", () => {
    expect(parseSchedule('1 seconds')).toEqual({ kind: 'interval', seconds: 1 });
    expect(parseSchedule('2 second')).toEqual({ kind: 'interval', seconds: 2 });
    expect(parseSchedule('59 SECONDS ')).toEqual({ kind: 'interval', seconds: 59 });
    expect(parseSchedule('10seconds')).toEqual({ kind: 'interval', seconds: 10 });
    for (const text of ['0 seconds', '60 seconds', '5 secs', '5 second ', '5 seconds later', 'five seconds', '-5 seconds']) {
      expect(parseSchedule(text), text).toBeNull();
    }
  });
});

describe('dueInMinute', () => {
  const at = (iso: string) => new Date(iso);

  it('matches minute, hour, month and day in GMT', () => {
    expect(dueInMinute(cron('30 4 * * *'), at('2026-03-10T04:30:59Z'))).toBe(true);
    expect(dueInMinute(cron('30 4 * * *'), at('2026-03-10T04:31:00Z'))).toBe(false);
    expect(dueInMinute(cron('0 0 * 2 *'), at('2026-03-01T00:00:00Z'))).toBe(false);
  });

  it('days: both must match when either field starts with *, otherwise either', () => {
    // 2026-03-10 is a Tuesday.
    expect(dueInMinute(cron('0 0 10 * 1'), at('2026-03-10T00:00:00Z'))).toBe(true);
    expect(dueInMinute(cron('0 0 11 * 2'), at('2026-03-10T00:00:00Z'))).toBe(true);
    expect(dueInMinute(cron('0 0 11 * 1'), at('2026-03-10T00:00:00Z'))).toBe(false);
    expect(dueInMinute(cron('0 0 */2 * 2'), at('2026-03-10T00:00:00Z'))).toBe(false);
    expect(dueInMinute(cron('0 0 * * 2'), at('2026-03-10T00:00:00Z'))).toBe(true);
    expect(dueInMinute(cron('0 0 * * 7'), at('2026-03-08T00:00:00Z'))).toBe(true);
  });

  it('`$` is the last day of each month, leap years included', () => {
    expect(dueInMinute(cron('0 0 $ * *'), at('2028-02-29T00:00:00Z'))).toBe(true);
    expect(dueInMinute(cron('0 0 $ * *'), at('2027-02-28T00:00:00Z'))).toBe(true);
    expect(dueInMinute(cron('0 0 $ * *'), at('2028-02-28T00:00:00Z'))).toBe(false);
    expect(dueInMinute(cron('0 0 $ * *'), at('2026-04-30T00:00:00Z'))).toBe(true);
  });

  it('uses the time zone given (cron.timezone), GMT by default', () => {
    expect(dueInMinute(cron('0 9 * * *'), at('2026-07-01T13:00:00Z'), 'America/New_York')).toBe(true);
    expect(dueInMinute(cron('0 9 * * *'), at('2026-07-01T13:00:00Z'))).toBe(false);
    expect(dueInMinute(cron('0 9 * * *'), at('2026-07-01T09:00:00Z'))).toBe(true);
  });
});

describe('DueJobs', () => {
  const job = (jobid: string, schedule: string, active = true): JobRow => ({ jobid, schedule, command: 'select 1', database: 'postgres', username: 'postgres', active, jobname: null });

  it("runs 'N seconds' jobs N seconds after the previous start (the first N seconds after first seen)", () => {
    const due = new DueJobs();
    const jobs = [job('1', '2 seconds')];
    const t0 = Date.UTC(2026, 0, 1, 0, 0, 0, 500);
    expect(due.due(jobs, new Date(t0))).toEqual([]);
    expect(due.due(jobs, new Date(t0 + 1000))).toEqual([]);
    expect(due.due(jobs, new Date(t0 + 2000))).toEqual(jobs);
    expect(due.due(jobs, new Date(t0 + 3000))).toEqual([]);
    expect(due.due(jobs, new Date(t0 + 4000))).toEqual(jobs);
  });

  it('runs a cron job once in each matching minute, never in the minute the scheduler started, catching up missed minutes', () => {
    const due = new DueJobs();
    const jobs = [job('1', '*/2 * * * *'), job('2', '1 * * * *'), job('3', '* * * * *', false)];
    const minute = (m: number, s = 0) => new Date(Date.UTC(2026, 0, 1, 0, m, s));
    expect(due.due(jobs, minute(0, 10))).toEqual([]);
    expect(due.due(jobs, minute(0, 40))).toEqual([]);
    expect(due.due(jobs, minute(1, 0)).map((j) => j.jobid)).toEqual(['2']);
    expect(due.due(jobs, minute(1, 30))).toEqual([]);
    // Busy for two minutes: 02 and 03 are caught up, each job once.
    expect(due.due(jobs, minute(3, 5)).map((j) => j.jobid)).toEqual(['1']);
  });

  it('runs @reboot jobs at the first tick only, and skips invalid schedules', () => {
    const invalid: JobRow[] = [];
    const due = new DueJobs((j) => invalid.push(j));
    const jobs = [job('1', '@reboot'), job('2', 'not a schedule')];
    expect(due.due(jobs, new Date(Date.UTC(2026, 0, 1))).map((j) => j.jobid)).toEqual(['1']);
    expect(due.due(jobs, new Date(Date.UTC(2026, 0, 1, 0, 1)))).toEqual([]);
    expect(invalid.map((j) => j.jobid)).toEqual(['2']);
  });
});
