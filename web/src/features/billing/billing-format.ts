/** How the Billing screen writes a fill and a moment: "Rx 100234 (refill 2)", "100234-2", "11/29/26, 4:05:09 PM". */

/** A fill as staff name it: "Rx 100234" for the original, "Rx 100234 (refill 2)" for a refill. */
export function fillTitle(fill: { rxNumber: number; fillNumber: number }): string {
  return fill.fillNumber === 0 ? `Rx ${fill.rxNumber}` : `Rx ${fill.rxNumber} (refill ${fill.fillNumber})`;
}

/** Rx and fill in the Claims table's short form: "100234-0". */
export function rxFill(fill: { rxNumber: number; fillNumber: number }): string {
  return `${fill.rxNumber}-${fill.fillNumber}`;
}

/** A timestamp as a US date and time in the terminal's time zone. */
export function dateTime(timestamp: string): string {
  return new Date(timestamp).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'medium' });
}
