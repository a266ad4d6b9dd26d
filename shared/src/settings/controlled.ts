/**
 * System Settings → Controlled (spec part 2 §3 "controlled"): the DEA registration and its expiry, which
 * schedules the pharmacy dispenses, double count and witness rules, inventories and ARCOS. §5: ARCOS
 * submission day 1–28. The database enforces what these switch on (issue 12); this schema is what they may be.
 * The DEA number is the pharmacy's registration (the Pharmacy group holds the same number, stored once as
 * pharmacies.dea_number); '' here means "not entered yet", which the DEA compliance card shows as not compliant.
 * It is read as stored — a number onboarding took before it checked the check digit, or one an admin wrote to the
 * pharmacy record directly, still opens, and the tab shows its problem — and saved only when correct. No secrets.
 */
import * as z from 'zod';
import {
  DEA_CHECK_DIGIT_MESSAGE,
  DEA_NUMBER_FORMAT_MESSAGE,
  DEA_NUMBER_PATTERN,
  INVALID_DATE_MESSAGE,
  deaCheckDigitMatchesIfFormatted,
  isCalendarDate,
} from '../common/field-rules.ts';
import { emptyOr, toggle, wholeNumber } from './fields.ts';

export const ARCOS_SUBMISSION_DAY_MIN = 1;
export const ARCOS_SUBMISSION_DAY_MAX = 28;
/** Controlled fills per day; the spec gives no bound. */
export const MAX_DAILY_DISPENSING_MIN = 1;
export const MAX_DAILY_DISPENSING_MAX = 10_000;

/** The 90-day DEA expiry threshold (§9) of the summary card and the banner, defined beside the banner. */
export { DEA_EXPIRY_WARNING_DAYS } from '../prescriptions/controlled-substance-status.ts';

export const CONTROLLED_SECRET_FIELDS = [] as const;

export const CONTROLLED_SETTINGS_MESSAGES = {
  deaNumberFormat: DEA_NUMBER_FORMAT_MESSAGE,
  deaNumberCheckDigit: DEA_CHECK_DIGIT_MESSAGE,
  deaExpirationDate: `DEA expiration date: ${INVALID_DATE_MESSAGE}`,
} as const;

/** The DEA number as it may be saved: '' or two capital letters and seven digits with their check digit. */
const deaNumberToSave = z
  .string({ error: CONTROLLED_SETTINGS_MESSAGES.deaNumberFormat })
  .trim()
  .refine((value) => value === '' || DEA_NUMBER_PATTERN.test(value), { error: CONTROLLED_SETTINGS_MESSAGES.deaNumberFormat, abort: true })
  .refine(deaCheckDigitMatchesIfFormatted, CONTROLLED_SETTINGS_MESSAGES.deaNumberCheckDigit);

/** The DEA number as stored: pharmacies.dea_number, any text (the database holds no format rule for it). */
const storedDeaNumber = z.string();

function controlledShape<DeaNumber extends z.ZodType<string, string>>(deaNumber: DeaNumber) {
  return {
    deaNumber,
    deaExpirationDate: emptyOr(CONTROLLED_SETTINGS_MESSAGES.deaExpirationDate, isCalendarDate),
    maxDailyDispensing: wholeNumber('Maximum daily dispensing', MAX_DAILY_DISPENSING_MIN, MAX_DAILY_DISPENSING_MAX, 'controlled fills'),
    scheduleIIEnabled: toggle('Schedule II'),
    scheduleIIIEnabled: toggle('Schedule III'),
    scheduleIVEnabled: toggle('Schedule IV'),
    scheduleVEnabled: toggle('Schedule V'),
    requireDoubleCount: toggle('Double count'),
    requireWitnessSignature: toggle('Witness signature'),
    perpetualInventoryRequired: toggle('Perpetual inventory'),
    biannualInventoryRequired: toggle('Biennial inventory'),
    automaticArcos: toggle('Automatic ARCOS'),
    arcosSubmissionDay: wholeNumber('ARCOS submission day', ARCOS_SUBMISSION_DAY_MIN, ARCOS_SUBMISSION_DAY_MAX),
  };
}

/** PUT /api/system-settings/controlled: what may be saved. */
export const controlledSettingsSchema = z.object(controlledShape(deaNumberToSave));
export type ControlledSettingsInput = z.input<typeof controlledSettingsSchema>;
export type ControlledSettings = z.output<typeof controlledSettingsSchema>;

/** GET /api/system-settings/controlled: what is stored, the DEA number as the pharmacy record holds it. */
export const controlledSettingsReadSchema = z.object(controlledShape(storedDeaNumber));
export type ControlledSettingsRead = z.output<typeof controlledSettingsReadSchema>;

/**
 * Defaults (the spec names none): every schedule dispensed, so nothing changes until an admin switches one off;
 * double count and witness off; a cap of 500 controlled fills a day, above what a busy community pharmacy fills;
 * the DEA inventory every two years required (federal rule); ARCOS by hand, on the 15th (ARCOS reports are due
 * by the 15th after the period).
 */
export const CONTROLLED_SETTINGS_DEFAULTS: ControlledSettingsRead = {
  deaNumber: '',
  deaExpirationDate: '',
  maxDailyDispensing: 500,
  scheduleIIEnabled: true,
  scheduleIIIEnabled: true,
  scheduleIVEnabled: true,
  scheduleVEnabled: true,
  requireDoubleCount: false,
  requireWitnessSignature: false,
  perpetualInventoryRequired: false,
  biannualInventoryRequired: true,
  automaticArcos: false,
  arcosSubmissionDay: 15,
};
