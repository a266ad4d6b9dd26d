/**
 * Turns what the user typed in the patient search box into a PostgREST `or` filter (spec §2: "Search
 * patients by name, phone, or DOB"), so the database does the filtering. Names match case-insensitively
 * anywhere in the first or last name, every word on its own ("margaret holl" finds Margaret Holloway);
 * the phone matches as typed, and ten typed digits also match in the stored (555) 123-4567 shape; a date
 * of birth matches exactly (YYYY-MM-DD or MM/DD/YYYY), a four-digit year matches that whole year.
 */
import { isCalendarDate } from '@pharmacy/shared/schemas/field-rules.ts';
import { formatPhoneNumber } from '@pharmacy/shared/phone.ts';

/** LIKE wildcards and the characters PostgREST's quoting reserves never reach the pattern as typed. */
const RESERVED_CHARACTERS = /[%_*\\"]/g;

/** A filter value in double quotes, so commas, dots and parentheses in it are taken literally. */
function quoted(text: string): string {
  return `"${text}"`;
}

function contains(text: string): string {
  return quoted(`*${text}*`);
}

function nameFilters(words: readonly string[]): string[] {
  const eitherName = (word: string) => `first_name.ilike.${contains(word)},last_name.ilike.${contains(word)}`;
  if (words.length === 1) return [eitherName(words[0]!)];
  return [`and(${words.map((word) => `or(${eitherName(word)})`).join(',')})`];
}

function phoneFilters(text: string): string[] {
  const filters = [`phone.ilike.${contains(text)}`];
  const digits = text.replace(/\D/g, '');
  if (/^[\d\s().-]+$/.test(text) && digits.length === 10) filters.push(`phone.eq.${quoted(formatPhoneNumber(digits))}`);
  return filters;
}

/** The date of birth a search term names: an exact day, or the first and last day of a year. */
export function dateOfBirthSearch(text: string): { from: string; to: string } | null {
  if (/^\d{4}$/.test(text)) {
    const year = Number(text);
    return year >= 1900 && year <= 2100 ? { from: `${text}-01-01`, to: `${text}-12-31` } : null;
  }
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1]!, iso[2]!, iso[3]!] : us ? [us[3]!, us[1]!, us[2]!] : [null, null, null];
  if (year === null) return null;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(date) ? { from: date, to: date } : null;
}

function dateOfBirthFilters(text: string): string[] {
  const range = dateOfBirthSearch(text);
  if (range === null) return [];
  if (range.from === range.to) return [`date_of_birth.eq.${range.from}`];
  return [`and(date_of_birth.gte.${range.from},date_of_birth.lte.${range.to})`];
}

/** The `or` filter for a search, or null when there is nothing to search for (the whole list shows). */
export function patientSearchFilter(search: string): string | null {
  const text = search.replace(RESERVED_CHARACTERS, '').trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  return [...nameFilters(text.split(' ')), ...phoneFilters(text), ...dateOfBirthFilters(text)].join(',');
}
