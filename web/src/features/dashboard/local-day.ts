/**
 * The pharmacy's "today": the terminal's local calendar day as [start, end) instants. The database does not
 * know the pharmacy's time zone, so the dashboard names the day it means.
 */
export interface LocalDay {
  start: Date;
  end: Date;
}

export function localDayOf(moment: Date = new Date()): LocalDay {
  const start = new Date(moment.getFullYear(), moment.getMonth(), moment.getDate());
  const end = new Date(moment.getFullYear(), moment.getMonth(), moment.getDate() + 1);
  return { start, end };
}

/** Today's date in long US format, e.g. 'Sunday, November 22, 2026'. */
export function formatLongUsDate(moment: Date = new Date()): string {
  return moment.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}
