/**
 * Clinical safety as an attacker tries it, through supabase-js / PostgREST / the api function / SQL:
 * - interaction flags cannot be forged: the database computes ai_flags from the patient's profile at entry,
 *   whatever the path; a client-sent value that differs is refused;
 * - prospective DUR at verification: a finding new since entry is stored and must be overridden with a
 *   reason before the prescription becomes ready;
 * - DEA rules (21 CFR 1306): schedule II no refills, III–V at most 5 and not past 6 months, a prescriber with a
 *   valid DEA number; controlled stock and schedule changed only by a pharmacist or admin, with a reason;
 * - refused status moves and denied overrides leave an audit row; status cannot be PATCHed directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROLLED_SUBSTANCE_MESSAGES } from '../../shared/src/prescriptions/prescription.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import {
  addMedication, addPatient, addWarfarinPatient, enterPrescription, insertRow, movePrescription, NO_INTERACTIONS, type PrescriptionRow,
} from './db-clinical-support.ts';

let a: TestPharmacy;
let ibuprofen: string;
/** A prescriber with a valid DEA number (AG1234563: 1+3+5 + 2·(2+4+6) = 33, check digit 3). */
let deaPrescriber: string;

beforeAll(async () => {
  a = await createPharmacy('Clinical Safety Pharmacy');
  ibuprofen = (await addMedication(a.pharmacist.client)).id;
  deaPrescriber = await insertRow(a.technician.client, 'prescribers', { first_name: 'Dana', last_name: 'Valid', dea_number: 'AG1234563' });
}, 120_000);

afterAll(closeSql);

async function auditRows(entityId: string): Promise<{ action: string; success: boolean; actor_user_id: string | null; details: Record<string, unknown> }[]> {
  return sql('select action, success, actor_user_id, details from public.audit_log where entity_id = $1 order by id', [entityId]);
}

describe('interaction flags cannot be forged', () => {
  it('refuses a technician\'s PostgREST insert with hasInteractions:false for a patient on warfarin (ibuprofen ordered)', async () => {
    const patient = (await addWarfarinPatient(a.technician.client)).id;
    const forged = await a.technician.client.from('prescriptions')
      .insert({ patient_id: patient, medication_id: ibuprofen, directions: 'Take 1 tablet', quantity: 10, ai_flags: NO_INTERACTIONS })
      .select('id');
    expect(forged.error?.message).toBe(
      "The interaction check is made by the pharmacy system when a prescription is entered; the flags sent do not match the patient's profile. Leave ai_flags out.");
    expect(await sql('select 1 from public.prescriptions where patient_id = $1', [patient])).toEqual([]);
  });

  it('computes the flags itself when none are sent: the warfarin–ibuprofen alert, which a technician cannot move past', async () => {
    const patient = (await addWarfarinPatient(a.technician.client)).id;
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen });
    expect(row.ai_flags.hasInteractions).toBe(true);
    expect(row.ai_flags.interactions).toContainEqual(expect.objectContaining({ severity: 'severe', interactingDrugs: ['ibuprofen', 'warfarin'] }));
    const moved = await movePrescription(a.technician.client, row.id, 'processing');
    expect(moved.error).toBe(
      `Prescription RX ${row.rx_number} has an unresolved interaction alert: a pharmacist must review it and override it with a reason`);
  });

  it('refuses forged flags from a trusted SQL path too (service role, an import)', async () => {
    const patient = (await addWarfarinPatient(a.technician.client)).id;
    await expect(sql(
      `insert into public.prescriptions (pharmacy_id, patient_id, medication_id, ai_flags) values ($1, $2, $3, $4)`,
      [a.id, patient, ibuprofen, NO_INTERACTIONS],
    )).rejects.toThrow(/the flags sent do not match the patient's profile/);
    const [inserted] = await sql<{ id: string; ai_flags: PrescriptionRow['ai_flags'] }>(
      `insert into public.prescriptions (pharmacy_id, patient_id, medication_id) values ($1, $2, $3) returning id, ai_flags`, [a.id, patient, ibuprofen]);
    expect(inserted!.ai_flags.hasInteractions).toBe(true);
    await expect(sql('update public.prescriptions set ai_flags = $2 where id = $1', [inserted!.id, NO_INTERACTIONS]))
      .rejects.toThrow(/the patient, medication and interaction check are fixed at entry/);
  });

  it('keeps only the findings that involve the new drug (profile pairs were reviewed before)', async () => {
    const apixaban = await insertRow(a.pharmacist.client, 'medications', { name: 'Eliquis', generic_name: 'apixaban', strength: '5 mg', price: 20, stock: 100 });
    const patient = await insertRow(a.technician.client, 'patients', { first_name: 'Two', last_name: 'Drugs', current_medications: ['warfarin', 'ibuprofen'] });
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: apixaban });
    expect(row.ai_flags.hasInteractions).toBe(true);
    expect(row.ai_flags.interactions.every((finding) => finding.interactingDrugs.includes('apixaban'))).toBe(true);
    expect(row.ai_flags.interactions.every((finding) => Object.keys(finding).sort().join() === 'description,interactingDrugs,recommendations,severity')).toBe(true);
  });

  it('reads the patient\'s other open prescriptions, and reports no interactions for a clean profile', async () => {
    const warfarin = await insertRow(a.pharmacist.client, 'medications', { name: 'Coumadin', generic_name: 'warfarin', strength: '5 mg', price: 12, stock: 100 });
    const patient = (await addPatient(a.technician.client, 'Open Rx')).id;
    const first = await enterPrescription(a.technician.client, { patientId: patient, medicationId: warfarin });
    expect(first.ai_flags).toEqual(NO_INTERACTIONS);
    const second = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen });
    expect(second.ai_flags.interactions).toContainEqual(expect.objectContaining({ interactingDrugs: ['ibuprofen', 'warfarin'] }));
  });

  it('a drug cannot be renamed out of the check: technicians cannot change what a drug is, and both names are read', async () => {
    // Technicians change no catalogue row at all (migration 20261126000200_drug_catalog).
    const renamed = await a.technician.client.from('medications').update({ generic_name: 'ascorbic acid' }).eq('id', ibuprofen).select('id');
    expect(renamed.error?.message).toBe('Only a pharmacist or admin can add or change medications');
    // A catalogue entry whose generic name contradicts its name is checked under both names.
    const disguised = await insertRow(a.pharmacist.client, 'medications', { name: 'Ibuprofen 800 mg', generic_name: 'ascorbic acid', strength: '800 mg', price: 5, stock: 100 });
    const patient = (await addWarfarinPatient(a.technician.client)).id;
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: disguised });
    expect(row.ai_flags.interactions).toContainEqual(expect.objectContaining({ severity: 'severe', interactingDrugs: ['ibuprofen', 'warfarin'] }));
    const corrected = await a.pharmacist.client.from('medications').update({ generic_name: 'ibuprofen' }).eq('id', disguised).select('generic_name');
    expect(corrected).toMatchObject({ error: null, data: [{ generic_name: 'ibuprofen' }] });
  });

  it('nobody rewrites the flags afterwards', async () => {
    const patient = (await addWarfarinPatient(a.technician.client)).id;
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen });
    const rewritten = await a.pharmacist.client.from('prescriptions').update({ ai_flags: NO_INTERACTIONS }).eq('id', row.id).select('id');
    expect(rewritten.error?.message).toMatch(/the patient, medication and interaction check are fixed at entry/);
  });
});

describe('prospective DUR at verification', () => {
  it('a new finding since entry is stored, refuses verification, and is resolved by the pharmacist\'s override with a reason', async () => {
    const patient = (await addPatient(a.technician.client, 'Changed Profile')).id;
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen });
    expect(row.ai_flags.hasInteractions).toBe(false);
    expect((await movePrescription(a.technician.client, row.id, 'processing')).error).toBeNull();

    // Meanwhile the patient starts warfarin.
    const changed = await a.technician.client.from('patients').update({ current_medications: ['Warfarin 5mg'] }).eq('id', patient);
    expect(changed.error).toBeNull();

    const refused = await movePrescription(a.pharmacist.client, row.id, 'ready');
    expect(refused.error).toBe(
      `Prescription RX ${row.rx_number}: the patient's profile changed since entry and the interaction check found something new; review the alert and override it with a reason to verify`);
    const [stored] = await sql<{ status: string; verification_flags: PrescriptionRow['ai_flags'] | null }>(
      'select status, verification_flags from public.prescriptions where id = $1', [row.id]);
    expect(stored!.status).toBe('processing');
    expect(stored!.verification_flags?.hasInteractions).toBe(true);
    expect(stored!.verification_flags?.interactions).toContainEqual(expect.objectContaining({ interactingDrugs: ['ibuprofen', 'warfarin'] }));
    // The queue reads it (RLS) to show the alert.
    const seen = await a.pharmacist.client.from('prescriptions').select('verification_flags').eq('id', row.id).single();
    expect(seen.data?.verification_flags).toEqual(stored!.verification_flags);

    expect((await movePrescription(a.pharmacist.client, row.id, 'ready', '   ')).error).toMatch(/override it with a reason to verify/);
    const verified = await movePrescription(a.pharmacist.client, row.id, 'ready', 'Prescriber aware; INR check in 3 days');
    expect(verified.error).toBeNull();
    expect(verified.row).toMatchObject({
      status: 'ready', verification_override_reason: 'Prescriber aware; INR check in 3 days', verification_overridden_by: a.pharmacist.id,
    });
    expect(verified.row?.verification_flags).toEqual(stored!.verification_flags);
    expect((await auditRows(row.id)).map((entry) => [entry.action, entry.success])).toEqual([
      ['prescription_entered', true],
      ['prescription_status_changed', true],
      ['update', true], // the new finding stored for review
      ['prescription_move_refused', false],
      ['interaction_override_denied', false], // the blank reason
      ['prescription_status_changed', true],
    ]);
  });

  it('verifies without a reason when nothing changed, and refuses a reason that has nothing to override', async () => {
    const patient = (await addPatient(a.technician.client, 'Unchanged')).id;
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen });
    await movePrescription(a.technician.client, row.id, 'processing');
    expect((await movePrescription(a.pharmacist.client, row.id, 'ready', 'Just because')).error).toBe(
      `Prescription RX ${row.rx_number} has no new interaction alert to override`);
    const verified = await movePrescription(a.pharmacist.client, row.id, 'ready');
    expect(verified.row).toMatchObject({ status: 'ready', verification_flags: null, verification_override_reason: null });
  });

  it('end users cannot write the recorded verification columns', async () => {
    const patient = (await addPatient(a.technician.client, 'Columns')).id;
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen });
    const written = await a.pharmacist.client.from('prescriptions').update({ verification_flags: NO_INTERACTIONS }).eq('id', row.id).select('id');
    expect(written.error?.message).toMatch(/the verification check and who overrode it are recorded by the database/);
  });
});

describe('DEA rules (21 CFR 1306)', () => {
  let oxycodone: string;
  let alprazolam: string;
  let patient: string;

  beforeAll(async () => {
    oxycodone = await insertRow(a.pharmacist.client, 'medications', { name: 'Oxycodone', generic_name: 'oxycodone', strength: '5 mg', price: 20, stock: 100, dea_schedule: 'II' });
    alprazolam = await insertRow(a.pharmacist.client, 'medications', { name: 'Alprazolam', generic_name: 'alprazolam', strength: '0.5 mg', price: 9, stock: 100, dea_schedule: 'IV' });
    patient = (await addPatient(a.technician.client, 'Controlled')).id;
  });

  function form(medicationId: string, extra: Record<string, unknown> = {}) {
    return { prescriptionType: 'written', patientId: patient, medicationId, prescriberId: deaPrescriber, directions: 'Take 1 tablet', quantity: '10', refills: '0', ...extra };
  }

  it('schedule II with a refill: 400 from the api function, refused by the database for a PostgREST insert', async () => {
    const answer = await callApi<{ error: string; errors: string[] }>(a.technician.client, 'prescriptions', { body: form(oxycodone, { refills: '1' }) });
    expect(answer).toEqual({ status: 400, body: { error: 'Validation failed', errors: [CONTROLLED_SUBSTANCE_MESSAGES.scheduleIIRefills] } });
    const direct = await a.technician.client.from('prescriptions')
      .insert({ patient_id: patient, medication_id: oxycodone, prescriber_id: deaPrescriber, refills: 1 }).select('id');
    expect(direct.error?.message).toBe(CONTROLLED_SUBSTANCE_MESSAGES.scheduleIIRefills);
    expect((await callApi(a.technician.client, 'prescriptions', { body: form(oxycodone) })).status).toBe(201);
  });

  it('schedules III–V: at most 5 refills, and not past 6 months from the date written', async () => {
    const six = await callApi<{ errors: string[] }>(a.technician.client, 'prescriptions', { body: form(alprazolam, { refills: '6' }) });
    expect(six).toEqual({ status: 400, body: { error: 'Validation failed', errors: [CONTROLLED_SUBSTANCE_MESSAGES.tooManyRefills('IV')] } });
    const direct = await a.technician.client.from('prescriptions')
      .insert({ patient_id: patient, medication_id: alprazolam, prescriber_id: deaPrescriber, refills: 6 }).select('id');
    expect(direct.error?.message).toBe(CONTROLLED_SUBSTANCE_MESSAGES.tooManyRefills('IV'));

    const written = new Date(Date.now() - 200 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const old = await callApi<{ errors: string[] }>(a.technician.client, 'prescriptions', { body: form(alprazolam, { refills: '5', originalDate: written }) });
    expect(old).toEqual({ status: 400, body: { error: 'Validation failed', errors: [CONTROLLED_SUBSTANCE_MESSAGES.expired('IV', written)] } });
    const oldDirect = await a.technician.client.from('prescriptions')
      .insert({ patient_id: patient, medication_id: alprazolam, prescriber_id: deaPrescriber, refills: 5, original_date: written }).select('id');
    expect(oldDirect.error?.message).toBe(CONTROLLED_SUBSTANCE_MESSAGES.expired('IV', written));
    expect((await callApi(a.technician.client, 'prescriptions', { body: form(alprazolam, { refills: '5' }) })).status).toBe(201);
  });

  it('a controlled prescription needs a prescriber with a valid DEA number; a bad check digit is refused', async () => {
    const badDea = await a.technician.client.from('prescribers').insert({ first_name: 'Bad', last_name: 'Digit', dea_number: 'AG1234567' }).select('id');
    expect(badDea.error?.message).toBe('DEA number AG1234567 is not valid: two letters and seven digits, the last a check digit');
    const noDea = await insertRow(a.technician.client, 'prescribers', { first_name: 'No', last_name: 'Registration' });
    const answer = await callApi<{ errors: string[] }>(a.technician.client, 'prescriptions', { body: form(oxycodone, { prescriberId: noDea }) });
    expect(answer.body.errors).toEqual([CONTROLLED_SUBSTANCE_MESSAGES.prescriberDeaNumber('II')]);
    const direct = await a.technician.client.from('prescriptions').insert({ patient_id: patient, medication_id: oxycodone }).select('id');
    expect(direct.error?.message).toBe(CONTROLLED_SUBSTANCE_MESSAGES.prescriberDeaNumber('II'));
  });

  it('is checked again at verification (a prescriber\'s DEA number gone since entry), and a date written cannot be in the future', async () => {
    const prescriber = await insertRow(a.technician.client, 'prescribers', { first_name: 'Later', last_name: 'Lapsed', dea_number: 'BL1234563' });
    const cleanPatient = (await addPatient(a.technician.client, 'Reverified')).id;
    const entered = await callApi<{ id: string }>(a.technician.client, 'prescriptions', { body: { ...form(alprazolam, { prescriberId: prescriber }), patientId: cleanPatient } });
    expect(entered.status).toBe(201);
    expect((await movePrescription(a.technician.client, entered.body.id, 'processing')).error).toBeNull();
    await sql('update public.prescribers set dea_number = null where id = $1', [prescriber]);
    const verified = await movePrescription(a.pharmacist.client, entered.body.id, 'ready');
    expect(verified.error).toBe(CONTROLLED_SUBSTANCE_MESSAGES.prescriberDeaNumber('IV'));
    expect(await sql('select status from public.prescriptions where id = $1', [entered.body.id])).toEqual([{ status: 'processing' }]);

    const tomorrow = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const future = await a.technician.client.from('prescriptions')
      .insert({ patient_id: cleanPatient, medication_id: alprazolam, prescriber_id: deaPrescriber, original_date: tomorrow }).select('id');
    expect(future.error?.message).toBe(CONTROLLED_SUBSTANCE_MESSAGES.writtenInFuture);
  });

  it('controlled stock and schedule: a technician is refused; a pharmacist must give a reason, which is audited', async () => {
    const byTechnician = await a.technician.client.from('medications').update({ stock: 500 }).eq('id', oxycodone).select('id');
    expect(byTechnician.error?.message).toBe('Only a pharmacist or admin can add or change medications');
    const unschedule = await a.technician.client.from('medications').update({ dea_schedule: null }).eq('id', oxycodone).select('id');
    expect(unschedule.error?.message).toBe('Only a pharmacist or admin can add or change medications');
    const addControlled = await a.technician.client.from('medications').insert({ name: 'Fentanyl', strength: '25 mcg/hr', dea_schedule: 'II', stock: 5 }).select('id');
    expect(addControlled.error?.message).toBe('Only a pharmacist or admin can add or change medications');

    const noReason = await a.pharmacist.client.from('medications').update({ stock: 90 }).eq('id', oxycodone).select('id');
    expect(noReason.error?.message).toBe('Give a reason for changing the stock or DEA schedule of controlled substance Oxycodone');
    const counted = await a.pharmacist.client.from('medications').update({ stock: 90, change_reason: 'Cycle count: 10 tablets short, DEA 106 filed' })
      .eq('id', oxycodone).select('stock, change_reason').single();
    expect(counted.data).toEqual({ stock: 90, change_reason: null });
    const audited = await sql<{ actor_user_id: string; details: Record<string, unknown> }>(
      `select actor_user_id, details from public.audit_log where entity_id = $1 and action = 'controlled_substance_changed'`, [oxycodone]);
    expect(audited).toEqual([{ actor_user_id: a.pharmacist.id, details: expect.objectContaining({ reason: 'Cycle count: 10 tablets short, DEA 106 filed', oldStock: 100, newStock: 90 }) }]);

    // Uncontrolled stock is the pharmacist's to change without a reason (technicians read the catalogue only).
    const plain = await a.pharmacist.client.from('medications').update({ stock: 9000 }).eq('id', ibuprofen).select('stock').single();
    expect(plain.data).toEqual({ stock: 9000 });
  });
});

describe('refused attempts leave an audit row', () => {
  it('a refused transition and a denied override are recorded though the write rolled back', async () => {
    const patient = (await addWarfarinPatient(a.technician.client)).id;
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen });
    const denied = await movePrescription(a.technician.client, row.id, 'processing', 'Patient insists');
    expect(denied.error).toBe('Only a pharmacist or admin can override an interaction alert');
    const skipped = await movePrescription(a.technician.client, row.id, 'ready');
    expect(skipped.error).toBe(`Prescription RX ${row.rx_number} is pending; it cannot move to ready (the order is pending → processing → ready → completed)`);
    const refusals = (await auditRows(row.id)).filter((entry) => !entry.success);
    expect(refusals).toEqual([
      { action: 'interaction_override_denied', success: false, actor_user_id: a.technician.id,
        details: expect.objectContaining({ from: 'pending', to: 'processing', overrideGiven: true, code: '42501' }) },
      { action: 'prescription_move_refused', success: false, actor_user_id: a.technician.id,
        details: expect.objectContaining({ from: 'pending', to: 'ready', overrideGiven: false }) },
    ]);
    const [stored] = await sql<{ status: string; override_reason: string | null }>('select status, override_reason from public.prescriptions where id = $1', [row.id]);
    expect(stored).toEqual({ status: 'pending', override_reason: null });
  });

  it('a move to no known status is refused before anything is tried or recorded', async () => {
    const row = await enterPrescription(a.technician.client, { patientId: (await addPatient(a.technician.client, 'Nowhere')).id, medicationId: ibuprofen });
    const { error } = await a.technician.client.rpc('move_prescription', { prescription_id: row.id, to_status: 'any text the caller likes' });
    expect(error?.message).toBe('A prescription moves to processing, ready or completed');
    expect((await auditRows(row.id)).filter((entry) => !entry.success)).toEqual([]);
  });

  it('status cannot be PATCHed past the audited path', async () => {
    const patient = (await addPatient(a.technician.client, 'Patch')).id;
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen });
    const patched = await a.admin.client.from('prescriptions').update({ status: 'processing' }).eq('id', row.id).select('id');
    expect(patched.error?.message).toBe('Prescription status changes go through move_prescription, which records refusals');
    const [stored] = await sql<{ status: string }>('select status from public.prescriptions where id = $1', [row.id]);
    expect(stored!.status).toBe('pending');
  });

  it('anon cannot call the RPCs', async () => {
    const anon = createTestClient();
    expect((await anon.rpc('move_prescription', { prescription_id: '00000000-0000-4000-8000-000000000000', to_status: 'processing' })).error).not.toBeNull();
    expect((await anon.rpc('check_interactions', { medications: ['warfarin', 'ibuprofen'] })).error).not.toBeNull();
  });
});
