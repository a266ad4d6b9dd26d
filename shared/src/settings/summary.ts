/**
 * The System Settings summary cards (spec part 2 §2: pharmacy info configured or incomplete, e-prescriptions
 * enabled or disabled, DEA compliance) as plain functions of the saved groups and the pharmacy's local date, so
 * the cards show what is stored and unit tests pin the boundaries. No clock of their own: the caller passes
 * "today" as the pharmacy's calendar date (localDateIn of common/dates.ts).
 */
import { isCalendarDate, isValidDeaNumber } from '../common/field-rules.ts';
import { DEA_EXPIRY_WARNING_DAYS, type ControlledSettingsRead } from './controlled.ts';
import type { PharmacySettingsRead } from './pharmacy.ts';
import type { TransmissionSettingsRead } from './transmission.ts';

/** The pharmacy fields the spec marks required (§5), with their labels. */
export const REQUIRED_PHARMACY_FIELDS = {
  pharmacyName: 'Pharmacy name',
  licenseNumber: 'License number',
  deaNumber: 'DEA number',
  npiNumber: 'NPI number',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  phone: 'Phone',
  pharmacistInCharge: 'Pharmacist in charge',
  pharmacistLicense: 'Pharmacist license',
} as const satisfies Partial<Record<keyof PharmacySettingsRead, string>>;

export interface PharmacyInfoStatus {
  configured: boolean;
  /** Labels of the required fields left blank, in form order. */
  missing: string[];
}

/** Configured when every required pharmacy field holds something other than blanks; otherwise Incomplete. */
export function pharmacyInfoStatus(pharmacy: PharmacySettingsRead): PharmacyInfoStatus {
  const missing = Object.entries(REQUIRED_PHARMACY_FIELDS)
    .filter(([field]) => pharmacy[field as keyof typeof REQUIRED_PHARMACY_FIELDS].trim() === '')
    .map(([, label]) => label);
  return { configured: missing.length === 0, missing };
}

/** E-prescriptions are enabled when the transmission group's Surescripts switch is on. */
export function ePrescriptionsEnabled(transmission: Pick<TransmissionSettingsRead, 'surescriptsEnabled'>): boolean {
  return transmission.surescriptsEnabled;
}

export type DeaComplianceState = 'compliant' | 'expiring' | 'expired' | 'no-registration' | 'no-expiration';

export interface DeaCompliance {
  state: DeaComplianceState;
  compliant: boolean;
  /** Days from today to the expiration date (0 = expires today); null without a date. */
  daysLeft: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/**
 * DEA compliance from the controlled group: a registration number that is valid (format and check digit) and an
 * expiration date that has not passed and is more than 90 days away. The registration is valid through its
 * expiration date: expired from the day after; expiring when 0 to 90 days are left.
 */
export function deaCompliance(controlled: Pick<ControlledSettingsRead, 'deaNumber' | 'deaExpirationDate'>, today: string): DeaCompliance {
  if (!isCalendarDate(today)) throw new RangeError(`not a calendar date: ${today}`);
  if (!isValidDeaNumber(controlled.deaNumber)) return { state: 'no-registration', compliant: false, daysLeft: null };
  if (!isCalendarDate(controlled.deaExpirationDate)) return { state: 'no-expiration', compliant: false, daysLeft: null };
  const daysLeft = dayNumber(controlled.deaExpirationDate) - dayNumber(today);
  if (daysLeft < 0) return { state: 'expired', compliant: false, daysLeft };
  if (daysLeft <= DEA_EXPIRY_WARNING_DAYS) return { state: 'expiring', compliant: false, daysLeft };
  return { state: 'compliant', compliant: true, daysLeft };
}
