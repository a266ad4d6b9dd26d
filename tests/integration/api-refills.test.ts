/**
 * POST /api/prescriptions/:id/refill through supabase.functions.invoke as the staff of fixture pharmacies: 201
 * with the new fill (same Rx number, pending, its fill number and the refills left); a refused refill answers
 * the database's sentence with its status (409 a rule, 403 a technician allowing a refill too soon, 404 another
 * pharmacy's prescription or an id that is none); a too-long reason is 400 with the shared message; the body may
 * be left out (only for this endpoint: POST /api/prescriptions still needs one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refillPrescriptionEndpoint, type RefillResponse } from '../../shared/src/api/prescriptions.ts';
import { REFILL_MESSAGES, REFILL_REASON_MAX_LENGTH } from '../../shared/src/prescriptions/refills.ts';
import { createApiInvoker } from '../../web/src/lib/api-invoker.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, sql } from '../support/stack-env.ts';
import { addMedication, addPatient, enterPrescription, movePrescription, type PrescriptionRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

afterAll(closeSql);

let home: TestPharmacy;
let other: TestPharmacy;
let patient: string;
let medication: string;

beforeAll(async () => {
  [home, other] = await Promise.all([createPharmacy('Refill API Home'), createPharmacy('Refill API Other')]);
  patient = (await addPatient(home.technician.client, 'Refill API')).id;
  medication = (await addMedication(home.pharmacist.client)).id;
}, 120_000);

/** A completed prescription of the home pharmacy; filled `daysAgo` days ago (setup: its date filled moved back). */
async function filled(daysAgo: number, refills = 2): Promise<PrescriptionRow> {
  const row = await enterPrescription(home.technician.client, { patientId: patient, medicationId: medication }, { refills, days_supply: 30, quantity: 30 });
  for (const [client, step] of [[home.technician.client, 'processing'], [home.pharmacist.client, 'ready'], [home.technician.client, 'completed']] as const) {
    expect((await movePrescription(client, row.id, step)).error).toBeNull();
  }
  await sql(`update public.prescriptions set date_filled = private.pharmacy_local_date(pharmacy_id, now()) - $2::int where id = $1`, [row.id, daysAgo]);
  return row;
}

function refillPath(id: string): string {
  return `prescriptions/${encodeURIComponent(id)}/refill`;
}

async function fillCount(orderId: string): Promise<number> {
  return (await sql<{ n: number }>('select count(*)::int as n from public.prescriptions where order_id = $1', [orderId]))[0]!.n;
}

describe('POST /api/prescriptions/:id/refill', () => {
  it('answers 201 with the new fill: the same Rx number, pending, its fill number and the refills left', async () => {
    const original = await filled(30);
    const answer = await callApi<RefillResponse>(home.technician.client, refillPath(original.id), { body: {} });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      rxNumber: original.rx_number, status: 'pending', fillNumber: 1, refillsUsed: 1, refills: 2, refillsRemaining: 1,
      patientId: patient, medicationId: medication, quantity: 30, daysSupply: 30, enteredBy: home.technician.id, dateFilled: null,
    });
    expect(answer.body.id).not.toBe(original.id);
    const stored = await sql('select order_id, fill_number, status from public.prescriptions where id = $1', [answer.body.id]);
    expect(stored).toEqual([{ order_id: original.id, fill_number: 1, status: 'pending' }]);
  });

  it('takes no body at all (the web sends its optional reason; a bare POST is a refill without one)', async () => {
    const original = await filled(30);
    const answer = await callApi<RefillResponse>(home.pharmacist.client, refillPath(original.id), { method: 'POST' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ fillNumber: 1, refillsRemaining: 1, rxNumber: original.rx_number });
    // Only this endpoint: entering a prescription still needs its body.
    const entry = await callApi<{ error: string }>(home.pharmacist.client, 'prescriptions', { method: 'POST' });
    expect(entry).toEqual({ status: 400, body: { error: 'Request body must be JSON' } });
  });

  it("the web's typed invoker reads the answer", async () => {
    const original = await filled(30, 1);
    const fill = await createApiInvoker(home.pharmacist.client)(refillPrescriptionEndpoint, { id: original.id }, {});
    expect(fill).toMatchObject({ fillNumber: 1, refillsRemaining: 0, refillsUsed: 1, rxNumber: original.rx_number, status: 'pending' });
  });

  it("answers a rule's refusal 409 with its sentence and inserts nothing", async () => {
    const original = await filled(30, 0);
    const answer = await callApi(home.pharmacist.client, refillPath(original.id), { body: {} });
    expect(answer).toEqual({
      status: 409, body: { error: `Rx ${original.rx_number} has no refills left (0 of 0 used); ask the prescriber for a new prescription` },
    });
    expect(await fillCount(original.id)).toBe(1);
  });

  it('too soon: 409 without a reason, 403 for a technician with one, 201 for a pharmacist with one (recorded)', async () => {
    const original = await filled(2);
    const withoutReason = await callApi<{ error: string }>(home.pharmacist.client, refillPath(original.id), { body: {} });
    expect(withoutReason.status).toBe(409);
    expect(withoutReason.body.error).toMatch(new RegExp(`^Refill too soon: Rx ${original.rx_number} was filled on \\d{4}-\\d{2}-\\d{2} for 30 days; `));
    const technician = await callApi(home.technician.client, refillPath(original.id), { body: { tooSoonReason: 'Travelling abroad' } });
    expect(technician).toEqual({ status: 403, body: { error: 'Only a pharmacist or admin can allow a refill too soon' } });
    expect(await fillCount(original.id)).toBe(1);

    const pharmacist = await callApi<RefillResponse>(home.pharmacist.client, refillPath(original.id), { body: { tooSoonReason: 'Travelling abroad' } });
    expect(pharmacist.status).toBe(201);
    expect(pharmacist.body).toMatchObject({ fillNumber: 1, refillsRemaining: 1 });
    const stored = await sql('select too_soon_reason, too_soon_allowed_by from public.prescriptions where id = $1', [pharmacist.body.id]);
    expect(stored).toEqual([{ too_soon_reason: 'Travelling abroad', too_soon_allowed_by: home.pharmacist.id }]);
  });

  it("answers 404 'Prescription not found' for another pharmacy's prescription, an unknown id and an id that is not one", async () => {
    const original = await filled(30);
    for (const id of [original.id, '00000000-0000-4000-8000-000000000000']) {
      expect(await callApi(other.pharmacist.client, refillPath(id), { body: {} })).toEqual({ status: 404, body: { error: 'Prescription not found' } });
    }
    expect(await callApi(home.pharmacist.client, refillPath('not-a-prescription'), { body: {} })).toEqual({ status: 404, body: { error: 'Prescription not found' } });
    expect(await fillCount(original.id)).toBe(1);
  });

  it('answers 400 with the shared messages for a reason too long or blank', async () => {
    const original = await filled(2);
    const long = await callApi<{ error: string; errors: string[] }>(home.pharmacist.client, refillPath(original.id), {
      body: { tooSoonReason: 'x'.repeat(REFILL_REASON_MAX_LENGTH + 1) },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: 'Validation failed', errors: [REFILL_MESSAGES.reasonTooLong] });
    const blank = await callApi<{ error: string; errors: string[] }>(home.pharmacist.client, refillPath(original.id), { body: { tooSoonReason: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: 'Validation failed', errors: [REFILL_MESSAGES.tooSoonReason] });
    const notObject = await callApi(home.pharmacist.client, refillPath(original.id), { body: ['not', 'an', 'object'] });
    expect(notObject).toEqual({ status: 400, body: { error: 'Request body must be a JSON object' } });
    expect(await fillCount(original.id)).toBe(1);
  });
});
