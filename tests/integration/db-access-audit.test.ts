/**
 * HIPAA §164.312(b) audit controls in the database (migration 20261122001200_access_audit), as real users
 * through supabase-js:
 * - reads of PHI leave a row: opening a patient's record or a prescription's details
 *   (public.record_patient_access, the pharmacy taken from the caller) and printing a label or receipt
 *   (the print history's trigger); a patient the caller cannot see is refused and nothing is written;
 * - an admin asks "who looked at this patient" (public.patient_access_history: newest first, paged, with
 *   staff names); pharmacists, technicians, other pharmacies and anon are refused by the database;
 * - operating-hours changes and admin changes to staff profiles and the pharmacist in charge are audited
 *   with the fields changed.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { closeSql, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import type { Tables } from '../../shared/src/database/database.types.ts';
import { addStaff, createPharmacy, type StaffRole, type TestPharmacy } from './db-fixtures.ts';
import { addMedication, addPatient, enterPrescription, updatePrescription } from './db-clinical-support.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
const ROLES: StaffRole[] = ['technician', 'pharmacist', 'admin'];

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Access Audit Pharmacy A'), await createPharmacy('Access Audit Pharmacy B')];
}, 120_000);

afterAll(async () => {
  await closeSql();
});

type AccessRow = Pick<Tables<'audit_log'>, 'pharmacy_id' | 'actor_user_id' | 'patient_id' | 'action' | 'entity_type' | 'entity_id' | 'description' | 'success'>;

async function accessRows(patientId: string): Promise<AccessRow[]> {
  return sql<AccessRow>(
    `select pharmacy_id, actor_user_id, patient_id, action, entity_type, entity_id, description, success
       from public.audit_log where patient_id = $1 order by id`, [patientId]);
}

function recordAccess(client: SupabaseClient, args: { patient_id: string; what: string; prescription_id?: string }) {
  return client.rpc('record_patient_access', args);
}

/** A prescription of a new patient of A, entered, processed and verified (so it prints). */
async function readyPrescription(tag: string): Promise<{ patientId: string; prescriptionId: string; rxNumber: number }> {
  const patient = await addPatient(a.technician.client, `Printed ${tag}`);
  const medication = await addMedication(a.pharmacist.client, `Print drug ${tag}`);
  const row = await enterPrescription(a.technician.client, { patientId: patient.id, medicationId: medication.id });
  await updatePrescription(a.technician.client, row.id, { status: 'processing' });
  await updatePrescription(a.pharmacist.client, row.id, { status: 'ready' });
  return { patientId: patient.id, prescriptionId: row.id, rxNumber: row.rx_number };
}

describe('record_patient_access: opening a patient record', () => {
  it('every staff role leaves one row naming them, the patient and their pharmacy', async () => {
    const patient = await addPatient(a.technician.client, 'Opened');
    expect(await accessRows(patient.id)).toEqual([]);
    for (const role of ROLES) {
      const { error } = await recordAccess(a[role].client, { patient_id: patient.id, what: 'patient_record' });
      expect(error, role).toBeNull();
    }
    const rows = await accessRows(patient.id);
    expect(rows.map((row) => row.actor_user_id)).toEqual(ROLES.map((role) => a[role].id));
    for (const row of rows) {
      expect(row).toMatchObject({
        pharmacy_id: a.id, patient_id: patient.id, action: 'patient_record_opened', entity_type: 'patient', entity_id: patient.id,
        description: 'Opened the patient record', success: true,
      });
    }
  });

  it('refuses a patient of another pharmacy, anon and a bad kind of access, and writes nothing', async () => {
    const patient = await addPatient(a.technician.client, 'Not yours');
    for (const role of ROLES) {
      const { error } = await recordAccess(b[role].client, { patient_id: patient.id, what: 'patient_record' });
      expect(error?.message, `B ${role}`).toBe('Patient not found');
    }
    expect((await recordAccess(anon, { patient_id: patient.id, what: 'patient_record' })).error).not.toBeNull();
    const bad = await recordAccess(a.technician.client, { patient_id: patient.id, what: 'everything' });
    expect(bad.error?.message).toBe('The kind of access must be patient_record or prescription_details');
    expect(await accessRows(patient.id)).toEqual([]);
  });
});

describe('record_patient_access: opening a prescription\'s details', () => {
  it('records the prescription and its patient', async () => {
    const patient = await addPatient(a.technician.client, 'Rx details');
    const medication = await addMedication(a.pharmacist.client, 'Details drug');
    const rx = await enterPrescription(a.technician.client, { patientId: patient.id, medicationId: medication.id });
    const { error } = await recordAccess(a.pharmacist.client, { patient_id: patient.id, what: 'prescription_details', prescription_id: rx.id });
    expect(error).toBeNull();
    expect(await accessRows(patient.id)).toEqual([expect.objectContaining({
      actor_user_id: a.pharmacist.id, action: 'prescription_opened', entity_type: 'prescription', entity_id: rx.id,
      description: `Opened Prescription RX ${rx.rx_number}`,
    })]);
  });

  it('refuses a missing prescription, one of another patient or another pharmacy, and writes nothing', async () => {
    const patient = await addPatient(a.technician.client, 'Rx owner');
    const other = await addPatient(a.technician.client, 'Rx other');
    const medication = await addMedication(a.pharmacist.client, 'Other drug');
    const rx = await enterPrescription(a.technician.client, { patientId: other.id, medicationId: medication.id });
    const missing = await recordAccess(a.technician.client, { patient_id: patient.id, what: 'prescription_details' });
    expect(missing.error?.message).toBe('Prescription not found');
    const mismatched = await recordAccess(a.technician.client, { patient_id: patient.id, what: 'prescription_details', prescription_id: rx.id });
    expect(mismatched.error?.message).toBe('Prescription not found');
    const foreign = await recordAccess(b.admin.client, { patient_id: other.id, what: 'prescription_details', prescription_id: rx.id });
    expect(foreign.error?.message).toBe('Patient not found');
    expect(await accessRows(patient.id)).toEqual([]);
    expect(await accessRows(other.id)).toEqual([]);
  });
});

describe('printing a label or receipt', () => {
  it('leaves a row naming the printer, the patient and the prescription', async () => {
    const rx = await readyPrescription('label');
    for (const kind of ['label', 'receipt'] as const) {
      const { error } = await a.technician.client.from('prescription_label_prints').insert({ prescription_id: rx.prescriptionId, kind });
      expect(error, kind).toBeNull();
    }
    const rows = await accessRows(rx.patientId);
    expect(rows.map(({ actor_user_id, action, entity_type, entity_id, description }) => ({ actor_user_id, action, entity_type, entity_id, description }))).toEqual([
      { actor_user_id: a.technician.id, action: 'label_printed', entity_type: 'prescription', entity_id: rx.prescriptionId, description: `Printed the label of Prescription RX ${rx.rxNumber}` },
      { actor_user_id: a.technician.id, action: 'receipt_printed', entity_type: 'prescription', entity_id: rx.prescriptionId, description: `Printed the receipt of Prescription RX ${rx.rxNumber}` },
    ]);
  });
});

describe('patient_access_history: who looked at this patient', () => {
  interface HistoryRow {
    id: number;
    accessed_at: string;
    actor_user_id: string;
    actor_name: string | null;
    action: string;
    description: string;
    prescription_id: string | null;
    ip_address: string | null;
  }

  it('an admin gets every access, newest first, with staff names, page by page', async () => {
    const rx = await readyPrescription('history');
    await recordAccess(a.technician.client, { patient_id: rx.patientId, what: 'patient_record' });
    await recordAccess(a.pharmacist.client, { patient_id: rx.patientId, what: 'prescription_details', prescription_id: rx.prescriptionId });
    await a.technician.client.from('prescription_label_prints').insert({ prescription_id: rx.prescriptionId, kind: 'label' });

    const { data, error } = await a.admin.client.rpc('patient_access_history', { patient_id: rx.patientId });
    expect(error).toBeNull();
    const rows = data as HistoryRow[];
    expect(rows.map((row) => [row.actor_name, row.action, row.prescription_id])).toEqual([
      [`Tess Technician of ${a.name}`, 'label_printed', rx.prescriptionId],
      [`Phil Pharmacist of ${a.name}`, 'prescription_opened', rx.prescriptionId],
      [`Tess Technician of ${a.name}`, 'patient_record_opened', null],
    ]);
    expect(rows[0]!.actor_user_id).toBe(a.technician.id);
    expect(Date.parse(rows[0]!.accessed_at)).toBeGreaterThanOrEqual(Date.parse(rows[2]!.accessed_at));

    const first = await a.admin.client.rpc('patient_access_history', { patient_id: rx.patientId, page_size: 2 });
    expect((first.data as HistoryRow[]).map((row) => row.id)).toEqual(rows.slice(0, 2).map((row) => row.id));
    const next = await a.admin.client.rpc('patient_access_history', { patient_id: rx.patientId, page_size: 2, before_id: rows[1]!.id });
    expect((next.data as HistoryRow[]).map((row) => row.id)).toEqual([rows[2]!.id]);

    const tooBig = await a.admin.client.rpc('patient_access_history', { patient_id: rx.patientId, page_size: 1000 });
    expect(tooBig.error?.message).toBe('A page holds 1 to 200 entries');
  });

  it('pharmacists, technicians and anon are refused; another pharmacy\'s admin sees nothing', async () => {
    const patient = await addPatient(a.technician.client, 'Private history');
    await recordAccess(a.technician.client, { patient_id: patient.id, what: 'patient_record' });
    for (const role of ['technician', 'pharmacist'] as const) {
      const { data, error } = await a[role].client.rpc('patient_access_history', { patient_id: patient.id });
      expect(error?.message, role).toBe("Only a pharmacy admin can see who opened a patient's record");
      expect(data, role).toBeNull();
    }
    expect((await anon.rpc('patient_access_history', { patient_id: patient.id })).error).not.toBeNull();
    const foreign = await b.admin.client.rpc('patient_access_history', { patient_id: patient.id });
    expect(foreign.error).toBeNull();
    expect(foreign.data).toEqual([]);
  });
});

describe('deactivated staff', () => {
  it('can neither record an access nor read a history', async () => {
    const patient = await addPatient(a.technician.client, 'Deactivated reader');
    const formerAdmin = await addStaff(a.id, 'admin', 'Dee', 'Activated');
    const { error } = await a.admin.client.from('staff_profiles').update({ is_active: false }).eq('user_id', formerAdmin.id);
    expect(error).toBeNull();
    const recorded = await recordAccess(formerAdmin.client, { patient_id: patient.id, what: 'patient_record' });
    expect(recorded.error?.message).toBe('Only active staff of a pharmacy can open patient records');
    const history = await formerAdmin.client.rpc('patient_access_history', { patient_id: patient.id });
    expect(history.error?.message).toBe("Only a pharmacy admin can see who opened a patient's record");
    expect(await accessRows(patient.id)).toEqual([]);
  });
});

describe('privileges and index', () => {
  it('only the two public functions are callable by staff; the audit writer is not callable by API roles', async () => {
    const rows = await sql<{ role: string; fn: string; allowed: boolean }>(`
      select r.role, f.fn, has_function_privilege(r.role, f.fn, 'execute') as allowed
        from unnest(array['anon', 'authenticated']) as r(role),
             unnest(array['public.record_patient_access(uuid, text, uuid)', 'public.patient_access_history(uuid, integer, bigint)',
                          'private.record_phi_access(uuid, uuid, uuid, text, text, text, text, jsonb)']) as f(fn)
       order by 1, 2`);
    expect(rows.filter((row) => row.allowed).map((row) => `${row.role} ${row.fn.split('(')[0]}`)).toEqual([
      'authenticated public.patient_access_history',
      'authenticated public.record_patient_access',
    ]);
  });

  it('one patient\'s history is read from the patient-access index in order, without sorting the log', async () => {
    const patient = await addPatient(a.technician.client, 'Indexed');
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    let plan: { 'QUERY PLAN': string }[];
    try {
      await client.query('begin');
      // Only the index can answer then: a plan that still sorts means the index does not fit the query.
      await client.query('set local enable_seqscan = off');
      await client.query('set local enable_bitmapscan = off');
      plan = (await client.query(`explain select id, created_at, actor_user_id, action, description, entity_type, entity_id, ip_address
                                   from public.audit_log where pharmacy_id = $1 and patient_id = $2
                                   order by created_at desc, id desc limit 50`, [a.id, patient.id])).rows;
      await client.query('rollback');
    } finally {
      await client.end();
    }
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Scan using audit_log_patient_access_idx/);
    expect(text).not.toContain('Sort');
  });
});

describe('operating hours', () => {
  it('an admin\'s change, addition and removal are audited with the fields changed', async () => {
    const { error } = await a.admin.client.from('pharmacy_operating_hours').update({ closes_at: '20:00', opens_at: '08:00' }).eq('weekday', 'monday');
    expect(error).toBeNull();
    const [changed] = await sql(
      `select actor_user_id, action, entity_id, description, details from public.audit_log
        where pharmacy_id = $1 and entity_type = 'pharmacy_operating_hours' and action = 'update' order by id desc limit 1`, [a.id]);
    expect(changed).toEqual({
      actor_user_id: a.admin.id, action: 'update', entity_id: 'monday', description: 'Operating hours of Monday changed: closes_at, opens_at',
      details: { changed: ['closes_at', 'opens_at'], old: { closes_at: '18:00:00', opens_at: '09:00:00' }, new: { closes_at: '20:00:00', opens_at: '08:00:00' } },
    });

    await a.admin.client.from('pharmacy_operating_hours').delete().eq('weekday', 'sunday');
    await a.admin.client.from('pharmacy_operating_hours').insert({ weekday: 'sunday', is_closed: true });
    const rows = await sql(
      `select actor_user_id, action, description from public.audit_log
        where pharmacy_id = $1 and entity_type = 'pharmacy_operating_hours' and entity_id = 'sunday' and actor_user_id is not null order by id`, [a.id]);
    expect(rows).toEqual([
      { actor_user_id: a.admin.id, action: 'delete', description: 'Operating hours of Sunday removed' },
      { actor_user_id: a.admin.id, action: 'insert', description: 'Operating hours of Sunday added' },
    ]);
  });

  it('a refused change by a technician changes and audits nothing', async () => {
    const before = await sql(`select count(*)::int as n from public.audit_log where pharmacy_id = $1 and entity_type = 'pharmacy_operating_hours'`, [a.id]);
    const { data } = await a.technician.client.from('pharmacy_operating_hours').update({ closes_at: '23:00' }).eq('weekday', 'tuesday').select();
    expect(data ?? []).toEqual([]);
    expect(await sql(`select count(*)::int as n from public.audit_log where pharmacy_id = $1 and entity_type = 'pharmacy_operating_hours'`, [a.id])).toEqual(before);
  });
});

describe('admin changes to staff', () => {
  it('deactivating a staff member and changing a license are audited with the admin and the old and new values', async () => {
    const { error } = await a.admin.client.from('staff_profiles').update({ is_active: false, license_number: 'RPH-CHANGED' }).eq('user_id', a.pharmacist.id);
    expect(error).toBeNull();
    const rows = await sql(
      `select actor_user_id, description, details from public.audit_log
        where entity_type = 'staff_profiles' and entity_id = $1 and action = 'update' order by id desc limit 1`, [a.pharmacist.id]);
    expect(rows).toEqual([{
      actor_user_id: a.admin.id,
      description: `Staff member Phil Pharmacist of ${a.name} (pharmacist) changed: is_active, license_number`,
      details: { changed: ['is_active', 'license_number'], old: { is_active: true, license_number: expect.stringMatching(/^RPH-/) }, new: { is_active: false, license_number: 'RPH-CHANGED' } },
    }]);
  });

  it('changing the pharmacist in charge is audited with the fields changed', async () => {
    const { error } = await b.admin.client.from('pharmacists_in_charge').update({ license_number: 'PIC-2', last_name: 'Newname' }).eq('pharmacy_id', b.id);
    expect(error).toBeNull();
    const rows = await sql(
      `select actor_user_id, description, details -> 'changed' as changed from public.audit_log
        where pharmacy_id = $1 and entity_type = 'pharmacists_in_charge' and action = 'update' order by id desc limit 1`, [b.id]);
    expect(rows).toEqual([{ actor_user_id: b.admin.id, description: 'Pharmacist in charge Pat Newname changed: last_name, license_number', changed: ['last_name', 'license_number'] }]);
  });
});
