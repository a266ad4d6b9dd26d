/**
 * How the Drug Database writes times and counts. "2 hours ago" for the Last Price Update card (the spec's static '2 hours ago' made real): the time between an
 * instant and now in the largest whole unit, in English; a moment in the future (clocks differ) reads "just now".
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const format = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

export function relativeTimeSince(instant: string | Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - new Date(instant).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** A timestamp in the viewer's local date and time ("Nov 23, 2026, 10:41 AM"). */
export function localDateTime(instant: string | Date): string {
  return new Date(instant).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** "1 price", "3 prices": a count with its noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
