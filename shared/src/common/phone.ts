/**
 * US phone numbers as the onboarding forms take them (spec §5): the input is masked to "(xxx) xxx-xxxx"
 * while the user types, and the wizard's rule accepts exactly that shape.
 */

/** The shape the wizard's phone rule accepts: "(555) 123-4567". */
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

/** The message every phone field shows for a number not in that shape (spec §5). */
export const PHONE_FORMAT_MESSAGE = 'Phone format: (555) 123-4567';

/**
 * Masks what the user has typed so far: keeps the first ten digits and lays them out as
 * "(xxx) xxx-xxxx", showing only as much of the mask as the digits reach ("555" → "(555",
 * "5551" → "(555) 1"). Anything but digits is dropped, so pasting "555.123.4567" works too.
 */
export function formatPhoneNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  if (digits.length <= 3) return `(${area}`;
  if (digits.length <= 6) return `(${area}) ${exchange}`;
  return `(${area}) ${exchange}-${line}`;
}
