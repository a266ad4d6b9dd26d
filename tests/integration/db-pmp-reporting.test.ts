/**
 * PMP reporting (migration 20261130001000_pmp_reporting): pmp_fills answers the caller's pharmacy's controlled
 * fills dispensed in a range (not other pharmacies', not uncontrolled, not undispensed, not outside the range) in the
 * shape the ASAP writer takes; record_pmp_submission records a file and its fills, after which they are marked
 * reported (revise when sent again, void once returned to stock); who may do what — pharmacists and admins read and
 * record, technicians neither, another pharmacy nothing — and that the tables are written only through the function.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pmpFillsAnswerSchema, readAsap, writeAsap42, asapFileSha256, type PmpFillsAnswer } from '@pharmacy/shared/reports/asap-pmp.ts';
import { closeSql, sql } from '../support/stack-env.ts';
import { enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
const fill: Record<string, string> = {};
const SHA = 'a'.repeat(64);

async function pmpFills(client: SupabaseClient, from: string, to: string): Promise<PmpFillsAnswer> {
  const { data, error } = await client.rpc('pmp_fills', { from_date: from, to_date: to });
  if (error) throw new Error(error.message);
  return pmpFillsAnswerSchema.parse(data);
}

async function record(client: SupabaseClient, fillIds: string[], from = '2026-11-01', to = '2026-11-30', sha = SHA, segments = 20) {
  return client.rpc('record_pmp_submission', { from_date: from, to_date: to, fill_ids: fillIds, file_sha256: sha, segment_count: segments });
}

/** A fill entered, verified (ready) by the pharmacist and dated on a day of the pharmacy. */
async function dispensed(pharmacy: TestPharmacy, parts: { patientId: string; medicationId: string; prescriberId: string }, day: string, extra: Record<string, unknown> = {}) {
  const entered = await enterPrescription(pharmacy.pharmacist.client, parts, { refills: 0, prescriber_id: parts.prescriberId, ...extra });
  for (const status of ['processing', 'ready']) {
    let moved = await movePrescription(pharmacy.pharmacist.client, entered.id, status);
    // An opioid with a benzodiazepine is an interaction alert: the pharmacist overrides it.
    if (moved.error?.includes('interaction alert')) moved = await movePrescription(pharmacy.pharmacist.client, entered.id, status, 'Reviewed with the prescriber');
    expect(moved.error).toBeNull();
  }
  await sql('update public.prescriptions set date_filled = $2 where id = $1', [entered.id, day]);
  return entered.id;
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('PMP Pharmacy A'), await createPharmacy('PMP Pharmacy B')];
  const rita = await insertRow(a.technician.client, 'patients', {
    first_name: 'Rita', last_name: 'Reyes', date_of_birth: '1966-06-06', street_address: '12 Elm St', city: 'Springfield', state: 'IL', zip_code: '62704', phone: '(217) 555-0111',
  });
  const omar = await insertRow(a.technician.client, 'patients', { first_name: 'Omar', last_name: 'Ortiz', date_of_birth: '1980-01-31' });
  const oxycodone = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Oxycodone', strength: '5 mg', ndc_number: '00406-0552-62', package_size: 100, package_unit: 'EA', price: 20, stock: 1000, dea_schedule: 'II',
  });
  const alprazolam = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Alprazolam', strength: '1 mg/mL', ndc_number: '00093-0058-01', package_size: 30, package_unit: 'ML', price: 20, stock: 1000, dea_schedule: 'IV',
  });
  const metformin = await insertRow(a.pharmacist.client, 'medications', { name: 'Metformin', strength: '500 mg', ndc_number: '00093-1048-01', package_size: 100, price: 5, stock: 1000 });
  const prescriberId = await insertRow(a.technician.client, 'prescribers', {
    first_name: 'Alan', last_name: 'Grant', dea_number: 'AG1234563', npi_number: '1234567893', phone: '(217) 555-0199',
  });
  fill.rita = await dispensed(a, { patientId: rita, medicationId: oxycodone, prescriberId }, '2026-11-02', { quantity: 12, days_supply: 3 });
  fill.omar = await dispensed(a, { patientId: omar, medicationId: alprazolam, prescriberId }, '2026-11-03', { quantity: 7.5, days_supply: 30, prescription_type: 'fax' });
  fill.uncontrolled = await dispensed(a, { patientId: rita, medicationId: metformin, prescriberId }, '2026-11-03');
  fill.nextMonth = await dispensed(a, { patientId: omar, medicationId: oxycodone, prescriberId }, '2026-12-01');
  fill.pending = (await enterPrescription(a.pharmacist.client, { patientId: omar, medicationId: oxycodone }, { refills: 0, prescriber_id: prescriberId })).id;

  const bPatient = await insertRow(b.technician.client, 'patients', { first_name: 'Bea', last_name: 'Other' });
  const bDrug = await insertRow(b.pharmacist.client, 'medications', { name: 'Oxycodone', strength: '5 mg', ndc_number: '00406-0552-62', package_size: 100, price: 20, stock: 100, dea_schedule: 'II' });
  const bPrescriber = await insertRow(b.technician.client, 'prescribers', { first_name: 'Alan', last_name: 'Grant', dea_number: 'AG1234563', npi_number: '1234567893' });
  fill.otherPharmacy = await dispensed(b, { patientId: bPatient, medicationId: bDrug, prescriberId: bPrescriber }, '2026-11-02');
}, 180_000);

afterAll(closeSql);

describe('pmp_fills', () => {
  it('answers the controlled fills dispensed in the range, by patient, with what the ASAP file needs', async () => {
    const answer = await pmpFills(a.pharmacist.client, '2026-11-01', '2026-11-30');
    expect(answer.pharmacy).toMatchObject({ name: 'PMP Pharmacy A', ncpdpId: a.ncpdpId, deaNumber: a.deaNumber, npi: '1234567893' });
    expect(answer.timeZone).toMatch(/^America\//);
    expect(answer.fills.map((f) => f.fillId)).toEqual([fill.omar, fill.rita]);
    const [omar, rita] = answer.fills;
    expect(rita).toMatchObject({
      reportingStatus: 'new', alreadyReported: false, dateFilled: '2026-11-02', fillNumber: 0, refillsAuthorized: 0, ndc11: '00406055262',
      deaSchedule: 'II', quantity: 12, daysSupply: 3, dosageUnit: 'EA', origin: 'written', paymentType: 'cash',
      patient: { firstName: 'Rita', lastName: 'Reyes', dateOfBirth: '1966-06-06', address: '12 Elm St', zipCode: '62704' },
      prescriber: { npi: '1234567893', deaNumber: 'AG1234563', lastName: 'Grant', firstName: 'Alan' },
    });
    expect(omar).toMatchObject({ ndc11: '00093005801', deaSchedule: 'IV', quantity: 7.5, dosageUnit: 'ML', origin: 'fax' });
    // The fill's Rx number is the order's.
    const rx = await sql<{ rx_number: string }>('select rx_number from public.prescriptions where id = $1', [fill.rita]);
    expect(rita!.rxNumber).toBe(rx[0]!.rx_number);

    const file = writeAsap42({ ...answer, controlNumber: 'T1', createdAt: new Date(), fileType: 'T' });
    const segments = readAsap(file.text);
    expect(segments.map((s) => s.id)).toEqual(['TH', 'IS', 'PHA', 'PAT', 'DSP', 'PRE', 'PAT', 'DSP', 'PRE', 'TP', 'TT']);
    expect(segments.find((s) => s.id === 'TT')!.elements).toEqual(['T1', '11']);
  });

  it('answers an empty list for a range without controlled fills (the zero report)', async () => {
    const answer = await pmpFills(a.admin.client, '2026-10-01', '2026-10-31');
    expect(answer.fills).toEqual([]);
    expect(writeAsap42({ ...answer, controlNumber: 'Z1', createdAt: new Date() }).segmentCount).toBe(10);
  });

  it('is for pharmacists and admins of the pharmacy only', async () => {
    expect((await pmpFills(a.admin.client, '2026-11-01', '2026-11-30')).fills).toHaveLength(2);
    await expect(pmpFills(a.technician.client, '2026-11-01', '2026-11-30')).rejects.toThrow('Only pharmacists and admins of the pharmacy can report to the PMP');
    // Another pharmacy's pharmacist gets their own pharmacy's fills, never these.
    const theirs = await pmpFills(b.pharmacist.client, '2026-11-01', '2026-11-30');
    expect(theirs.fills.map((f) => f.fillId)).toEqual([fill.otherPharmacy]);
  });

  it('refuses a reversed or over-long range', async () => {
    await expect(pmpFills(a.pharmacist.client, '2026-11-30', '2026-11-01')).rejects.toThrow('The last day of the report is before its first day');
    await expect(pmpFills(a.pharmacist.client, '2025-01-01', '2026-11-30')).rejects.toThrow('A report covers at most 366 days');
  });
});

describe('record_pmp_submission', () => {
  it('refuses technicians, other pharmacies\' fills, fills outside the report and malformed files, recording nothing', async () => {
    expect((await record(a.technician.client, [fill.rita!])).error?.message).toBe('Only pharmacists and admins of the pharmacy can report to the PMP');
    const refused = 'Only controlled fills of your pharmacy dispensed in the report\'s days can be recorded as reported';
    expect((await record(b.pharmacist.client, [fill.rita!])).error?.message).toBe(refused);
    expect((await record(a.pharmacist.client, [fill.otherPharmacy!])).error?.message).toBe(refused);
    expect((await record(a.pharmacist.client, [fill.uncontrolled!])).error?.message).toBe(refused);
    expect((await record(a.pharmacist.client, [fill.pending!])).error?.message).toBe(refused);
    expect((await record(a.pharmacist.client, [fill.nextMonth!])).error?.message).toBe(refused);
    expect((await record(a.pharmacist.client, [fill.rita!, fill.rita!])).error?.message).toBe('Each fill is reported once per file');
    expect((await record(a.pharmacist.client, [fill.rita!], '2026-11-01', '2026-11-30', 'not a hash')).error?.message).toBe('The file\'s SHA-256 is 64 lowercase hex digits');
    expect(await sql('select 1 from public.pmp_submissions where pharmacy_id = any ($1)', [[a.id, b.id]])).toEqual([]);
  });

  it('records the file and its fills; the fills are then marked reported and go again as revisions', async () => {
    const answer = await pmpFills(a.pharmacist.client, '2026-11-01', '2026-11-30');
    const file = writeAsap42({ ...answer, controlNumber: 'P1', createdAt: new Date() });
    const sha = await asapFileSha256(file.text);
    const { data, error } = await record(a.pharmacist.client, file.fillIds, answer.from, answer.to, sha, file.segmentCount);
    expect(error).toBeNull();
    const { submissionId } = data as { submissionId: string };
    expect(data).toEqual({ submissionId: expect.any(String), fills: 2 });

    const after = await pmpFills(a.pharmacist.client, '2026-11-01', '2026-11-30');
    expect(after.fills.map((f) => [f.fillId, f.reportingStatus, f.alreadyReported])).toEqual([[fill.omar, 'revise', true], [fill.rita, 'revise', true]]);

    const submissions = await a.admin.client.from('pmp_submissions').select('id, period_from, period_to, file_sha256, fill_count, segment_count, created_by');
    expect(submissions.data).toEqual([{ id: submissionId, period_from: '2026-11-01', period_to: '2026-11-30', file_sha256: sha, fill_count: 2, segment_count: 11, created_by: a.pharmacist.id }]);
    const reported = await a.pharmacist.client.from('pmp_reported_fills').select('prescription_id, reporting_status').order('reporting_status');
    expect(new Set(reported.data!.map((r) => `${r.prescription_id} ${r.reporting_status}`))).toEqual(new Set([`${fill.omar} new`, `${fill.rita} new`]));
    const audit = await sql<{ action: string; entity_type: string }>('select action, entity_type from public.audit_log where entity_id = $1', [submissionId]);
    expect(audit).toEqual([{ action: 'report', entity_type: 'pmp_submissions' }]);
  });

  it('voids a reported fill returned to stock, once', async () => {
    // Not picked up: back on the shelf the way the return-to-stock job puts it (the fill is cancelled, its units returned).
    await sql("select private.put_fill_back_on_shelf(p, 'Not picked up') from public.prescriptions p where p.id = $1", [fill.rita]);
    expect(await sql('select status from public.prescriptions where id = $1', [fill.rita])).toEqual([{ status: 'cancelled' }]);
    const answer = await pmpFills(a.pharmacist.client, '2026-11-01', '2026-11-30');
    expect(answer.fills.find((f) => f.fillId === fill.rita)).toMatchObject({ reportingStatus: 'void', alreadyReported: false });
    const file = writeAsap42({ ...answer, fills: answer.fills.filter((f) => !f.alreadyReported), controlNumber: 'P2', createdAt: new Date() });
    expect(readAsap(file.text).find((s) => s.id === 'DSP')!.elements[0]).toBe('02');
    expect((await record(a.admin.client, file.fillIds, answer.from, answer.to, await asapFileSha256(file.text), file.segmentCount)).error).toBeNull();
    const again = await pmpFills(a.pharmacist.client, '2026-11-01', '2026-11-30');
    expect(again.fills.find((f) => f.fillId === fill.rita)).toMatchObject({ reportingStatus: 'void', alreadyReported: true });
  });

  it('records a zero report', async () => {
    const { data, error } = await record(a.pharmacist.client, [], '2026-10-01', '2026-10-31', SHA, 10);
    expect(error).toBeNull();
    expect(data).toMatchObject({ fills: 0 });
  });
});

describe('who reads the submissions, and that only the function writes them', () => {
  it('pharmacists and admins read their pharmacy\'s; technicians and other pharmacies read none', async () => {
    expect((await a.pharmacist.client.from('pmp_submissions').select('id')).data).toHaveLength(3);
    for (const client of [a.technician.client, b.pharmacist.client, b.admin.client]) {
      expect((await client.from('pmp_submissions').select('id')).data).toEqual([]);
      expect((await client.from('pmp_reported_fills').select('prescription_id')).data).toEqual([]);
    }
  });

  it('refuses inserts, updates and deletes from any role', async () => {
    const [submission] = await sql<{ id: string }>('select id from public.pmp_submissions where pharmacy_id = $1 limit 1', [a.id]);
    for (const client of [a.admin.client, a.pharmacist.client, a.technician.client]) {
      const inserted = await client.from('pmp_submissions').insert({ pharmacy_id: a.id, period_from: '2026-11-01', period_to: '2026-11-30', file_sha256: SHA, fill_count: 0, segment_count: 10 });
      expect(inserted.error?.message).toMatch(/permission denied/);
      expect((await client.from('pmp_submissions').update({ fill_count: 9 }).eq('id', submission!.id)).error?.message).toMatch(/permission denied/);
      expect((await client.from('pmp_submissions').delete().eq('id', submission!.id)).error?.message).toMatch(/permission denied/);
      const reportedInsert = await client.from('pmp_reported_fills').insert({ pharmacy_id: a.id, submission_id: submission!.id, prescription_id: fill.omar, reporting_status: 'new' });
      expect(reportedInsert.error?.message).toMatch(/permission denied/);
      expect((await client.from('pmp_reported_fills').update({ reporting_status: 'void' }).eq('prescription_id', fill.omar!)).error?.message).toMatch(/permission denied/);
      expect((await client.from('pmp_reported_fills').delete().eq('prescription_id', fill.omar!)).error?.message).toMatch(/permission denied/);
    }
    expect(await sql('select count(*)::int as n from public.pmp_submissions where pharmacy_id = $1', [a.id])).toEqual([{ n: 3 }]);
  });
});
