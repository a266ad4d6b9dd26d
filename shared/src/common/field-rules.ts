/**
 * Building blocks the onboarding schemas share: required and optional text, US state codes, calendar
 * dates, web addresses, the regulatory identifier formats and the must-accept checkbox. Each takes the
 * message its form shows, so a rule and its spec message stay together in the schema that uses them.
 */
import * as z from 'zod';
import { isUsStateCode } from './us-states.ts';

/** A record id as the database makes them (gen_random_uuid), any case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Two capital letters, then seven digits (spec §5, §9). */
export const DEA_NUMBER_PATTERN = /^[A-Z]{2}\d{7}$/;

/**
 * A valid DEA registration number: the pattern, and the check digit — the last digit of
 * (d1 + d3 + d5) + 2 × (d2 + d4 + d6) is d7. The database holds the same rule (private.is_valid_dea_number).
 */
export function isValidDeaNumber(text: string | null | undefined): boolean {
  if (!text || !DEA_NUMBER_PATTERN.test(text)) return false;
  const d = [...text.slice(2)].map(Number);
  return ((d[0]! + d[2]! + d[4]!) + 2 * (d[1]! + d[3]! + d[5]!)) % 10 === d[6];
}
/** The DEA number messages of every form that takes one (onboarding, System Settings). */
export const DEA_NUMBER_FORMAT_MESSAGE = 'Invalid DEA number format';
export const DEA_CHECK_DIGIT_MESSAGE = 'DEA number check digit does not match';

/**
 * The check-digit rule of a DEA number field whose format has its own message: a malformed number passes here
 * (the format rule speaks for it), a well-formed one must carry its check digit.
 */
export function deaCheckDigitMatchesIfFormatted(text: string): boolean {
  return !DEA_NUMBER_PATTERN.test(text) || isValidDeaNumber(text);
}

/**
 * A DEA registration number as a form takes it (onboarding's pharmacy, System Settings' Pharmacy tab): required,
 * two capital letters and seven digits, then the check digit. Registrations carry a check digit (21 CFR 1301),
 * so a typo is caught where it is typed.
 */
export function requiredDeaNumber(requiredMessage: string) {
  return requiredFormatted(requiredMessage, DEA_NUMBER_PATTERN, DEA_NUMBER_FORMAT_MESSAGE).refine(
    deaCheckDigitMatchesIfFormatted,
    DEA_CHECK_DIGIT_MESSAGE,
  );
}

/** Exactly ten digits (spec §9); the NPI input also stops at this many characters. */
export const NPI_LENGTH = 10;
// Defined beside the check digit so the NPI rule loads without zod (the header's global search reads NPIs).
export { NPI_PATTERN } from '../prescribers/npi.ts';
/** Five digits, or five plus four ("12345" or "12345-6789"). */
export const ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_LENGTH_MESSAGE = 'Password must be at least 8 characters';
export const WIZARD_NCPDP_MIN_LENGTH = 7;
export const NABP_MIN_LENGTH = 5;

/** A non-blank string; surrounding spaces are dropped. Missing and blank both get `message`. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

/** A string that may be missing or empty; surrounding spaces are dropped. */
export function optionalText() {
  return z.string().trim().optional();
}

/** A required string matching `pattern`: blank gets `requiredMessage`, anything else wrong `formatMessage`. */
export function requiredFormatted(requiredMessage: string, pattern: RegExp, formatMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .regex(pattern, formatMessage);
}

/** One of the 50 state codes. A value that is not two characters gets `lengthMessage`. */
export function stateCode(lengthMessage: string) {
  return z
    .string({ error: lengthMessage })
    .trim()
    .length(2, { error: lengthMessage, abort: true })
    .refine(isUsStateCode, 'Choose one of the 50 US states');
}

/** Empty or one of the 50 state codes. */
export function optionalStateCode(message: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || isUsStateCode(value), message)
    .optional();
}

/** True when `text` is a real day written YYYY-MM-DD (what a date input gives). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const INVALID_DATE_MESSAGE = 'Enter a valid date (YYYY-MM-DD)';

/** A required calendar date, YYYY-MM-DD. */
export function requiredDate(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .refine(isCalendarDate, INVALID_DATE_MESSAGE);
}

/** Empty or a calendar date, YYYY-MM-DD. */
export function optionalDate() {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), INVALID_DATE_MESSAGE)
    .optional();
}

export const INVALID_WEBSITE_MESSAGE = 'Website must be a valid URL (https://...)';

const webUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/** True for an http(s) address with a domain name, e.g. "https://www.example-pharmacy.com". */
export function isWebUrl(text: string): boolean {
  return webUrl.safeParse(text).success;
}

/** Empty or a web address (spec §5: "valid URL or empty"). */
export function optionalWebsite() {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || isWebUrl(value), INVALID_WEBSITE_MESSAGE)
    .optional();
}

/** A checkbox that must be ticked; unticked or missing gets `message`. */
export function mustAccept(message: string) {
  return z.boolean({ error: message }).refine((accepted) => accepted, message);
}

/** A password someone chooses (onboarding's admin, an invited user, a reset): at least PASSWORD_MIN_LENGTH (spec §9). */
export function newPassword() {
  return z.string({ error: PASSWORD_MIN_LENGTH_MESSAGE }).min(PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH_MESSAGE);
}
