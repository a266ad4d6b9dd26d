/**
 * POST /api/prescriptions through supabase.functions.invoke as the staff of fixture pharmacies: a new
 * prescription is pending with the pharmacy's next Rx number and the interaction check's aiFlags (warfarin
 * for a patient on ibuprofen is flagged; a clean profile is not), entered by the caller; a bad form is 400
 * with the schema's messages and changes nothing; another pharmacy's patient or medication is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESCRIPTION_MESSAGES } from '../../shared/src/prescriptions/prescription.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { type TestPharmacy, createPharmacy } from './db-fixtures.ts';
import { insertRow } from './db-clinical-support.ts';

afterAll(closeSql);

interface CreatedPrescription {
  id: string;
  rxNumber: number;
  status: string;
  patientId: string;
  medicationId: string;
  quantity: number;
  refills: number;
  daysSupply: number | null;
  prescriptionType: string;
  source: string;
  enteredBy: string;
  aiFlags: {
    hasInteractions: boolean;
    interactions: { severity: string; interactingDrugs: string[]; description: string; recommendations: string[] }[];
    recommendedActions: string[];
  };
}

let home: TestPharmacy;
let other: TestPharmacy;
let patientOnIbuprofen: string;
let cleanPatient: string;
let warfarin: string;
let amoxicillin: string;
let otherPatient: string;
let otherMedication: string;

beforeAll(async () => {
  [home, other] = await Promise.all([createPharmacy('Rx API Home'), createPharmacy('Rx API Other')]);
  const tech = home.technician.client;
  patientOnIbuprofen = await insertRow(tech, 'patients', { first_name: 'Iris', last_name: 'Ibuprofen', current_medications: ['Ibuprofen 400mg'], allergies: [] });
  cleanPatient = await insertRow(tech, 'patients', { first_name: 'Carl', last_name: 'Clean', current_medications: [], allergies: [] });
  warfarin = await insertRow(home.pharmacist.client, 'medications', { name: 'Warfarin', generic_name: 'warfarin', strength: '5 mg', dosage_form: 'tablet', price: 12.4, stock: 100 });
  amoxicillin = await insertRow(home.pharmacist.client, 'medications', { name: 'Amoxicillin', generic_name: 'amoxicillin', strength: '500 mg', dosage_form: 'capsule', price: 8.5, stock: 100 });
  otherPatient = await insertRow(other.technician.client, 'patients', { first_name: 'Olga', last_name: 'Other', current_medications: [], allergies: [] });
  otherMedication = await insertRow(other.pharmacist.client, 'medications', { name: 'Lisinopril', generic_name: 'lisinopril', strength: '10 mg', price: 4, stock: 50 });
});

function form(patientId: string, medicationId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    prescriptionType: 'written',
    patientId,
    medicationId,
    directions: 'Take 1 tablet by mouth daily',
    quantity: '30',
    refills: '1',
    daysSupply: '30',
    status: 'pending',
    createdAt: new Date().toISOString(),
    ...extra,
  };
}

async function countPrescriptions(pharmacyId: string): Promise<number> {
  const rows = await sql<{ count: string }>('select count(*) from public.prescriptions where pharmacy_id = $1', [pharmacyId]);
  return Number(rows[0]!.count);
}

describe('POST /api/prescriptions', () => {
  it('enters a pending prescription with the next Rx number and flags warfarin for a patient on ibuprofen', async () => {
    const before = await sql<{ last_rx_number: string }>('select last_rx_number from public.rx_number_counters where pharmacy_id = $1', [home.id]);
    const expectedRx = before.length === 0 ? 1001 : Number(before[0]!.last_rx_number) + 1;

    const answer = await callApi<CreatedPrescription>(home.technician.client, 'prescriptions', { body: form(patientOnIbuprofen, warfarin) });
    expect(answer.status).toBe(201);
    const created = answer.body;
    expect(created).toMatchObject({
      status: 'pending', rxNumber: expectedRx, patientId: patientOnIbuprofen, medicationId: warfarin, quantity: 30, refills: 1, daysSupply: 30,
      prescriptionType: 'written', source: 'manual_entry', enteredBy: home.technician.id,
    });
    expect(created.aiFlags.hasInteractions).toBe(true);
    const finding = created.aiFlags.interactions.find((item) => item.interactingDrugs.includes('warfarin') && item.interactingDrugs.includes('ibuprofen'));
    expect(finding).toBeDefined();
    expect(['severe', 'moderate']).toContain(finding!.severity);
    expect(finding!.description.length).toBeGreaterThan(10);
    expect(finding!.recommendations.length).toBeGreaterThan(0);
    expect(Object.keys(finding!).sort()).toEqual(['description', 'interactingDrugs', 'recommendations', 'severity']);
    expect(created.aiFlags.recommendedActions.length).toBeGreaterThan(0);

    // What the queue reads is what the API returned.
    const { data } = await home.pharmacist.client.from('prescriptions').select('rx_number, status, ai_flags').eq('id', created.id).single();
    expect(data).toEqual({ rx_number: expectedRx, status: 'pending', ai_flags: created.aiFlags });
  });

  it('numbers the next one one higher and gives a clean profile no flags', async () => {
    const first = await callApi<CreatedPrescription>(home.pharmacist.client, 'prescriptions', { body: form(cleanPatient, amoxicillin, { prescriptionType: 'electronic' }) });
    const second = await callApi<CreatedPrescription>(home.technician.client, 'prescriptions', {
      body: form(cleanPatient, warfarin, { prescriptionType: 'verbal', callerInfo: 'Nurse Kim', callbackNumber: '(309) 555-0142', urgencyLevel: 'urgent' }),
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.rxNumber).toBe(first.body.rxNumber + 1);
    expect(first.body.source).toBe('e-prescription');
    expect(first.body.aiFlags).toEqual({ hasInteractions: false, interactions: [], recommendedActions: [] });
    expect(second.body.aiFlags.hasInteractions).toBe(false);
    expect(second.body).toMatchObject({ callerInfo: 'Nurse Kim', callbackNumber: '(309) 555-0142', urgencyLevel: 'urgent' });
  });

  it('answers 400 with the form messages and enters nothing', async () => {
    const before = await countPrescriptions(home.id);
    const answer = await callApi<{ error: string; errors: string[] }>(home.technician.client, 'prescriptions', {
      body: form(cleanPatient, amoxicillin, { quantity: 'thirty', directions: ' ', prescriptionType: 'carrier pigeon' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Validation failed');
    expect(answer.body.errors).toEqual([PRESCRIPTION_MESSAGES.prescriptionType, PRESCRIPTION_MESSAGES.directions, PRESCRIPTION_MESSAGES.quantity]);
    expect(await countPrescriptions(home.id)).toBe(before);
  });

  it('answers 404 for another pharmacy\'s patient or medication and enters nothing', async () => {
    const before = await countPrescriptions(home.id);
    const otherBefore = await countPrescriptions(other.id);
    const patientAnswer = await callApi<{ error: string }>(home.technician.client, 'prescriptions', { body: form(otherPatient, amoxicillin) });
    expect(patientAnswer).toEqual({ status: 404, body: { error: 'Patient not found' } });
    const medicationAnswer = await callApi<{ error: string }>(home.technician.client, 'prescriptions', { body: form(cleanPatient, otherMedication) });
    expect(medicationAnswer).toEqual({ status: 404, body: { error: 'Medication not found' } });
    expect(await countPrescriptions(home.id)).toBe(before);
    expect(await countPrescriptions(other.id)).toBe(otherBefore);
  });

  it('answers 401 without a signed-in user', async () => {
    const answer = await callApi<{ error: string }>(createTestClient(), 'prescriptions', { body: form(cleanPatient, amoxicillin) });
    expect(answer.status).toBe(401);
  });
});
