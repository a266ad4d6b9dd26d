/**
 * Dates as US staff read them. Read from the text, so no time zone can move the day (a date of birth, a date
 * filled). Used by the printed labels and receipts and by the screens.
 */

/** A calendar date (YYYY-MM-DD, or a timestamp whose first ten characters are one) as MM/DD/YYYY. */
export function usDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new RangeError(`not an ISO date: ${isoDate}`);
  return `${match[2]}/${match[3]}/${match[1]}`;
}
