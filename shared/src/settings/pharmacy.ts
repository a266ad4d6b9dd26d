/**
 * System Settings → Pharmacy (spec part 2 §3 "pharmacy"): the pharmacy's own record as onboarding created it,
 * checked with the onboarding rules (DEA format and check digit, 10-digit NPI, ZIP, the 50 state codes, the
 * masked phone), plus the operating hours, which this tab binds and edits. The spec marks every field required
 * without enforcing it (§5); here a save needs them all. The read shape is what the record holds, whatever the
 * write rules say: a pharmacy onboarded through the tabbed flow has no pharmacist in charge yet (stored fields may
 * be ''), a DEA number may predate onboarding's check-digit rule, and an admin may write the record and its hours
 * directly (row-level security lets them). The tab shows such values with their problems; a save needs them right.
 */
import * as z from 'zod';
import { PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '../common/phone.ts';
import {
  DEA_CHECK_DIGIT_MESSAGE,
  DEA_NUMBER_FORMAT_MESSAGE,
  NPI_PATTERN,
  ZIP_CODE_PATTERN,
  requiredDeaNumber,
  requiredFormatted,
  requiredText,
  stateCode,
} from '../common/field-rules.ts';
import { DEFAULT_OPERATING_HOURS, operatingHoursSchema } from '../onboarding/tabbed.ts';

export const PHARMACY_TEXT_MAX_LENGTH = 200;

/** The logo upload's limits (§2: PNG, JPG, SVG, max 2 MB); the logo bucket must say the same. */
export const PHARMACY_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const PHARMACY_LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

export const PHARMACY_SETTINGS_MESSAGES = {
  pharmacyName: 'Pharmacy name is required',
  licenseNumber: 'License number is required',
  deaNumberRequired: 'DEA number is required',
  deaNumberFormat: DEA_NUMBER_FORMAT_MESSAGE,
  deaNumberCheckDigit: DEA_CHECK_DIGIT_MESSAGE,
  npiNumberRequired: 'NPI number is required',
  npiNumberFormat: 'NPI must be 10 digits',
  address: 'Address is required',
  city: 'City is required',
  state: 'State must be 2 characters',
  zipCodeRequired: 'ZIP code is required',
  zipCodeFormat: 'Invalid ZIP code',
  phoneRequired: 'Phone number is required',
  phoneFormat: PHONE_FORMAT_MESSAGE,
  pharmacistInCharge: 'Pharmacist in charge is required',
  pharmacistLicense: 'Pharmacist license is required',
} as const;

const M = PHARMACY_SETTINGS_MESSAGES;

function boundedText(message: string, label: string) {
  return requiredText(message).max(PHARMACY_TEXT_MAX_LENGTH, `${label} must be at most ${PHARMACY_TEXT_MAX_LENGTH} characters`);
}

/** PUT /api/system-settings/pharmacy. */
export const pharmacySettingsSchema = z.object({
  pharmacyName: boundedText(M.pharmacyName, 'Pharmacy name'),
  licenseNumber: boundedText(M.licenseNumber, 'License number'),
  deaNumber: requiredDeaNumber(M.deaNumberRequired),
  npiNumber: requiredFormatted(M.npiNumberRequired, NPI_PATTERN, M.npiNumberFormat),
  address: boundedText(M.address, 'Address'),
  city: boundedText(M.city, 'City'),
  state: stateCode(M.state),
  zipCode: requiredFormatted(M.zipCodeRequired, ZIP_CODE_PATTERN, M.zipCodeFormat),
  phone: requiredFormatted(M.phoneRequired, PHONE_PATTERN, M.phoneFormat),
  pharmacistInCharge: boundedText(M.pharmacistInCharge, 'Pharmacist in charge'),
  pharmacistLicense: boundedText(M.pharmacistLicense, 'Pharmacist license'),
  operatingHours: operatingHoursSchema,
});
export type PharmacySettingsInput = z.input<typeof pharmacySettingsSchema>;
export type PharmacySettings = z.output<typeof pharmacySettingsSchema>;

/**
 * A day's hours as pharmacy_operating_hours holds them (times as HH:MM; a closed day without times reads the
 * default times): the database keeps no order between opening and closing, so neither does the read.
 */
const storedDayHoursSchema = z.object({ open: z.string(), close: z.string(), closed: z.boolean() });

/** GET /api/system-settings/pharmacy: what is stored, '' where onboarding left a field empty. */
export const pharmacySettingsReadSchema = z.object({
  pharmacyName: z.string(),
  licenseNumber: z.string(),
  deaNumber: z.string(),
  npiNumber: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phone: z.string(),
  pharmacistInCharge: z.string(),
  pharmacistLicense: z.string(),
  operatingHours: z.object({
    monday: storedDayHoursSchema,
    tuesday: storedDayHoursSchema,
    wednesday: storedDayHoursSchema,
    thursday: storedDayHoursSchema,
    friday: storedDayHoursSchema,
    saturday: storedDayHoursSchema,
    sunday: storedDayHoursSchema,
  }),
});
export type PharmacySettingsRead = z.output<typeof pharmacySettingsReadSchema>;

/** The group has no secrets. */
export const PHARMACY_SECRET_FIELDS = [] as const;

/**
 * The spec gives no pharmacy defaults (its values come from onboarding); a pharmacy record missing entirely reads
 * as empty fields with the onboarding's default hours. These do not pass the write schema: a save needs the data.
 */
export const PHARMACY_SETTINGS_DEFAULTS: PharmacySettingsRead = {
  pharmacyName: '',
  licenseNumber: '',
  deaNumber: '',
  npiNumber: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  phone: '',
  pharmacistInCharge: '',
  pharmacistLicense: '',
  operatingHours: DEFAULT_OPERATING_HOURS,
};
