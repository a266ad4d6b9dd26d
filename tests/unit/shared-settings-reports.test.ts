import { describe, expect, it } from 'vitest';
import { REPORTS_SETTINGS_DEFAULTS, reportsSettingsSchema } from '../../shared/src/settings/reports.ts';
import { expectChoice, expectRange, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = reportsSettingsSchema;

const fullReports = FULL_SETTINGS_WRITES['reports'];

describe('reports settings (spec part 2 §3, §5, §9)', () => {
  it('has defaults with times like 08:00', () => {
    expect(REPORTS_SETTINGS_DEFAULTS).toMatchObject({ dailyReportTime: '08:00', weeklyReportTime: '08:00', monthlyReportTime: '08:00', defaultReportFormat: 'pdf' });
  });

  it('accepts a full valid group', () => {
    expectValid(schema, fullReports());
  });

  it('takes monthly report days 1 to 28 (§5)', () => {
    expectRange(schema, fullReports(), 'monthlyReportDay', 1, 28, 'Monthly report day must be between 1 and 28');
  });

  it('takes exactly the §9 options', () => {
    const base = fullReports();
    expectChoice(schema, base, 'weeklyReportDay', ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], ['Monday', 'mon', ''],
      'Weekly report day must be one of: sunday, monday, tuesday, wednesday, thursday, friday, saturday');
    expectChoice(schema, base, 'defaultReportFormat', ['pdf', 'excel', 'csv'], ['xlsx', ''], 'Default report format must be one of: pdf, excel, csv');
    expectChoice(schema, base, 'pharmacyLogoSize', ['small', 'medium', 'large'], ['huge'], 'Pharmacy logo size must be one of: small, medium, large');
    expectChoice(schema, base, 'pharmacyLogoPosition', ['header', 'footer', 'both'], ['side'], 'Pharmacy logo position must be one of: header, footer, both');
  });

  it('checks times and text lengths', () => {
    expect(messagesAt(schema, withValue(fullReports(), 'dailyReportTime', '8:00'), 'dailyReportTime')).toEqual(['Daily report time must be a time HH:MM']);
    expect(messagesAt(schema, withValue(fullReports(), 'generalDisclaimer', 'x'.repeat(1001)), 'generalDisclaimer')).toEqual([
      'General disclaimer must be at most 1000 characters',
    ]);
    expect(messagesAt(schema, withValue(fullReports(), 'includePatientNames', 'yes'), 'includePatientNames')).toEqual(['Include patient names must be on or off']);
  });
});
