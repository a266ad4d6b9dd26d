/**
 * System Settings → Transmission (spec part 2 §3 "transmission" and the billing screen's transmission form,
 * which reads and saves the same group through /api/system-settings/transmission): e-prescribing (Surescripts),
 * claims switching providers with failover, eligibility and the claims processor. Bounds §5, options and
 * defaults §9. The billing form's `enableSurescripts` is this group's `surescriptsEnabled` (one switch, not two).
 * Secrets: the Surescripts password and each provider's credential secret.
 */
import * as z from 'zod';
import { choice, emptyOr, numberChoice, optionalUrl, storedUrl, text, timeOfDay, toggle, wholeNumber, type UrlField } from './fields.ts';
import { type SecretField, secretInput, secretStatus } from './secrets.ts';

export const CLAIMS_TRANSMISSION_MODES = ['legacy', 'local'] as const;
export const SERVICE_CONFIGURATIONS = ['local', 'remote'] as const;
export const TRANSMISSION_PROVIDERS = ['relayhealth', 'changehealth', 'rxlinc'] as const;
export type TransmissionProvider = (typeof TRANSMISSION_PROVIDERS)[number];
export const TRANSMISSION_PROVIDER_LABELS: Readonly<Record<TransmissionProvider, string>> = {
  relayhealth: 'RelayHealth',
  changehealth: 'Change Healthcare',
  rxlinc: 'RxLinc',
};
export const CLAIMS_PROCESSORS = ['changehr', 'relay', 'availity', 'clearinghouse'] as const;
/** §9: "Retry attempts choices 1, 2, 3, 5". */
export const TRANSMISSION_RETRY_COUNTS = [1, 2, 3, 5] as const;

export const ELIGIBILITY_TIMEOUT_MIN = 5;
export const ELIGIBILITY_TIMEOUT_MAX = 60;
export const CONNECTION_TIMEOUT_MIN = 5;
export const CONNECTION_TIMEOUT_MAX = 300;
/** Operation and provider timeouts: the spec gives only the default (30 s); they take the connection timeout's bounds. */
export const OPERATION_TIMEOUT_MIN = CONNECTION_TIMEOUT_MIN;
export const OPERATION_TIMEOUT_MAX = CONNECTION_TIMEOUT_MAX;
export const FAILOVER_THRESHOLD_MIN = 10;
export const FAILOVER_THRESHOLD_MAX = 600;
export const MAX_FAILOVER_ATTEMPTS_MIN = 1;
export const MAX_FAILOVER_ATTEMPTS_MAX = 10;
export const BATCH_RETRY_ATTEMPTS_MIN = 1;
export const BATCH_RETRY_ATTEMPTS_MAX = 10;
export const IDENTIFIER_MAX_LENGTH = 100;
/** NCPDP provider ids are seven digits. */
export const NCPDP_NUMBER_PATTERN = /^\d{7}$/;

export const TRANSMISSION_SECRET_FIELDS = [
  'surescriptsPassword',
  'relayHealthConfig.clientSecret',
  'changeHealthConfig.memberPassword',
  'rxlincConfig.apiKey',
] as const;

function identifier(label: string) {
  return text(label, IDENTIFIER_MAX_LENGTH);
}

/** What every switching provider's config has: on/off, its address and its timeout (default 30 s, §9). */
function providerConnection(name: string, url: UrlField) {
  return {
    enabled: toggle(`${name} enabled`),
    serviceUrl: url(`${name} service URL`),
    timeout: wholeNumber(`${name} timeout`, OPERATION_TIMEOUT_MIN, OPERATION_TIMEOUT_MAX, 'seconds'),
  };
}

function transmissionShape<Secret extends SecretField>(secret: Secret, url: UrlField) {
  return {
    claimsTransmissionMode: choice('Claims transmission mode', CLAIMS_TRANSMISSION_MODES),
    serviceConfiguration: choice('Service configuration', SERVICE_CONFIGURATIONS),
    operationTimeoutSeconds: wholeNumber('Operation timeout', OPERATION_TIMEOUT_MIN, OPERATION_TIMEOUT_MAX, 'seconds'),
    retryCount: numberChoice('Retry count', TRANSMISSION_RETRY_COUNTS),
    primaryProvider: choice('Primary provider', TRANSMISSION_PROVIDERS),
    secondaryProvider: choice('Secondary provider', TRANSMISSION_PROVIDERS),
    tertiaryProvider: choice('Tertiary provider', TRANSMISSION_PROVIDERS),
    relayHealthConfig: z.object({
      ...providerConnection('RelayHealth', url),
      clientId: identifier('RelayHealth client ID'),
      clientSecret: secret('RelayHealth client secret') as ReturnType<Secret>,
    }),
    changeHealthConfig: z.object({
      ...providerConnection('Change Healthcare', url),
      memberId: identifier('Change Healthcare member ID'),
      memberPassword: secret('Change Healthcare member password') as ReturnType<Secret>,
    }),
    rxlincConfig: z.object({
      ...providerConnection('RxLinc', url),
      pharmacyId: identifier('RxLinc pharmacy ID'),
      apiKey: secret('RxLinc API key') as ReturnType<Secret>,
    }),
    surescriptsEnabled: toggle('Surescripts'),
    surescriptsId: identifier('Surescripts ID'),
    surescriptsPassword: secret('Surescripts password') as ReturnType<Secret>,
    ncpdpNumber: emptyOr('NCPDP number must be 7 digits', (value) => NCPDP_NUMBER_PATTERN.test(value)),
    eligibilityCheckEnabled: toggle('Eligibility check'),
    autoVerifyEligibility: toggle('Automatic eligibility verification'),
    enableRtbv: toggle('Real-time benefit verification'),
    eligibilityTimeout: wholeNumber('Eligibility timeout', ELIGIBILITY_TIMEOUT_MIN, ELIGIBILITY_TIMEOUT_MAX, 'seconds'),
    insuranceClaimsEnabled: toggle('Insurance claims'),
    enableRealtimeClaims: toggle('Real-time claims'),
    claimsProcessor: choice('Claims processor', CLAIMS_PROCESSORS),
    claimsProcessorUrl: url('Claims processor URL'),
    claimsProcessorId: identifier('Claims processor ID'),
    clearinghouseId: identifier('Clearinghouse ID'),
    submitterId: identifier('Submitter ID'),
    transmissionUrl: url('Transmission URL'),
    backupUrl: url('Backup URL'),
    useTls: toggle('TLS'),
    connectionTimeout: wholeNumber('Connection timeout', CONNECTION_TIMEOUT_MIN, CONNECTION_TIMEOUT_MAX, 'seconds'),
    batchSubmissionTime: timeOfDay('Batch submission time'),
    batchRetryAttempts: wholeNumber('Batch retry attempts', BATCH_RETRY_ATTEMPTS_MIN, BATCH_RETRY_ATTEMPTS_MAX),
    enableAutomaticFailover: toggle('Automatic failover'),
    failoverThresholdSeconds: wholeNumber('Failover threshold', FAILOVER_THRESHOLD_MIN, FAILOVER_THRESHOLD_MAX, 'seconds'),
    maxFailoverAttempts: wholeNumber('Maximum failover attempts', MAX_FAILOVER_ATTEMPTS_MIN, MAX_FAILOVER_ATTEMPTS_MAX),
  };
}

export const TRANSMISSION_PROVIDER_ORDER_MESSAGE = 'Primary, secondary and tertiary providers must be three different providers';

/** PUT /api/system-settings/transmission. Failover goes to another provider, so the three must differ. */
export const transmissionSettingsSchema = z.object(transmissionShape(secretInput, optionalUrl)).superRefine((settings, context) => {
  const { primaryProvider, secondaryProvider, tertiaryProvider } = settings;
  if (secondaryProvider === primaryProvider) {
    context.addIssue({ code: 'custom', path: ['secondaryProvider'], message: TRANSMISSION_PROVIDER_ORDER_MESSAGE });
  }
  if (tertiaryProvider === primaryProvider || tertiaryProvider === secondaryProvider) {
    context.addIssue({ code: 'custom', path: ['tertiaryProvider'], message: TRANSMISSION_PROVIDER_ORDER_MESSAGE });
  }
});
export type TransmissionSettingsInput = z.input<typeof transmissionSettingsSchema>;
export type TransmissionSettings = z.output<typeof transmissionSettingsSchema>;

/** GET /api/system-settings/transmission: secrets as `{ set }`. */
export const transmissionSettingsReadSchema = z.object(transmissionShape(secretStatus, storedUrl));
export type TransmissionSettingsRead = z.output<typeof transmissionSettingsReadSchema>;

const notSet = { set: false } as const;

/** §5, §9 defaults; nothing switched on, no credentials. */
export const TRANSMISSION_SETTINGS_DEFAULTS: TransmissionSettingsRead = {
  claimsTransmissionMode: 'legacy',
  serviceConfiguration: 'local',
  operationTimeoutSeconds: 30,
  retryCount: 1,
  primaryProvider: 'relayhealth',
  secondaryProvider: 'changehealth',
  tertiaryProvider: 'rxlinc',
  relayHealthConfig: { enabled: false, serviceUrl: '', timeout: 30, clientId: '', clientSecret: notSet },
  changeHealthConfig: { enabled: false, serviceUrl: '', timeout: 30, memberId: '', memberPassword: notSet },
  rxlincConfig: { enabled: false, serviceUrl: '', timeout: 30, pharmacyId: '', apiKey: notSet },
  surescriptsEnabled: false,
  surescriptsId: '',
  surescriptsPassword: notSet,
  ncpdpNumber: '',
  eligibilityCheckEnabled: false,
  autoVerifyEligibility: false,
  enableRtbv: false,
  eligibilityTimeout: 30,
  insuranceClaimsEnabled: false,
  enableRealtimeClaims: false,
  claimsProcessor: 'changehr',
  claimsProcessorUrl: '',
  claimsProcessorId: '',
  clearinghouseId: '',
  submitterId: '',
  transmissionUrl: '',
  backupUrl: '',
  useTls: true,
  connectionTimeout: 30,
  batchSubmissionTime: '22:00',
  batchRetryAttempts: 3,
  enableAutomaticFailover: true,
  failoverThresholdSeconds: 60,
  maxFailoverAttempts: 3,
};
