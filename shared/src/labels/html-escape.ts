/**
 * HTML escaping for the printable documents (labels, receipts): every value from the database goes
 * through this before it reaches markup, so a name like `<script>` prints as text.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` as text safe in HTML element content and in quoted attribute values. */
export function escapeHtml(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** Non-empty parts joined with `separator` (address lines with missing pieces). */
export function joinPresent(parts: readonly (string | null | undefined)[], separator: string): string {
  return parts.map((part) => part?.trim() ?? '').filter((part) => part !== '').join(separator);
}
