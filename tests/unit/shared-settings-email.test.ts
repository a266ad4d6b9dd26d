import { describe, expect, it } from 'vitest';
import { EMAIL_SETTINGS_DEFAULTS, emailSettingsReadSchema, emailSettingsSchema } from '../../shared/src/settings/email.ts';
import { expectRange, expectSecretRules, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = emailSettingsSchema;

const fullEmail = FULL_SETTINGS_WRITES['email'];

describe('email settings (spec part 2 §3, §5, §9)', () => {
  it('has the §9 defaults', () => {
    expect(EMAIL_SETTINGS_DEFAULTS).toMatchObject({
      smtpPort: 587,
      smtpPassword: { set: false },
      maxRetryAttempts: 3,
      retryDelayMinutes: 5,
      attachmentMaxSizeMb: 25,
      patientEmailSettings: { reminderFrequencyDays: 3 },
      facilityEmailSettings: { dailyReportSchedule: '08:00', weeklyReportSchedule: 'monday-08:00' },
    });
    expect(emailSettingsReadSchema.parse(EMAIL_SETTINGS_DEFAULTS)).toEqual(EMAIL_SETTINGS_DEFAULTS);
  });

  it('accepts a full valid group', () => {
    expectValid(schema, fullEmail());
  });

  it('has the §5 bounds', () => {
    const base = fullEmail();
    expectRange(schema, base, 'maxRetryAttempts', 1, 10, 'Email retry attempts must be between 1 and 10');
    expectRange(schema, base, 'retryDelayMinutes', 1, 60, 'Email retry delay must be between 1 and 60 minutes');
    expectRange(schema, base, 'patientEmailSettings.reminderFrequencyDays', 1, 30, 'Reminder frequency must be between 1 and 30 days');
    expectRange(schema, base, 'attachmentMaxSizeMb', 1, 100, 'Maximum attachment size must be between 1 and 100 MB');
    expectRange(schema, base, 'smtpPort', 1, 65535, 'SMTP port must be between 1 and 65535');
  });

  it('takes email addresses only where an email is due', () => {
    for (const [field, label] of [
      ['mainEmailAddress', 'Main email address'],
      ['rxEmailAddress', 'Rx email address'],
      ['billingEmailAddress', 'Billing email address'],
      ['supportEmailAddress', 'Support email address'],
      ['emergencyEmailAddress', 'Emergency email address'],
    ] as const) {
      expect(messagesAt(schema, withValue(fullEmail(), field, 'pharmacy.example.com'), field)).toEqual([`${label} must be a valid email address`]);
      expectValid(schema, withValue(fullEmail(), field, ''));
    }
  });

  it('checks the SMTP host and the report schedules', () => {
    expect(messagesAt(schema, withValue(fullEmail(), 'smtpHost', 'smtp://mail.example.com'), 'smtpHost')).toEqual(['SMTP host must be a host name or IP address']);
    expectValid(schema, withValue(fullEmail(), 'smtpHost', '127.0.0.1'));
    expectValid(schema, withValue(fullEmail(), 'smtpHost', ''));
    // A well-formed name longer than 255 characters is still refused.
    expect(messagesAt(schema, withValue(fullEmail(), 'smtpHost', Array(5).fill('a'.repeat(63)).join('.')), 'smtpHost')).toEqual(['SMTP host must be a host name or IP address']);
    expect(messagesAt(schema, withValue(fullEmail(), 'facilityEmailSettings.weeklyReportSchedule', 'funday-08:00'), 'facilityEmailSettings.weeklyReportSchedule')).toEqual([
      'Weekly report schedule must be a weekday and time, e.g. monday-08:00',
    ]);
    expect(messagesAt(schema, withValue(fullEmail(), 'facilityEmailSettings.dailyReportSchedule', '8'), 'facilityEmailSettings.dailyReportSchedule')).toEqual([
      'Daily report schedule must be a time HH:MM',
    ]);
  });

  it('keeps the SMTP password secret', () => {
    expectSecretRules('email', fullEmail(), ['smtpPassword']);
    const parsed = schema.parse(withValue(fullEmail(), 'smtpPassword', undefined));
    expect(parsed.smtpPassword).toBeUndefined();
  });
});
