/**
 * Scheduled reports' pure parts: the one table of which reports each schedule sends (shared/src/reports/schedules.ts),
 * the line that says which schedules are on, and the outbox's mail with attachments (multipart/mixed, each file
 * base64 with its name) as a MIME parser reads it back.
 */
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { REPORTS } from '../../shared/src/reports/report.ts';
import { reportSchedulesText, SCHEDULED_REPORTS, scheduledReportPath } from '../../shared/src/reports/schedules.ts';
import { plainTextEmail } from '../../edge-functions/api/messaging/mime-message.ts';

describe('which reports each schedule sends', () => {
  it('daily: the dispensing log and sales; weekly: sales and inventory; monthly: sales, inventory, patients and the controlled log', () => {
    expect(SCHEDULED_REPORTS).toEqual({
      daily: ['dispensing-log', 'sales'],
      weekly: ['sales', 'inventory'],
      monthly: ['sales', 'inventory', 'patients', 'controlled-substances'],
    });
    for (const names of Object.values(SCHEDULED_REPORTS)) for (const name of names) expect(REPORTS).toContain(name);
  });

  it('a file lives under its pharmacy and run', () => {
    expect(scheduledReportPath('p', 'r', 'sales.csv')).toBe('p/r/sales.csv');
  });
});

describe('reportSchedulesText', () => {
  const off = { enabled: false, time: '08:00' };
  it('names the schedules that are on, or none', () => {
    const schedules = { daily: off, weekly: { ...off, day: 'monday' as const }, monthly: { ...off, day: 1 }, format: 'pdf' as const, timeZone: 'America/New_York' };
    expect(reportSchedulesText(schedules)).toBeNull();
    expect(reportSchedulesText({ ...schedules, daily: { enabled: true, time: '07:30' }, monthly: { enabled: true, day: 15, time: '09:00' } }))
      .toBe('Daily at 07:30; monthly on day 15 at 09:00');
    expect(reportSchedulesText({ ...schedules, weekly: { enabled: true, day: 'friday', time: '18:00' } })).toBe('Weekly on Friday at 18:00');
  });
});

describe('a mail with attachments', () => {
  it('is multipart/mixed: the text, then each file with its name, type and exact bytes', async () => {
    const bytes = new TextEncoder().encode(`${'x'.repeat(200)}\r\n.leading dot\r\nünïcode`);
    const data = plainTextEmail({
      fromName: 'Pharmacy', fromAddress: 'rx@pharmacy.example.test', to: 'reports@pharmacy.example.test', subject: 'Daily reports', text: 'Attached.',
      attachments: [{ fileName: 'sales.csv', contentType: 'text/csv', bytes }, { fileName: '../évil "name"', contentType: 'text/csv\r\nX-Injected: 1', bytes: new Uint8Array([0, 1, 2]) }],
    });
    expect(data).not.toMatch(/^X-Injected/m);
    const parsed = await simpleParser(data);
    expect(parsed.text?.trim()).toBe('Attached.');
    expect(parsed.attachments.map((file) => ({ name: file.filename, type: file.contentType }))).toEqual([
      { name: 'sales.csv', type: 'text/csv' },
      { name: '.._évil "name"', type: 'application/octet-stream' },
    ]);
    expect(new Uint8Array(parsed.attachments[0]!.content)).toEqual(bytes);
    expect([...parsed.attachments[1]!.content]).toEqual([0, 1, 2]);
  });

  it('without attachments stays a single text/plain message', () => {
    const data = plainTextEmail({ fromName: 'P', fromAddress: 'a@b.test', to: 'c@d.test', subject: 'S', text: 'T' });
    expect(data).toContain('Content-Type: text/plain; charset=utf-8');
    expect(data).not.toContain('multipart');
  });
});
