/**
 * The queue's search box also takes an Rx number to refill: "1001", "Rx 1001", "RX#1001" (Enter opens the Refill
 * dialog for it); anything else is only a search. Pure, for unit tests.
 */
const RX_NUMBER = /^\s*(?:rx\s*#?\s*)?(\d{1,15})\s*$/i;

/** The Rx number the text names, or null when it is not one. */
export function rxNumberOf(text: string): number | null {
  const match = RX_NUMBER.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** What the queue says when a refill was entered. */
export function refillPendingMessage(fill: { rxNumber: number; fillNumber: number; refills: number }): string {
  return `Rx ${fill.rxNumber} refill ${fill.fillNumber} of ${fill.refills} is pending`;
}
