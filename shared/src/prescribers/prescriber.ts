/**
 * A prescriber of the directory (spec part 2 §3 Prescriber, §4 verificationStatus, §5 provider search; issue 22):
 * the Add/Edit form's schema (the web form and POST/PUT /api/prescribers parse with it; the database checks the
 * NPI's and DEA number's check digits and the duplicate NPI again), the Prescriber shape the api answers, the
 * directory's query, and a verification as recorded (public.prescriber_verifications).
 */
import * as z from 'zod';
import {
  DEA_CHECK_DIGIT_MESSAGE,
  DEA_NUMBER_FORMAT_MESSAGE,
  DEA_NUMBER_PATTERN,
  INVALID_DATE_MESSAGE,
  NPI_PATTERN,
  UUID_PATTERN,
  ZIP_CODE_PATTERN,
  isCalendarDate,
  isValidDeaNumber,
} from '../common/field-rules.ts';
import { PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '../common/phone.ts';
import { isUsStateCode } from '../common/us-states.ts';
import { SEARCH_MAX_LENGTH } from '../common/search.ts';
import { deaLastNameWarning } from './dea.ts';
import { NPI_CHECK_DIGIT_MESSAGE, isValidNpi } from './npi.ts';

export const VERIFICATION_STATUSES = ['verified', 'pending', 'expired'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** How each status is shown (spec §4: expired is 'Needs Review'; anything else 'Unknown'). */
export function verificationStatusLabel(status: string): string {
  switch (status) {
    case 'verified':
      return 'Verified';
    case 'pending':
      return 'Pending';
    case 'expired':
      return 'Needs Review';
    default:
      return 'Unknown';
  }
}

/** The directory's tabs (spec §2): each a status filter, All none. */
export const DIRECTORY_TABS = [
  { key: 'all', label: 'All Providers', status: null },
  { key: 'verified', label: 'Verified', status: 'verified' },
  { key: 'pending', label: 'Pending', status: 'pending' },
  { key: 'expired', label: 'Needs Review', status: 'expired' },
] as const;
export type DirectoryTabKey = (typeof DIRECTORY_TABS)[number]['key'];

/** Spec §9: the provider screen shows 6 skeleton cards while loading. */
export const PROVIDER_SKELETON_COUNT = 6;
/** Prescribers per directory page. */
export const DIRECTORY_PAGE_SIZE = 24;
export const DIRECTORY_PAGE_MAX = 100;
export const BOARD_CERTIFICATIONS_MAX = 10;

export const PRESCRIBER_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  npiRequired: 'NPI number is required',
  npiFormat: 'NPI must be 10 digits',
  npiCheckDigit: NPI_CHECK_DIGIT_MESSAGE,
  deaFormat: DEA_NUMBER_FORMAT_MESSAGE,
  deaCheckDigit: DEA_CHECK_DIGIT_MESSAGE,
  deaExpirationRequired: 'Enter the DEA registration’s expiration date',
  licenseState: 'Licence state must be one of the 50 US states',
  licenseComplete: 'Enter the licence number, state and expiration together',
  practiceState: 'Practice state must be one of the 50 US states',
  zipCode: 'ZIP code format: 12345 or 12345-6789',
  email: 'Enter a valid email address',
  boardCertifications: `At most ${BOARD_CERTIFICATIONS_MAX} board certifications`,
  tooLong: 'At most 200 characters',
  duplicateNpi: 'A prescriber with this NPI number is already on file',
  verifySuccessTitle: 'Success',
  verifySuccess: 'Provider credentials verified successfully',
  verifyFailureTitle: 'Error',
  verifyFailure: 'Failed to verify credentials',
} as const;

const text = (max = 200) => z.string().trim().max(max, PRESCRIBER_MESSAGES.tooLong);
const optional = (max = 200) => text(max).default('');
const formatted = (pattern: RegExp, message: string) =>
  z.string().trim().default('').refine((value) => value === '' || pattern.test(value), message);
const optionalDateField = () =>
  z.string().trim().default('').refine((value) => value === '' || isCalendarDate(value), INVALID_DATE_MESSAGE);
const optionalState = (message: string) =>
  z.string().trim().toUpperCase().default('').refine((value): boolean => value === '' || isUsStateCode(value), message);

/** The Add Provider / Edit form, and the body of POST and PUT /api/prescribers. Empty text means none. */
export const prescriberFormSchema = z
  .object({
    title: optional(20),
    firstName: text(100).min(1, PRESCRIBER_MESSAGES.firstName),
    lastName: text(100).min(1, PRESCRIBER_MESSAGES.lastName),
    degree: optional(20),
    specialty: optional(100),
    npiNumber: z
      .string({ error: PRESCRIBER_MESSAGES.npiRequired })
      .trim()
      .min(1, { error: PRESCRIBER_MESSAGES.npiRequired, abort: true })
      .regex(NPI_PATTERN, { error: PRESCRIBER_MESSAGES.npiFormat, abort: true })
      .refine(isValidNpi, PRESCRIBER_MESSAGES.npiCheckDigit),
    deaNumber: z
      .string()
      .trim()
      .toUpperCase()
      .default('')
      .refine((value) => value === '' || DEA_NUMBER_PATTERN.test(value), { error: PRESCRIBER_MESSAGES.deaFormat, abort: true })
      .refine((value) => value === '' || isValidDeaNumber(value), PRESCRIBER_MESSAGES.deaCheckDigit),
    deaExpiration: optionalDateField(),
    licenseNumber: optional(40),
    licenseState: optionalState(PRESCRIBER_MESSAGES.licenseState),
    licenseExpiration: optionalDateField(),
    phone: formatted(PHONE_PATTERN, PHONE_FORMAT_MESSAGE),
    fax: formatted(PHONE_PATTERN, PHONE_FORMAT_MESSAGE),
    email: z.string().trim().default('').refine((value) => value === '' || z.email().safeParse(value).success, PRESCRIBER_MESSAGES.email),
    practiceAddress: optional(),
    practiceCity: optional(100),
    practiceState: optionalState(PRESCRIBER_MESSAGES.practiceState),
    practiceZipCode: formatted(ZIP_CODE_PATTERN, PRESCRIBER_MESSAGES.zipCode),
    boardCertifications: z
      .array(text(100))
      .max(BOARD_CERTIFICATIONS_MAX, PRESCRIBER_MESSAGES.boardCertifications)
      .default([])
      .transform((list) => list.filter((entry) => entry !== '')),
  })
  .superRefine((form, context) => {
    if (form.deaNumber !== '' && form.deaExpiration === '') {
      context.addIssue({ code: 'custom', path: ['deaExpiration'], message: PRESCRIBER_MESSAGES.deaExpirationRequired });
    }
    const licence = [form.licenseNumber, form.licenseState, form.licenseExpiration];
    if (licence.some((value) => value !== '') && licence.some((value) => value === '')) {
      const path = form.licenseNumber === '' ? 'licenseNumber' : form.licenseState === '' ? 'licenseState' : 'licenseExpiration';
      context.addIssue({ code: 'custom', path: [path], message: PRESCRIBER_MESSAGES.licenseComplete });
    }
  });
export type PrescriberFormInput = z.input<typeof prescriberFormSchema>;
export type PrescriberForm = z.output<typeof prescriberFormSchema>;

/** The form's blank values (Add Provider). */
export const EMPTY_PRESCRIBER_FORM: PrescriberForm = {
  title: '',
  firstName: '',
  lastName: '',
  degree: '',
  specialty: '',
  npiNumber: '',
  deaNumber: '',
  deaExpiration: '',
  licenseNumber: '',
  licenseState: '',
  licenseExpiration: '',
  phone: '',
  fax: '',
  email: '',
  practiceAddress: '',
  practiceCity: '',
  practiceState: '',
  practiceZipCode: '',
  boardCertifications: [],
};

/** What the user should see but may save anyway (issue 22: a DEA number whose second letter is not the last name's initial). */
export function prescriberFormWarnings(form: Pick<PrescriberForm, 'deaNumber' | 'lastName'>): string[] {
  if (form.deaNumber === '' || !isValidDeaNumber(form.deaNumber)) return [];
  const warning = deaLastNameWarning(form.deaNumber, form.lastName);
  return warning ? [warning] : [];
}

/** The prescribers row columns of a saved form (null for empty text). */
export function prescriberRowFromForm(form: PrescriberForm) {
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    title: orNull(form.title),
    first_name: form.firstName,
    last_name: form.lastName,
    degree: orNull(form.degree),
    specialty: orNull(form.specialty),
    npi_number: form.npiNumber,
    dea_number: orNull(form.deaNumber),
    dea_expiration: orNull(form.deaExpiration),
    license_number: orNull(form.licenseNumber),
    license_state: orNull(form.licenseState),
    license_expiration: orNull(form.licenseExpiration),
    phone: orNull(form.phone),
    fax: orNull(form.fax),
    email: orNull(form.email),
    practice_address: orNull(form.practiceAddress),
    practice_city: orNull(form.practiceCity),
    practice_state: orNull(form.practiceState),
    practice_zip_code: orNull(form.practiceZipCode),
    board_certifications: form.boardCertifications,
  };
}

/** The Prescriber the api answers (spec §3, plus what the directory and the verification need). */
export const prescriberSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.string().nullable(),
  npiNumber: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  practiceAddress: z.string().nullable(),
  practiceCity: z.string().nullable(),
  practiceState: z.string().nullable(),
  practiceZipCode: z.string().nullable(),
  deaNumber: z.string().nullable(),
  deaExpiration: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseState: z.string().nullable(),
  licenseExpiration: z.string().nullable(),
  verificationStatus: z.string(),
  verificationReason: z.string().nullable(),
  verificationCheckedAt: z.string().nullable(),
  /** The pharmacy's OIG exclusion list names this prescriber. */
  excluded: z.boolean(),
  /** The prescriber's active prescriptions with fills still to come. */
  activeCount: z.number(),
  /** The date the newest prescription was written (YYYY-MM-DD), or null. */
  lastPrescription: z.string().nullable(),
  credentials: z.object({ degree: z.string().nullable(), boardCertifications: z.array(z.string()) }),
});
export type Prescriber = z.infer<typeof prescriberSchema>;

/** A row of public.prescriber_directory. */
export interface PrescriberDirectoryRow {
  id: string;
  title: string | null;
  first_name: string;
  last_name: string;
  degree: string | null;
  specialty: string | null;
  npi_number: string | null;
  dea_number: string | null;
  dea_expiration: string | null;
  license_number: string | null;
  license_state: string | null;
  license_expiration: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  practice_address: string | null;
  practice_city: string | null;
  practice_state: string | null;
  practice_zip_code: string | null;
  board_certifications: string[] | null;
  verification_status: string;
  verification_reason: string | null;
  verification_checked_at: string | null;
  active_count: number | null;
  last_prescription: string | null;
  excluded: boolean | null;
}

export function prescriberFromDirectoryRow(row: PrescriberDirectoryRow): Prescriber {
  return {
    id: row.id,
    title: row.title,
    firstName: row.first_name,
    lastName: row.last_name,
    specialty: row.specialty,
    npiNumber: row.npi_number,
    phone: row.phone,
    fax: row.fax,
    email: row.email,
    practiceAddress: row.practice_address,
    practiceCity: row.practice_city,
    practiceState: row.practice_state,
    practiceZipCode: row.practice_zip_code,
    deaNumber: row.dea_number,
    deaExpiration: row.dea_expiration,
    licenseNumber: row.license_number,
    licenseState: row.license_state,
    licenseExpiration: row.license_expiration,
    verificationStatus: row.verification_status,
    verificationReason: row.verification_reason,
    verificationCheckedAt: row.verification_checked_at,
    excluded: row.excluded ?? false,
    activeCount: Number(row.active_count ?? 0),
    lastPrescription: row.last_prescription,
    credentials: { degree: row.degree, boardCertifications: row.board_certifications ?? [] },
  };
}

/** The Edit form's values of a prescriber on file. */
export function prescriberFormFromPrescriber(prescriber: Prescriber): PrescriberForm {
  return {
    title: prescriber.title ?? '',
    firstName: prescriber.firstName,
    lastName: prescriber.lastName,
    degree: prescriber.credentials.degree ?? '',
    specialty: prescriber.specialty ?? '',
    npiNumber: prescriber.npiNumber ?? '',
    deaNumber: prescriber.deaNumber ?? '',
    deaExpiration: prescriber.deaExpiration ?? '',
    licenseNumber: prescriber.licenseNumber ?? '',
    licenseState: prescriber.licenseState ?? '',
    licenseExpiration: prescriber.licenseExpiration ?? '',
    phone: prescriber.phone ?? '',
    fax: prescriber.fax ?? '',
    email: prescriber.email ?? '',
    practiceAddress: prescriber.practiceAddress ?? '',
    practiceCity: prescriber.practiceCity ?? '',
    practiceState: prescriber.practiceState ?? '',
    practiceZipCode: prescriber.practiceZipCode ?? '',
    boardCertifications: prescriber.credentials.boardCertifications,
  };
}

/** The display name: "Dr. Elena Marquez, MD". */
export function prescriberDisplayName(prescriber: Pick<Prescriber, 'title' | 'firstName' | 'lastName'> & { credentials: Pick<Prescriber['credentials'], 'degree'> }): string {
  const name = [prescriber.title, prescriber.firstName, prescriber.lastName].filter(Boolean).join(' ');
  return prescriber.credentials.degree ? `${name}, ${prescriber.credentials.degree}` : name;
}

/** A page cursor: the last row's sort key (last name, first name, id), opaque to callers. */
export function directoryCursor(row: { lastName: string; firstName: string; id: string }): string {
  return JSON.stringify([row.lastName, row.firstName, row.id]);
}

export function parseDirectoryCursor(cursor: string): { lastName: string; firstName: string; id: string } | null {
  try {
    const value: unknown = JSON.parse(cursor);
    if (Array.isArray(value) && value.length === 3 && value.every((part) => typeof part === 'string') && UUID_PATTERN.test(value[2] as string)) {
      return { lastName: value[0] as string, firstName: value[1] as string, id: value[2] as string };
    }
  } catch {
    // not a cursor
  }
  return null;
}

export const DIRECTORY_QUERY_MESSAGES = {
  search: `The search may be at most ${SEARCH_MAX_LENGTH} characters`,
  status: 'status must be verified, pending or expired',
  cursor: 'after must be the nextCursor of the previous page',
  limit: `limit must be a whole number from 1 to ${DIRECTORY_PAGE_MAX}`,
} as const;

/** GET /api/prescribers?search=&status=&after=&limit= */
export const prescriberDirectoryQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH, DIRECTORY_QUERY_MESSAGES.search).default(''),
  status: z.enum(VERIFICATION_STATUSES, { error: DIRECTORY_QUERY_MESSAGES.status }).optional(),
  after: z.string().optional().refine((value) => value === undefined || parseDirectoryCursor(value) !== null, DIRECTORY_QUERY_MESSAGES.cursor),
  limit: z.coerce
    .number({ error: DIRECTORY_QUERY_MESSAGES.limit })
    .int({ error: DIRECTORY_QUERY_MESSAGES.limit })
    .min(1, { error: DIRECTORY_QUERY_MESSAGES.limit })
    .max(DIRECTORY_PAGE_MAX, { error: DIRECTORY_QUERY_MESSAGES.limit })
    .default(DIRECTORY_PAGE_SIZE),
});
export type PrescriberDirectoryQuery = z.output<typeof prescriberDirectoryQuerySchema>;

export const directoryCountsSchema = z.object({ all: z.number(), verified: z.number(), pending: z.number(), expired: z.number() });
export type DirectoryCounts = z.infer<typeof directoryCountsSchema>;

export const prescriberDirectorySchema = z.object({
  prescribers: z.array(prescriberSchema),
  counts: directoryCountsSchema,
  /** Pass as `after` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type PrescriberDirectory = z.infer<typeof prescriberDirectorySchema>;

export const VERIFICATION_SOURCES = ['nppes', 'license', 'dea', 'oig'] as const;
export const VERIFICATION_SOURCE_LABELS: Record<(typeof VERIFICATION_SOURCES)[number], string> = {
  nppes: 'NPPES NPI Registry',
  license: 'State licence',
  dea: 'DEA registration',
  oig: 'OIG exclusion list',
};

export const verificationCheckSchema = z.object({
  source: z.enum(VERIFICATION_SOURCES),
  result: z.enum(['passed', 'failed', 'unavailable', 'not-applicable']),
  detail: z.string(),
});
export type VerificationCheck = z.infer<typeof verificationCheckSchema>;

export const verificationSchema = z.object({
  id: z.string(),
  outcome: z.enum(VERIFICATION_STATUSES),
  reason: z.string(),
  checks: z.array(verificationCheckSchema),
  /** What NPPES answered (shared/src/prescribers/nppes.ts NppesRecord), offered to fill in; null when not asked. */
  registryRecord: z.unknown().nullable(),
  runKind: z.string(),
  checkedBy: z.string().nullable(),
  checkedAt: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** GET /api/prescribers/{id}: the prescriber with its verification history, newest first. */
export const prescriberDetailSchema = prescriberSchema.extend({ verifications: z.array(verificationSchema) });
export type PrescriberDetail = z.infer<typeof prescriberDetailSchema>;

/** POST and PUT answers: the prescriber saved, and the warnings the user should see. */
export const savedPrescriberSchema = prescriberSchema.extend({ warnings: z.array(z.string()) });

/** POST /api/prescribers/{id}/verify: the outcome recorded and the prescriber as it is now. */
export const verifyResultSchema = z.object({ prescriber: prescriberSchema, verification: verificationSchema });
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/** POST /api/internal/prescribers/reverify (service role): a pharmacy's monthly batch. */
export const reverifyRequestSchema = z.object({ pharmacyId: z.string().regex(UUID_PATTERN, 'pharmacyId must be a uuid') });
export const reverifyResultSchema = z.object({ checked: z.number(), verified: z.number(), needsReview: z.number(), pending: z.number() });
