/**
 * The prescription workflow enforced by the database, as real users through supabase-js: a new prescription
 * is always pending with the pharmacy's next Rx number; pending -> processing -> ready -> completed one step at
 * a time; verification and interaction overrides only by a pharmacist or admin; who/when recorded by the
 * database; two terminals racing the same transition (exactly one wins, the other gets a clear error); every
 * step audited; another pharmacy sees and changes nothing.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, eventually, sql, stackEnv } from '../support/stack-env.ts';
import { createPharmacy, type StaffRole, type TestPharmacy } from './db-fixtures.ts';
import {
  addMedication, addPatient, addWarfarinPatient, enterPrescription, NO_INTERACTIONS, updatePrescription,
  type PrescriptionParts, type PrescriptionRow,
} from './db-clinical-support.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let partsA: PrescriptionParts;
/** Pharmacy A's Ibuprofen for a patient on warfarin: entered with the database's interaction alert. */
let alertedPartsA: PrescriptionParts;
let partsB: PrescriptionParts;
const ROLES: StaffRole[] = ['technician', 'pharmacist', 'admin'];

beforeAll(async () => {
  [a, b] = [await createPharmacy('Workflow Pharmacy A'), await createPharmacy('Workflow Pharmacy B')];
  partsA = { patientId: (await addPatient(a.technician.client)).id, medicationId: (await addMedication(a.pharmacist.client)).id };
  alertedPartsA = { patientId: (await addWarfarinPatient(a.technician.client)).id, medicationId: partsA.medicationId };
  partsB = { patientId: (await addPatient(b.technician.client)).id, medicationId: (await addMedication(b.pharmacist.client)).id };
}, 120_000);

afterAll(async () => {
  await closeSql();
});

/** A prescription of pharmacy A (clean, or alerted) moved to `status` by its pharmacist (the role allowed every step). */
async function prescriptionAt(status: 'pending' | 'processing' | 'ready' | 'completed', alerted = false): Promise<PrescriptionRow> {
  let row = await enterPrescription(a.technician.client, alerted ? alertedPartsA : partsA);
  expect(row.ai_flags.hasInteractions).toBe(alerted);
  for (const next of ['processing', 'ready', 'completed'] as const) {
    if (row.status === status) break;
    const moved = await updatePrescription(a.pharmacist.client, row.id, { status: next });
    if (!moved.row) throw new Error(`could not move to ${next}: ${moved.error}`);
    row = moved.row;
  }
  return row;
}

async function storedStatus(id: string): Promise<string | undefined> {
  return (await sql<{ status: string }>(`select status from public.prescriptions where id = $1`, [id]))[0]?.status;
}

describe('entering a prescription', () => {
  it('every role enters a pending prescription with the next Rx number, entered by the caller', async () => {
    for (const role of ROLES) {
      const staff = a[role];
      const row = await enterPrescription(staff.client, partsA);
      expect(row.status, role).toBe('pending');
      expect(row.pharmacy_id).toBe(a.id);
      expect(row.entered_by).toBe(staff.id);
      expect(row.rx_number).toBeGreaterThanOrEqual(1001);
      expect([row.processed_by, row.verified_by, row.completed_by, row.overridden_by, row.override_reason]).toEqual([null, null, null, null, null]);
    }
  });

  it('refuses a new prescription in any status but pending', async () => {
    for (const status of ['processing', 'ready', 'completed']) {
      const { error } = await a.pharmacist.client.from('prescriptions')
        .insert({ patient_id: partsA.patientId, medication_id: partsA.medicationId, status }).select();
      expect(error?.message).toBe(`A new prescription is always entered as pending, not ${status}`);
    }
  });

  it('ignores who/when and Rx number values sent by the client', async () => {
    const before = await sql<{ last_rx_number: string }>(`select last_rx_number from public.rx_number_counters where pharmacy_id = $1`, [a.id]);
    const row = await enterPrescription(a.technician.client, partsA, {
      rx_number: 1, entered_by: a.pharmacist.id, entered_at: '2001-01-01T00:00:00Z', processed_by: a.pharmacist.id,
      verified_by: a.pharmacist.id, verified_at: '2001-01-01T00:00:00Z', override_reason: 'sneaky', overridden_by: a.pharmacist.id,
    });
    expect(row.rx_number).toBe(Number(before[0]!.last_rx_number) + 1);
    expect(row.entered_by).toBe(a.technician.id);
    expect(new Date(row.entered_at).getFullYear()).toBeGreaterThan(2001);
    expect([row.processed_by, row.verified_by, row.verified_at, row.override_reason, row.overridden_by]).toEqual([null, null, null, null, null]);
  });

  it('numbers prescriptions sequentially per pharmacy, independently of other pharmacies', async () => {
    const fresh = await createPharmacy('Workflow Pharmacy C');
    const freshParts = { patientId: (await addPatient(fresh.admin.client)).id, medicationId: (await addMedication(fresh.admin.client)).id };
    const firstA = await enterPrescription(a.technician.client, partsA);
    const c1 = await enterPrescription(fresh.technician.client, freshParts);
    const secondA = await enterPrescription(a.pharmacist.client, partsA);
    const c2 = await enterPrescription(fresh.pharmacist.client, freshParts);
    const c3 = await enterPrescription(fresh.admin.client, freshParts);
    expect([c1.rx_number, c2.rx_number, c3.rx_number]).toEqual([1001, 1002, 1003]);
    expect(secondA.rx_number).toBe(firstA.rx_number + 1);
    const counter = await fresh.technician.client.from('rx_number_counters').select('pharmacy_id, last_rx_number');
    expect(counter.data).toEqual([{ pharmacy_id: fresh.id, last_rx_number: 1003 }]);
  });

  it('refuses a patient or medication of another pharmacy', async () => {
    const { error } = await b.technician.client.from('prescriptions')
      .insert({ patient_id: partsA.patientId, medication_id: partsB.medicationId }).select();
    expect(error?.message).toBe('Choose a patient of your pharmacy');
  });
});

describe('status transitions per role', () => {
  it('pending -> processing: every role, when there is no interaction alert', async () => {
    for (const role of ROLES) {
      const row = await prescriptionAt('pending');
      const moved = await updatePrescription(a[role].client, row.id, { status: 'processing' });
      expect(moved.error, role).toBeNull();
      expect(moved.row?.status).toBe('processing');
      expect(moved.row?.processed_by).toBe(a[role].id);
    }
  });

  it('processing -> ready (verification): pharmacist and admin only', async () => {
    const refused = await prescriptionAt('processing');
    const byTechnician = await updatePrescription(a.technician.client, refused.id, { status: 'ready' });
    expect(byTechnician.error).toBe('Only a pharmacist or admin can verify a prescription (processing → ready)');
    expect(await storedStatus(refused.id)).toBe('processing');

    for (const role of ['pharmacist', 'admin'] as const) {
      const row = await prescriptionAt('processing');
      expect((await updatePrescription(a[role].client, row.id, { verification_notes: `Checked by ${role}` })).error, role).toBeNull();
      const moved = await updatePrescription(a[role].client, row.id, { status: 'ready' });
      expect(moved.error, role).toBeNull();
      expect(moved.row).toMatchObject({ status: 'ready', verified_by: a[role].id, verification_notes: `Checked by ${role}` });
      expect(moved.row?.date_filled).not.toBeNull();
    }
  });

  it('ready -> completed (pickup): every role', async () => {
    for (const role of ROLES) {
      const row = await prescriptionAt('ready');
      const moved = await updatePrescription(a[role].client, row.id, { status: 'completed' });
      expect(moved.error, role).toBeNull();
      expect(moved.row).toMatchObject({ status: 'completed', completed_by: a[role].id });
    }
  });

  it('refuses every other move, for every role', async () => {
    const illegal: Array<[from: 'pending' | 'processing' | 'ready' | 'completed', to: string]> = [
      ['pending', 'ready'], ['pending', 'completed'], ['processing', 'pending'], ['processing', 'completed'],
      ['ready', 'pending'], ['ready', 'processing'], ['completed', 'pending'], ['completed', 'processing'], ['completed', 'ready'],
    ];
    for (const [from, to] of illegal) {
      const row = await prescriptionAt(from);
      for (const role of ROLES) {
        const moved = await updatePrescription(a[role].client, row.id, { status: to });
        expect(moved.error, `${role}: ${from} -> ${to}`).toBe(
          `Prescription RX ${row.rx_number} is ${from}; it cannot move to ${to} (the order is pending → processing → ready → completed)`);
      }
      expect(await storedStatus(row.id)).toBe(from);
    }
    const row = await prescriptionAt('pending');
    const unknown = await updatePrescription(a.admin.client, row.id, { status: 'cancelled' });
    // Not a status of the workflow at all: refused before anything is tried (nor recorded).
    expect(unknown.error).toBe('A prescription moves to processing, ready or completed');
    expect(await storedStatus(row.id)).toBe('pending');
  });

  it('refuses re-sending the current status with the refresh message', async () => {
    const row = await prescriptionAt('processing');
    const again = await updatePrescription(a.technician.client, row.id, { status: 'processing' });
    expect(again.error).toBe(`Prescription RX ${row.rx_number} is already processing; refresh to see its current status`);
  });

  it('nobody deletes a prescription', async () => {
    const row = await prescriptionAt('pending');
    for (const role of ROLES) {
      const { data, error } = await a[role].client.from('prescriptions').delete().eq('id', row.id).select();
      if (!error) expect(data).toEqual([]);
    }
    expect(await storedStatus(row.id)).toBe('pending');
  });
});

describe('interaction alerts and overrides', () => {
  it('a technician cannot process a prescription with an alert, with or without a reason', async () => {
    const row = await prescriptionAt('pending', true);
    const plain = await updatePrescription(a.technician.client, row.id, { status: 'processing' });
    expect(plain.error).toBe(
      `Prescription RX ${row.rx_number} has an unresolved interaction alert: a pharmacist must review it and override it with a reason`);
    const withReason = await updatePrescription(a.technician.client, row.id, { status: 'processing', override_reason: 'Patient insists' });
    expect(withReason.error).toBe('Only a pharmacist or admin can override an interaction alert');
    expect(await storedStatus(row.id)).toBe('pending');
  });

  it('a pharmacist must give a non-empty reason', async () => {
    const row = await prescriptionAt('pending', true);
    const missing = await updatePrescription(a.pharmacist.client, row.id, { status: 'processing' });
    expect(missing.error).toBe(`Prescription RX ${row.rx_number} has an interaction alert: give an override reason to process it`);
    const blank = await updatePrescription(a.pharmacist.client, row.id, { status: 'processing', override_reason: '   ' });
    expect(blank.error).toBe(`Give a reason for overriding the interaction alert of Prescription RX ${row.rx_number}`);
    expect(await storedStatus(row.id)).toBe('pending');
  });

  it('a pharmacist or admin overrides with a reason: recorded with who and when, then the technician carries on', async () => {
    for (const role of ['pharmacist', 'admin'] as const) {
      const row = await prescriptionAt('pending', true);
      const moved = await updatePrescription(a[role].client, row.id, { status: 'processing', override_reason: '  Prescriber confirmed; INR checked weekly  ' });
      expect(moved.error, role).toBeNull();
      expect(moved.row).toMatchObject({
        status: 'processing', override_reason: 'Prescriber confirmed; INR checked weekly', overridden_by: a[role].id, processed_by: a[role].id,
      });
      expect(moved.row?.overridden_at).not.toBeNull();
      expect(moved.row?.ai_flags).toEqual(row.ai_flags);
      const verified = await updatePrescription(a.pharmacist.client, row.id, { status: 'ready' });
      expect(verified.error).toBeNull();
      const pickedUp = await updatePrescription(a.technician.client, row.id, { status: 'completed' });
      expect(pickedUp.row?.status).toBe('completed');
    }
  });

  it('an override reason is refused where there is nothing to override or no transition', async () => {
    const clean = await prescriptionAt('pending');
    const nothing = await updatePrescription(a.pharmacist.client, clean.id, { status: 'processing', override_reason: 'Just because' });
    expect(nothing.error).toBe(`Prescription RX ${clean.rx_number} has no interaction alert to override`);
    const alerted = await prescriptionAt('pending', true);
    const noMove = await updatePrescription(a.pharmacist.client, alerted.id, { override_reason: 'Later' });
    expect(noMove.error).toBe('Prescription status changes go through move_prescription, which records refusals');
    const completing = await updatePrescription(a.pharmacist.client, (await prescriptionAt('ready')).id, { status: 'completed', override_reason: 'Later' });
    expect(completing.error).toBe('An override reason is given only when processing or verifying a prescription with an interaction alert');
  });

  it('nobody clears the alert by rewriting ai_flags', async () => {
    const row = await prescriptionAt('pending', true);
    for (const role of ROLES) {
      const rewritten = await updatePrescription(a[role].client, row.id, { ai_flags: NO_INTERACTIONS });
      expect(rewritten.error, role).toBe(
        `Prescription RX ${row.rx_number}: the patient, medication and interaction check are fixed at entry; enter a new prescription instead`);
    }
  });
});

describe('who and when are the database\'s', () => {
  it('records each step\'s user and time from the signed-in user', async () => {
    const row = await enterPrescription(a.technician.client, partsA);
    const processed = (await updatePrescription(a.technician.client, row.id, { status: 'processing' })).row!;
    const verified = (await updatePrescription(a.pharmacist.client, row.id, { status: 'ready' })).row!;
    const completed = (await updatePrescription(a.technician.client, row.id, { status: 'completed' })).row!;
    expect([processed.processed_by, verified.verified_by, completed.completed_by]).toEqual([a.technician.id, a.pharmacist.id, a.technician.id]);
    const [times] = await sql<{ ordered: boolean; recent: boolean }>(
      `select entered_at <= processed_at and processed_at <= verified_at and verified_at <= completed_at as ordered,
              completed_at > now() - interval '5 minutes' as recent
       from public.prescriptions where id = $1`, [row.id]);
    expect(times).toEqual({ ordered: true, recent: true });
  });

  it('refuses who/when values from the client, and changes to the entry', async () => {
    const row = await prescriptionAt('pending');
    const spoofed = await updatePrescription(a.technician.client, row.id, { processed_by: a.pharmacist.id });
    expect(spoofed.error).toBe(
      `Prescription RX ${row.rx_number}: who processed, verified, completed or overrode it, and when (the fill date too), is recorded by the database; leave those columns out`);
    // A status PATCH straight through PostgREST is refused: moves go through move_prescription (audited).
    const patched = await updatePrescription(a.technician.client, row.id, { status: 'processing', processed_by: a.pharmacist.id });
    expect(patched.error).toBe('Prescription status changes go through move_prescription, which records refusals');
    const verifiedAt = await updatePrescription(a.admin.client, row.id, { verified_at: new Date().toISOString() });
    expect(verifiedAt.error).toMatch(/is recorded by the database/);
    for (const change of [{ rx_number: 99 }, { entered_by: a.admin.id }, { entered_at: '2020-01-01T00:00:00Z' }]) {
      const refused = await updatePrescription(a.admin.client, row.id, change);
      expect(refused.error, JSON.stringify(change)).toBe(`Prescription RX ${row.rx_number}: its id, Rx number, fill number and entry (who and when) cannot be changed`);
    }
    const moved = await updatePrescription(a.admin.client, row.id, { pharmacy_id: b.id });
    expect(moved.error).toBe('The pharmacy of a row cannot be changed');
    expect(await storedStatus(row.id)).toBe('pending');
  });

  it('lets staff correct the contents until verification, then locks them', async () => {
    const row = await prescriptionAt('processing');
    const corrected = await updatePrescription(a.technician.client, row.id, { directions: 'Take 1 tablet daily' });
    expect(corrected.row?.directions).toBe('Take 1 tablet daily');
    const notes = await updatePrescription(a.technician.client, row.id, { verification_notes: 'Looks fine' });
    expect(notes.error).toBe('Only a pharmacist or admin can write verification notes');
    await updatePrescription(a.pharmacist.client, row.id, { status: 'ready' });
    const locked = await updatePrescription(a.pharmacist.client, row.id, { directions: 'Take 2 tablets daily' });
    expect(locked.error).toBe(`Prescription RX ${row.rx_number} has been verified; its contents can no longer be changed`);
  });
});

describe('two terminals racing one prescription', () => {
  /** Holds the row lock (as a third session) until both racers wait for it, then lets them go. */
  async function race(id: string, first: () => Promise<unknown>, second: () => Promise<unknown>): Promise<unknown[]> {
    const holder = new pg.Client({ connectionString: stackEnv().dbUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from public.prescriptions where id = $1 for update', [id]);
      const racers = Promise.all([first(), second()]);
      await eventually(async () => {
        const [waiting] = await sql<{ count: string }>(
          `select count(*) from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%move_prescription%'`);
        return Number(waiting!.count) >= 2;
      }, 'both updates to wait for the row lock');
      await holder.query('commit');
      return await racers;
    } finally {
      await holder.end();
    }
  }

  it('technician and pharmacist both process a pending prescription: exactly one wins', async () => {
    const row = await prescriptionAt('pending');
    const results = (await race(row.id,
      () => updatePrescription(a.technician.client, row.id, { status: 'processing' }),
      () => updatePrescription(a.pharmacist.client, row.id, { status: 'processing' }))) as Array<Awaited<ReturnType<typeof updatePrescription>>>;
    const winners = results.filter((result) => result.error === null);
    const losers = results.filter((result) => result.error !== null);
    expect(winners).toHaveLength(1);
    expect(losers.map((result) => result.error)).toEqual([
      `Prescription RX ${row.rx_number} is already processing; refresh to see its current status`,
    ]);
    const [stored] = await sql<{ processed_by: string }>(`select processed_by from public.prescriptions where id = $1`, [row.id]);
    expect(stored!.processed_by).toBe(winners[0]!.row!.processed_by);
    const audited = await sql(`select 1 from public.audit_log where entity_id = $1 and action = 'prescription_status_changed'`, [row.id]);
    expect(audited).toHaveLength(1);
  });

  it('two pickups of the same ready prescription: exactly one completes it', async () => {
    const row = await prescriptionAt('ready');
    const results = (await race(row.id,
      () => updatePrescription(a.technician.client, row.id, { status: 'completed' }),
      () => updatePrescription(a.admin.client, row.id, { status: 'completed' }))) as Array<Awaited<ReturnType<typeof updatePrescription>>>;
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    expect(results.map((result) => result.error).filter(Boolean)).toEqual([
      `Prescription RX ${row.rx_number} is already completed; refresh to see its current status`,
    ]);
  });
});

describe('audit log', () => {
  it('records the entry and every transition with its actor, and the override reason', async () => {
    const row = await enterPrescription(a.technician.client, alertedPartsA);
    await updatePrescription(a.pharmacist.client, row.id, { status: 'processing', override_reason: 'Discussed with prescriber' });
    await updatePrescription(a.pharmacist.client, row.id, { status: 'ready' });
    await updatePrescription(a.technician.client, row.id, { status: 'completed' });
    const { data, error } = await a.admin.client.from('audit_log')
      .select('action, actor_user_id, description, details').eq('entity_type', 'prescription').eq('entity_id', row.id).order('id');
    expect(error).toBeNull();
    const rx = `Prescription RX ${row.rx_number}`;
    expect(data?.map(({ action, actor_user_id, description }) => ({ action, actor_user_id, description }))).toEqual([
      { action: 'prescription_entered', actor_user_id: a.technician.id, description: `${rx} entered (written, pending)` },
      { action: 'prescription_status_changed', actor_user_id: a.pharmacist.id,
        description: `${rx}: pending → processing (interaction alert overridden: Discussed with prescriber)` },
      { action: 'prescription_status_changed', actor_user_id: a.pharmacist.id, description: `${rx}: processing → ready` },
      { action: 'prescription_status_changed', actor_user_id: a.technician.id, description: `${rx}: ready → completed` },
    ]);
    expect(data?.[1]?.details).toMatchObject({ from: 'pending', to: 'processing', overrideReason: 'Discussed with prescriber' });
  });

  it('a refused transition leaves one failed audit row, and no transition row', async () => {
    const row = await prescriptionAt('processing');
    const refused = await updatePrescription(a.technician.client, row.id, { status: 'ready' });
    expect(refused.error).toBe('Only a pharmacist or admin can verify a prescription (processing → ready)');
    const rows = await sql<{ action: string; success: boolean; actor_user_id: string }>(
      `select action, success, actor_user_id from public.audit_log where entity_id = $1 and details ->> 'to' = 'ready'`, [row.id]);
    expect(rows).toEqual([{ action: 'prescription_move_refused', success: false, actor_user_id: a.technician.id }]);
    expect(await storedStatus(row.id)).toBe('processing');
  });
});

describe('another pharmacy', () => {
  it('sees none of A\'s prescriptions and changes nothing', async () => {
    const row = await prescriptionAt('processing');
    const seen = await b.admin.client.from('prescriptions').select('id').eq('id', row.id);
    expect(seen.data).toEqual([]);
    for (const role of ROLES) {
      const moved = await updatePrescription(b[role].client, row.id, { status: 'ready' });
      expect(moved).toEqual({ row: null, error: 'This prescription is no longer in your queue; refresh to see the current queue' });
      const deleted = await b[role].client.from('prescriptions').delete().eq('id', row.id).select();
      if (!deleted.error) expect(deleted.data).toEqual([]);
    }
    expect(await storedStatus(row.id)).toBe('processing');
    const counter = await b.admin.client.from('rx_number_counters').select('pharmacy_id').eq('pharmacy_id', a.id);
    expect(counter.data).toEqual([]);
  });

  it('cannot enter a prescription into A', async () => {
    const { error } = await b.pharmacist.client.from('prescriptions')
      .insert({ pharmacy_id: a.id, patient_id: partsA.patientId, medication_id: partsA.medicationId }).select();
    expect(error?.message).toBe('Rows can only be added to your own pharmacy');
  });
});
