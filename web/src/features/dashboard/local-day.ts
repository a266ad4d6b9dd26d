/**
 * The dashboard's "today": the terminal's local calendar day as [start, end) instants, which the dashboard
 * sends to the database. The pharmacy's own time zone is in the database (pharmacies.time_zone, which
 * dispensing uses for date_filled); a terminal set to another zone counts a different day until the
 * dashboard's day is taken from there too.
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
