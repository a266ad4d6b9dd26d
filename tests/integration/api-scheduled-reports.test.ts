/**
 * POST /api/internal/reports/scheduled-run (shared/src/api/reports.ts, edge-functions/api/reports/scheduled-run.ts):
 * the service role runs a queued run of a pharmacy with fills — each of the schedule's reports is stored in the
 * scheduled-reports bucket with the CSV GET /api/reports answers for the same days, one email with the files attached
 * is queued in the outbox and arrives in the mail catcher with them; staff read the files through Storage, another
 * pharmacy cannot; no report address: stored, not mailed; a report that fails fails the run with its reason; a file
 * past attachmentMaxSizeMb is named in the mail, not attached; anyone but the service role is refused.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULED_REPORT_MESSAGES, type ScheduledReportRunResult } from '../../shared/src/reports/schedules.ts';
import { REPORTS_SETTINGS_DEFAULTS } from '../../shared/src/settings/reports.ts';
import { callApi } from '../support/api-call.ts';
import { mailFor } from '../support/mailbox.ts';
import { closeSql, createServiceClient, sql, stackEnv } from '../support/stack-env.ts';
import { enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';
import { saveEmailSettings, withoutDeliveryRequests } from './messaging-support.ts';
import { extractText, getDocumentProxy } from 'unpdf';
import { checkPdfXref, unzip } from '../support/report-files.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let service: SupabaseClient;
const reportAddress = `reports-${Date.now()}@scheduled-a.example.test`;

async function queueRun(pharmacyId: string, columns: Record<string, unknown>): Promise<string> {
  const values = { slot: new Date(Date.UTC(2021, 0, 1) + Math.floor(Math.random() * 1e11)).toISOString(), ...columns };
  const names = Object.keys(values);
  const [row] = await sql<{ id: string }>(
    `insert into public.scheduled_report_runs (pharmacy_id, ${names.join(', ')}) values ($1, ${names.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
    [pharmacyId, ...Object.values(values)],
  );
  return row!.id;
}

function run(runId: string, client: SupabaseClient = service) {
  return callApi<ScheduledReportRunResult>(client, 'internal/reports/scheduled-run', { body: { runId } });
}

function deliver(pharmacyId: string) {
  return callApi<{ claimed: number; sent: number; failed: number }>(service, 'internal/outbox/deliver', { body: { pharmacyId } });
}

async function csvFromApi(staff: SignedInStaff, report: string, from: string, to: string): Promise<string> {
  const { data } = await staff.client.auth.getSession();
  const response = await fetch(`${stackEnv().apiUrl}/functions/v1/api/reports/${report}?from=${from}&to=${to}&format=csv`, {
    headers: { Authorization: `Bearer ${data.session!.access_token}`, apikey: stackEnv().anonKey },
  });
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  service = createServiceClient();
  [a, b] = [await createPharmacy('Scheduled Run Pharmacy A'), await createPharmacy('Scheduled Run Pharmacy B')];
  await saveEmailSettings(a.id, { smtpHost: '127.0.0.1', smtpPort: stackEnv().smtp.port, mainEmailAddress: reportAddress, rxEmailAddress: 'rx@scheduled-a.example.test' });
  await sql(`insert into public.pharmacy_settings (pharmacy_id, group_key, settings) values ($1, 'reports', $2)`,
    [a.id, JSON.stringify({ ...REPORTS_SETTINGS_DEFAULTS, defaultReportFormat: 'csv', dailyLogPharmacist: 'Paula Pharmacist' })]);
  const patientId = await insertRow(a.technician.client, 'patients', { first_name: 'Olive', last_name: 'Scheduled', date_of_birth: '1970-01-01' });
  const medicationId = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Lisinopril', strength: '10 mg', dosage_form: 'tablet', ndc_number: '00093-1111-01', package_size: 100, wac_price: 40, price: 15, stock: 300,
  });
  const fill = await enterPrescription(a.technician.client, { patientId, medicationId }, { quantity: 30, days_supply: 30 });
  expect((await a.technician.client.rpc('save_fill_billing', { prescription_id: fill.id, pay_with: 'cash' })).error).toBeNull();
  expect((await movePrescription(a.technician.client, fill.id, 'processing')).error).toBeNull();
  expect((await movePrescription(a.pharmacist.client, fill.id, 'ready')).error).toBeNull();
  await sql("update public.prescriptions set date_filled = '2026-11-10' where id = $1", [fill.id]);
}, 120_000);

afterAll(closeSql);

describe('a daily run of a pharmacy with a fill', () => {
  let result: ScheduledReportRunResult;
  let runId: string;

  beforeAll(async () => {
    runId = await queueRun(a.id, { schedule: 'daily', period_from: '2026-11-10', period_to: '2026-11-10' });
    // The test delivers the outbox itself, so the mail is read after a delivery it knows finished.
    const answer = await withoutDeliveryRequests(() => run(runId));
    expect(answer.status).toBe(200);
    result = answer.body;
  }, 60_000);

  it('succeeds with the Daily Dispensing Log and Sales stored in the settings\' format (CSV here)', () => {
    expect(result).toMatchObject({ runId, status: 'succeeded', recipient: reportAddress, outboundMessageId: expect.any(String), detail: null });
    expect(result.files.map(({ report, name, path, contentType }) => ({ report, name, path, contentType }))).toEqual([
      { report: 'dispensing-log', name: 'dispensing-log-2026-11-10-to-2026-11-10.csv', path: `${a.id}/${runId}/dispensing-log-2026-11-10-to-2026-11-10.csv`, contentType: 'text/csv' },
      { report: 'sales', name: 'sales-2026-11-10-to-2026-11-10.csv', path: `${a.id}/${runId}/sales-2026-11-10-to-2026-11-10.csv`, contentType: 'text/csv' },
    ]);
  });

  it('each stored file is the CSV GET /api/reports answers for the same days, and the run row lists it', async () => {
    for (const file of result.files) {
      const { data, error } = await service.storage.from('scheduled-reports').download(file.path);
      expect(error).toBeNull();
      const text = await data!.text();
      expect(text).toBe(await csvFromApi(a.pharmacist, file.report, '2026-11-10', '2026-11-10'));
      expect(new TextEncoder().encode(text).byteLength).toBe(file.sizeBytes);
    }
    // The fill is in the log, with the sign-off from the settings.
    const log = await (await service.storage.from('scheduled-reports').download(result.files[0]!.path)).data!.text();
    expect(log).toContain('Lisinopril');
    expect(log).toContain('Paula Pharmacist');
    const [row] = await sql<{ status: string; files: unknown }>('select status, files from public.scheduled_report_runs where id = $1', [runId]);
    expect(row).toEqual({ status: 'succeeded', files: result.files });
  });

  it('the pharmacy\'s pharmacist reads the files through Storage; another pharmacy\'s cannot', async () => {
    const path = result.files[1]!.path;
    const own = await a.pharmacist.client.storage.from('scheduled-reports').createSignedUrl(path, 60);
    expect(own.error).toBeNull();
    expect((await fetch(own.data!.signedUrl)).status).toBe(200);
    const other = await b.pharmacist.client.storage.from('scheduled-reports').createSignedUrl(path, 60);
    expect(other.data).toBeNull();
    const download = await b.admin.client.storage.from('scheduled-reports').download(path);
    expect(download.data).toBeNull();
    // A technician has no reports:read.
    expect((await a.technician.client.storage.from('scheduled-reports').download(path)).data).toBeNull();
  });

  it('queues one scheduled_report email with the files attached, delivered with them to the report address', async () => {
    const [message] = await sql<{ kind: string; recipient: string; attachment_paths: string[]; subject: string }>(
      'select kind, recipient, attachment_paths, subject from public.outbound_messages where id = $1', [result.outboundMessageId]);
    expect(message).toEqual({
      kind: 'scheduled_report', recipient: reportAddress, attachment_paths: result.files.map((file) => file.path),
      subject: 'Daily reports of Scheduled Run Pharmacy A, 2026-11-10',
    });
    expect(await deliver(a.id)).toMatchObject({ status: 200, body: { sent: 1, failed: 0 } });
    const mail = await mailFor(reportAddress);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.Subject).toBe('Daily reports of Scheduled Run Pharmacy A, 2026-11-10');
    expect(mail[0]!.Text).toContain('Daily Dispensing Log: dispensing-log-2026-11-10-to-2026-11-10.csv');
    const attachments = (mail[0] as unknown as { Attachments: Array<{ FileName: string; ContentType: string; Size: number }> }).Attachments;
    expect(attachments.map(({ FileName, ContentType, Size }) => ({ FileName, ContentType, Size }))).toEqual(
      result.files.map((file) => ({ FileName: file.name, ContentType: 'text/csv', Size: file.sizeBytes })));
  });

  it('a run is run once: a second request answers 409', async () => {
    expect(await run(runId)).toEqual({ status: 409, body: { error: 'This scheduled report run has already started' } });
    expect((await run('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('the settings\' format', () => {
  async function runIn(format: 'pdf' | 'excel', day: string) {
    await sql(`update public.pharmacy_settings set settings = settings || $2::jsonb where pharmacy_id = $1 and group_key = 'reports'`,
      [a.id, JSON.stringify({ defaultReportFormat: format })]);
    try {
      const runId = await queueRun(a.id, { schedule: 'daily', period_from: day, period_to: day });
      const answer = await withoutDeliveryRequests(() => run(runId));
      expect(answer.body).toMatchObject({ status: 'succeeded' });
      // Its mail goes now, so later deliveries count only their own.
      expect(await deliver(a.id)).toMatchObject({ status: 200, body: { sent: 1 } });
      return answer.body.files;
    } finally {
      await sql(`update public.pharmacy_settings set settings = settings || '{"defaultReportFormat": "csv"}'::jsonb where pharmacy_id = $1 and group_key = 'reports'`, [a.id]);
    }
  }

  it('pdf: each report is stored as the PDF GET /api/reports?format=pdf writes, with the pharmacy\'s name', async () => {
    const files = await runIn('pdf', '2026-11-10');
    expect(files.map((file) => [file.name, file.contentType])).toEqual([
      ['dispensing-log-2026-11-10-to-2026-11-10.pdf', 'application/pdf'], ['sales-2026-11-10-to-2026-11-10.pdf', 'application/pdf']]);
    const bytes = Buffer.from(await (await service.storage.from('scheduled-reports').download(files[0]!.path)).data!.arrayBuffer());
    expect(bytes.byteLength).toBe(files[0]!.sizeBytes);
    checkPdfXref(bytes);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain('Daily Dispensing Log — Scheduled Run Pharmacy A');
    expect(text).toContain('Lisinopril 10 mg');
  });

  it('excel: each report is stored as an xlsx workbook', async () => {
    const files = await runIn('excel', '2026-11-12');
    expect(files.map((file) => [file.name, file.contentType])).toEqual([
      ['dispensing-log-2026-11-12-to-2026-11-12.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['sales-2026-11-12-to-2026-11-12.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']]);
    const parts = unzip(Buffer.from(await (await service.storage.from('scheduled-reports').download(files[1]!.path)).data!.arrayBuffer()));
    expect(parts.has('xl/workbook.xml')).toBe(true);
    expect(parts.get('xl/worksheets/sheet1.xml')).toContain('Sales');
  });
});

describe('other outcomes', () => {
  it('no report address set: the run succeeds with its files stored and says so; nothing is mailed', async () => {
    const runId = await queueRun(b.id, { schedule: 'weekly', period_from: '2026-11-02', period_to: '2026-11-08' });
    const answer = await run(runId);
    expect(answer.body).toMatchObject({ status: 'succeeded', recipient: null, outboundMessageId: null, detail: SCHEDULED_REPORT_MESSAGES.noReportAddress });
    expect(answer.body.files.map((file) => file.report)).toEqual(['sales', 'inventory']);
    expect(await sql('select 1 from public.outbound_messages where pharmacy_id = $1', [b.id])).toEqual([]);
  });

  it('a report that fails fails the run with its reason, and it becomes a system alert', async () => {
    // More than 366 days: the report functions refuse the range.
    const runId = await queueRun(b.id, { schedule: 'monthly', period_from: '2024-01-01', period_to: '2026-01-01' });
    const answer = await run(runId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'failed', files: [], outboundMessageId: null });
    expect(answer.body.detail).toMatch(/^Sales: /);
    const { data } = await b.pharmacist.client.rpc('reports_system_alerts');
    expect((data as Array<{ kind: string }>).map((alert) => alert.kind)).toContain('scheduled_reports_failed');
  });

  it('a file past the Email settings\' attachment size is named in the mail as stored and too large, not attached', async () => {
    const address = `big-${Date.now()}@scheduled-a.example.test`;
    await saveEmailSettings(a.id, { smtpHost: '127.0.0.1', smtpPort: stackEnv().smtp.port, mainEmailAddress: address, rxEmailAddress: 'rx@scheduled-a.example.test', attachmentMaxSizeMb: 1 });
    const small = `${a.id}/manual-${Date.now()}/small.csv`;
    const big = `${a.id}/manual-${Date.now()}/big.csv`;
    expect((await service.storage.from('scheduled-reports').upload(small, new Blob(['a,b\r\n'], { type: 'text/csv' }), { contentType: 'text/csv' })).error).toBeNull();
    expect((await service.storage.from('scheduled-reports').upload(big, new Blob(['x'.repeat(1_100_000)], { type: 'text/csv' }), { contentType: 'text/csv' })).error).toBeNull();
    await withoutDeliveryRequests(() => sql(
      `insert into public.outbound_messages (pharmacy_id, channel, kind, recipient, subject, body, attachment_paths)
       values ($1, 'email', 'scheduled_report', $2, 'Large reports', 'Here they are.', $3)`, [a.id, address, [big, small]]));
    expect(await deliver(a.id)).toMatchObject({ status: 200, body: { sent: 1 } });
    const [mail] = await mailFor(address);
    expect(mail!.Text).toContain("big.csv is stored with the pharmacy's reports (Reports → Scheduled reports) and is too large to attach (limit 1 MB).");
    expect((mail as unknown as { Attachments: Array<{ FileName: string }> }).Attachments.map((file) => file.FileName)).toEqual(['small.csv']);
  });
});

describe('who may run', () => {
  it('anyone but the service role is refused: 403, and the run stays queued', async () => {
    const runId = await queueRun(a.id, { schedule: 'daily', period_from: '2026-11-11', period_to: '2026-11-11' });
    for (const staff of [a.admin, a.pharmacist]) {
      expect(await run(runId, staff.client)).toEqual({ status: 403, body: { error: SCHEDULED_REPORT_MESSAGES.serviceRoleOnly } });
    }
    expect(await sql('select status from public.scheduled_report_runs where id = $1', [runId])).toEqual([{ status: 'queued' }]);
  });
});
