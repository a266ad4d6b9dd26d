/**
 * Row-level security of patients, prescribers, medications and the label print history, command by command,
 * as real users through supabase-js: anon; the admin, pharmacist and technician of pharmacy A; the staff of
 * pharmacy B. Staff read and write their own pharmacy's records (medications: technicians read only, pharmacists
 * and admins write — migration 20261126000200_drug_catalog); only an admin deletes one, and never one a
 * prescription refers to; print history is append-only and written by the database's who/when. Patient
 * records keep the shared form's formats (migration 20261122000800_patient_record_rules) whoever writes them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npiCheckDigit } from '../../shared/src/prescribers/npi.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { createPharmacy, type StaffRole, type TestPharmacy } from './db-fixtures.ts';
import { addMedication, addPatient, enterPrescription, updatePrescription } from './db-clinical-support.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
const ROLES: StaffRole[] = ['technician', 'pharmacist', 'admin'];

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Records Pharmacy A'), await createPharmacy('Records Pharmacy B')];
}, 120_000);

afterAll(async () => {
  await closeSql();
});

const NEW_ROWS: Record<'patients' | 'prescribers' | 'medications', (tag: string) => Record<string, unknown>> = {
  patients: (tag) => ({ first_name: 'Robin', last_name: `Patient ${tag}`, date_of_birth: '1975-05-06', allergies: ['Sulfa drugs'], current_medications: ['Lisinopril 10mg'] }),
  prescribers: (tag) => ({ title: 'Dr.', first_name: 'Casey', last_name: `Prescriber ${tag}`, specialty: 'Family Medicine', npi_number: uniqueNpi() }),
  medications: (tag) => ({ name: `Drug ${tag}`, generic_name: 'drug', strength: '10 mg', dosage_form: 'tablet', price: 4.5, stock: 40, low_stock_threshold: 10 }),
};
/** Who adds each table's rows (the others of ROLES are refused with WRITE_REFUSALS' sentence). */
const WRITERS: Record<keyof typeof NEW_ROWS, StaffRole[]> = {
  patients: ROLES,
  prescribers: ROLES,
  medications: ['pharmacist', 'admin'],
};
const WRITE_REFUSALS: Partial<Record<keyof typeof NEW_ROWS, string>> = {
  medications: 'Only a pharmacist or admin can add or change medications',
};
/** Who edits them (any staff member adds a prescriber; pharmacists and admins edit), refused with UPDATE_REFUSALS'. */
const UPDATERS: Record<keyof typeof NEW_ROWS, StaffRole[]> = {
  patients: ROLES,
  prescribers: ['pharmacist', 'admin'],
  medications: ['pharmacist', 'admin'],
};
const UPDATE_REFUSALS: Partial<Record<keyof typeof NEW_ROWS, string>> = {
  prescribers: 'Only a pharmacist or admin can edit a prescriber',
  medications: 'Only a pharmacist or admin can add or change medications',
};

let npiSequence = Date.now() % 10_000_000;
/** A new NPI with its check digit (the database checks it). */
function uniqueNpi(): string {
  npiSequence += 1;
  const firstNine = `1${String(npiSequence).padStart(8, '0')}`;
  return `${firstNine}${npiCheckDigit(firstNine)}`;
}
const UPDATES: Record<keyof typeof NEW_ROWS, Record<string, unknown>> = {
  patients: { phone: '(217) 555-0999' },
  prescribers: { phone: '(217) 555-0998' },
  medications: { stock: 7 },
};

async function stored(table: string, id: string): Promise<Record<string, unknown> | undefined> {
  return (await sql(`select * from public.${table} where id = $1`, [id]))[0];
}

for (const table of Object.keys(NEW_ROWS) as Array<keyof typeof NEW_ROWS>) {
  describe(table, () => {
    const writers = WRITERS[table];
    const readers = ROLES.filter((role) => !writers.includes(role));

    it(`insert: ${writers.join(', ')} add rows to their own pharmacy; ${[...readers, 'anon'].join(', ')} cannot; nobody adds to another pharmacy`, async () => {
      for (const role of writers) {
        const { data, error } = await a[role].client.from(table).insert(NEW_ROWS[table](role)).select('id, pharmacy_id').single();
        expect(error, role).toBeNull();
        expect(data?.pharmacy_id).toBe(a.id);
      }
      for (const role of readers) {
        const refused = await a[role].client.from(table).insert(NEW_ROWS[table](`${role} refused`)).select('id');
        expect(refused.error?.message, role).toBe(WRITE_REFUSALS[table]);
      }
      const fromAnon = await anon.from(table).insert(NEW_ROWS[table]('anon')).select();
      expect(fromAnon.error).not.toBeNull();
      const foreign = await b.admin.client.from(table).insert({ ...NEW_ROWS[table]('foreign'), pharmacy_id: a.id }).select();
      expect(foreign.error?.message).toBe('Rows can only be added to your own pharmacy');
    });

    it('select: staff read their pharmacy\'s rows only; anon reads nothing', async () => {
      const { id } = (await a[writers[0]!].client.from(table).insert(NEW_ROWS[table]('visible')).select('id').single()).data as { id: string };
      for (const role of ROLES) {
        const { data } = await a[role].client.from(table).select('id, pharmacy_id');
        expect(data?.map((row) => row.id), role).toContain(id);
        expect(new Set(data?.map((row) => row.pharmacy_id))).toEqual(new Set([a.id]));
        const other = await b[role].client.from(table).select('id').eq('id', id);
        expect(other.data, `B ${role}`).toEqual([]);
      }
      expect((await anon.from(table).select('id')).data ?? []).toEqual([]);
    });

    const updaters = UPDATERS[table];
    const viewers = ROLES.filter((role) => !updaters.includes(role));

    it(`update: ${updaters.join(', ')} of the pharmacy; ${viewers.length > 0 ? `${viewers.join(', ')} refused; ` : ''}another pharmacy changes nothing`, async () => {
      const { id } = (await a.admin.client.from(table).insert(NEW_ROWS[table]('update')).select('id').single()).data as { id: string };
      for (const role of ROLES) {
        const other = await b[role].client.from(table).update(UPDATES[table]).eq('id', id).select();
        if (!other.error) expect(other.data, `B ${role}`).toEqual([]);
      }
      expect(await stored(table, id)).not.toMatchObject(UPDATES[table]);
      for (const role of viewers) {
        const refused = await a[role].client.from(table).update(UPDATES[table]).eq('id', id).select('id');
        expect(refused.error?.message, role).toBe(UPDATE_REFUSALS[table]);
      }
      expect(await stored(table, id)).not.toMatchObject(UPDATES[table]);
      for (const role of updaters) {
        const { data, error } = await a[role].client.from(table).update(UPDATES[table]).eq('id', id).select('id');
        expect(error, role).toBeNull();
        expect(data, role).toEqual([{ id }]);
      }
      expect(await stored(table, id)).toMatchObject(UPDATES[table]);
      const moved = await a.admin.client.from(table).update({ pharmacy_id: b.id }).eq('id', id).select();
      expect(moved.error?.message).toBe('The pharmacy of a row cannot be changed');
    });

    it('delete: only an admin of the pharmacy', async () => {
      const { id } = (await a[writers[0]!].client.from(table).insert(NEW_ROWS[table]('delete')).select('id').single()).data as { id: string };
      for (const client of [a.technician.client, a.pharmacist.client, b.admin.client, anon]) {
        const { data, error } = await client.from(table).delete().eq('id', id).select();
        if (!error) expect(data).toEqual([]);
      }
      expect(await stored(table, id)).toBeDefined();
      const removed = await a.admin.client.from(table).delete().eq('id', id).select('id');
      expect(removed.data).toEqual([{ id }]);
      expect(await stored(table, id)).toBeUndefined();
    });

    it('writes an audit row per change', async () => {
      const [inserter, updater] = [writers[0]!, updaters[updaters.length - 1]!];
      const { id } = (await a[inserter].client.from(table).insert(NEW_ROWS[table]('audited')).select('id').single()).data as { id: string };
      await a[updater].client.from(table).update(UPDATES[table]).eq('id', id);
      const rows = await sql<{ action: string; actor_user_id: string }>(
        `select action, actor_user_id from public.audit_log where entity_type = $1 and entity_id = $2 order by id`, [table, id]);
      expect(rows).toEqual([{ action: 'insert', actor_user_id: a[inserter].id }, { action: 'update', actor_user_id: a[updater].id }]);
    });
  });
}

describe('records a prescription refers to', () => {
  it('cannot be deleted, not even by an admin', async () => {
    const patient = await addPatient(a.technician.client, 'Referenced');
    const medication = await addMedication(a.pharmacist.client, 'Referenced drug');
    await enterPrescription(a.technician.client, { patientId: patient.id, medicationId: medication.id });
    const deletedPatient = await a.admin.client.from('patients').delete().eq('id', patient.id).select();
    expect(deletedPatient.error?.message).toBe('This patient is still used by prescription orders and cannot be removed');
    const deletedMedication = await a.admin.client.from('medications').delete().eq('id', medication.id).select();
    expect(deletedMedication.error?.message).toBe('This medication is still used by prescription orders and cannot be removed');
  });
});

describe('patient record formats', () => {
  const base = { first_name: 'Fran', last_name: 'Format', date_of_birth: '1980-01-02' };

  it('accepts the shared form\'s formats (phone, ZIP, state, date of birth)', async () => {
    const { error } = await a.technician.client.from('patients')
      .insert({ ...base, phone: '(217) 555-0142', zip_code: '62701-1234', state: 'IL' }).select('id').single();
    expect(error).toBeNull();
  });

  it('refuses a phone, ZIP, state or date of birth the form would refuse, and stores nothing', async () => {
    const lastName = `Format ${Date.now()}`;
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ phone: '217-555-0142' }, /^Phone format: \(555\) 123-4567$/],
      [{ zip_code: '6270' }, /^Invalid ZIP code$/],
      [{ state: 'Illinois' }, /^Choose one of the 50 US states$/],
      [{ date_of_birth: '1899-12-31' }, /^Date of birth must be on or after 01\/01\/1900$/],
      [{ date_of_birth: tomorrow }, /^Date of birth must be in the past$/],
    ];
    for (const [bad, message] of cases) {
      const { error } = await a.technician.client.from('patients').insert({ ...base, last_name: lastName, ...bad }).select('id');
      expect(error?.message, JSON.stringify(bad)).toMatch(message);
    }
    expect(await sql('select id from public.patients where last_name = $1', [lastName])).toEqual([]);

    // An update is held to the same rules.
    const { data } = await a.technician.client.from('patients').insert({ ...base, last_name: lastName }).select('id').single();
    const { error } = await a.technician.client.from('patients').update({ phone: '5555' }).eq('id', data!.id).select('id');
    expect(error?.message).toBe('Phone format: (555) 123-4567');
    expect((await stored('patients', data!.id))?.phone).toBeNull();
  });
});

describe('medications', () => {
  it('flags low stock for the alerts (stock at or below the threshold)', async () => {
    const { data } = await a.pharmacist.client.from('medications').insert({ name: 'Low drug', stock: 11, low_stock_threshold: 10 }).select('id, is_low_stock').single();
    expect(data?.is_low_stock).toBe(false);
    await a.pharmacist.client.from('medications').update({ stock: 10 }).eq('id', data!.id);
    const low = await a.technician.client.from('medications').select('id').eq('is_low_stock', true);
    expect(low.data).toContainEqual({ id: data!.id });
  });

  it('refuses an NDC that is not in a 10-digit FDA shape, and a duplicate NDC in one pharmacy', async () => {
    const bad = await a.pharmacist.client.from('medications').insert({ name: 'Bad NDC', ndc_number: '12345-678-9' }).select();
    expect(bad.error?.message).toMatch(/^NDC must be 10 digits in an FDA format/);
    const first = await a.pharmacist.client.from('medications').insert({ name: 'Dup A', ndc_number: '0093-9999-01' }).select();
    expect(first.error).toBeNull();
    const dup = await a.pharmacist.client.from('medications').insert({ name: 'Dup B', ndc_number: '0093-9999-01' }).select();
    expect(dup.error?.message).toBe('A medication with this NDC is already in your catalogue');
    const otherPharmacy = await b.pharmacist.client.from('medications').insert({ name: 'Dup C', ndc_number: '0093-9999-01' }).select();
    expect(otherPharmacy.error).toBeNull();
  });
});

describe('prescription_label_prints', () => {
  async function readyPrescription(): Promise<{ id: string; rx_number: number }> {
    const patient = await addPatient(a.technician.client, 'Label');
    const medication = await addMedication(a.pharmacist.client, 'Label drug');
    const row = await enterPrescription(a.technician.client, { patientId: patient.id, medicationId: medication.id });
    await updatePrescription(a.technician.client, row.id, { status: 'processing' });
    await updatePrescription(a.pharmacist.client, row.id, { status: 'ready' });
    return row;
  }

  it('every staff role records a print of a verified prescription; printed_by/at are the database\'s', async () => {
    const rx = await readyPrescription();
    for (const role of ROLES) {
      const { data, error } = await a[role].client.from('prescription_label_prints')
        .insert({ prescription_id: rx.id, kind: role === 'admin' ? 'receipt' : 'label', printed_by: b.admin.id, printed_at: '2001-01-01T00:00:00Z' })
        .select('pharmacy_id, printed_by, printed_at, kind').single();
      expect(error, role).toBeNull();
      expect(data?.pharmacy_id).toBe(a.id);
      expect(data?.printed_by).toBe(a[role].id);
      expect(new Date(data!.printed_at).getFullYear()).toBeGreaterThan(2001);
    }
    const history = await a.technician.client.from('prescription_label_prints').select('kind').eq('prescription_id', rx.id);
    expect(history.data?.map((row) => row.kind).sort()).toEqual(['label', 'label', 'receipt']);
  });

  it('refuses a print of a prescription not yet verified', async () => {
    const patient = await addPatient(a.technician.client, 'Unverified');
    const medication = await addMedication(a.pharmacist.client, 'Unverified drug');
    const row = await enterPrescription(a.technician.client, { patientId: patient.id, medicationId: medication.id });
    const { error } = await a.technician.client.from('prescription_label_prints').insert({ prescription_id: row.id }).select();
    expect(error?.message).toBe(`Prescription RX ${row.rx_number} is not verified yet; its label prints once it is ready`);
  });

  it('history is append-only and invisible to another pharmacy', async () => {
    const rx = await readyPrescription();
    const printed = (await a.technician.client.from('prescription_label_prints').insert({ prescription_id: rx.id }).select('id').single()).data as { id: string };
    for (const role of ROLES) {
      const changed = await a[role].client.from('prescription_label_prints').update({ kind: 'receipt' }).eq('id', printed.id).select();
      expect(changed.error, role).not.toBeNull();
      const deleted = await a[role].client.from('prescription_label_prints').delete().eq('id', printed.id).select();
      expect(deleted.error, role).not.toBeNull();
      expect((await b[role].client.from('prescription_label_prints').select('id').eq('id', printed.id)).data).toEqual([]);
    }
    const foreign = await b.admin.client.from('prescription_label_prints').insert({ prescription_id: rx.id }).select();
    expect(foreign.error).not.toBeNull();
    expect(await stored('prescription_label_prints', printed.id)).toMatchObject({ kind: 'label' });
    expect((await anon.from('prescription_label_prints').select('id')).data ?? []).toEqual([]);
  });
});
