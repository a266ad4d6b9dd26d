/**
 * The terminal's local calendar day as [start, end) instants. The dashboard's numbers count the pharmacy's own
 * day, which the database takes from pharmacies.time_zone (dashboard_stats); this day only keys the stats query,
 * so an open dashboard fetches them afresh once the terminal's date changes.
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
