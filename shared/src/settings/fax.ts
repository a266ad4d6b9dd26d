/**
 * System Settings → Fax (spec part 2 §3 "fax"): the fax provider and its API, the pharmacy's fax numbers,
 * retries, security, and what is faxed automatically to prescribers, patients, facilities and insurers.
 * §5: fax retry attempts 1–10, retry delay 1–60 minutes; §9: provider options and defaults. Secret: the
 * provider's API key.
 */
import * as z from 'zod';
import { choice, optionalPhone, optionalUrl, storedUrl, text, toggle, wholeNumber, type UrlField } from './fields.ts';
import { type SecretField, secretInput, secretStatus } from './secrets.ts';

export const FAX_PROVIDERS = ['efax', 'myfax', 'ringcentral', 'srfax', 'gotfreefax'] as const;
export const FAX_RETRY_ATTEMPTS_MIN = 1;
export const FAX_RETRY_ATTEMPTS_MAX = 10;
export const FAX_RETRY_DELAY_MIN = 1;
export const FAX_RETRY_DELAY_MAX = 60;
export const CONFIDENTIALITY_NOTICE_MAX_LENGTH = 2000;

export const FAX_SECRET_FIELDS = ['providerApiKey'] as const;

/** The notice a HIPAA-minded pharmacy puts on a fax cover page; the spec gives no text. */
export const DEFAULT_CONFIDENTIALITY_NOTICE =
  'CONFIDENTIAL: This fax contains protected health information intended only for the named recipient. ' +
  'If you received it in error, notify the sender by phone and destroy all copies. Any other use or disclosure is prohibited.';

function faxShape<Secret extends SecretField>(secret: Secret, url: UrlField) {
  return {
    faxProvider: choice('Fax provider', FAX_PROVIDERS),
    providerApiKey: secret('Fax provider API key') as ReturnType<Secret>,
    providerApiUrl: url('Fax provider API URL'),
    mainFaxNumber: optionalPhone('Main fax number'),
    rxFaxNumber: optionalPhone('Rx fax number'),
    billingFaxNumber: optionalPhone('Billing fax number'),
    emergencyFaxNumber: optionalPhone('Emergency fax number'),
    enableAutoFax: toggle('Automatic fax'),
    faxRetryAttempts: wholeNumber('Fax retry attempts', FAX_RETRY_ATTEMPTS_MIN, FAX_RETRY_ATTEMPTS_MAX),
    faxRetryDelayMinutes: wholeNumber('Fax retry delay', FAX_RETRY_DELAY_MIN, FAX_RETRY_DELAY_MAX, 'minutes'),
    highPriorityEnabled: toggle('High priority fax'),
    enableHipaaCompliance: toggle('HIPAA compliance'),
    requireEncryption: toggle('Fax encryption'),
    includeCoverPage: toggle('Cover page'),
    confidentialityNotice: text('Confidentiality notice', CONFIDENTIALITY_NOTICE_MAX_LENGTH),
    providerFaxSettings: z.object({
      autoFaxNewPrescriptions: toggle('Auto-fax new prescriptions'),
      autoFaxClarifications: toggle('Auto-fax clarifications'),
      autoFaxRefillRequests: toggle('Auto-fax refill requests'),
      requireDeliveryConfirmation: toggle('Delivery confirmation'),
      priorityDelivery: toggle('Priority delivery'),
    }),
    patientFaxSettings: z.object({
      allowPatientFax: toggle('Patient fax'),
      requirePatientConsent: toggle('Patient consent'),
      autoFaxReadyNotifications: toggle('Auto-fax ready notifications'),
      autoFaxInsuranceInfo: toggle('Auto-fax insurance information'),
      autoFaxPickupReminders: toggle('Auto-fax pickup reminders'),
    }),
    facilityFaxSettings: z.object({
      autoFaxDeliveryConfirmation: toggle('Auto-fax delivery confirmation'),
      autoFaxInventoryUpdates: toggle('Auto-fax inventory updates'),
      autoFaxAdministrationRecords: toggle('Auto-fax administration records'),
      autoFaxBillingReports: toggle('Auto-fax billing reports'),
      emergencyFaxEnabled: toggle('Emergency fax'),
    }),
    insuranceFaxSettings: z.object({
      autoFaxPriorAuthorization: toggle('Auto-fax prior authorization'),
      autoFaxClaimsDocuments: toggle('Auto-fax claims documents'),
      autoFaxAppealDocuments: toggle('Auto-fax appeal documents'),
      priorityProcessing: toggle('Priority processing'),
    }),
  };
}

/** PUT /api/system-settings/fax. */
export const faxSettingsSchema = z.object(faxShape(secretInput, optionalUrl));
export type FaxSettingsInput = z.input<typeof faxSettingsSchema>;
export type FaxSettings = z.output<typeof faxSettingsSchema>;

/** GET /api/system-settings/fax: the API key as `{ set }`. */
export const faxSettingsReadSchema = z.object(faxShape(secretStatus, storedUrl));
export type FaxSettingsRead = z.output<typeof faxSettingsReadSchema>;

/**
 * §9 defaults (eFax, 3 retries 5 minutes apart); the rest chosen: nothing faxed automatically until an admin
 * turns it on, HIPAA protections, encryption, cover page with a confidentiality notice, delivery confirmation
 * and patient consent required.
 */
export const FAX_SETTINGS_DEFAULTS: FaxSettingsRead = {
  faxProvider: 'efax',
  providerApiKey: { set: false },
  providerApiUrl: '',
  mainFaxNumber: '',
  rxFaxNumber: '',
  billingFaxNumber: '',
  emergencyFaxNumber: '',
  enableAutoFax: false,
  faxRetryAttempts: 3,
  faxRetryDelayMinutes: 5,
  highPriorityEnabled: false,
  enableHipaaCompliance: true,
  requireEncryption: true,
  includeCoverPage: true,
  confidentialityNotice: DEFAULT_CONFIDENTIALITY_NOTICE,
  providerFaxSettings: {
    autoFaxNewPrescriptions: false,
    autoFaxClarifications: false,
    autoFaxRefillRequests: false,
    requireDeliveryConfirmation: true,
    priorityDelivery: false,
  },
  patientFaxSettings: {
    allowPatientFax: false,
    requirePatientConsent: true,
    autoFaxReadyNotifications: false,
    autoFaxInsuranceInfo: false,
    autoFaxPickupReminders: false,
  },
  facilityFaxSettings: {
    autoFaxDeliveryConfirmation: false,
    autoFaxInventoryUpdates: false,
    autoFaxAdministrationRecords: false,
    autoFaxBillingReports: false,
    emergencyFaxEnabled: false,
  },
  insuranceFaxSettings: {
    autoFaxPriorAuthorization: false,
    autoFaxClaimsDocuments: false,
    autoFaxAppealDocuments: false,
    priorityProcessing: false,
  },
};
