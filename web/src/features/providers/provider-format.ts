/**
 * Pure wording of Provider Management (issue 22): how a credential's expiration is flagged on a card (expired, or
 * within CREDENTIAL_ALERT_DAYS of the pharmacy's today — spec §9's 90 days), the credential alert sentence, the
 * status badge's colour, board certifications typed as text, and the Edit form filled from what NPPES answered.
 */
import type { CredentialAlert } from '@pharmacy/shared/prescribers/credential-alerts.ts';
import { CREDENTIAL_ALERT_DAYS } from '@pharmacy/shared/prescribers/credential-alerts.ts';
import { type PrescriberForm } from '@pharmacy/shared/prescribers/prescriber.ts';
import * as z from 'zod';

const DAY_MS = 86_400_000;

/** Whole days from `today` to `date` (both YYYY-MM-DD); negative when `date` is past. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

export type CredentialState = 'expired' | 'expiring' | 'valid';

export interface CredentialExpiry {
  state: CredentialState;
  /** Days left (negative: days since it expired). */
  days: number;
  /** "expired 2026-01-12 (20 days ago)", "expires 2027-01-12 (in 45 days)", "expires 2028-05-01". */
  text: string;
}

function daysText(days: number): string {
  if (days === 0) return 'today';
  const count = Math.abs(days);
  const unit = count === 1 ? 'day' : 'days';
  return days > 0 ? `in ${count} ${unit}` : `${count} ${unit} ago`;
}

/** How an expiration is flagged on a card: expired before today, expiring within the alert days, or valid. */
export function credentialExpiry(expiration: string | null, today: string, alertDays = CREDENTIAL_ALERT_DAYS): CredentialExpiry | null {
  if (!expiration) return null;
  const days = daysBetween(today, expiration);
  if (days < 0) return { state: 'expired', days, text: `expired ${expiration} (${daysText(days)})` };
  if (days < alertDays) return { state: 'expiring', days, text: `expires ${expiration} (${daysText(days)})` };
  return { state: 'valid', days, text: `expires ${expiration}` };
}

/** "Licence IL 036.120557 of Dr. James Whitaker expires 2027-01-12 (in 45 days)". */
export function credentialAlertSentence(alert: CredentialAlert, today: string): string {
  const what = alert.credential === 'dea' ? 'DEA registration' : 'Licence';
  const days = daysBetween(today, alert.expiresOn);
  const when = alert.expired || days < 0 ? `expired ${alert.expiresOn} (${daysText(Math.min(days, -1))})` : `expires ${alert.expiresOn} (${daysText(days)})`;
  return `${what} ${alert.credentialNumber} of ${alert.prescriberName} ${when}`;
}

/** The status badge's daisyUI class (spec: Verified green, Pending yellow, Needs Review red, else neutral). */
export function verificationBadgeClass(status: string): string {
  switch (status) {
    case 'verified':
      return 'badge-success';
    case 'pending':
      return 'badge-warning';
    case 'expired':
      return 'badge-error';
    default:
      return 'badge-neutral';
  }
}

/** Board certifications typed one per line or separated by commas. */
export function boardCertificationsFromText(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export function boardCertificationsText(list: readonly string[]): string {
  return list.join('\n');
}

/** What the form takes of an NPPES record (shared/src/prescribers/nppes.ts NppesRecord), read defensively. */
const nppesRecordSchema = z.object({
  credential: z.string().nullish(),
  specialty: z.string().nullish(),
  practiceLocation: z
    .object({
      address: z.string().nullish(),
      city: z.string().nullish(),
      state: z.string().nullish(),
      zipCode: z.string().nullish(),
      phone: z.string().nullish(),
      fax: z.string().nullish(),
    })
    .nullish(),
});

/** NPPES phones are ten digits or "555-123-4567"; the form's format is "(555) 123-4567". */
function formPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : null;
}

/**
 * The Edit form with what NPPES answered in place of the values on file (specialty, credential, practice location,
 * phone, fax), or null when the record gives none of them. The user reviews and saves.
 */
export function formWithNppesDetails(record: unknown, form: PrescriberForm): PrescriberForm | null {
  const parsed = nppesRecordSchema.safeParse(record);
  if (!parsed.success) return null;
  const { credential, specialty, practiceLocation: location } = parsed.data;
  const next: PrescriberForm = {
    ...form,
    degree: credential?.trim() || form.degree,
    specialty: specialty?.trim() || form.specialty,
    practiceAddress: location?.address?.trim() || form.practiceAddress,
    practiceCity: location?.city?.trim() || form.practiceCity,
    practiceState: location?.state?.trim().toUpperCase() || form.practiceState,
    practiceZipCode: location?.zipCode?.trim() || form.practiceZipCode,
    phone: formPhone(location?.phone) ?? form.phone,
    fax: formPhone(location?.fax) ?? form.fax,
  };
  const changed = (Object.keys(next) as (keyof PrescriberForm)[]).some((key) => next[key] !== form[key]);
  return changed ? next : null;
}
