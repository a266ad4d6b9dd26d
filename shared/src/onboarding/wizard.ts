/**
 * The six-step onboarding wizard (/onboard, spec §2, §3, §5): one schema per step, so Next validates only
 * that step's fields, and the full payload, which is all six together. The web form and the api function
 * validate with these same schemas.
 *
 * Inside the code the pharmacy's state license number is `stateLicenseNumber`; only the wire body of POST
 * /api/auth/onboard uses the spec's API name `stateInternationalizeNumber` (onboardingWizardRequestSchema maps
 * it, so a 400 names the field as the client sent it; toOnboardingWizardRequest writes it for the web's call).
 */
import * as z from 'zod';
import { CHAIN_AFFILIATIONS } from './chain-affiliations.ts';
import { PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '../common/phone.ts';
import {
  DEA_CHECK_DIGIT_MESSAGE,
  DEA_NUMBER_FORMAT_MESSAGE,
  DEA_NUMBER_PATTERN,
  NABP_MIN_LENGTH,
  NPI_PATTERN,
  WIZARD_NCPDP_MIN_LENGTH,
  ZIP_CODE_PATTERN,
  mustAccept,
  newPassword,
  optionalDate,
  optionalStateCode,
  optionalText,
  optionalWebsite,
  requiredDate,
  requiredText,
  deaCheckDigitMatchesIfFormatted,
  stateCode,
} from '../common/field-rules.ts';

const STATE_LENGTH_MESSAGE = 'State must be 2 characters';

/** Step 1: who the pharmacy is. */
export const wizardPharmacyInformationSchema = z.object({
  pharmacyName: requiredText('Pharmacy name is required'),
  tradeName: optionalText(),
  chainAffiliation: z
    .string()
    .refine(
      (value) => value === '' || (CHAIN_AFFILIATIONS as readonly string[]).includes(value),
      'Choose a chain affiliation from the list',
    )
    .optional(),
  taxId: optionalText(),
  businessType: optionalText(),
  ownershipType: optionalText(),
});

/** Step 2: the pharmacy's registrations. */
export const wizardRegulatoryInformationSchema = z.object({
  ncpdpId: z.string({ error: 'NCPDP ID is required' }).trim().min(WIZARD_NCPDP_MIN_LENGTH, 'NCPDP ID is required'),
  nabpNumber: z.string({ error: 'NABP number is required' }).trim().min(NABP_MIN_LENGTH, 'NABP number is required'),
  // The spec's format, then the registration's check digit (as System Settings checks it).
  deaNumber: z
    .string({ error: DEA_NUMBER_FORMAT_MESSAGE })
    .trim()
    .regex(DEA_NUMBER_PATTERN, DEA_NUMBER_FORMAT_MESSAGE)
    .refine(deaCheckDigitMatchesIfFormatted, DEA_CHECK_DIGIT_MESSAGE),
  stateLicenseNumber: requiredText('State license number is required'),
  stateLicenseState: stateCode(STATE_LENGTH_MESSAGE),
  npiNumber: z.string({ error: 'NPI must be 10 digits' }).trim().regex(NPI_PATTERN, 'NPI must be 10 digits'),
});

/** Step 3: where the pharmacy is and how to reach it. */
export const wizardLocationContactSchema = z.object({
  streetAddress: requiredText('Street address is required'),
  city: requiredText('City is required'),
  state: stateCode(STATE_LENGTH_MESSAGE),
  zipCode: z.string({ error: 'Invalid ZIP code' }).trim().regex(ZIP_CODE_PATTERN, 'Invalid ZIP code'),
  county: optionalText(),
  phone: z.string({ error: PHONE_FORMAT_MESSAGE }).trim().regex(PHONE_PATTERN, PHONE_FORMAT_MESSAGE),
  fax: optionalText(),
  email: z.email({ error: 'Invalid email address' }),
  website: optionalWebsite(),
});

/** Step 4: the pharmacist in charge. */
export const wizardPharmacistInChargeSchema = z.object({
  picFirstName: requiredText('Pharmacist in charge first name is required'),
  picLastName: requiredText('Pharmacist in charge last name is required'),
  picLicenseNumber: requiredText('Pharmacist in charge license number is required'),
  picLicenseState: stateCode(STATE_LENGTH_MESSAGE),
  picLicenseExpiration: requiredDate('License expiration date is required'),
});

/** Step 5: the pharmacy's first user, its admin. */
export const wizardAdminAccountSchema = z.object({
  adminFirstName: requiredText('Admin first name is required'),
  adminLastName: requiredText('Admin last name is required'),
  adminEmail: z.email({ error: 'Invalid admin email' }),
  adminPhone: optionalText(),
  adminPassword: newPassword(),
  adminLicenseNumber: optionalText(),
  adminLicenseState: optionalStateCode(STATE_LENGTH_MESSAGE),
  adminLicenseExpiration: optionalDate(),
  adminLicenseType: optionalText(),
});

/** Step 6: the three agreements. */
export const wizardLegalAgreementSchema = z.object({
  acceptTermsAndConditions: mustAccept('You must accept the terms and conditions to proceed'),
  acceptPrivacyPolicy: mustAccept('You must accept the privacy policy to proceed'),
  acceptRegulatory: mustAccept('You must acknowledge regulatory compliance requirements'),
});

/** The whole wizard payload: every step's fields. */
export const onboardingWizardSchema = z.object({
  ...wizardPharmacyInformationSchema.shape,
  ...wizardRegulatoryInformationSchema.shape,
  ...wizardLocationContactSchema.shape,
  ...wizardPharmacistInChargeSchema.shape,
  ...wizardAdminAccountSchema.shape,
  ...wizardLegalAgreementSchema.shape,
});

/** What the form holds (before trimming). */
export type OnboardingWizardInput = z.input<typeof onboardingWizardSchema>;
/** What validation gives back (trimmed). */
export type OnboardingWizard = z.output<typeof onboardingWizardSchema>;
export type OnboardingWizardField = keyof OnboardingWizardInput;

const { stateLicenseNumber: stateLicenseNumberRule, ...wizardFieldsButLicense } = onboardingWizardSchema.shape;

/**
 * POST /api/auth/onboard's body: the wizard's fields with the state license number under the spec's name
 * `stateInternationalizeNumber` (same rule, so a 400's field path is the name the client sent); parsed, it is the
 * internal OnboardingWizard.
 */
export const onboardingWizardRequestSchema = z
  .object({ ...wizardFieldsButLicense, stateInternationalizeNumber: stateLicenseNumberRule })
  .transform(({ stateInternationalizeNumber, ...wizard }): OnboardingWizard => ({ ...wizard, stateLicenseNumber: stateInternationalizeNumber }));
export type OnboardingWizardRequest = z.input<typeof onboardingWizardRequestSchema>;

/** The wizard's values as POST /api/auth/onboard takes them (the spec's field name). */
export function toOnboardingWizardRequest({ stateLicenseNumber: licenseNumber, ...wizard }: OnboardingWizardInput): OnboardingWizardRequest {
  return { ...wizard, stateInternationalizeNumber: licenseNumber };
}

function fieldsOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): Array<keyof Shape & OnboardingWizardField> {
  return Object.keys(schema.shape) as Array<keyof Shape & OnboardingWizardField>;
}

/** The steps in order (spec §2), with each step's title, schema and fields (for per-step validation). */
export const WIZARD_STEPS = [
  { title: 'Pharmacy Information', schema: wizardPharmacyInformationSchema, fields: fieldsOf(wizardPharmacyInformationSchema) },
  { title: 'Regulatory Information', schema: wizardRegulatoryInformationSchema, fields: fieldsOf(wizardRegulatoryInformationSchema) },
  { title: 'Location & Contact', schema: wizardLocationContactSchema, fields: fieldsOf(wizardLocationContactSchema) },
  { title: 'Pharmacist in Charge', schema: wizardPharmacistInChargeSchema, fields: fieldsOf(wizardPharmacistInChargeSchema) },
  { title: 'Admin Account', schema: wizardAdminAccountSchema, fields: fieldsOf(wizardAdminAccountSchema) },
  { title: 'Legal Agreement', schema: wizardLegalAgreementSchema, fields: fieldsOf(wizardLegalAgreementSchema) },
] as const;

export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;

/** "Step 2 of 6" and its percent complete for a zero-based step index (spec §2). */
export function wizardProgress(stepIndex: number): { label: string; percent: number } {
  const stepNumber = stepIndex + 1;
  return { label: `Step ${stepNumber} of ${WIZARD_STEP_COUNT}`, percent: Math.round((stepNumber / WIZARD_STEP_COUNT) * 100) };
}

/** Empty values for every field, as the form starts. */
export const EMPTY_ONBOARDING_WIZARD: OnboardingWizardInput = {
  pharmacyName: '',
  tradeName: '',
  chainAffiliation: '',
  taxId: '',
  businessType: '',
  ownershipType: '',
  ncpdpId: '',
  nabpNumber: '',
  deaNumber: '',
  stateLicenseNumber: '',
  stateLicenseState: '',
  npiNumber: '',
  streetAddress: '',
  city: '',
  state: '',
  zipCode: '',
  county: '',
  phone: '',
  fax: '',
  email: '',
  website: '',
  picFirstName: '',
  picLastName: '',
  picLicenseNumber: '',
  picLicenseState: '',
  picLicenseExpiration: '',
  adminFirstName: '',
  adminLastName: '',
  adminEmail: '',
  adminPhone: '',
  adminPassword: '',
  adminLicenseNumber: '',
  adminLicenseState: '',
  adminLicenseExpiration: '',
  adminLicenseType: '',
  acceptTermsAndConditions: false,
  acceptPrivacyPolicy: false,
  acceptRegulatory: false,
};
