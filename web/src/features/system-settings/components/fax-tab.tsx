/**
 * Fax tab (spec part 2 §2, §3 "fax", §5 retries 1–10 and delay 1–60 minutes, §9 providers): the provider and its
 * API (key masked), the pharmacy's fax numbers, retries, security, and what is faxed automatically to each
 * audience. Test Fax Connection and View Fax Queue are another feature's, placed by the route.
 */
import { CONFIDENTIALITY_NOTICE_MAX_LENGTH, FAX_PROVIDERS, FAX_RETRY_ATTEMPTS_MAX, FAX_RETRY_ATTEMPTS_MIN, FAX_RETRY_DELAY_MAX, FAX_RETRY_DELAY_MIN } from '@pharmacy/shared/settings/fax.ts';
import { ChoiceSetting, choiceOptions, NumberSetting, SecretSetting, SettingsSection, TextAreaSetting, TextSetting, ToggleSetting } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

const PROVIDER_LABELS = { efax: 'eFax', myfax: 'MyFax', ringcentral: 'RingCentral', srfax: 'SRFax', gotfreefax: 'GotFreeFax' } as const;

export function FaxTab({ pharmacyId, onDirtyChange, actions }: SettingsTabProps) {
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="fax" saveLabel="Save Fax Settings" onDirtyChange={onDirtyChange} actions={actions}>
      <>
        <SettingsSection title="Fax provider">
          <ChoiceSetting name="faxProvider" label="Fax Provider" options={choiceOptions(FAX_PROVIDERS, PROVIDER_LABELS)} />
          <SecretSetting name="providerApiKey" label="Provider API Key" />
          <TextSetting name="providerApiUrl" label="Provider API URL" type="url" placeholder="https://" />
        </SettingsSection>
        <SettingsSection title="Pharmacy fax numbers">
          <TextSetting name="mainFaxNumber" label="Main Fax Number" phone />
          <TextSetting name="rxFaxNumber" label="Rx Fax Number" phone />
          <TextSetting name="billingFaxNumber" label="Billing Fax Number" phone />
          <TextSetting name="emergencyFaxNumber" label="Emergency Fax Number" phone />
        </SettingsSection>
        <SettingsSection title="Queue">
          <ToggleSetting name="enableAutoFax" label="Automatic fax" />
          <ToggleSetting name="highPriorityEnabled" label="High priority faxes" />
          <NumberSetting name="faxRetryAttempts" label="Fax Retry Attempts" min={FAX_RETRY_ATTEMPTS_MIN} max={FAX_RETRY_ATTEMPTS_MAX} />
          <NumberSetting name="faxRetryDelayMinutes" label="Fax Retry Delay (minutes)" min={FAX_RETRY_DELAY_MIN} max={FAX_RETRY_DELAY_MAX} />
        </SettingsSection>
        <SettingsSection title="Security">
          <ToggleSetting name="enableHipaaCompliance" label="HIPAA compliance" />
          <ToggleSetting name="requireEncryption" label="Require encryption" />
          <ToggleSetting name="includeCoverPage" label="Include cover page" />
          <TextAreaSetting name="confidentialityNotice" label="Confidentiality Notice" maxLength={CONFIDENTIALITY_NOTICE_MAX_LENGTH} />
        </SettingsSection>
        <SettingsSection title="Prescribers">
          <ToggleSetting name="providerFaxSettings.autoFaxNewPrescriptions" label="Auto-fax new prescriptions" />
          <ToggleSetting name="providerFaxSettings.autoFaxClarifications" label="Auto-fax clarifications" />
          <ToggleSetting name="providerFaxSettings.autoFaxRefillRequests" label="Auto-fax refill requests" />
          <ToggleSetting name="providerFaxSettings.requireDeliveryConfirmation" label="Require delivery confirmation" />
          <ToggleSetting name="providerFaxSettings.priorityDelivery" label="Priority delivery" />
        </SettingsSection>
        <SettingsSection title="Patients">
          <ToggleSetting name="patientFaxSettings.allowPatientFax" label="Allow faxes to patients" />
          <ToggleSetting name="patientFaxSettings.requirePatientConsent" label="Require patient consent" />
          <ToggleSetting name="patientFaxSettings.autoFaxReadyNotifications" label="Auto-fax ready notifications" />
          <ToggleSetting name="patientFaxSettings.autoFaxInsuranceInfo" label="Auto-fax insurance information" />
          <ToggleSetting name="patientFaxSettings.autoFaxPickupReminders" label="Auto-fax pickup reminders" />
        </SettingsSection>
        <SettingsSection title="Facilities">
          <ToggleSetting name="facilityFaxSettings.autoFaxDeliveryConfirmation" label="Auto-fax delivery confirmation" />
          <ToggleSetting name="facilityFaxSettings.autoFaxInventoryUpdates" label="Auto-fax inventory updates" />
          <ToggleSetting name="facilityFaxSettings.autoFaxAdministrationRecords" label="Auto-fax administration records" />
          <ToggleSetting name="facilityFaxSettings.autoFaxBillingReports" label="Auto-fax billing reports" />
          <ToggleSetting name="facilityFaxSettings.emergencyFaxEnabled" label="Emergency faxes" />
        </SettingsSection>
        <SettingsSection title="Insurance">
          <ToggleSetting name="insuranceFaxSettings.autoFaxPriorAuthorization" label="Auto-fax prior authorization" />
          <ToggleSetting name="insuranceFaxSettings.autoFaxClaimsDocuments" label="Auto-fax claims documents" />
          <ToggleSetting name="insuranceFaxSettings.autoFaxAppealDocuments" label="Auto-fax appeal documents" />
          <ToggleSetting name="insuranceFaxSettings.priorityProcessing" label="Priority processing" />
        </SettingsSection>
      </>
    </SettingsGroupForm>
  );
}
