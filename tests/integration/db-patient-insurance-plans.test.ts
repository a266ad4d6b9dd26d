/**
 * public.patient_insurance_plans (migration 20261129004000_patient_insurance_plans) command by command as real users
 * through supabase-js (PostgREST, the fixed column names): anon; the admin, pharmacist and technician of pharmacy A;
 * the staff of pharmacy B. Staff read their pharmacy's plans; every role adds and changes them (technicians type
 * insurance at intake); nobody deletes one; another pharmacy and anon do nothing. The NCPDP field rules and the
 * one-active-plan-per-priority rule answer in the shared schema's sentences; the patient's legacy insurance columns
 * are the active primary plan's mirror (the Patients table's badge, search_patients); every write is audited. And
 * the Demo Pharmacy's seeded plans, which the test claims switch recognises.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alreadyActivePlanMessage, INSURANCE_PLAN_MESSAGES } from '../../shared/src/patients/insurance-plan.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { addPatient, insertRow } from './db-clinical-support.ts';
import { createPharmacy, signIn, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
const ROLES = ['admin', 'pharmacist', 'technician'] as const;

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Insurance Pharmacy A'), await createPharmacy('Insurance Pharmacy B')];
}, 120_000);

afterAll(closeSql);

/** A plan on the real Caremark routing numbers (BIN 004336, PCN ADV), the columns as outside clients send them. */
function caremark(patientId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    patient_id: patientId, payer_name: 'Caremark Commercial', bin: '004336', pcn: 'ADV', group_id: 'RX1234', cardholder_id: 'ZX1234567',
    person_code: '001', relationship_code: '1', priority: 'primary', insurance_type: 'commercial', effective_date: '2026-01-01', ...extra,
  };
}

async function storedPlan(id: string): Promise<Record<string, unknown> | undefined> {
  return (await sql('select * from public.patient_insurance_plans where id = $1', [id]))[0];
}

async function mirrorOf(patientId: string): Promise<Record<string, unknown> | undefined> {
  return (await sql('select insurance_provider, insurance_member_id, insurance_group_number from public.patients where id = $1', [patientId]))[0];
}

const newPatient = async (lastName = 'Insured') => (await addPatient(a.technician.client, lastName)).id;

describe('patient_insurance_plans: insert', () => {
  it('every staff role adds plans through PostgREST; the pharmacy, who and when are the database\'s', async () => {
    for (const role of ROLES) {
      const patient = await newPatient(`Insert ${role}`);
      const { data, error } = await a[role].client.from('patient_insurance_plans')
        .insert(caremark(patient, { priority: '1', pcn: '  ', group_id: ' RX1234 ', created_by: b.admin.id, created_at: '2020-01-01T00:00:00Z' }))
        .select('pharmacy_id, patient_id, priority, pcn, group_id, active, created_by, created_at').single();
      expect(error, role).toBeNull();
      expect(data).toMatchObject({ pharmacy_id: a.id, patient_id: patient, priority: 'primary', pcn: null, group_id: 'RX1234', active: true, created_by: a[role].id });
      expect(new Date(data!.created_at as string).getFullYear(), role).toBeGreaterThan(2020);
    }
  });

  it('takes priorities 2 and 3 as secondary and tertiary, and every relationship code and insurance type', async () => {
    const patient = await newPatient();
    const secondary = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient, { priority: 2, relationship_code: 0, insurance_type: 'tricare' }));
    const tertiary = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient, { priority: '3', relationship_code: '4', insurance_type: 'workers_compensation' }));
    expect(await storedPlan(secondary)).toMatchObject({ priority: 'secondary', relationship_code: '0' });
    expect(await storedPlan(tertiary)).toMatchObject({ priority: 'tertiary', relationship_code: '4' });
  });

  it('anon, another pharmacy and another pharmacy\'s patient cannot', async () => {
    const patient = await newPatient();
    expect((await anon.from('patient_insurance_plans').insert(caremark(patient)).select()).error).not.toBeNull();
    const foreignPharmacy = await b.admin.client.from('patient_insurance_plans').insert(caremark(patient, { pharmacy_id: a.id })).select();
    expect(foreignPharmacy.error?.message).toBe('Rows can only be added to your own pharmacy');
    for (const role of ROLES) {
      const foreignPatient = await b[role].client.from('patient_insurance_plans').insert(caremark(patient)).select();
      expect(foreignPatient.error?.message, role).toBe('Choose a patient of your pharmacy');
    }
    expect(await sql('select 1 from public.patient_insurance_plans where patient_id = $1', [patient])).toEqual([]);
  });

  it('refuses malformed fields with the shared form\'s sentences', async () => {
    const patient = await newPatient();
    const refusals: [Record<string, unknown>, string][] = [
      [{ bin: '61009' }, INSURANCE_PLAN_MESSAGES.bin],
      [{ bin: '6100977' }, INSURANCE_PLAN_MESSAGES.bin],
      [{ bin: 'ABC123' }, INSURANCE_PLAN_MESSAGES.bin],
      [{ bin: null }, INSURANCE_PLAN_MESSAGES.binRequired],
      [{ payer_name: '  ' }, INSURANCE_PLAN_MESSAGES.payerNameRequired],
      [{ payer_name: 'P'.repeat(101) }, INSURANCE_PLAN_MESSAGES.payerName],
      [{ cardholder_id: '' }, INSURANCE_PLAN_MESSAGES.cardholderIdRequired],
      [{ cardholder_id: 'Z'.repeat(21) }, INSURANCE_PLAN_MESSAGES.cardholderId],
      [{ cardholder_id: 'ZX12\u001e34' }, INSURANCE_PLAN_MESSAGES.cardholderId],
      [{ pcn: 'MEDDPRIMEXX' }, INSURANCE_PLAN_MESSAGES.pcn],
      [{ group_id: 'G'.repeat(16) }, INSURANCE_PLAN_MESSAGES.groupId],
      [{ person_code: '0001' }, INSURANCE_PLAN_MESSAGES.personCode],
      [{ relationship_code: '5' }, INSURANCE_PLAN_MESSAGES.relationshipCode],
      [{ priority: '4' }, INSURANCE_PLAN_MESSAGES.priority],
      [{ priority: 'quaternary' }, INSURANCE_PLAN_MESSAGES.priority],
      [{ priority: null }, 'Priority is required'],
      [{ insurance_type: 'platinum' }, INSURANCE_PLAN_MESSAGES.insuranceType],
      [{ effective_date: '2026-07-01', termination_date: '2026-06-30' }, INSURANCE_PLAN_MESSAGES.dates],
      [{ patient_id: null }, 'Patient is required'],
    ];
    for (const [change, message] of refusals) {
      const { error } = await a.technician.client.from('patient_insurance_plans').insert(caremark(patient, change)).select();
      expect(error?.message, JSON.stringify(change)).toBe(message);
    }
    expect(await sql('select 1 from public.patient_insurance_plans where patient_id = $1', [patient])).toEqual([]);
  });
});

describe('patient_insurance_plans: one active plan per priority', () => {
  it('refuses a second active primary in a sentence; a deactivated one may stay, and a new one follows a deactivation', async () => {
    const patient = await newPatient();
    const first = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient));
    const second = await a.pharmacist.client.from('patient_insurance_plans').insert(caremark(patient, { payer_name: 'Other Rx' })).select();
    expect(second.error?.message).toBe(alreadyActivePlanMessage('primary'));
    // A secondary plan and an inactive primary live beside it.
    await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient, { priority: 'secondary', bin: '003858', pcn: 'A4' }));
    const inactive = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient, { payer_name: 'Old Rx', active: false }));
    const reactivated = await a.admin.client.from('patient_insurance_plans').update({ active: true }).eq('id', inactive).select();
    expect(reactivated.error?.message).toBe(alreadyActivePlanMessage('primary'));
    const moved = await a.admin.client.from('patient_insurance_plans').update({ priority: 'primary' })
      .eq('patient_id', patient).eq('priority', 'secondary').select();
    expect(moved.error?.message).toBe(alreadyActivePlanMessage('primary'));

    expect((await a.technician.client.from('patient_insurance_plans').update({ active: false }).eq('id', first).select('active')).data).toEqual([{ active: false }]);
    await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient, { payer_name: 'New Rx', bin: '610097', pcn: '9999' }));
    const active = await sql<{ priority: string; payer_name: string }>(
      'select priority, payer_name from public.patient_insurance_plans where patient_id = $1 and active order by priority', [patient]);
    expect(active).toEqual([{ priority: 'primary', payer_name: 'New Rx' }, { priority: 'secondary', payer_name: 'Caremark Commercial' }]);
  });

  it('two terminals adding a primary plan at once: one is added, the other is told why', async () => {
    const patient = await newPatient();
    const results = await Promise.all([
      a.technician.client.from('patient_insurance_plans').insert(caremark(patient, { payer_name: 'Terminal 1' })).select('id'),
      a.pharmacist.client.from('patient_insurance_plans').insert(caremark(patient, { payer_name: 'Terminal 2' })).select('id'),
    ]);
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    expect(results.map((result) => result.error?.message).filter(Boolean)).toEqual([alreadyActivePlanMessage('primary')]);
  });
});

describe('patient_insurance_plans: select', () => {
  it('every staff role reads their pharmacy\'s plans; another pharmacy and anon read nothing', async () => {
    const id = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(await newPatient()));
    for (const role of ROLES) {
      expect((await a[role].client.from('patient_insurance_plans').select('id').eq('id', id)).data, role).toEqual([{ id }]);
      expect((await b[role].client.from('patient_insurance_plans').select('id').eq('id', id)).data, `B ${role}`).toEqual([]);
    }
    expect((await anon.from('patient_insurance_plans').select('id')).data ?? []).toEqual([]);
  });
});

describe('patient_insurance_plans: update', () => {
  it('every staff role changes plans; another pharmacy and anon change nothing; the creator stays', async () => {
    const id = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(await newPatient()));
    for (const client of [b.admin.client, b.pharmacist.client, b.technician.client, anon]) {
      const { data, error } = await client.from('patient_insurance_plans').update({ cardholder_id: 'HIJACKED' }).eq('id', id).select();
      if (!error) expect(data).toEqual([]);
    }
    expect(await storedPlan(id)).toMatchObject({ cardholder_id: 'ZX1234567' });
    for (const [role, cardholder] of [['admin', 'ZX0000001'], ['pharmacist', 'ZX0000002'], ['technician', 'ZX0000003']] as const) {
      const { data, error } = await a[role].client.from('patient_insurance_plans')
        .update({ cardholder_id: cardholder, created_by: b.admin.id }).eq('id', id).select('cardholder_id, created_by');
      expect(error, role).toBeNull();
      expect(data).toEqual([{ cardholder_id: cardholder, created_by: a.technician.id }]);
    }
  });

  it('keeps the patient and the pharmacy of a plan', async () => {
    const id = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(await newPatient()));
    const moved = await a.admin.client.from('patient_insurance_plans').update({ patient_id: await newPatient('Other') }).eq('id', id).select();
    expect(moved.error?.message).toBe('The patient of an insurance plan cannot be changed; add the plan to the other patient instead');
    const otherPharmacy = await a.admin.client.from('patient_insurance_plans').update({ pharmacy_id: b.id }).eq('id', id).select();
    expect(otherPharmacy.error?.message).toBe('The pharmacy of a row cannot be changed');
  });
});

describe('patient_insurance_plans: delete', () => {
  it('nobody deletes a plan (claims refer to it): every role is refused and the plan stays', async () => {
    const id = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(await newPatient()));
    for (const client of [a.admin.client, a.pharmacist.client, a.technician.client, b.admin.client, anon]) {
      const { data, error } = await client.from('patient_insurance_plans').delete().eq('id', id).select();
      expect(error?.code ?? JSON.stringify(data)).toBe('42501');
    }
    expect(await storedPlan(id)).toBeDefined();
  });

  it('an admin removing a patient (without prescriptions) removes their plans with them', async () => {
    const patient = await newPatient('Removed');
    const id = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient));
    expect((await a.admin.client.from('patients').delete().eq('id', patient).select('id')).data).toEqual([{ id: patient }]);
    expect(await storedPlan(id)).toBeUndefined();
  });
});

describe('the patient\'s insurance columns: the active primary plan\'s mirror', () => {
  it('follow the primary plan as it is added, changed and deactivated; secondary plans leave them alone', async () => {
    const patient = await newPatient('Mirrored');
    expect(await mirrorOf(patient)).toEqual({ insurance_provider: null, insurance_member_id: null, insurance_group_number: null });
    const secondary = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient, { priority: 'secondary', payer_name: 'State Medicaid', bin: '610494', pcn: 'ILMCD', group_id: null }));
    expect(await mirrorOf(patient)).toEqual({ insurance_provider: null, insurance_member_id: null, insurance_group_number: null });

    const primary = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient));
    expect(await mirrorOf(patient)).toEqual({ insurance_provider: 'Caremark Commercial', insurance_member_id: 'ZX1234567', insurance_group_number: 'RX1234' });
    await a.pharmacist.client.from('patient_insurance_plans').update({ payer_name: 'CVS Caremark', group_id: null }).eq('id', primary);
    expect(await mirrorOf(patient)).toEqual({ insurance_provider: 'CVS Caremark', insurance_member_id: 'ZX1234567', insurance_group_number: null });
    await a.pharmacist.client.from('patient_insurance_plans').update({ active: false }).eq('id', secondary);
    expect(await mirrorOf(patient)).toMatchObject({ insurance_provider: 'CVS Caremark' });

    // Deactivated: 'No insurance' (no active primary), even though the patient once had plans.
    await a.technician.client.from('patient_insurance_plans').update({ active: false }).eq('id', primary);
    expect(await mirrorOf(patient)).toEqual({ insurance_provider: null, insurance_member_id: null, insurance_group_number: null });
  });

  it('is what the Patients list reads (search_patients), with the change audited on the patient as the staff member', async () => {
    const patient = await newPatient('Listed Mirror');
    await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient));
    const { data, error } = await a.technician.client.rpc('search_patients', { search: 'Listed Mirror' }).select('id, insurance_provider, insurance_member_id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: patient, insurance_provider: 'Caremark Commercial', insurance_member_id: 'ZX1234567' }]);
    const audit = await sql<{ actor_user_id: string; details: { changed: string[] } }>(
      `select actor_user_id, details from public.audit_log where entity_type = 'patients' and entity_id = $1 and action = 'update'`, [patient]);
    expect(audit.map((row) => ({ actor: row.actor_user_id, changed: row.details.changed }))).toEqual([
      { actor: a.technician.id, changed: ['insurance_group_number', 'insurance_member_id', 'insurance_provider'] },
    ]);
  });

  it('legacy text stays until the first plan; from then on only plans write the columns', async () => {
    const patient = await insertRow(a.technician.client, 'patients', {
      first_name: 'Lena', last_name: 'Legacy', date_of_birth: '1970-01-01', insurance_provider: 'Aetna', insurance_member_id: 'W183746529', insurance_group_number: '0087654',
    });
    // Without plans the free text is the staff's to keep or change.
    expect((await a.technician.client.from('patients').update({ insurance_provider: 'Aetna Choice' }).eq('id', patient)).error).toBeNull();
    expect(await mirrorOf(patient)).toEqual({ insurance_provider: 'Aetna Choice', insurance_member_id: 'W183746529', insurance_group_number: '0087654' });

    const secondary = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(patient, { priority: 'secondary' }));
    // The first plan (a secondary one: no active primary) clears the legacy text.
    expect(await mirrorOf(patient)).toEqual({ insurance_provider: null, insurance_member_id: null, insurance_group_number: null });
    for (const role of ROLES) {
      const { error } = await a[role].client.from('patients').update({ insurance_provider: 'Typed by hand' }).eq('id', patient);
      expect(error?.message, role).toBe("This patient's insurance comes from their insurance plans: add, edit or deactivate a plan instead");
    }
    // Other fields of the record are still anyone's to change.
    expect((await a.technician.client.from('patients').update({ phone: '(217) 555-0199' }).eq('id', patient)).error).toBeNull();
    expect(await storedPlan(secondary)).toMatchObject({ active: true });
  });
});

describe('patient_insurance_plans: audit', () => {
  it('writes an audit row per change of a plan, with who made it', async () => {
    const id = await insertRow(a.technician.client, 'patient_insurance_plans', caremark(await newPatient()));
    await a.pharmacist.client.from('patient_insurance_plans').update({ pcn: 'ADVPDP' }).eq('id', id);
    await a.admin.client.from('patient_insurance_plans').update({ active: false }).eq('id', id);
    const rows = await sql<{ action: string; actor_user_id: string; pharmacy_id: string; changed: string[] | null }>(
      `select action, actor_user_id, pharmacy_id, details -> 'changed' as changed from public.audit_log
        where entity_type = 'patient_insurance_plans' and entity_id = $1 order by id`, [id]);
    expect(rows).toEqual([
      { action: 'insert', actor_user_id: a.technician.id, pharmacy_id: a.id, changed: null },
      { action: 'update', actor_user_id: a.pharmacist.id, pharmacy_id: a.id, changed: ['pcn'] },
      { action: 'update', actor_user_id: a.admin.id, pharmacy_id: a.id, changed: ['active'] },
    ]);
  });
});

describe('the Demo Pharmacy\'s plans (the test claims switch\'s members)', () => {
  it('are seeded on the test BINs, as listed, and mirrored onto the demo patients', async () => {
    const demo = await signIn('tech@demo.pharmacy', 'demo-password');
    const { data, error } = await demo.from('patient_insurance_plans')
      .select('patient_id, payer_name, bin, pcn, group_id, cardholder_id, person_code, relationship_code, priority, insurance_type, effective_date, active')
      .order('cardholder_id').order('person_code').order('priority');
    expect(error).toBeNull();
    const patient = (n: number) => `00000000-0000-4000-8000-0000000cc0${String(n).padStart(2, '0')}`;
    const commercial = { payer_name: 'Demo Commercial Rx', bin: '999001', pcn: 'DEMOCOM', group_id: 'DEMOGRP01', insurance_type: 'commercial' };
    const partD = { payer_name: 'Demo Part D', bin: '999002', pcn: 'DEMOPDP', group_id: 'DEMOPD01', insurance_type: 'medicare_part_d' };
    const medicaid = { payer_name: 'Demo Medicaid', bin: '999003', pcn: 'DEMOMCD', group_id: null, insurance_type: 'medicaid' };
    const plan = (n: number, payer: object, cardholder: string, personCode: string, relationship: string, priority = 'primary') => ({
      patient_id: patient(n), ...payer, cardholder_id: cardholder, person_code: personCode, relationship_code: relationship, priority,
      effective_date: '2026-01-01', active: true,
    });
    expect(data).toEqual([
      plan(2, commercial, 'DEMO000102', '001', '1'),
      plan(4, commercial, 'DEMO000104', '001', '1'),
      plan(13, commercial, 'DEMO000104', '002', '2'),
      plan(7, commercial, 'DEMO000107', '001', '1'),
      plan(11, commercial, 'DEMO000107', '003', '3'),
      plan(10, commercial, 'DEMO000110', '001', '1'),
      plan(1, partD, 'DEMO000201', '001', '1'),
      plan(3, partD, 'DEMO000203', '001', '1'),
      plan(6, partD, 'DEMO000206', '001', '1'),
      plan(9, partD, 'DEMO000209', '001', '1'),
      plan(12, partD, 'DEMO000212', '001', '1'),
      plan(3, medicaid, 'DEMO000303', '001', '1', 'secondary'),
      plan(5, medicaid, 'DEMO000305', '001', '1'),
      plan(6, medicaid, 'DEMO000306', '001', '1', 'secondary'),
      plan(11, medicaid, 'DEMO000311', '001', '1', 'secondary'),
    ]);
    const badges = (await demo.from('patients').select('last_name, insurance_provider, insurance_member_id').order('last_name')).data!;
    expect(badges.find((row) => row.last_name === 'Holloway')).toEqual({ last_name: 'Holloway', insurance_provider: 'Demo Part D', insurance_member_id: 'DEMO000201' });
    expect(badges.find((row) => row.last_name === 'Whitfield')).toEqual({ last_name: 'Whitfield', insurance_provider: 'Demo Commercial Rx', insurance_member_id: 'DEMO000107' });
    expect(badges.filter((row) => row.insurance_provider === null).map((row) => row.last_name)).toEqual(['Doyle', 'McAllister']);
  });
});
