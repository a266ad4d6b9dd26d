/**
 * pg_cron schedules, as the scheduler reads them: 5-field Vixie cron (minute hour day-of-month month day-of-week;
 * `*`, values, ranges, `/step` on `*` or a range, lists; month and weekday names, any case; `$` as the day of the
 * month = its last day; 7 = Sunday; @yearly/@annually/@monthly/@weekly/@daily/@midnight/@hourly/@reboot) or
 * 'N seconds' (1–59). The same rules and the same result as the SQL side, cron._local_parse_schedule
 * (supabase/local/sql/extensions/pg_cron--1.6.sql), which cron.schedule uses to refuse an invalid schedule; an
 * integration test checks that both agree. Stricter than pg_cron in one way: text after the fifth field is refused
 * (pg_cron ignores it).
 */

export interface CronFields {
  kind: 'cron';
  minutes: number[];
  hours: number[];
  daysOfMonth: number[];
  months: number[];
  /** 0–6, Sunday = 0. */
  daysOfWeek: number[];
  /** `$` in the day-of-month field. */
  lastDayOfMonth: boolean;
  /** The day-of-month / day-of-week field starts with `*`: then a day must match both, otherwise either (Vixie cron). */
  domStar: boolean;
  dowStar: boolean;
}

export type Schedule = CronFields | { kind: 'interval'; seconds: number } | { kind: 'reboot' };

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function value(token: string, names: string[] | null, namesBase: number): number | null {
  if (/^[0-9]+$/.test(token)) return token.length > 9 ? null : Number(token);
  const index = names?.indexOf(token.toLowerCase()) ?? -1;
  return index < 0 ? null : namesBase + index;
}

/** The values one field selects (sorted, distinct), or null when the field is invalid. */
export function parseField(field: string, low: number, high: number, names: string[] | null = null, namesBase = 0): number[] | null {
  if (field === '') return null;
  const selected = new Set<number>();
  for (const element of field.split(',')) {
    const parts = /^(\*|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)?)(?:\/([A-Za-z0-9]+))?$/.exec(element);
    if (!parts) return null;
    const [, span, stepText] = parts as unknown as [string, string, string | undefined];
    let first: number;
    let last: number;
    if (span === '*') {
      [first, last] = [low, high];
    } else {
      const bounds = span.split('-').map((token) => value(token, names, namesBase));
      if (bounds.some((bound) => bound === null)) return null;
      // A single value takes no step ("1/5" is refused, as by pg_cron).
      if (bounds.length === 1 && stepText !== undefined) return null;
      first = bounds[0]!;
      last = bounds[bounds.length - 1]!;
    }
    let step = 1;
    if (stepText !== undefined) {
      if (!/^[0-9]{1,9}$/.test(stepText)) return null;
      step = Number(stepText);
    }
    if (first < low || first > high || last < low || last > high || step <= 0 || step > high) return null;
    // A reversed range selects nothing, as in Vixie cron.
    for (let v = first; v <= last; v += step) selected.add(v);
  }
  return [...selected].sort((a, b) => a - b);
}

function fields(minutes: number[], hours: number[], daysOfMonth: number[], months: number[], daysOfWeek: number[], flags: Partial<CronFields> = {}): CronFields {
  return { kind: 'cron', minutes, hours, daysOfMonth, months, daysOfWeek, lastDayOfMonth: false, domStar: false, dowStar: false, ...flags };
}

const ALL_DOW = range(0, 6);
const ALL_DOM = range(1, 31);
const ALL_MONTHS = range(1, 12);

const SPECIALS: Record<string, Schedule> = {
  '@reboot': { kind: 'reboot' },
  '@restart': { kind: 'reboot' },
  '@yearly': fields([0], [0], [1], [1], ALL_DOW, { dowStar: true }),
  '@annually': fields([0], [0], [1], [1], ALL_DOW, { dowStar: true }),
  '@monthly': fields([0], [0], [1], ALL_MONTHS, ALL_DOW, { dowStar: true }),
  '@weekly': fields([0], [0], ALL_DOM, ALL_MONTHS, [0], { dowStar: true }),
  '@daily': fields([0], [0], ALL_DOM, ALL_MONTHS, ALL_DOW),
  '@midnight': fields([0], [0], ALL_DOM, ALL_MONTHS, ALL_DOW),
  '@hourly': fields([0], range(0, 23), ALL_DOM, ALL_MONTHS, ALL_DOW),
};

/** A schedule's meaning, or null when pg_cron would answer "invalid schedule". */
export function parseSchedule(text: string): Schedule | null {
  const trimmed = text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
  if (trimmed.startsWith('@')) return SPECIALS[trimmed] ?? null;

  const parts = trimmed.split(/[ \t]+/);
  if (parts.length === 5) {
    const [minute, hour, dom, month, dow] = parts as [string, string, string, string, string];
    const minutes = parseField(minute, 0, 59);
    const hours = parseField(hour, 0, 23);
    const daysOfMonth = dom === '$' ? [] : parseField(dom, 1, 31);
    const months = parseField(month, 1, 12, MONTH_NAMES, 1);
    const daysOfWeek = parseField(dow, 0, 7, DAY_NAMES, 0);
    if (minutes && hours && daysOfMonth && months && daysOfWeek) {
      return fields(minutes, hours, daysOfMonth, months, [...new Set(daysOfWeek.map((day) => day % 7))].sort((a, b) => a - b), {
        lastDayOfMonth: dom === '$',
        domStar: dom.startsWith('*'),
        dowStar: dow.startsWith('*'),
      });
    }
  }

  const interval = /^\s*\+?([0-9]{1,9})\s*second(?:s\s*)?$/.exec(text.toLowerCase());
  if (interval) {
    const seconds = Number(interval[1]);
    if (seconds >= 1 && seconds <= 59) return { kind: 'interval', seconds };
  }
  return null;
}

/** The wall-clock fields of an instant in a time zone (pg_cron: GMT unless cron.timezone is set). */
export function clockAt(instant: Date, timeZone: string): { minute: number; hour: number; day: number; month: number; weekday: number; year: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    minute: Number(part('minute')),
    hour: Number(part('hour')),
    day: Number(part('day')),
    month: Number(part('month')),
    year: Number(part('year')),
    weekday: DAY_NAMES.indexOf(part('weekday').toLowerCase()),
  };
}

/** Whether a cron schedule is due in the minute holding `instant`. */
export function dueInMinute(schedule: CronFields, instant: Date, timeZone = 'GMT'): boolean {
  const clock = clockAt(instant, timeZone);
  const lastDay = new Date(Date.UTC(clock.year, clock.month, 0)).getUTCDate();
  const domMatches = schedule.lastDayOfMonth ? clock.day === lastDay : schedule.daysOfMonth.includes(clock.day);
  const dowMatches = schedule.daysOfWeek.includes(clock.weekday);
  const dayMatches = schedule.domStar || schedule.dowStar ? domMatches && dowMatches : domMatches || dowMatches;
  return schedule.minutes.includes(clock.minute) && schedule.hours.includes(clock.hour) && schedule.months.includes(clock.month) && dayMatches;
}
