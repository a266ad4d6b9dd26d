/**
 * Email tab (spec part 2 §2, §3 "email", §5 bounds and email-typed addresses, §9 defaults): the SMTP server
 * (password masked), the pharmacy's addresses, the queue, security, and what is emailed automatically to each
 * audience. Send Test Email, Test Email Connection and View Email Queue are another feature's, placed by the route.
 */
import {
  ATTACHMENT_MAX_SIZE_MAX, ATTACHMENT_MAX_SIZE_MIN, EMAIL_RETRY_ATTEMPTS_MAX, EMAIL_RETRY_ATTEMPTS_MIN, EMAIL_RETRY_DELAY_MAX, EMAIL_RETRY_DELAY_MIN,
  REMINDER_FREQUENCY_MAX, REMINDER_FREQUENCY_MIN, SMTP_PORT_MAX, SMTP_PORT_MIN, SMTP_TEXT_MAX_LENGTH,
} from '@pharmacy/shared/settings/email.ts';
import { NumberSetting, SecretSetting, SettingsSection, TextSetting, ToggleSetting } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

export function EmailTab({ pharmacyId, onDirtyChange, actions }: SettingsTabProps) {
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="email" saveLabel="Save Email Settings" onDirtyChange={onDirtyChange} actions={actions}>
      <>
        <SettingsSection title="SMTP server">
          <TextSetting name="smtpHost" label="SMTP Host" maxLength={SMTP_TEXT_MAX_LENGTH} placeholder="smtp.example.com" />
          <NumberSetting name="smtpPort" label="SMTP Port" min={SMTP_PORT_MIN} max={SMTP_PORT_MAX} />
          <TextSetting name="smtpUsername" label="SMTP Username" maxLength={SMTP_TEXT_MAX_LENGTH} />
          <SecretSetting name="smtpPassword" label="SMTP Password" />
          <ToggleSetting name="smtpSecure" label="Secure connection (TLS from the start, port 465)" />
        </SettingsSection>
        <SettingsSection title="Pharmacy email addresses">
          <TextSetting name="mainEmailAddress" label="Main Email Address" type="email" autoComplete="email" />
          <TextSetting name="rxEmailAddress" label="Rx Email Address" type="email" />
          <TextSetting name="billingEmailAddress" label="Billing Email Address" type="email" />
          <TextSetting name="supportEmailAddress" label="Support Email Address" type="email" />
          <TextSetting name="emergencyEmailAddress" label="Emergency Email Address" type="email" />
        </SettingsSection>
        <SettingsSection title="Queue">
          <ToggleSetting name="enableAutoEmails" label="Automatic emails" />
          <ToggleSetting name="enableHtmlEmails" label="HTML emails" />
          <NumberSetting name="maxRetryAttempts" label="Email Retry Attempts" min={EMAIL_RETRY_ATTEMPTS_MIN} max={EMAIL_RETRY_ATTEMPTS_MAX} />
          <NumberSetting name="retryDelayMinutes" label="Email Retry Delay (minutes)" min={EMAIL_RETRY_DELAY_MIN} max={EMAIL_RETRY_DELAY_MAX} />
          <NumberSetting name="attachmentMaxSizeMb" label="Maximum Attachment Size (MB)" min={ATTACHMENT_MAX_SIZE_MIN} max={ATTACHMENT_MAX_SIZE_MAX} />
        </SettingsSection>
        <SettingsSection title="Security">
          <ToggleSetting name="enableHipaaCompliance" label="HIPAA compliance" />
          <ToggleSetting name="requireEncryption" label="Require encryption" />
          <ToggleSetting name="enableSpamFiltering" label="Spam filtering" />
        </SettingsSection>
        <SettingsSection title="Prescribers">
          <ToggleSetting name="providerEmailSettings.autoEmailNewPrescriptions" label="Auto-email new prescriptions" />
          <ToggleSetting name="providerEmailSettings.autoEmailClarifications" label="Auto-email clarifications" />
          <ToggleSetting name="providerEmailSettings.autoEmailRefillRequests" label="Auto-email refill requests" />
          <ToggleSetting name="providerEmailSettings.autoEmailLabResults" label="Auto-email lab results" />
          <ToggleSetting name="providerEmailSettings.requireDeliveryReceipt" label="Require delivery receipt" />
          <ToggleSetting name="providerEmailSettings.requireReadReceipt" label="Require read receipt" />
        </SettingsSection>
        <SettingsSection title="Patients">
          <ToggleSetting name="patientEmailSettings.allowPatientEmail" label="Allow emails to patients" />
          <ToggleSetting name="patientEmailSettings.requirePatientConsent" label="Require patient consent" />
          <ToggleSetting name="patientEmailSettings.autoEmailReadyNotifications" label="Auto-email ready notifications" />
          <ToggleSetting name="patientEmailSettings.autoEmailPickupReminders" label="Auto-email pickup reminders" />
          <ToggleSetting name="patientEmailSettings.autoEmailReceiptCopies" label="Auto-email receipt copies" />
          <ToggleSetting name="patientEmailSettings.autoEmailEducationalContent" label="Auto-email educational content" />
          <NumberSetting name="patientEmailSettings.reminderFrequencyDays" label="Reminder Frequency (days)" min={REMINDER_FREQUENCY_MIN} max={REMINDER_FREQUENCY_MAX} />
        </SettingsSection>
        <SettingsSection title="Facilities">
          <ToggleSetting name="facilityEmailSettings.autoEmailDeliveryConfirmation" label="Auto-email delivery confirmation" />
          <ToggleSetting name="facilityEmailSettings.autoEmailInventoryUpdates" label="Auto-email inventory updates" />
          <ToggleSetting name="facilityEmailSettings.autoEmailAdministrationRecords" label="Auto-email administration records" />
          <ToggleSetting name="facilityEmailSettings.autoEmailBillingReports" label="Auto-email billing reports" />
          <ToggleSetting name="facilityEmailSettings.autoEmailEmergencyAlerts" label="Auto-email emergency alerts" />
          <TextSetting name="facilityEmailSettings.dailyReportSchedule" label="Daily Report Schedule" type="time" />
          <TextSetting name="facilityEmailSettings.weeklyReportSchedule" label="Weekly Report Schedule" placeholder="monday-08:00" hint="A weekday and time, e.g. monday-08:00" />
        </SettingsSection>
        <SettingsSection title="Insurance">
          <ToggleSetting name="insuranceEmailSettings.autoEmailPriorAuthorization" label="Auto-email prior authorization" />
          <ToggleSetting name="insuranceEmailSettings.autoEmailClaimsDocuments" label="Auto-email claims documents" />
          <ToggleSetting name="insuranceEmailSettings.autoEmailAppealDocuments" label="Auto-email appeal documents" />
          <ToggleSetting name="insuranceEmailSettings.autoEmailEligibilityVerification" label="Auto-email eligibility verification" />
          <ToggleSetting name="insuranceEmailSettings.electronicSubmissionEnabled" label="Electronic submission" />
        </SettingsSection>
      </>
    </SettingsGroupForm>
  );
}
