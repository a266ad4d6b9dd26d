/**
 * What a report file (PDF, Excel) prints besides the report: the pharmacy's name and time zone, when it was made,
 * the Reports settings that shape the page (timestamp, page numbers, footer, disclaimer, logo, patient names) and
 * the logo's bytes. Also the one rule both files follow for patient names: with includePatientNames off, a column
 * that carries a patient's name prints the initials only. Pure.
 */
import type { ReportsSettings } from '../settings/reports.ts';
import type { Report, ReportTable } from './report.ts';
import type { PreparedPngLogo } from './png-logo.ts';

export type ReportLayoutSettings = Pick<
  ReportsSettings,
  | 'includeTimestamp' | 'includePageNumbers' | 'reportFooterText' | 'includeDisclaimer' | 'generalDisclaimer'
  | 'includePharmacyLogo' | 'pharmacyLogoEnabled' | 'pharmacyLogoSize' | 'pharmacyLogoPosition' | 'includePatientNames'
>;

export interface ReportLogo {
  contentType: string;
  bytes: Uint8Array;
  /** A PNG with transparency, split into colours and alpha beforehand (png-logo.ts), so a PDF can print it. */
  prepared?: PreparedPngLogo | null;
}

export interface ReportLayout {
  pharmacyName: string;
  /** IANA zone of the pharmacy's days (the timestamp is written in it). */
  timeZone: string;
  generatedAt: Date;
  settings: ReportLayoutSettings;
  /** The stored logo, or null (none, or not to be printed). */
  logo: ReportLogo | null;
}

/**
 * The columns that carry a patient's name (migration 20261130002000_reports: dispensing-log and
 * controlled-substances `patientName`, "Last, First"). The patients report is counts per age band: no names.
 */
export const PATIENT_NAME_COLUMN_KEYS: readonly string[] = ['patientName'];

/** "O'Neil, Jr, Olive" → "O.O.": the first letter of the given name, then of the family name. */
export function patientInitials(name: string): string {
  const comma = name.lastIndexOf(',');
  const [family, given] = comma < 0 ? [name, ''] : [name.slice(0, comma), name.slice(comma + 1)];
  const letter = (part: string) => /\p{L}|\p{N}/u.exec(part)?.[0]?.toUpperCase() ?? '';
  const letters = [letter(given), letter(family)].filter((initial) => initial !== '');
  return letters.map((initial) => `${initial}.`).join('');
}

function tableWithInitials<T extends ReportTable>(table: T): T {
  const keys = table.columns.filter((column) => PATIENT_NAME_COLUMN_KEYS.includes(column.key)).map((column) => column.key);
  if (keys.length === 0) return table;
  return {
    ...table,
    rows: table.rows.map((row) => {
      const copy = { ...row };
      for (const key of keys) if (typeof copy[key] === 'string') copy[key] = patientInitials(copy[key]);
      return copy;
    }),
  };
}

/** The report as a file that leaves the screen prints it: patient names as initials unless the settings include them. */
export function reportForFile(report: Report, settings: Pick<ReportLayoutSettings, 'includePatientNames'>): Report {
  if (settings.includePatientNames) return report;
  return { ...tableWithInitials(report), sections: report.sections?.map(tableWithInitials) };
}

/** Whether the logo is to be printed at all (both switches of the Reports settings). */
export function printsLogo(settings: ReportLayoutSettings): boolean {
  return settings.includePharmacyLogo && settings.pharmacyLogoEnabled;
}
