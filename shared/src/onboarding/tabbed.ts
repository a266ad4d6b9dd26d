/**
 * The tabbed onboarding (/production-onboard, spec §2, §3, §5): one schema per tab (Pharmacy, Admin,
 * Plan), the form payload POST /api/onboarding/validate takes, and the payload with operating hours that
 * POST /api/onboarding/complete takes. The web form and the api function validate with these schemas.
 */
import * as z from 'zod';
import {
  NPI_PATTERN,
  mustAccept,
  newPassword,
  optionalText,
  optionalWebsite,
  requiredDeaNumber,
  requiredFormatted,
  requiredText,
} from '../common/field-rules.ts';

const VALID_EMAIL_MESSAGE = 'Valid email is required';

function minText(length: number, message: string) {
  return z.string({ error: message }).trim().min(length, message);
}

/**
 * Pharmacy tab. DEA and NPI formats are the server-side rules the spec leaves open (§5); the DEA number also
 * carries its check digit (as the wizard and System Settings check it).
 */
export const tabbedPharmacySchema = z.object({
  pharmacyName: requiredText('Pharmacy name is required'),
  deaNumber: requiredDeaNumber('DEA number is required'),
  ncpdpId: requiredText('NCPDP ID is required'),
  npiNumber: requiredFormatted('NPI number is required', NPI_PATTERN, 'NPI must be 10 digits'),
  licenseNumber: requiredText('License number is required'),
  licenseState: minText(2, 'License state must be at least 2 characters'),
  address: requiredText('Address is required'),
  city: requiredText('City is required'),
  state: minText(2, 'State must be at least 2 characters'),
  zipCode: minText(5, 'ZIP code must be at least 5 characters'),
  phone: minText(10, 'Phone number must be at least 10 digits'),
  fax: optionalText(),
  email: z.email({ error: VALID_EMAIL_MESSAGE }),
  website: optionalWebsite(),
});

/** Admin tab. */
export const tabbedAdminSchema = z.object({
  adminFirstName: requiredText('First name is required'),
  adminLastName: requiredText('Last name is required'),
  adminEmail: z.email({ error: VALID_EMAIL_MESSAGE }),
  adminPassword: newPassword(),
  adminPhone: minText(10, 'Phone number must be at least 10 digits'),
});

/** Plan tab: the chosen plan and the three agreements. */
export const tabbedPlanSchema = z.object({
  selectedPlan: requiredText('Please select a subscription plan'),
  termsAccepted: mustAccept('Terms must be accepted'),
  hipaaAgreement: mustAccept('HIPAA agreement must be accepted'),
  privacyPolicy: mustAccept('Privacy policy must be accepted'),
});

/** The form as POST /api/onboarding/validate takes it. */
export const onboardingTabbedSchema = z.object({
  ...tabbedPharmacySchema.shape,
  ...tabbedAdminSchema.shape,
  ...tabbedPlanSchema.shape,
});

export type OnboardingTabbedInput = z.input<typeof onboardingTabbedSchema>;
export type OnboardingTabbed = z.output<typeof onboardingTabbedSchema>;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** "HH:MM", 24-hour. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const dayHoursSchema = z
  .object({
    open: z.string().regex(TIME_OF_DAY_PATTERN, 'Opening time must be HH:MM'),
    close: z.string().regex(TIME_OF_DAY_PATTERN, 'Closing time must be HH:MM'),
    closed: z.boolean(),
  })
  // Only well-formed times are compared; a malformed one already has its own message.
  .refine((day) => day.closed || !TIME_OF_DAY_PATTERN.test(day.open) || !TIME_OF_DAY_PATTERN.test(day.close) || day.open < day.close, {
    message: 'Closing time must be after opening time',
    path: ['close'],
  });

export type DayHours = z.infer<typeof dayHoursSchema>;
export type OperatingHours = Record<Weekday, DayHours>;

/** The hours sent when the pharmacy gives none (spec §3): weekdays 09–18, Saturday 09–17, Sunday 10–16. */
export const DEFAULT_OPERATING_HOURS: OperatingHours = {
  monday: { open: '09:00', close: '18:00', closed: false },
  tuesday: { open: '09:00', close: '18:00', closed: false },
  wednesday: { open: '09:00', close: '18:00', closed: false },
  thursday: { open: '09:00', close: '18:00', closed: false },
  friday: { open: '09:00', close: '18:00', closed: false },
  saturday: { open: '09:00', close: '17:00', closed: false },
  sunday: { open: '10:00', close: '16:00', closed: false },
};

export const operatingHoursSchema = z.object({
  monday: dayHoursSchema,
  tuesday: dayHoursSchema,
  wednesday: dayHoursSchema,
  thursday: dayHoursSchema,
  friday: dayHoursSchema,
  saturday: dayHoursSchema,
  sunday: dayHoursSchema,
});

/** The form plus operating hours, as POST /api/onboarding/complete takes it; missing hours are the defaults. */
export const onboardingCompleteSchema = z.object({
  ...onboardingTabbedSchema.shape,
  operatingHours: operatingHoursSchema.default(DEFAULT_OPERATING_HOURS),
});

export type OnboardingCompleteInput = z.input<typeof onboardingCompleteSchema>;
export type OnboardingComplete = z.output<typeof onboardingCompleteSchema>;

/** Empty values for every field, as the form starts. */
export const EMPTY_ONBOARDING_TABBED: OnboardingTabbedInput = {
  pharmacyName: '',
  deaNumber: '',
  ncpdpId: '',
  npiNumber: '',
  licenseNumber: '',
  licenseState: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  phone: '',
  fax: '',
  email: '',
  website: '',
  adminFirstName: '',
  adminLastName: '',
  adminEmail: '',
  adminPassword: '',
  adminPhone: '',
  selectedPlan: '',
  termsAccepted: false,
  hipaaAgreement: false,
  privacyPolicy: false,
};
