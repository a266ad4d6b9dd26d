import { describe, expect, it } from 'vitest';
import {
  TRANSMISSION_SETTINGS_DEFAULTS,
  transmissionSettingsReadSchema,
  transmissionSettingsSchema,
} from '../../shared/src/settings/transmission.ts';
import { expectChoice, expectRange, expectSecretRules, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = transmissionSettingsSchema;

/** Every field set, none at its default, every secret given. */
const fullTransmission = FULL_SETTINGS_WRITES['transmission'];

describe('transmission settings (spec part 2 §3, §5, §9)', () => {
  it('has the §9 defaults', () => {
    expect(TRANSMISSION_SETTINGS_DEFAULTS).toMatchObject({
      claimsTransmissionMode: 'legacy',
      serviceConfiguration: 'local',
      operationTimeoutSeconds: 30,
      retryCount: 1,
      primaryProvider: 'relayhealth',
      secondaryProvider: 'changehealth',
      tertiaryProvider: 'rxlinc',
      relayHealthConfig: { timeout: 30 },
      changeHealthConfig: { timeout: 30 },
      rxlincConfig: { timeout: 30 },
      eligibilityTimeout: 30,
      connectionTimeout: 30,
      failoverThresholdSeconds: 60,
      maxFailoverAttempts: 3,
    });
    expect(transmissionSettingsReadSchema.parse(TRANSMISSION_SETTINGS_DEFAULTS)).toEqual(TRANSMISSION_SETTINGS_DEFAULTS);
  });

  it('accepts a full valid group', () => {
    expectValid(schema, fullTransmission());
  });

  it('bounds the eligibility timeout 5–60 s and the connection timeout 5–300 s (§5)', () => {
    expectRange(schema, fullTransmission(), 'eligibilityTimeout', 5, 60, 'Eligibility timeout must be between 5 and 60 seconds');
    expectRange(schema, fullTransmission(), 'connectionTimeout', 5, 300, 'Connection timeout must be between 5 and 300 seconds');
  });

  it('bounds the timeouts, batch retries and failover numbers the spec leaves open', () => {
    expectRange(schema, fullTransmission(), 'operationTimeoutSeconds', 5, 300, 'Operation timeout must be between 5 and 300 seconds');
    expectRange(schema, fullTransmission(), 'relayHealthConfig.timeout', 5, 300, 'RelayHealth timeout must be between 5 and 300 seconds');
    expectRange(schema, fullTransmission(), 'changeHealthConfig.timeout', 5, 300, 'Change Healthcare timeout must be between 5 and 300 seconds');
    expectRange(schema, fullTransmission(), 'rxlincConfig.timeout', 5, 300, 'RxLinc timeout must be between 5 and 300 seconds');
    expectRange(schema, fullTransmission(), 'batchRetryAttempts', 1, 10, 'Batch retry attempts must be between 1 and 10');
    expectRange(schema, fullTransmission(), 'failoverThresholdSeconds', 10, 600, 'Failover threshold must be between 10 and 600 seconds');
    expectRange(schema, fullTransmission(), 'maxFailoverAttempts', 1, 10, 'Maximum failover attempts must be between 1 and 10');
  });

  it('refuses fractions and text where a whole number of seconds is due', () => {
    expect(messagesAt(schema, withValue(fullTransmission(), 'eligibilityTimeout', 30.5), 'eligibilityTimeout')).toEqual([
      'Eligibility timeout must be between 5 and 60 seconds',
    ]);
    expect(messagesAt(schema, withValue(fullTransmission(), 'connectionTimeout', '30'), 'connectionTimeout')).toEqual([
      'Connection timeout must be between 5 and 300 seconds',
    ]);
  });

  it('takes exactly the §9 options', () => {
    const base = fullTransmission();
    expectChoice(schema, base, 'claimsTransmissionMode', ['legacy', 'local'], ['remote', '', 'LEGACY'], 'Claims transmission mode must be one of: legacy, local');
    expectChoice(schema, base, 'serviceConfiguration', ['local', 'remote'], ['legacy', ''], 'Service configuration must be one of: local, remote');
    expectChoice(schema, base, 'retryCount', [1, 2, 3, 5], [0, 4, 6, '1'], 'Retry count must be one of: 1, 2, 3, 5');
    expectChoice(schema, base, 'claimsProcessor', ['changehr', 'relay', 'availity', 'clearinghouse'], ['changehealth', ''], 'Claims processor must be one of: changehr, relay, availity, clearinghouse');
    expect(messagesAt(schema, withValue(base, 'primaryProvider', 'surescripts'), 'primaryProvider')).toEqual([
      'Primary provider must be one of: relayhealth, changehealth, rxlinc',
    ]);
    expect(messagesAt(schema, withValue(base, 'tertiaryProvider', ''), 'tertiaryProvider')).toEqual([
      'Tertiary provider must be one of: relayhealth, changehealth, rxlinc',
    ]);
  });

  it('needs three different providers for failover', () => {
    const message = 'Primary, secondary and tertiary providers must be three different providers';
    expect(messagesAt(schema, withValue(fullTransmission(), 'secondaryProvider', 'changehealth'), 'secondaryProvider')).toEqual([message]);
    expect(messagesAt(schema, withValue(fullTransmission(), 'tertiaryProvider', 'rxlinc'), 'tertiaryProvider')).toEqual([message]);
  });

  it('checks addresses, the NCPDP number and the batch time', () => {
    const base = fullTransmission();
    expect(messagesAt(schema, withValue(base, 'transmissionUrl', 'not a url'), 'transmissionUrl')).toEqual(['Transmission URL must be a valid URL (https://...)']);
    expect(messagesAt(schema, withValue(base, 'relayHealthConfig.serviceUrl', 'ftp://relay.example.com'), 'relayHealthConfig.serviceUrl')).toEqual([
      'RelayHealth service URL must be a valid URL (https://...)',
    ]);
    expectValid(schema, withValue(base, 'backupUrl', ''));
    expect(messagesAt(schema, withValue(base, 'ncpdpNumber', '123456'), 'ncpdpNumber')).toEqual(['NCPDP number must be 7 digits']);
    expectValid(schema, withValue(base, 'ncpdpNumber', ''));
    expect(messagesAt(schema, withValue(base, 'batchSubmissionTime', '24:00'), 'batchSubmissionTime')).toEqual(['Batch submission time must be a time HH:MM']);
  });

  it('keeps the Surescripts password and provider credentials secret', () => {
    expectSecretRules('transmission', fullTransmission(), [
      'surescriptsPassword',
      'relayHealthConfig.clientSecret',
      'changeHealthConfig.memberPassword',
      'rxlincConfig.apiKey',
    ]);
  });

  it('takes a write with no secret fields at all', () => {
    const write = withValue(withValue(withValue(withValue(fullTransmission(), 'surescriptsPassword', undefined),
      'relayHealthConfig.clientSecret', undefined), 'changeHealthConfig.memberPassword', undefined), 'rxlincConfig.apiKey', undefined);
    const parsed = schema.parse(write);
    expect(parsed.surescriptsPassword).toBeUndefined();
    expect(parsed.relayHealthConfig.clientSecret).toBeUndefined();
  });
});
