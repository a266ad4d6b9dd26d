/**
 * Transmission tab (spec part 2 §3 "transmission", §5 timeouts, §9 options and defaults): claims switching with
 * its three providers and failover, Surescripts e-prescribing, eligibility and the claims processor. Secrets
 * (Surescripts password, each provider's credential) are masked and never shown.
 */
import {
  BATCH_RETRY_ATTEMPTS_MAX, BATCH_RETRY_ATTEMPTS_MIN, CLAIMS_PROCESSORS, CLAIMS_TRANSMISSION_MODES, CONNECTION_TIMEOUT_MAX, CONNECTION_TIMEOUT_MIN,
  ELIGIBILITY_TIMEOUT_MAX, ELIGIBILITY_TIMEOUT_MIN, FAILOVER_THRESHOLD_MAX, FAILOVER_THRESHOLD_MIN, IDENTIFIER_MAX_LENGTH, MAX_FAILOVER_ATTEMPTS_MAX,
  MAX_FAILOVER_ATTEMPTS_MIN, OPERATION_TIMEOUT_MAX, OPERATION_TIMEOUT_MIN, SERVICE_CONFIGURATIONS, TRANSMISSION_PROVIDER_LABELS, TRANSMISSION_PROVIDERS,
  TRANSMISSION_RETRY_COUNTS,
} from '@pharmacy/shared/settings/transmission.ts';
import { ChoiceSetting, choiceOptions, NumberSetting, SecretSetting, SettingsSection, TextSetting, ToggleSetting } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

const PROVIDER_OPTIONS = choiceOptions(TRANSMISSION_PROVIDERS, TRANSMISSION_PROVIDER_LABELS);
const PROCESSOR_OPTIONS = choiceOptions(CLAIMS_PROCESSORS, { changehr: 'Change Healthcare', relay: 'RelayHealth', availity: 'Availity', clearinghouse: 'Clearinghouse' });

/** Each switching provider's connection and its credential pair (the second one secret). */
const PROVIDER_CONFIGS = [
  { field: 'relayHealthConfig', provider: 'relayhealth', idField: 'clientId', idLabel: 'Client ID', secretField: 'clientSecret', secretLabel: 'Client Secret' },
  { field: 'changeHealthConfig', provider: 'changehealth', idField: 'memberId', idLabel: 'Member ID', secretField: 'memberPassword', secretLabel: 'Member Password' },
  { field: 'rxlincConfig', provider: 'rxlinc', idField: 'pharmacyId', idLabel: 'Pharmacy ID', secretField: 'apiKey', secretLabel: 'API Key' },
] as const;

export function TransmissionTab({ pharmacyId, onDirtyChange, actions }: SettingsTabProps) {
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="transmission" saveLabel="Save Transmission Settings" onDirtyChange={onDirtyChange} actions={actions}>
      <>
        <SettingsSection title="Claims transmission">
          <ChoiceSetting name="claimsTransmissionMode" label="Claims Transmission Mode" options={choiceOptions(CLAIMS_TRANSMISSION_MODES, { legacy: 'Legacy', local: 'Local' })} />
          <ChoiceSetting name="serviceConfiguration" label="Service Configuration" options={choiceOptions(SERVICE_CONFIGURATIONS, { local: 'Local', remote: 'Remote' })} />
          <NumberSetting name="operationTimeoutSeconds" label="Operation Timeout (seconds)" min={OPERATION_TIMEOUT_MIN} max={OPERATION_TIMEOUT_MAX} />
          <ChoiceSetting name="retryCount" label="Retry Attempts" options={choiceOptions(TRANSMISSION_RETRY_COUNTS)} numeric />
          <ChoiceSetting name="primaryProvider" label="Primary Provider" options={PROVIDER_OPTIONS} />
          <ChoiceSetting name="secondaryProvider" label="Secondary Provider" options={PROVIDER_OPTIONS} />
          <ChoiceSetting name="tertiaryProvider" label="Tertiary Provider" options={PROVIDER_OPTIONS} />
        </SettingsSection>
        {PROVIDER_CONFIGS.map((config) => {
          const name = TRANSMISSION_PROVIDER_LABELS[config.provider];
          return (
            <SettingsSection key={config.field} title={`${name} configuration`}>
              <ToggleSetting name={`${config.field}.enabled`} label={`${name} enabled`} />
              <TextSetting name={`${config.field}.serviceUrl`} label={`${name} Service URL`} type="url" placeholder="https://" />
              <NumberSetting name={`${config.field}.timeout`} label={`${name} Timeout (seconds)`} min={OPERATION_TIMEOUT_MIN} max={OPERATION_TIMEOUT_MAX} />
              <TextSetting name={`${config.field}.${config.idField}`} label={`${name} ${config.idLabel}`} maxLength={IDENTIFIER_MAX_LENGTH} />
              <SecretSetting name={`${config.field}.${config.secretField}`} label={`${name} ${config.secretLabel}`} />
            </SettingsSection>
          );
        })}
        <SettingsSection title="Surescripts e-prescribing">
          <ToggleSetting name="surescriptsEnabled" label="Enable Surescripts" />
          <TextSetting name="surescriptsId" label="Surescripts ID" maxLength={IDENTIFIER_MAX_LENGTH} />
          <SecretSetting name="surescriptsPassword" label="Surescripts Password" />
          <TextSetting name="ncpdpNumber" label="NCPDP Number" maxLength={7} placeholder="1234567" />
        </SettingsSection>
        <SettingsSection title="Eligibility and claims">
          <ToggleSetting name="eligibilityCheckEnabled" label="Eligibility checks" />
          <ToggleSetting name="autoVerifyEligibility" label="Verify eligibility automatically" />
          <ToggleSetting name="enableRtbv" label="Real-time benefit verification" />
          <NumberSetting name="eligibilityTimeout" label="Eligibility Timeout (seconds)" min={ELIGIBILITY_TIMEOUT_MIN} max={ELIGIBILITY_TIMEOUT_MAX} />
          <ToggleSetting name="insuranceClaimsEnabled" label="Insurance claims" />
          <ToggleSetting name="enableRealtimeClaims" label="Real-time claims" />
          <ChoiceSetting name="claimsProcessor" label="Claims Processor" options={PROCESSOR_OPTIONS} />
          <TextSetting name="claimsProcessorUrl" label="Claims Processor URL" type="url" placeholder="https://" />
          <TextSetting name="claimsProcessorId" label="Claims Processor ID" maxLength={IDENTIFIER_MAX_LENGTH} />
          <TextSetting name="clearinghouseId" label="Clearinghouse ID" maxLength={IDENTIFIER_MAX_LENGTH} />
          <TextSetting name="submitterId" label="Submitter ID" maxLength={IDENTIFIER_MAX_LENGTH} />
        </SettingsSection>
        <SettingsSection title="Connection">
          <TextSetting name="transmissionUrl" label="Transmission URL" type="url" placeholder="https://" />
          <TextSetting name="backupUrl" label="Backup URL" type="url" placeholder="https://" />
          <ToggleSetting name="useTls" label="Use TLS" />
          <NumberSetting name="connectionTimeout" label="Connection Timeout (seconds)" min={CONNECTION_TIMEOUT_MIN} max={CONNECTION_TIMEOUT_MAX} />
        </SettingsSection>
        <SettingsSection title="Batches and failover">
          <TextSetting name="batchSubmissionTime" label="Batch Submission Time" type="time" />
          <NumberSetting name="batchRetryAttempts" label="Batch Retry Attempts" min={BATCH_RETRY_ATTEMPTS_MIN} max={BATCH_RETRY_ATTEMPTS_MAX} />
          <ToggleSetting name="enableAutomaticFailover" label="Automatic failover" />
          <NumberSetting name="failoverThresholdSeconds" label="Failover Threshold (seconds)" min={FAILOVER_THRESHOLD_MIN} max={FAILOVER_THRESHOLD_MAX} />
          <NumberSetting name="maxFailoverAttempts" label="Maximum Failover Attempts" min={MAX_FAILOVER_ATTEMPTS_MIN} max={MAX_FAILOVER_ATTEMPTS_MAX} />
        </SettingsSection>
      </>
    </SettingsGroupForm>
  );
}
