/**
 * Dates as US staff read them. Read from the text, so no time zone can move the day (a date of birth, a date
 * filled). Used by the printed labels and receipts and by the screens. And a pharmacy's "today": the calendar date
 * in its time zone.
 */

/** A calendar date (YYYY-MM-DD, or a timestamp whose first ten characters are one) as MM/DD/YYYY. */
export function usDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new RangeError(`not an ISO date: ${isoDate}`);
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/** The calendar date (YYYY-MM-DD) at `instant` in an IANA time zone: the pharmacy's "today". */
export function localDateIn(timeZone: string, instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
