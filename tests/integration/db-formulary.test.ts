/**
 * public.formulary_entries (migration 20261126000300_formulary) command by command as real users through
 * supabase-js — anon; the admin, pharmacist and technician of pharmacy A; the staff of pharmacy B: staff read
 * their pharmacy's entries; pharmacists and admins add, change and remove them; technicians and other pharmacies
 * do not; constraints answer in sentences; who/when are the database's; every change is audited. And
 * public.dur_alert_count(): the dashboard's aiAlerts rule, index-backed.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSURANCE_TYPES } from '../../shared/src/drugs/formulary.ts';
import { nestedPlansOf } from '../support/nested-plans.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { addMedication, addPatient, addWarfarinPatient, enterPrescription, insertRow, updatePrescription } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
let medicationId: string;
const WRITERS = ['pharmacist', 'admin'] as const;

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Formulary Pharmacy A'), await createPharmacy('Formulary Pharmacy B')];
  medicationId = (await addMedication(a.pharmacist.client, 'Formulary Atorvastatin')).id;
}, 120_000);

afterAll(closeSql);

let typeIndex = 0;
/** A medication of pharmacy A with no entries yet (entries are unique per medication and insurance type). */
async function freshMedication(): Promise<string> {
  typeIndex += 1;
  return (await addMedication(a.pharmacist.client, `Formulary drug ${typeIndex}`)).id;
}

async function storedEntry(id: string): Promise<Record<string, unknown> | undefined> {
  return (await sql('select * from public.formulary_entries where id = $1', [id]))[0];
}

async function entryOf(client: SupabaseClient, medication: string, insuranceType = 'commercial'): Promise<string> {
  return insertRow(client, 'formulary_entries', { medication_id: medication, insurance_type: insuranceType, tier: 2 });
}

describe('formulary_entries: insert', () => {
  it('pharmacists and admins add entries to their pharmacy, stamped by the database', async () => {
    for (const role of WRITERS) {
      const medication = await freshMedication();
      const { data, error } = await a[role].client.from('formulary_entries')
        .insert({ medication_id: medication, insurance_type: 'medicare_part_d', tier: 4, prior_authorization: true, quantity_limit: 30, quantity_limit_days: 30, notes: '  ', updated_by: b.admin.id })
        .select('pharmacy_id, updated_by, notes').single();
      expect(error, role).toBeNull();
      expect(data).toEqual({ pharmacy_id: a.id, updated_by: a[role].id, notes: null });
    }
  });

  it('technicians, anon and another pharmacy cannot', async () => {
    const medication = await freshMedication();
    const row = { medication_id: medication, insurance_type: 'commercial', tier: 1 };
    const technician = await a.technician.client.from('formulary_entries').insert(row).select();
    expect(technician.error?.message).toMatch(/row-level security/);
    expect((await anon.from('formulary_entries').insert(row).select()).error).not.toBeNull();
    const foreign = await b.pharmacist.client.from('formulary_entries').insert({ ...row, pharmacy_id: a.id }).select();
    expect(foreign.error?.message).toBe('Rows can only be added to your own pharmacy');
    const foreignMedication = await b.pharmacist.client.from('formulary_entries').insert(row).select();
    expect(foreignMedication.error?.message).toBe("The medication is not in your pharmacy's catalogue");
    expect(await sql('select 1 from public.formulary_entries where medication_id = $1', [medication])).toEqual([]);
  });

  it('takes every shared insurance type and refuses bad values with sentences', async () => {
    const medication = await freshMedication();
    for (const insuranceType of INSURANCE_TYPES) await entryOf(a.pharmacist.client, medication, insuranceType);
    const refusals: [Record<string, unknown>, string][] = [
      [{ insurance_type: 'platinum' }, "Insurance type must be Commercial, Medicare Part D, Medicaid, TRICARE or Workers' compensation"],
      [{ insurance_type: 'commercial' }, 'This medication already has a formulary entry for this insurance type'],
      [{ tier: 7 }, 'Tier must be between 1 and 6'],
      [{ quantity_limit: 30 }, 'A quantity limit needs both a quantity and a number of days'],
      [{ quantity_limit: 0, quantity_limit_days: 30 }, 'Quantity limit must be greater than 0'],
      [{ quantity_limit: 30, quantity_limit_days: 400 }, 'Quantity limit days must be between 1 and 365'],
      [{ notes: 'x'.repeat(501) }, 'Notes are at most 500 characters'],
    ];
    const other = await freshMedication();
    for (const [change, message] of refusals) {
      const target = change.insurance_type === 'commercial' ? medication : other;
      const { error } = await a.pharmacist.client.from('formulary_entries')
        .insert({ medication_id: target, insurance_type: 'medicaid', tier: 2, ...change }).select();
      expect(error?.message, JSON.stringify(change)).toBe(message);
    }
  });
});

describe('formulary_entries: select', () => {
  it('every staff role reads their pharmacy\'s entries; another pharmacy and anon read nothing', async () => {
    const id = await entryOf(a.admin.client, medicationId, 'tricare');
    for (const role of ['technician', 'pharmacist', 'admin'] as const) {
      const { data } = await a[role].client.from('formulary_entries').select('id, pharmacy_id');
      expect(data?.map((row) => row.id), role).toContain(id);
      expect((await b[role].client.from('formulary_entries').select('id').eq('id', id)).data, `B ${role}`).toEqual([]);
    }
    expect((await anon.from('formulary_entries').select('id')).data ?? []).toEqual([]);
  });
});

describe('formulary_entries: update', () => {
  it('pharmacists and admins change entries; technicians and another pharmacy change nothing', async () => {
    const id = await entryOf(a.pharmacist.client, await freshMedication());
    for (const client of [a.technician.client, b.pharmacist.client, b.admin.client, anon]) {
      const { data, error } = await client.from('formulary_entries').update({ tier: 5 }).eq('id', id).select();
      if (!error) expect(data).toEqual([]);
    }
    expect(await storedEntry(id)).toMatchObject({ tier: 2 });
    for (const [role, tier] of [['pharmacist', 3], ['admin', 4]] as const) {
      const { data, error } = await a[role].client.from('formulary_entries').update({ tier }).eq('id', id).select('tier, updated_by');
      expect(error, role).toBeNull();
      expect(data).toEqual([{ tier, updated_by: a[role].id }]);
    }
  });

  it('keeps the medication and the pharmacy of an entry', async () => {
    const id = await entryOf(a.pharmacist.client, await freshMedication());
    const moved = await a.admin.client.from('formulary_entries').update({ medication_id: medicationId }).eq('id', id).select();
    expect(moved.error?.message).toBe('The medication of a formulary entry cannot be changed; add an entry for the other medication instead');
    const otherPharmacy = await a.admin.client.from('formulary_entries').update({ pharmacy_id: b.id }).eq('id', id).select();
    expect(otherPharmacy.error?.message).toBe('The pharmacy of a row cannot be changed');
  });
});

describe('formulary_entries: delete', () => {
  it('pharmacists and admins remove entries; technicians and another pharmacy do not', async () => {
    for (const role of WRITERS) {
      const id = await entryOf(a.pharmacist.client, await freshMedication());
      for (const client of [a.technician.client, b.pharmacist.client, b.admin.client, anon]) {
        const { data, error } = await client.from('formulary_entries').delete().eq('id', id).select();
        if (!error) expect(data).toEqual([]);
      }
      expect(await storedEntry(id)).toBeDefined();
      const removed = await a[role].client.from('formulary_entries').delete().eq('id', id).select('id');
      expect(removed.data, role).toEqual([{ id }]);
      expect(await storedEntry(id)).toBeUndefined();
    }
  });
});

describe('formulary_entries: the medication', () => {
  it('takes its entries with it when an admin removes it from the catalogue', async () => {
    const medication = await freshMedication();
    const id = await entryOf(a.pharmacist.client, medication);
    const removed = await a.admin.client.from('medications').delete().eq('id', medication).select('id');
    expect(removed.error).toBeNull();
    expect(await storedEntry(id)).toBeUndefined();
  });
});

describe('formulary_entries: audit', () => {
  it('writes an audit row per change, with who made it', async () => {
    const id = await entryOf(a.pharmacist.client, await freshMedication());
    await a.admin.client.from('formulary_entries').update({ prior_authorization: true }).eq('id', id);
    await a.pharmacist.client.from('formulary_entries').delete().eq('id', id);
    const rows = await sql<{ action: string; actor_user_id: string }>(
      'select action, actor_user_id from public.audit_log where entity_type = $1 and entity_id = $2 order by id', ['formulary_entries', id]);
    expect(rows).toEqual([
      { action: 'insert', actor_user_id: a.pharmacist.id },
      { action: 'update', actor_user_id: a.admin.id },
      { action: 'delete', actor_user_id: a.pharmacist.id },
    ]);
  });
});

describe('dur_alert_count()', () => {
  async function countOf(client: SupabaseClient): Promise<number> {
    const { data, error } = await client.rpc('dur_alert_count');
    if (error) throw new Error(error.message);
    return Number(data);
  }

  async function aiAlertsOf(client: SupabaseClient): Promise<number> {
    const { data, error } = await client.rpc('dashboard_stats');
    if (error) throw new Error(error.message);
    return (data as { aiAlerts: number }).aiAlerts;
  }

  it('counts the pharmacy\'s pending or processing flagged prescriptions that nobody overrode, as the dashboard does', async () => {
    const pharmacy = await createPharmacy('Formulary DUR Pharmacy');
    const tech = pharmacy.technician.client;
    const rph = pharmacy.pharmacist.client;
    const ibuprofen = (await addMedication(rph, 'Ibuprofen')).id; // the catalog is the pharmacist's to change
    const onWarfarin = (await addWarfarinPatient(tech)).id;
    const clean = (await addPatient(tech)).id;
    expect(await countOf(tech)).toBe(0);

    await enterPrescription(tech, { patientId: clean, medicationId: ibuprofen }); // no alert
    const pending = await enterPrescription(tech, { patientId: onWarfarin, medicationId: ibuprofen });
    expect(pending.ai_flags.hasInteractions).toBe(true);
    expect(await countOf(tech)).toBe(1);

    const overridden = await enterPrescription(tech, { patientId: onWarfarin, medicationId: ibuprofen });
    expect(await countOf(rph)).toBe(2);
    expect((await updatePrescription(rph, overridden.id, { status: 'processing', override_reason: 'Prescriber confirmed' })).error).toBeNull();
    expect(await countOf(rph)).toBe(1);

    for (const client of [tech, rph, pharmacy.admin.client]) {
      expect(await countOf(client)).toBe(await aiAlertsOf(client));
    }
    expect(await countOf(b.pharmacist.client)).toBe(0);
    const { error } = await anon.rpc('dur_alert_count');
    expect(error).not.toBeNull();
  });

  it('reads the prescriptions through the partial index of unresolved alerts', async () => {
    const plans = await nestedPlansOf(a.technician.id, 'select public.dur_alert_count()');
    expect(plans.join('\n')).toMatch(/prescriptions_unresolved_alert_idx/);
    const dashboard = await nestedPlansOf(a.technician.id, 'select public.dashboard_stats()');
    expect(dashboard.join('\n')).toMatch(/prescriptions_unresolved_alert_idx/);
  });
});
