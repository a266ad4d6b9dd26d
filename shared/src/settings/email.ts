/**
 * System Settings → Email (spec part 2 §3 "email"): the SMTP server, the pharmacy's addresses (email-typed, §5),
 * retries, security, and what is emailed automatically to prescribers, patients, facilities and insurers.
 * §5: retry attempts 1–10, retry delay 1–60 minutes, reminder frequency 1–30 days, attachment size 1–100 MB;
 * §9: port 587, retries 3 and 5 minutes, reminders every 3 days, 25 MB, schedules like "08:00" and
 * "monday-08:00". Secret: the SMTP password.
 */
import * as z from 'zod';
import { TIME_OF_DAY_PATTERN } from '../onboarding/tabbed.ts';
import { optionalEmail, optionalHost, text, timeOfDay, toggle, wholeNumber } from './fields.ts';
import { REPORT_WEEKDAYS } from './reports.ts';
import { type SecretField, secretInput, secretStatus } from './secrets.ts';

export const SMTP_PORT_MIN = 1;
export const SMTP_PORT_MAX = 65535;
export const EMAIL_RETRY_ATTEMPTS_MIN = 1;
export const EMAIL_RETRY_ATTEMPTS_MAX = 10;
export const EMAIL_RETRY_DELAY_MIN = 1;
export const EMAIL_RETRY_DELAY_MAX = 60;
export const REMINDER_FREQUENCY_MIN = 1;
export const REMINDER_FREQUENCY_MAX = 30;
export const ATTACHMENT_MAX_SIZE_MIN = 1;
export const ATTACHMENT_MAX_SIZE_MAX = 100;
export const SMTP_TEXT_MAX_LENGTH = 255;

/** "monday-08:00": one of the report weekdays and a time of day (the HH:MM rule of timeOfDay). */
export const WEEKLY_SCHEDULE_PATTERN = new RegExp(`^(${REPORT_WEEKDAYS.join('|')})-${TIME_OF_DAY_PATTERN.source.replace(/^\^/, '')}`);
export const WEEKLY_SCHEDULE_MESSAGE = 'Weekly report schedule must be a weekday and time, e.g. monday-08:00';
export const SMTP_HOST_MESSAGE = 'SMTP host must be a host name or IP address';

export const EMAIL_SECRET_FIELDS = ['smtpPassword'] as const;

function emailShape<Secret extends SecretField>(secret: Secret) {
  return {
    smtpHost: optionalHost(SMTP_HOST_MESSAGE).max(SMTP_TEXT_MAX_LENGTH, SMTP_HOST_MESSAGE),
    smtpPort: wholeNumber('SMTP port', SMTP_PORT_MIN, SMTP_PORT_MAX),
    smtpUsername: text('SMTP username', SMTP_TEXT_MAX_LENGTH),
    smtpPassword: secret('SMTP password') as ReturnType<Secret>,
    smtpSecure: toggle('SMTP secure connection'),
    mainEmailAddress: optionalEmail('Main email address'),
    rxEmailAddress: optionalEmail('Rx email address'),
    billingEmailAddress: optionalEmail('Billing email address'),
    supportEmailAddress: optionalEmail('Support email address'),
    emergencyEmailAddress: optionalEmail('Emergency email address'),
    enableAutoEmails: toggle('Automatic emails'),
    maxRetryAttempts: wholeNumber('Email retry attempts', EMAIL_RETRY_ATTEMPTS_MIN, EMAIL_RETRY_ATTEMPTS_MAX),
    retryDelayMinutes: wholeNumber('Email retry delay', EMAIL_RETRY_DELAY_MIN, EMAIL_RETRY_DELAY_MAX, 'minutes'),
    enableHtmlEmails: toggle('HTML emails'),
    enableHipaaCompliance: toggle('HIPAA compliance'),
    requireEncryption: toggle('Email encryption'),
    enableSpamFiltering: toggle('Spam filtering'),
    attachmentMaxSizeMb: wholeNumber('Maximum attachment size', ATTACHMENT_MAX_SIZE_MIN, ATTACHMENT_MAX_SIZE_MAX, 'MB'),
    providerEmailSettings: z.object({
      autoEmailNewPrescriptions: toggle('Auto-email new prescriptions'),
      autoEmailClarifications: toggle('Auto-email clarifications'),
      autoEmailRefillRequests: toggle('Auto-email refill requests'),
      autoEmailLabResults: toggle('Auto-email lab results'),
      requireDeliveryReceipt: toggle('Delivery receipt'),
      requireReadReceipt: toggle('Read receipt'),
    }),
    patientEmailSettings: z.object({
      allowPatientEmail: toggle('Patient email'),
      requirePatientConsent: toggle('Patient consent'),
      autoEmailReadyNotifications: toggle('Auto-email ready notifications'),
      autoEmailPickupReminders: toggle('Auto-email pickup reminders'),
      autoEmailReceiptCopies: toggle('Auto-email receipt copies'),
      autoEmailEducationalContent: toggle('Auto-email educational content'),
      reminderFrequencyDays: wholeNumber('Reminder frequency', REMINDER_FREQUENCY_MIN, REMINDER_FREQUENCY_MAX, 'days'),
    }),
    facilityEmailSettings: z.object({
      autoEmailDeliveryConfirmation: toggle('Auto-email delivery confirmation'),
      autoEmailInventoryUpdates: toggle('Auto-email inventory updates'),
      autoEmailAdministrationRecords: toggle('Auto-email administration records'),
      autoEmailBillingReports: toggle('Auto-email billing reports'),
      autoEmailEmergencyAlerts: toggle('Auto-email emergency alerts'),
      dailyReportSchedule: timeOfDay('Daily report schedule'),
      weeklyReportSchedule: z.string({ error: WEEKLY_SCHEDULE_MESSAGE }).trim().regex(WEEKLY_SCHEDULE_PATTERN, WEEKLY_SCHEDULE_MESSAGE),
    }),
    insuranceEmailSettings: z.object({
      autoEmailPriorAuthorization: toggle('Auto-email prior authorization'),
      autoEmailClaimsDocuments: toggle('Auto-email claims documents'),
      autoEmailAppealDocuments: toggle('Auto-email appeal documents'),
      autoEmailEligibilityVerification: toggle('Auto-email eligibility verification'),
      electronicSubmissionEnabled: toggle('Electronic submission'),
    }),
  };
}

/** PUT /api/system-settings/email. */
export const emailSettingsSchema = z.object(emailShape(secretInput));
export type EmailSettingsInput = z.input<typeof emailSettingsSchema>;
export type EmailSettings = z.output<typeof emailSettingsSchema>;

/** GET /api/system-settings/email: the SMTP password as `{ set }`. */
export const emailSettingsReadSchema = z.object(emailShape(secretStatus));
export type EmailSettingsRead = z.output<typeof emailSettingsReadSchema>;

/**
 * §9 defaults (port 587, 3 retries 5 minutes apart, reminders every 3 days, 25 MB, 08:00 / monday-08:00); the
 * rest chosen: no server configured, STARTTLS on 587 (`smtpSecure` is implicit TLS, port 465's mode, so off),
 * nothing emailed automatically until an admin turns it on, patient consent required, HIPAA protections on.
 */
export const EMAIL_SETTINGS_DEFAULTS: EmailSettingsRead = {
  smtpHost: '',
  smtpPort: 587,
  smtpUsername: '',
  smtpPassword: { set: false },
  smtpSecure: false,
  mainEmailAddress: '',
  rxEmailAddress: '',
  billingEmailAddress: '',
  supportEmailAddress: '',
  emergencyEmailAddress: '',
  enableAutoEmails: false,
  maxRetryAttempts: 3,
  retryDelayMinutes: 5,
  enableHtmlEmails: true,
  enableHipaaCompliance: true,
  requireEncryption: true,
  enableSpamFiltering: true,
  attachmentMaxSizeMb: 25,
  providerEmailSettings: {
    autoEmailNewPrescriptions: false,
    autoEmailClarifications: false,
    autoEmailRefillRequests: false,
    autoEmailLabResults: false,
    requireDeliveryReceipt: false,
    requireReadReceipt: false,
  },
  patientEmailSettings: {
    allowPatientEmail: false,
    requirePatientConsent: true,
    autoEmailReadyNotifications: false,
    autoEmailPickupReminders: false,
    autoEmailReceiptCopies: false,
    autoEmailEducationalContent: false,
    reminderFrequencyDays: 3,
  },
  facilityEmailSettings: {
    autoEmailDeliveryConfirmation: false,
    autoEmailInventoryUpdates: false,
    autoEmailAdministrationRecords: false,
    autoEmailBillingReports: false,
    autoEmailEmergencyAlerts: false,
    dailyReportSchedule: '08:00',
    weeklyReportSchedule: 'monday-08:00',
  },
  insuranceEmailSettings: {
    autoEmailPriorAuthorization: false,
    autoEmailClaimsDocuments: false,
    autoEmailAppealDocuments: false,
    autoEmailEligibilityVerification: false,
    electronicSubmissionEnabled: false,
  },
};
