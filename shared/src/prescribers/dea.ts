/**
 * A practitioner's DEA registration number beyond its check digit (issue 22). The format and check digit are
 * common/field-rules.ts's isValidDeaNumber (used as is, not repeated here). DEA gives a practitioner's number a
 * second letter that is the initial of the registrant's last name (for a business, of its name; some numbers
 * carry '9' there, which the two-letter format of our forms never takes). A number whose second letter is not the
 * initial is often a typo or another person's registration, but names change after registration, so it is a
 * warning the user may save past, not a refusal.
 */
import { isValidDeaNumber } from '../common/field-rules.ts';

/** The first letter of a last name, accents dropped ("Ødegaard" → O, "O'Brien" → O); null when it has none. */
function lastNameInitial(lastName: string): string | null {
  const letters = lastName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ØøŁł]/g, (char) => (char === 'Ø' || char === 'ø' ? 'O' : 'L'))
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  return letters === '' ? null : letters[0]!;
}

/**
 * A sentence when a valid DEA number's second letter is not the last name's initial; null when it is, when the
 * number is not a valid DEA number (its format and check digit have their own messages) or when the last name
 * has no letter to compare.
 */
export function deaLastNameWarning(deaNumber: string, lastName: string): string | null {
  const number = deaNumber.trim().toUpperCase();
  if (!isValidDeaNumber(number)) return null;
  const name = lastName.trim();
  const initial = lastNameInitial(name);
  const second = number[1]!;
  if (initial === null || second === initial) return null;
  return `The DEA number's second letter (${second}) is not the initial of the last name ${name} (${initial}); check the number`;
}
