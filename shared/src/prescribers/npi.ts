/**
 * The NPI's check digit (issue 22; CMS, "Requirements for National Provider Identifier (NPI) and NPI Enumerator
 * Check Digit Calculation"): the tenth digit is the ISO/IEC 7812 (Luhn) check digit of the card-issuer prefix
 * 80840 followed by the first nine digits. The database holds the same rule (private.is_valid_npi), so a typo is
 * caught in the form and any other write is refused.
 */
/** Exactly ten digits (spec §9); common/field-rules.ts passes it on to the forms. */
export const NPI_PATTERN = /^\d{10}$/;

export const NPI_FORMAT_MESSAGE = 'NPI must be 10 digits';
export const NPI_CHECK_DIGIT_MESSAGE = 'NPI check digit does not match';

/** The prefix CMS puts before an NPI for the Luhn formula (80 health, 840 United States). */
const NPI_CARD_ISSUER_PREFIX = '80840';

/** The check digit of nine NPI digits. Throws on anything but nine digits (a caller's mistake, not user input). */
export function npiCheckDigit(firstNine: string): number {
  if (!/^\d{9}$/.test(firstNine)) throw new RangeError('npiCheckDigit takes the first nine digits of an NPI');
  const digits = `${NPI_CARD_ISSUER_PREFIX}${firstNine}`;
  let sum = 0;
  // Luhn: from the rightmost digit of the payload leftwards, every other digit (starting with that one) is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let digit = Number(digits[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Ten digits whose last is the check digit of the first nine. */
export function isValidNpi(npi: string | null | undefined): boolean {
  if (!npi || !NPI_PATTERN.test(npi)) return false;
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}
