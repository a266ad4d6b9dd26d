/**
 * The Drug Database's clinical calls through supabase.functions.invoke (shared/src/api/drug-clinical.ts):
 * POST /api/drugs/dur-check and POST /api/drugs/check-interactions answer the one interaction engine (a severe
 * pair, an allergy cross-sensitivity, duplicate therapy, nothing), dur-check gives what a prescription entered for
 * the same profile stores as its flags; GET /api/drugs/formulary/{id}?insuranceType= answers the caller's
 * pharmacy's entry, 404 for none or another pharmacy's, 400 for a malformed id or an unknown type; 401 signed out.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormularyEntry } from '../../shared/src/drugs/formulary.ts';
import type { InteractionCheckResult } from '../../shared/src/interactions/types.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient } from '../support/stack-env.ts';
import { enterPrescription, insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let staff: SupabaseClient;

beforeAll(async () => {
  [a, b] = [await createPharmacy('Clinical Api Pharmacy A'), await createPharmacy('Clinical Api Pharmacy B')];
  staff = a.technician.client;
}, 120_000);

afterAll(closeSql);

async function durCheck(medication: string, patientProfile: { currentMedications?: string[]; allergies?: string[] }): Promise<InteractionCheckResult> {
  const answer = await callApi<InteractionCheckResult>(staff, 'drugs/dur-check', { body: { medication, patientProfile } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function checkDrugs(medications: string[]): Promise<InteractionCheckResult> {
  const answer = await callApi<InteractionCheckResult>(staff, 'drugs/check-interactions', { body: { medications } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const NOTHING = { hasInteractions: false, interactions: [], recommendedActions: [] };

describe('POST /api/drugs/check-interactions', () => {
  it('finds a severe interaction (warfarin + ibuprofen) and asks to contact the prescriber', async () => {
    const result = await checkDrugs(['Warfarin 5mg', 'Advil 200 mg']);
    expect(result.interactions).toEqual([expect.objectContaining({ kind: 'drug-drug', severity: 'severe', interactingDrugs: ['warfarin', 'ibuprofen'] })]);
    expect(result.recommendedActions).toContain('Contact prescriber before dispensing');
  });

  it('finds duplicate therapy (two SSRIs)', async () => {
    const result = await checkDrugs(['Zoloft 100 mg', 'fluoxetine 20 mg']);
    expect(result.interactions).toEqual([expect.objectContaining({ kind: 'duplicate-therapy', interactingDrugs: ['sertraline', 'fluoxetine'] })]);
  });

  it('finds nothing on a clean list, and ignores allergies (it takes medications only)', async () => {
    expect(await checkDrugs(['Lisinopril 10 mg', 'Metformin 500 mg tablet'])).toEqual(NOTHING);
    const answer = await callApi<InteractionCheckResult>(staff, 'drugs/check-interactions', { body: { medications: ['Amoxicillin 500 mg'], allergies: ['Penicillin'] } });
    expect(answer.body).toEqual(NOTHING);
  });

  it('answers 400 with the messages for a bad body and 401 signed out', async () => {
    const empty = await callApi<{ errors: string[] }>(staff, 'drugs/check-interactions', { body: { medications: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(['At least one medication is required']);
    const notList = await callApi<{ errors: string[] }>(staff, 'drugs/check-interactions', { body: { medications: 'warfarin' } });
    expect(notList.body.errors).toEqual(['Medications must be a list of names']);
    const anon = await callApi(createTestClient(), 'drugs/check-interactions', { body: { medications: ['warfarin', 'ibuprofen'] } });
    expect(anon.status).toBe(401);
  });
});

describe('POST /api/drugs/dur-check', () => {
  it('flags a severe interaction of the new drug with a current medication', async () => {
    const result = await durCheck('Advil 200 mg', { currentMedications: ['Warfarin 5mg'] });
    expect(result.hasInteractions).toBe(true);
    expect(result.interactions).toEqual([expect.objectContaining({ kind: 'drug-drug', severity: 'severe', interactingDrugs: ['ibuprofen', 'warfarin'] })]);
  });

  it('flags an allergy cross-sensitivity (cephalexin for a penicillin-allergic patient)', async () => {
    const result = await durCheck('Keflex 500 mg', { allergies: ['Penicillin'] });
    expect(result.interactions).toEqual([
      expect.objectContaining({ kind: 'drug-allergy', severity: 'moderate', interactingDrugs: ['cephalexin', 'Penicillin allergy'] }),
    ]);
    expect(result.recommendedActions).toContain('Verify the allergy and reaction history with the patient before dispensing');
  });

  it('flags duplicate therapy with a current medication', async () => {
    const result = await durCheck('Zoloft 100 mg', { currentMedications: ['fluoxetine 20 mg'] });
    expect(result.interactions).toEqual([expect.objectContaining({ kind: 'duplicate-therapy', interactingDrugs: ['sertraline', 'fluoxetine'] })]);
  });

  it('leaves out what the profile already had: only findings that involve the new drug', async () => {
    // Warfarin + aspirin is already on the profile; metformin adds nothing.
    expect(await durCheck('Metformin 500 mg', { currentMedications: ['Warfarin 5mg', 'Aspirin 81 mg'], allergies: ['Sulfa'] })).toEqual(NOTHING);
    expect(await durCheck('Lisinopril 10 mg', {})).toEqual(NOTHING);
  });

  it('gives the findings a prescription entered for the same profile stores', async () => {
    const medication = { name: 'Clinical Motrin', generic_name: 'ibuprofen', strength: '800 mg', dosage_form: 'tablet', price: 5, stock: 500 };
    const medicationId = await insertRow(a.pharmacist.client, 'medications', medication); // the catalog is the pharmacist's to change
    const profile = { currentMedications: ['Warfarin 5mg', 'Lexapro 10 mg'], allergies: ['Aspirin'] };
    const patientId = await insertRow(staff, 'patients', {
      first_name: 'Dora', last_name: 'Durcheck', date_of_birth: '1948-02-03',
      current_medications: profile.currentMedications, allergies: profile.allergies,
    });
    const prescription = await enterPrescription(staff, { patientId, medicationId });
    const result = await durCheck(medication.name, profile);
    expect(result.interactions.length).toBeGreaterThan(1);
    // The stored flags carry no kind or source; everything else is the same, in the same order.
    expect({
      hasInteractions: result.hasInteractions,
      interactions: result.interactions.map(({ severity, interactingDrugs, description, recommendations }) => ({ severity, interactingDrugs, description, recommendations })),
      recommendedActions: result.recommendedActions,
    }).toEqual(prescription.ai_flags);
  });

  it('answers 400 with the messages for a bad body and 401 signed out', async () => {
    const noMedication = await callApi<{ errors: string[]; details: unknown }>(staff, 'drugs/dur-check', { body: { medication: '  ', patientProfile: {} } });
    expect(noMedication.status).toBe(400);
    expect(noMedication.body.errors).toEqual(['The medication to check is required']);
    const noProfile = await callApi<{ errors: string[] }>(staff, 'drugs/dur-check', { body: { medication: 'warfarin' } });
    expect(noProfile.status).toBe(400);
    expect(noProfile.body.errors).toEqual(['The patient profile must be an object with currentMedications and allergies lists']);
    const badAllergies = await callApi<{ errors: string[]; details: { fields: unknown[] } }>(staff, 'drugs/dur-check', {
      body: { medication: 'warfarin', patientProfile: { allergies: 'penicillin' } },
    });
    expect(badAllergies.status).toBe(400);
    expect(badAllergies.body.details.fields).toEqual([{ path: 'patientProfile.allergies', message: 'Allergies must be a list of names' }]);
    const anon = await callApi(createTestClient(), 'drugs/dur-check', { body: { medication: 'warfarin', patientProfile: {} } });
    expect(anon.status).toBe(401);
  });
});

describe('GET /api/drugs/formulary/{id}?insuranceType=', () => {
  let medicationId: string;
  let foreignMedicationId: string;

  beforeAll(async () => {
    medicationId = await insertRow(a.pharmacist.client, 'medications', { name: 'Formulary Eliquis', generic_name: 'apixaban', strength: '5 mg' });
    await insertRow(a.pharmacist.client, 'formulary_entries', {
      medication_id: medicationId, insurance_type: 'medicare_part_d', tier: 3, prior_authorization: true,
      quantity_limit: 60, quantity_limit_days: 30, notes: 'Step therapy: warfarin first',
    });
    await insertRow(a.pharmacist.client, 'formulary_entries', { medication_id: medicationId, insurance_type: 'commercial', tier: 2 });
    foreignMedicationId = await insertRow(b.pharmacist.client, 'medications', { name: 'Formulary Eliquis B', generic_name: 'apixaban' });
    await insertRow(b.pharmacist.client, 'formulary_entries', { medication_id: foreignMedicationId, insurance_type: 'commercial', tier: 1 });
  });

  it('answers the entry of the caller\'s medication for the insurance type, to every staff role', async () => {
    for (const role of ['technician', 'pharmacist', 'admin'] as const) {
      const answer = await callApi<FormularyEntry>(a[role].client, `drugs/formulary/${medicationId}?insuranceType=medicare_part_d`);
      expect(answer.status, role).toBe(200);
      expect(answer.body).toEqual({
        medicationId, insuranceType: 'medicare_part_d', tier: 3, priorAuthorization: true,
        quantityLimit: { quantity: 60, days: 30 }, notes: 'Step therapy: warfarin first', updatedAt: expect.any(String),
      });
    }
    const commercial = await callApi<FormularyEntry>(staff, `drugs/formulary/${medicationId}?insuranceType=commercial`);
    expect(commercial.body).toMatchObject({ tier: 2, priorAuthorization: false, quantityLimit: null, notes: null });
  });

  it('answers 404 when there is no entry for that type, and for another pharmacy\'s medication', async () => {
    const none = await callApi<{ error: string }>(staff, `drugs/formulary/${medicationId}?insuranceType=medicaid`);
    expect(none).toEqual({ status: 404, body: { error: 'No formulary entry for this medication and insurance type' } });
    const foreign = await callApi<{ error: string }>(staff, `drugs/formulary/${foreignMedicationId}?insuranceType=commercial`);
    expect(foreign.status).toBe(404);
    const own = await callApi(b.technician.client, `drugs/formulary/${foreignMedicationId}?insuranceType=commercial`);
    expect(own.status).toBe(200);
  });

  it('answers 400 for an unknown or missing insurance type and a malformed id', async () => {
    const unknown = await callApi<{ errors: string[] }>(staff, `drugs/formulary/${medicationId}?insuranceType=platinum`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual(["Choose an insurance type: Commercial, Medicare Part D, Medicaid, TRICARE, Workers' compensation"]);
    expect((await callApi(staff, `drugs/formulary/${medicationId}`)).status).toBe(400);
    const malformed = await callApi<{ errors: string[] }>(staff, 'drugs/formulary/not-a-uuid?insuranceType=commercial');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual(['The medication id must be a UUID']);
  });

  it('answers 401 signed out', async () => {
    expect((await callApi(createTestClient(), `drugs/formulary/${medicationId}?insuranceType=commercial`)).status).toBe(401);
  });
});
