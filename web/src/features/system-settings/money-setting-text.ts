/**
 * A money setting's box holds dollars as text ("12.50") while the form holds integer cents (the schema's and the
 * database's unit). These two functions are the whole conversion, digit by digit (shared common/money.ts), never
 * through a float. Pure, so unit tests pin them.
 */
import { centsFromDollars, dollarsText } from '@pharmacy/shared/common/money.ts';

/**
 * The cents the typed text means, or NaN when it is not dollars and cents (empty, "12.345", "1e3"): the form holds
 * NaN and the field's schema refuses it with its own message, as an empty number box does.
 */
export function moneySettingCents(typed: string): number {
  return centsFromDollars(typed) ?? Number.NaN;
}

/**
 * The text the box shows for the form's value: what was typed as long as it still means that value (so "12.5" is
 * not rewritten to "12.50" while typing, and a refused "12.345" stays as typed to be corrected); otherwise — the
 * form started, or was reset to other values — the value as dollars and cents ("12.50"), or '' when it is no
 * whole number of cents.
 */
export function moneySettingText(typed: string | null, cents: unknown): string {
  if (typed !== null && Object.is(moneySettingCents(typed), cents)) return typed;
  return typeof cents === 'number' && Number.isSafeInteger(cents) ? dollarsText(cents) : (typed ?? '');
}
