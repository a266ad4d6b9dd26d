/**
 * Normalising the values a document carries, for every reader: dates to YYYY-MM-DD, an NDC in any written format to
 * its 11 digits (shared/src/drugs/ndc.ts), NPI and DEA numbers kept only when their check digits pass, counts and
 * quantities as numbers, empty text left out. One place, so SCRIPT, EDIFACT and free text agree.
 */
import { isValidDeaNumber } from '../common/field-rules.ts';
import { parseNdc } from '../drugs/ndc.ts';
import { isValidNpi } from '../prescribers/npi.ts';

/** Trimmed text with runs of spaces collapsed, or undefined when empty. */
export function clean(text: string | undefined | null): string | undefined {
  const value = text?.replace(/\s+/g, ' ').trim();
  return value === undefined || value === '' ? undefined : value;
}

function isoDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** YYYY-MM-DD from 2026-11-20, 20261120, 2026-11-20T10:00:00, 11/20/2026, 11-20-26, 11.20.2026; else undefined. */
export function normalizeDate(text: string | undefined): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  let match = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T\s].*)?$/.exec(value);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (match) {
    let year = Number(match[3]);
    // Two-digit years: a birth date or a date written is in the past century or this one, never the future.
    if (match[3]!.length === 2) year += year > (new Date().getUTCFullYear() % 100) ? 1900 : 2000;
    return isoDate(year, Number(match[1]), Number(match[2]));
  }
  return undefined;
}

/** The 11-digit NDC of a written NDC (5-4-2, 4-4-2, 5-3-2, 5-4-1 hyphenated, or 11 digits); undefined otherwise. */
export function normalizeNdc(text: string | undefined): string | undefined {
  const value = text?.replace(/\s+/g, '');
  if (!value) return undefined;
  const parsed = parseNdc(value);
  return parsed.ok ? parsed.ndc.ndc11 : undefined;
}

/** The NPI when it is 10 digits with a matching check digit. */
export function validNpi(text: string | undefined): string | undefined {
  const value = text?.replace(/\s+/g, '');
  return value && isValidNpi(value) ? value : undefined;
}

/** The DEA number (upper case) when its format and check digit pass. */
export function validDea(text: string | undefined): string | undefined {
  const value = text?.replace(/\s+/g, '').toUpperCase();
  return value && isValidDeaNumber(value) ? value : undefined;
}

/** A positive decimal quantity ("30", "30.5", "#30", "30 tablets"); undefined otherwise. */
export function quantityOf(text: string | undefined): number | undefined {
  const match = text ? /(\d{1,6}(?:\.\d{1,3})?)/.exec(text.replace(/,/g, '')) : null;
  const value = match ? Number(match[1]) : NaN;
  return Number.isFinite(value) && value > 0 && value <= 100_000 ? value : undefined;
}

/** A whole count within 0..max ("3", "NR"/"none"/"no refills" = 0); undefined otherwise. */
export function countOf(text: string | undefined, max: number): number | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  if (/^(nr|none|no refills?|zero)$/i.test(value)) return 0;
  const match = /^(\d{1,3})\b/.exec(value);
  const count = match ? Number(match[1]) : NaN;
  return Number.isInteger(count) && count >= 0 && count <= max ? count : undefined;
}

/** A phone number as (NNN) NNN-NNNN when it has ten digits (a leading 1 dropped); the text as written otherwise. */
export function phoneOf(text: string | undefined): string | undefined {
  const value = clean(text);
  if (!value) return undefined;
  const digits = value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

/** Drops the undefined fields, so stored data holds only what the document said. */
export function defined<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** "First Last" from the parts present. */
export function fullName(...parts: (string | undefined)[]): string | undefined {
  return clean(parts.filter(Boolean).join(' '));
}
