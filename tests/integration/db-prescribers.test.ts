/**
 * Prescriber credentials (issue 22, migration 20261128004000_prescriber_credentials) as real staff through
 * supabase-js: who adds and edits (every role adds, pharmacists and admins edit); the NPI's and DEA number's check
 * digits and the duplicate NPI refused with sentences; the verification columns are the database's (a new
 * prescriber is pending, staff cannot set them, a credential change of a verified prescriber makes it pending);
 * record_prescriber_verification (service role only) decides verified / pending / Needs Review from NPPES, the
 * licence, the DEA registration and the OIG exclusion list, keeps the history and audits; the exclusion list upload
 * (admins) flags prescribers, and a new prescription from an excluded prescriber needs a pharmacist's reason; the
 * directory's search, tabs, keyset pages, counts and derived activeCount / lastPrescription; the credential alerts
 * and the daily expiry job; another pharmacy sees none of it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npiCheckDigit } from '../../shared/src/prescribers/npi.ts';
import { closeSql, createServiceClient, sql } from '../support/stack-env.ts';
import { addMedication, addPatient, enterPrescription, insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let npiSequence = Math.floor(Math.random() * 1_000_000);

/** A fresh NPI with a valid check digit. */
function newNpi(): string {
  npiSequence += 1;
  const firstNine = `1${String(npiSequence).padStart(8, '0')}`;
  return `${firstNine}${npiCheckDigit(firstNine)}`;
}

const MATCH = { finding: 'match', reason: 'NPPES lists the NPI for this prescriber, active', licenseComparison: 'match', record: { npi: 'x' } };

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function addPrescriber(client: SupabaseClient, extra: Record<string, unknown> = {}): Promise<string> {
  return insertRow(client, 'prescribers', {
    first_name: 'Elena', last_name: 'Marquez', npi_number: newNpi(), license_number: 'IL-036.1', license_state: 'IL',
    license_expiration: inDays(400), dea_number: 'BM3825417', dea_expiration: inDays(500), specialty: 'Internal Medicine', ...extra,
  });
}

async function verify(prescriberId: string, actor: string | null, nppes: Record<string, unknown> = MATCH, runKind = 'manual') {
  const { data, error } = await createServiceClient().rpc('record_prescriber_verification', {
    verify_prescriber_id: prescriberId, actor_user_id: actor, nppes, run_kind: runKind,
  });
  return { data: data as { outcome: string; reason: string; checks: { source: string; result: string; detail: string }[] } | null, error };
}

async function statusOf(id: string): Promise<{ verification_status: string; verification_reason: string | null }> {
  const [row] = await sql<{ verification_status: string; verification_reason: string | null }>(
    'select verification_status, verification_reason from public.prescribers where id = $1', [id]);
  return row!;
}

const LEIE_ENTRY = { lastName: 'NOBODY', firstName: 'NONE', npi: null, state: 'ZZ', exclusionType: '1128a1', exclusionDate: '2020-01-01' };

beforeAll(async () => {
  [a, b] = await Promise.all([createPharmacy('Prescribers Pharmacy A'), createPharmacy('Prescribers Pharmacy B')]);
}, 120_000);

afterAll(closeSql);

describe('adding and editing', () => {
  it('lets every role add a prescriber, who starts pending whatever the insert says', async () => {
    for (const staff of [a.technician, a.pharmacist, a.admin]) {
      const { data, error } = await staff.client.from('prescribers')
        .insert({ first_name: 'New', last_name: 'Prescriber', npi_number: newNpi(), verification_status: 'verified' })
        .select('verification_status, verification_reason').single();
      expect(error).toBeNull();
      expect(data).toEqual({ verification_status: 'pending', verification_reason: 'Not verified yet' });
    }
  });

  it('refuses an NPI whose check digit does not match, a duplicate NPI and a bad DEA check digit, with sentences', async () => {
    const badNpi = await a.technician.client.from('prescribers').insert({ first_name: 'A', last_name: 'B', npi_number: '1234567890' });
    expect(badNpi.error?.message).toBe('NPI 1234567890 is not valid: its check digit does not match');
    const npi = newNpi();
    await addPrescriber(a.technician.client, { npi_number: npi });
    const duplicate = await a.technician.client.from('prescribers').insert({ first_name: 'A', last_name: 'B', npi_number: npi });
    expect(duplicate.error?.message).toBe('A prescriber with this NPI number is already on file');
    const badDea = await a.technician.client.from('prescribers').insert({ first_name: 'A', last_name: 'B', dea_number: 'BM3825418' });
    expect(badDea.error?.message).toMatch(/DEA number BM3825418 is not valid/);
    // The same NPI in another pharmacy is another pharmacy's business.
    expect((await b.technician.client.from('prescribers').insert({ first_name: 'A', last_name: 'B', npi_number: npi })).error).toBeNull();
  });

  it('lets pharmacists and admins edit, not technicians', async () => {
    const id = await addPrescriber(a.technician.client);
    const byTechnician = await a.technician.client.from('prescribers').update({ phone: '(217) 555-0100' }).eq('id', id).select('id');
    expect(byTechnician.error?.message).toBe('Only a pharmacist or admin can edit a prescriber');
    for (const staff of [a.pharmacist, a.admin]) {
      const edited = await staff.client.from('prescribers').update({ phone: '(217) 555-0101' }).eq('id', id).select('phone');
      expect(edited.data).toEqual([{ phone: '(217) 555-0101' }]);
    }
    const byOther = await b.admin.client.from('prescribers').update({ phone: '(217) 555-0102' }).eq('id', id).select('id');
    expect(byOther.data).toEqual([]);
  });

  it('keeps the verification columns the database’s, and a credential change makes a verified prescriber pending', async () => {
    const id = await addPrescriber(a.technician.client);
    const forged = await a.pharmacist.client.from('prescribers').update({ verification_status: 'verified' }).eq('id', id);
    expect(forged.error?.message).toBe('A prescriber\'s verification status is set by verifying the prescriber');
    await a.admin.client.rpc('replace_oig_exclusion_list', { list_file_name: 'UPDATED.csv', entries: [LEIE_ENTRY] });
    expect((await verify(id, a.pharmacist.id)).data?.outcome).toBe('verified');
    expect((await a.pharmacist.client.from('prescribers').update({ phone: '(217) 555-0103' }).eq('id', id)).error).toBeNull();
    expect((await statusOf(id)).verification_status).toBe('verified');
    expect((await a.pharmacist.client.from('prescribers').update({ license_number: 'IL-999' }).eq('id', id)).error).toBeNull();
    expect(await statusOf(id)).toEqual({
      verification_status: 'pending', verification_reason: 'Credentials changed since the last verification; verify again',
    });
  });
});

describe('verification', () => {
  beforeAll(async () => {
    expect((await a.admin.client.rpc('replace_oig_exclusion_list', { list_file_name: 'UPDATED.csv', entries: [LEIE_ENTRY] })).error).toBeNull();
  });

  it('is recorded only through the service role', async () => {
    const id = await addPrescriber(a.technician.client);
    const { error } = await a.pharmacist.client.rpc('record_prescriber_verification', {
      verify_prescriber_id: id, actor_user_id: a.pharmacist.id, nppes: MATCH, run_kind: 'manual',
    });
    expect(error).not.toBeNull();
    expect((await statusOf(id)).verification_status).toBe('pending');
  });

  it('verifies when NPPES matches and the licence, DEA registration and exclusion list pass; history and audit kept', async () => {
    const id = await addPrescriber(a.technician.client);
    const { data, error } = await verify(id, a.pharmacist.id);
    expect(error).toBeNull();
    expect(data?.outcome).toBe('verified');
    expect(data?.checks.map((check) => [check.source, check.result])).toEqual([['nppes', 'passed'], ['license', 'passed'], ['dea', 'passed'], ['oig', 'passed']]);
    expect(data?.checks[1]?.detail).toMatch(/attested by Phil Pharmacist of Prescribers Pharmacy A; NPPES lists the same licence$/);
    const history = await a.technician.client.from('prescriber_verifications').select('outcome, run_kind, checked_by').eq('prescriber_id', id);
    expect(history.data).toEqual([{ outcome: 'verified', run_kind: 'manual', checked_by: a.pharmacist.id }]);
    const audit = await sql('select action from public.audit_log where entity_id = $1 and action = $2', [id, 'prescriber_verified']);
    expect(audit).toHaveLength(1);
    expect((await b.admin.client.from('prescriber_verifications').select('id').eq('prescriber_id', id)).data).toEqual([]);
  });

  it('marks Needs Review with the reason when a source fails', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>, RegExp][] = [
      [{}, { finding: 'not-found', reason: 'NPI 1 is not in the NPPES NPI Registry' }, /^NPI 1 is not in the NPPES NPI Registry$/],
      [{}, { finding: 'name-mismatch', reason: 'NPPES lists this NPI for John Smith' }, /John Smith/],
      [{ license_expiration: inDays(-3) }, MATCH, /^State licence IL IL-036\.1 expired on /],
      [{ license_number: null, license_state: null, license_expiration: null }, MATCH, /licence number, state and expiration must be on file/],
      [{}, { ...MATCH, licenseComparison: 'mismatch', licenseNote: 'NPPES lists IL 036.999 instead' }, /NPPES lists IL 036\.999 instead/],
      [{ dea_expiration: inDays(-3) }, MATCH, /^DEA registration BM3825417 expired on /],
    ];
    for (const [columns, nppes, reason] of cases) {
      const id = await addPrescriber(a.technician.client, columns);
      const { data } = await verify(id, a.admin.id, nppes);
      expect(data?.outcome).toBe('expired');
      expect(data?.reason).toMatch(reason);
      expect((await statusOf(id)).verification_status).toBe('expired');
    }
  });

  it('stays pending when NPPES could not be asked', async () => {
    const id = await addPrescriber(a.technician.client);
    const { data } = await verify(id, a.pharmacist.id, { finding: 'unavailable', reason: 'NPPES NPI Registry did not answer within 2000 ms' });
    expect(data?.outcome).toBe('pending');
    expect(data?.reason).toBe('NPPES NPI Registry did not answer within 2000 ms');
  });

  it('requires a DEA registration of a prescriber of controlled substances', async () => {
    const id = await addPrescriber(a.technician.client, { dea_number: null, dea_expiration: null });
    expect((await verify(id, a.pharmacist.id)).data?.outcome).toBe('verified');
    const patient = (await addPatient(a.technician.client, 'Controlled')).id;
    const schedule = await insertRow(a.pharmacist.client, 'medications', { name: 'Tramadol', generic_name: 'tramadol', strength: '50 mg', price: 5, stock: 1000, dea_schedule: 'IV' });
    // A controlled prescription needs a DEA number at entry: entered while the prescriber had one (setup), then it lapsed from the record.
    await sql('update public.prescribers set dea_number = $2, dea_expiration = $3 where id = $1', [id, 'BM3825417', inDays(100)]);
    await enterPrescription(a.technician.client, { patientId: patient, medicationId: schedule }, { prescriber_id: id });
    await sql('update public.prescribers set dea_number = null, dea_expiration = null where id = $1', [id]);
    const { data } = await verify(id, a.pharmacist.id);
    expect(data?.outcome).toBe('expired');
    expect(data?.reason).toBe('A DEA registration is required for a prescriber of controlled substances');
  });

  it('is refused to a technician and to another pharmacy’s staff', async () => {
    const id = await addPrescriber(a.technician.client);
    expect((await verify(id, a.technician.id)).error?.message).toBe('Only a pharmacist or admin can verify a prescriber\'s credentials');
    expect((await verify(id, b.pharmacist.id)).error?.message).toBe('Prescriber not found');
    expect((await statusOf(id)).verification_status).toBe('pending');
  });

  it('refuses an answer about a prescriber whose NPI or name changed while NPPES was asked', async () => {
    const id = await addPrescriber(a.technician.client);
    const [row] = await sql<{ npi_number: string }>('select npi_number from public.prescribers where id = $1', [id]);
    const checked = { npi: row!.npi_number, firstName: 'Elena', lastName: 'Marquez' };
    await a.pharmacist.client.from('prescribers').update({ last_name: 'Marquez-Lopez' }).eq('id', id);
    const { error } = await verify(id, a.pharmacist.id, { ...MATCH, checked });
    expect(error?.message).toBe('The prescriber\'s NPI or name changed while it was being verified; verify again');
    expect((await statusOf(id)).verification_status).toBe('pending');
    expect((await verify(id, a.pharmacist.id, { ...MATCH, checked: { ...checked, lastName: 'Marquez-Lopez' } })).data?.outcome).toBe('verified');
  });

  it('keeps a verified prescriber verified when the monthly check cannot reach NPPES, and records the attempt', async () => {
    const id = await addPrescriber(a.technician.client);
    expect((await verify(id, a.pharmacist.id)).data?.outcome).toBe('verified');
    const monthly = await verify(id, null, { finding: 'unavailable', reason: 'NPPES NPI Registry could not be reached' }, 'monthly');
    expect(monthly.data?.outcome).toBe('pending');
    expect((await statusOf(id)).verification_status).toBe('verified');
    const history = await sql('select outcome, run_kind from public.prescriber_verifications where prescriber_id = $1 order by checked_at', [id]);
    expect(history).toEqual([{ outcome: 'verified', run_kind: 'manual' }, { outcome: 'pending', run_kind: 'monthly' }]);
    // What a source finds still counts at once.
    expect((await verify(id, null, { finding: 'not-found', reason: 'gone' }, 'monthly')).data?.outcome).toBe('expired');
    expect((await statusOf(id)).verification_status).toBe('expired');
  });

  it('is pending without an exclusion list', async () => {
    const id = await addPrescriber(b.technician.client);
    const { data } = await verify(id, b.pharmacist.id);
    expect(data?.outcome).toBe('pending');
    expect(data?.reason).toBe('No OIG exclusion list uploaded: an admin uploads the LEIE UPDATED.csv');
  });
});

describe('the OIG exclusion list', () => {
  it('is uploaded by admins only, flags the prescribers it names, and holds new prescriptions for a pharmacist’s reason', async () => {
    const npi = newNpi();
    const byNpi = await addPrescriber(a.technician.client, { first_name: 'Excluded', last_name: 'ByNumber', npi_number: npi });
    const byName = await addPrescriber(a.technician.client, { first_name: 'Excluded', last_name: 'Byname', practice_state: 'OH' });
    const clear = await addPrescriber(a.technician.client, { first_name: 'Clear', last_name: 'Prescriber' });
    const entries = [
      { lastName: 'SOMEONE', firstName: 'ELSE', npi, state: 'NY', exclusionType: '1128a1', exclusionDate: '2023-01-02' },
      { lastName: 'BYNAME', firstName: 'EXCLUDED', npi: null, state: 'OH', exclusionType: '1128b4', exclusionDate: '2024-05-20' },
      { lastName: 'PRESCRIBER', firstName: 'CLEAR', npi: null, state: 'CA', exclusionType: '1128b4', exclusionDate: '2024-05-20' },
    ];
    const refused = await a.pharmacist.client.rpc('replace_oig_exclusion_list', { list_file_name: 'UPDATED.csv', entries });
    expect(refused.error?.message).toBe('Only an admin can upload the OIG exclusion list');
    const { data, error } = await a.admin.client.rpc('replace_oig_exclusion_list', { list_file_name: 'UPDATED.csv', entries });
    expect(error).toBeNull();
    const answer = data as { entryCount: number; flagged: { id: string; reason: string }[] };
    expect(answer.entryCount).toBe(3);
    expect(answer.flagged.map((f) => f.id).sort()).toEqual([byNpi, byName].sort());
    expect(await statusOf(byNpi)).toEqual({
      verification_status: 'expired', verification_reason: 'On the OIG exclusion list (LEIE) since 2023-01-02, exclusion type 1128a1, matched by NPI',
    });
    expect((await statusOf(byName)).verification_reason).toMatch(/matched by name and state/);
    expect((await statusOf(clear)).verification_status).toBe('pending');
    const list = await a.technician.client.from('oig_exclusion_lists').select('file_name, entry_count, newest_exclusion_date');
    expect(list.data).toEqual([{ file_name: 'UPDATED.csv', entry_count: 3, newest_exclusion_date: '2024-05-20' }]);
    expect((await b.admin.client.from('oig_exclusions').select('id')).data).toEqual([]);

    const patient = (await addPatient(a.technician.client, 'Excluded')).id;
    const medication = (await addMedication(a.pharmacist.client)).id;
    const parts = { patientId: patient, medicationId: medication };
    await expect(enterPrescription(a.pharmacist.client, parts, { prescriber_id: byNpi }))
      .rejects.toThrow('Excluded ByNumber is on the OIG exclusion list (LEIE) since 2023-01-02, exclusion type 1128a1, matched by NPI. A pharmacist or admin must override with a reason to enter this prescription');
    await expect(enterPrescription(a.technician.client, parts, { prescriber_id: byNpi, exclusion_override_reason: 'Reinstated per OIG letter' }))
      .rejects.toThrow('Only a pharmacist or admin can override the OIG exclusion of Excluded ByNumber');
    const overridden = await enterPrescription(a.pharmacist.client, parts, { prescriber_id: byNpi, exclusion_override_reason: 'Reinstated per OIG letter' });
    expect(overridden).toMatchObject({ exclusion_override_reason: 'Reinstated per OIG letter', exclusion_overridden_by: a.pharmacist.id });
    const changed = await a.pharmacist.client.from('prescriptions').update({ exclusion_override_reason: 'other' }).eq('id', overridden.id);
    expect(changed.error?.message).toBe('An OIG exclusion override is recorded when the prescription is entered and cannot be changed');
    // A prescriber the list does not name needs no reason, and a reason sent is not kept.
    const plain = await enterPrescription(a.technician.client, parts, { prescriber_id: clear, exclusion_override_reason: 'not needed' });
    expect(plain.exclusion_override_reason).toBeNull();
    const audit = await sql('select action from public.audit_log where entity_id = $1 and action = $2', [overridden.id, 'excluded_prescriber_override']);
    expect(audit).toHaveLength(1);
  });

  it('does not count a reinstated entry, and tells another pharmacy nothing about the prescribers on it', async () => {
    const reinstated = await addPrescriber(a.technician.client, { first_name: 'Back', last_name: 'Again', practice_state: 'OH' });
    const excluded = await addPrescriber(a.technician.client, { first_name: 'Still', last_name: 'Out', practice_state: 'OH' });
    const { data } = await a.admin.client.rpc('replace_oig_exclusion_list', { list_file_name: 'UPDATED.csv', entries: [
      { lastName: 'again', firstName: ' back ', npi: null, state: 'oh', exclusionType: '1128b4', exclusionDate: '2019-01-01', reinstatementDate: '2021-06-01' },
      { lastName: 'Out', firstName: 'Still', npi: null, state: 'OH', exclusionType: '1128b4', exclusionDate: '2019-01-01' },
    ] });
    expect((data as { flagged: { id: string }[] }).flagged.map((f) => f.id)).toEqual([excluded]);
    expect((await statusOf(reinstated)).verification_status).toBe('pending');
    const patient = (await addPatient(b.technician.client, 'Elsewhere')).id;
    const medication = (await addMedication(b.pharmacist.client)).id;
    const foreign = await b.pharmacist.client.from('prescriptions').insert({
      pharmacy_id: a.id, patient_id: patient, medication_id: medication, prescriber_id: excluded,
      prescription_type: 'written', source: 'manual_entry', directions: 'x', quantity: 1, days_supply: 1,
    });
    expect(foreign.error?.message).not.toMatch(/Still Out|exclusion/i);
  });
});

describe('the directory', () => {
  let home: TestPharmacy;
  beforeAll(async () => {
    home = await createPharmacy('Directory Pharmacy');
    for (const [first, last, specialty] of [['Ada', 'Zeller', 'Cardiology'], ['Bea', 'Young', 'Dermatology'], ['Cy', 'Xu', 'Cardiology'],
      ['Di', 'Walker', 'Family Medicine'], ['Ed', 'Vance', 'Pediatrics']] as const) {
      await addPrescriber(home.technician.client, { first_name: first, last_name: last, specialty });
    }
  }, 60_000);

  async function page(client: SupabaseClient, args: Record<string, unknown>) {
    const { data, error } = await client.rpc('prescriber_directory', args);
    expect(error).toBeNull();
    return data as { id: string; last_name: string; npi_number: string; active_count: number; last_prescription: string | null }[];
  }

  it('searches first name, last name, specialty or NPI, any part and case, every word', async () => {
    expect((await page(home.technician.client, { search: 'CARDIO' })).map((p) => p.last_name)).toEqual(['Xu', 'Zeller']);
    expect((await page(home.technician.client, { search: 'cardio zel' })).map((p) => p.last_name)).toEqual(['Zeller']);
    expect((await page(home.technician.client, { search: 'bea' })).map((p) => p.last_name)).toEqual(['Young']);
    const walker = (await page(home.technician.client, { search: 'walker' }))[0]!;
    expect((await page(home.technician.client, { search: walker.npi_number })).map((p) => p.last_name)).toEqual(['Walker']);
    expect(await page(home.technician.client, { search: '100%' })).toEqual([]);
    expect(await page(a.technician.client, { search: walker.npi_number })).toEqual([]);
  });

  it('a word of one or two letters or digits matches where a word starts', async () => {
    // "al" is inside Walker but starts no word; "ca" starts Cardiology; "d" starts Di and Dermatology.
    expect(await page(home.technician.client, { search: 'al' })).toEqual([]);
    expect((await page(home.technician.client, { search: 'ca' })).map((p) => p.last_name)).toEqual(['Xu', 'Zeller']);
    expect((await page(home.technician.client, { search: 'D' })).map((p) => p.last_name)).toEqual(['Walker', 'Young']);
    expect((await page(home.technician.client, { search: 'ca ze' })).map((p) => p.last_name)).toEqual(['Zeller']);
    expect(await page(home.technician.client, { search: '%' })).toEqual([]);
  });

  it('pages by keyset in name order, filters by status and counts the tabs', async () => {
    const first = await page(home.technician.client, { page_size: 2 });
    expect(first.map((p) => p.last_name)).toEqual(['Vance', 'Walker']);
    const last = first.at(-1)!;
    const next = await page(home.technician.client, { page_size: 2, after_last_name: 'Walker', after_first_name: 'Di', after_id: last.id });
    expect(next.map((p) => p.last_name)).toEqual(['Xu', 'Young']);
    const { data: counts } = await home.technician.client.rpc('prescriber_directory_counts', {});
    expect(counts).toEqual({ all: 5, verified: 0, pending: 5, expired: 0 });
    const { data: cardiology } = await home.technician.client.rpc('prescriber_directory_counts', { search: 'cardiology' });
    expect(cardiology).toEqual({ all: 2, verified: 0, pending: 2, expired: 0 });
    expect(await page(home.technician.client, { status: 'verified' })).toEqual([]);
  });

  it('derives activeCount and lastPrescription from the prescriptions', async () => {
    const [zeller] = await page(home.technician.client, { search: 'zeller' });
    expect(zeller).toMatchObject({ active_count: 0, last_prescription: null });
    const patient = (await addPatient(home.technician.client, 'Directory')).id;
    const medication = (await addMedication(home.pharmacist.client)).id;
    await enterPrescription(home.technician.client, { patientId: patient, medicationId: medication }, { prescriber_id: zeller!.id, refills: 0 });
    await enterPrescription(home.technician.client, { patientId: patient, medicationId: medication }, { prescriber_id: zeller!.id, refills: 3 });
    const [after] = await page(home.technician.client, { search: 'zeller' });
    expect(after!.active_count).toBe(2);
    expect(after!.last_prescription).not.toBeNull();
  });

  it('counts activeCount by the refill rules themselves (private.order_expires_on, refills used, Schedule II)', async () => {
    const patient = (await addPatient(home.technician.client, 'Rules')).id;
    const plain = (await addMedication(home.pharmacist.client, 'Plainol')).id;
    const controlled = await insertRow(home.pharmacist.client, 'medications', { name: 'Ctrlol', generic_name: 'ctrlol', strength: '5 mg', price: 5, stock: 1000, dea_schedule: 'IV' });
    const scheduleII = await insertRow(home.pharmacist.client, 'medications', { name: 'Twool', generic_name: 'twool', strength: '5 mg', price: 5, stock: 1000, dea_schedule: 'II' });
    const [vance] = await page(home.technician.client, { search: 'vance' });
    await sql('update public.prescribers set dea_number = $2, dea_expiration = current_date + 300 where id = $1', [vance!.id, 'BV1234563']);
    // Written at the edges of each expiry (setup moves the dates written back), completed so nothing is in the queue.
    const cases: [string, number, string][] = [[plain, 2, '11 months'], [plain, 2, '12 months'], [plain, 2, '13 months'],
      [controlled, 2, '5 months'], [controlled, 2, '6 months'], [controlled, 2, '6 months 2 days'], [scheduleII, 0, '1 month'], [plain, 0, '1 month']];
    for (const [medication, refills, age] of cases) {
      const row = await enterPrescription(home.technician.client, { patientId: patient, medicationId: medication }, { prescriber_id: vance!.id, refills });
      // (the status moves only through move_prescription: completed here with the triggers off, as history loads are)
      await sql(`do $$ begin set local session_replication_role = replica; update public.prescriptions set status = 'completed' where id = '${row.id}'; end $$`);
      await sql(`update public.prescription_orders set written_on = current_date - $2::interval where id = $1`, [row.id, age]);
    }
    const [expected] = await sql<{ n: number }>(`
      select count(*)::int as n from public.prescription_orders o join public.medications m on m.id = o.medication_id
      where o.prescriber_id = $1 and o.status = 'active' and m.dea_schedule is distinct from 'II'
        and o.refills > greatest(o.refills_used_before, o.last_fill_number)
        and private.order_expires_on(o.written_on, m.dea_schedule, 12) > private.pharmacy_local_date(o.pharmacy_id, now())`, [vance!.id]);
    const [counted] = await page(home.technician.client, { search: 'vance' });
    expect(counted!.active_count).toBe(expected!.n);
    expect(counted!.active_count).toBeGreaterThan(0);
  });
});

describe('credential alerts and the expiry job', () => {
  it('lists licences and DEA registrations expired or expiring within 90 days, and the job marks verified ones Needs Review', async () => {
    const home = await createPharmacy('Alerts Pharmacy');
    await home.admin.client.rpc('replace_oig_exclusion_list', { list_file_name: 'UPDATED.csv', entries: [LEIE_ENTRY] });
    const soon = await addPrescriber(home.technician.client, { last_name: 'Soon', license_expiration: inDays(30) });
    const later = await addPrescriber(home.technician.client, { last_name: 'Later', license_expiration: inDays(200), dea_expiration: inDays(300) });
    const lapsing = await addPrescriber(home.technician.client, { last_name: 'Lapsing', dea_expiration: inDays(10) });
    const { data } = await home.technician.client.rpc('prescriber_credential_alerts', {});
    const alerts = data as { prescriber_id: string; credential: string; expired: boolean }[];
    expect(alerts.map((alert) => [alert.prescriber_id, alert.credential, alert.expired])).toEqual([[lapsing, 'dea', false], [soon, 'license', false]]);
    expect(alerts.some((alert) => alert.prescriber_id === later)).toBe(false);

    expect((await verify(soon, home.pharmacist.id)).data?.outcome).toBe('verified');
    await sql('update public.prescribers set license_expiration = current_date - 2 where id = $1', [soon]);
    await sql('select private.flag_expired_prescriber_credentials()');
    expect((await statusOf(soon)).verification_status).toBe('expired');
    expect((await statusOf(soon)).verification_reason).toMatch(/^State licence IL IL-036\.1 expired on /);
    const history = await sql('select run_kind from public.prescriber_verifications where prescriber_id = $1 order by checked_at', [soon]);
    expect(history.map((row) => row.run_kind)).toEqual(['manual', 'expiry']);
  });

  it('gives the monthly batch to the service role only', async () => {
    const refused = await a.admin.client.rpc('prescribers_due_for_reverification', { for_pharmacy_id: a.id });
    expect(refused.error).not.toBeNull();
    const id = await addPrescriber(a.technician.client);
    expect((await verify(id, a.pharmacist.id)).data?.outcome).toBe('verified');
    await sql(`update public.prescribers set verification_checked_at = now() - interval '40 days' where id = $1`, [id]);
    const { data } = await createServiceClient().rpc('prescribers_due_for_reverification', { for_pharmacy_id: a.id });
    expect((data as { id: string }[]).map((row) => row.id)).toContain(id);
    const monthly = await verify(id, null, MATCH, 'monthly');
    expect(monthly.data?.outcome).toBe('verified');
  });
});
