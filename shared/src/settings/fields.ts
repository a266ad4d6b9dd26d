/**
 * Building blocks of the System Settings schemas (spec part 2 §3, §5, §9). Each field names itself in its
 * message ("Eligibility timeout must be between 5 and 60 seconds"), so a 400 from the api and the form's
 * inline error say the same words. Optional text fields are '' when empty (a form input's empty value), never null.
 */
import * as z from 'zod';
import { PHONE_PATTERN } from '../common/phone.ts';
import { isWebUrl } from '../common/field-rules.ts';
import { TIME_OF_DAY_PATTERN } from '../onboarding/tabbed.ts';

/** The largest money amount a settings field takes (dollars); the spec names none. */
export const MONEY_MAX = 10_000_000;

export function rangeMessage(label: string, min: number, max: number, unit?: string): string {
  return `${label} must be between ${min} and ${max}${unit ? ` ${unit}` : ''}`;
}

/** A whole number from min to max; anything else (missing, text, 2.5, out of range) gets one message. */
export function wholeNumber(label: string, min: number, max: number, unit?: string) {
  const message = rangeMessage(label, min, max, unit);
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/** A number from min to max with at most two decimals (percent, weights). */
export function decimalNumber(label: string, min: number, max: number, unit?: string) {
  const message = rangeMessage(label, min, max, unit);
  return z
    .number({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .refine(hasAtMostTwoDecimals, `${label} must have at most 2 decimals`);
}

/** Dollars and cents from 0 to MONEY_MAX. */
export function money(label: string) {
  return decimalNumber(label, 0, MONEY_MAX, 'dollars');
}

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

export function choiceMessage(label: string, options: readonly (string | number)[]): string {
  return `${label} must be one of: ${options.join(', ')}`;
}

/** One of the spec's options (§9); selects never offer an empty value (§5). */
export function choice<const Options extends readonly [string, ...string[]]>(label: string, options: Options) {
  return z.enum(options, { error: choiceMessage(label, options) });
}

/** One of a fixed list of numbers (retry counts 1, 2, 3, 5; font sizes 8, 10, 12, 14). */
export function numberChoice<const Options extends readonly [number, ...number[]]>(label: string, options: Options) {
  return z.literal(options, { error: choiceMessage(label, options) });
}

/** A switch. */
export function toggle(label: string) {
  return z.boolean({ error: `${label} must be on or off` });
}

/** "HH:MM", 24-hour (the opening hours' rule; the spec's report schedule format "08:00"). */
export function timeOfDay(label: string) {
  return z.string({ error: `${label} must be a time HH:MM` }).trim().regex(TIME_OF_DAY_PATTERN, `${label} must be a time HH:MM`);
}

/** Free text, possibly empty, at most `max` characters. */
export function text(label: string, max: number) {
  return z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`);
}

/**
 * '' or a value `accepts` takes, surrounding spaces dropped; anything else (a wrong value, or not text at all)
 * gets `message`. The optional formatted fields below, and the groups' own (NCPDP number, DEA expiry), are this.
 */
export function emptyOr(message: string, accepts: (value: string) => boolean) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || accepts(value), message);
}

/** Empty or an http(s) address with a domain name. */
export function optionalUrl(label: string) {
  return emptyOr(`${label} must be a valid URL (https://...)`, isWebUrl);
}

/**
 * An address setting as stored, for the read schemas: any text. A stored address the write rule refuses (written
 * to the row directly, or under an older rule) is shown, marked by the form and refused by the call that would use
 * it — never silently read as empty, which would say "not configured" of a pharmacy that configured something.
 */
export function storedUrl(_label: string) {
  return z.string();
}

/** How a group's shape builds its address fields: optionalUrl to write, storedUrl to read. */
export type UrlField = typeof optionalUrl | typeof storedUrl;

const emailFormat = z.email();

/** Empty or an email address (the spec's email-typed inputs, §5). */
export function optionalEmail(label: string) {
  return emptyOr(`${label} must be a valid email address`, (value) => emailFormat.safeParse(value).success);
}

/** Empty or a US number as the masked inputs give it: "(555) 123-4567". */
export function optionalPhone(label: string) {
  return emptyOr(`${label} format: (555) 123-4567`, (value) => PHONE_PATTERN.test(value));
}

/**
 * A host name or an IPv4 address: dot-separated labels of letters, digits and inner hyphens (an IPv4 address
 * is such a name, so it needs no pattern of its own).
 */
const HOST_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** Empty or a host name or IPv4 address (the SMTP server, a network printer); `message` for anything else. */
export function optionalHost(message: string) {
  return emptyOr(message, (value) => HOST_PATTERN.test(value));
}
