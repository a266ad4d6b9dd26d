/**
 * Money on the screen and in forms: integer cents everywhere (the database's and the wire's unit), dollars only
 * as text — typed by staff ("12.50", "$1,234.5") or shown ($1,234.56). Never a float in between.
 */

/** Dollars and cents as typed ("0.25", "12", "1,234.50", "$3") → integer cents, digit by digit; null when not money. */
export function centsFromDollars(text: string): number | null {
  const match = /^\$?\s*(\d{1,7}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/** Cents as US dollars for the screen ($1,234.56; '—' for none). */
export function formatCents(cents: number | null): string {
  if (cents === null) return '—';
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const dollars = Math.floor(whole / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** Cents as the plain decimal a form field holds ("12.50"), for editing. */
export function dollarsText(cents: number): string {
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
