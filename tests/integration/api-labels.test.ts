/**
 * POST /api/labels/generate and /api/receipts/generate through supabase.functions.invoke: the label HTML
 * has every required element, the Code 128 SVG of the Rx number and escaped values, the transfer warning
 * only for schedule II–IV drugs; each print is recorded in the print history as the caller; another
 * pharmacy's prescription is 404; a prescription not yet verified is refused by the database (409). A refill's
 * label and receipt name it ("Refill 1 of 3") with the refills remaining after it (issue 21); the original's name
 * no fill.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code128Svg } from '../../shared/src/labels/code128.ts';
import { TRANSFER_WARNING } from '../../shared/src/labels/label-html.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, sql } from '../support/stack-env.ts';
import { type TestPharmacy, createPharmacy } from './db-fixtures.ts';
import { insertRow } from './db-clinical-support.ts';

afterAll(closeSql);

let home: TestPharmacy;
let other: TestPharmacy;
let plainRx: { id: string; rxNumber: number };
let scheduledRx: { id: string; rxNumber: number };
let pendingRx: { id: string; rxNumber: number };

/** Entered by the technician through the API, processed by the technician, verified by the pharmacist. */
async function enter(patientId: string, medicationId: string, extra: Record<string, string> = {}): Promise<{ id: string; rxNumber: number }> {
  const answer = await callApi<{ id: string; rxNumber: number }>(home.technician.client, 'prescriptions', {
    body: { prescriptionType: 'written', patientId, medicationId, directions: 'Take 1 tablet by mouth every 6 hours as needed <for pain>', quantity: '20', refills: '3', daysSupply: '5', ...extra },
  });
  if (answer.status !== 201) throw new Error(`could not enter: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function verify(id: string): Promise<void> {
  for (const [client, status] of [[home.technician.client, 'processing'], [home.pharmacist.client, 'ready']] as const) {
    const { data, error } = await client.rpc('move_prescription', { prescription_id: id, to_status: status });
    if (error || !data.ok) throw new Error(error?.message ?? data.message);
  }
}

beforeAll(async () => {
  [home, other] = await Promise.all([createPharmacy('Label Home <Pharmacy> & Co'), createPharmacy('Label Other')]);
  const tech = home.technician.client;
  const patient = await insertRow(tech, 'patients', { first_name: '<script>alert(1)</script>', last_name: "O'Brien", current_medications: [], allergies: [] });
  // A controlled drug is added by the pharmacist; its prescriber has a valid DEA number; schedule II has no refills.
  const prescriber = await insertRow(tech, 'prescribers', { title: 'Dr.', first_name: 'Alan', last_name: 'Grant', dea_number: 'AG1234563' });
  const amoxicillin = await insertRow(home.pharmacist.client, 'medications', { name: 'Amoxicillin', generic_name: 'amoxicillin', strength: '500 mg', price: 8.5, stock: 100 });
  const oxycodone = await insertRow(home.pharmacist.client, 'medications', { name: 'Oxycodone', generic_name: 'oxycodone', strength: '5 mg', price: 21.75, stock: 100, dea_schedule: 'II' });
  plainRx = await enter(patient, amoxicillin);
  scheduledRx = await enter(patient, oxycodone, { prescriberId: prescriber, refills: '0' });
  pendingRx = await enter(patient, amoxicillin);
  const linked = await home.technician.client.from('prescriptions').update({ prescriber_id: prescriber }).in('id', [plainRx.id]);
  if (linked.error) throw new Error(linked.error.message);
  await verify(plainRx.id);
  await verify(scheduledRx.id);
});

async function prints(prescriptionId: string): Promise<{ kind: string; printed_by: string }[]> {
  return sql('select kind, printed_by from public.prescription_label_prints where prescription_id = $1 order by printed_at', [prescriptionId]);
}

describe('POST /api/labels/generate', () => {
  it('returns the label HTML with every required element, the barcode and escaped values, and records the print', async () => {
    const answer = await callApi<string>(home.technician.client, 'labels/generate', { body: { prescriptionId: plainRx.id } });
    expect(answer.status).toBe(200);
    const html = answer.body;
    expect(typeof html).toBe('string');
    // The fill date is the pharmacy's local date at verification (db-dispensing tests that), not this machine's.
    const [stored] = await sql<{ filled: string }>(`select to_char(date_filled, 'MM/DD/YYYY') as filled from public.prescriptions where id = $1`, [plainRx.id]);
    for (const text of [
      'Label Home &lt;Pharmacy&gt; &amp; Co', '1 Main St, Peoria, IL 61602', '(309) 555-0100', `Rx# ${plainRx.rxNumber}`,
      `Filled: ${stored!.filled}`, '&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Brien', 'Prescriber: Dr. Alan Grant', 'Amoxicillin 500 mg',
      'Qty: 20', 'Take 1 tablet by mouth every 6 hours as needed &lt;for pain&gt;', 'Refills remaining: 3', '@page { size: 4in 2.5in;',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('<script>');
    expect(html).toContain(code128Svg(String(plainRx.rxNumber), { moduleWidth: 1, height: 30, cssWidth: '2in', cssHeight: '0.3in' }));
    expect(html).not.toContain(TRANSFER_WARNING);
    expect(await prints(plainRx.id)).toEqual([{ kind: 'label', printed_by: home.technician.id }]);
  });

  it('adds the transfer warning for a schedule II drug', async () => {
    const answer = await callApi<string>(home.pharmacist.client, 'labels/generate', { body: { prescriptionId: scheduledRx.id } });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(TRANSFER_WARNING);
    expect(answer.body).toContain('Oxycodone 5 mg');
  });

  it('answers 404 for another pharmacy\'s prescription and records nothing', async () => {
    const answer = await callApi<{ error: string }>(other.pharmacist.client, 'labels/generate', { body: { prescriptionId: scheduledRx.id } });
    expect(answer).toEqual({ status: 404, body: { error: 'Prescription not found' } });
    expect((await prints(scheduledRx.id)).map((row) => row.printed_by)).not.toContain(other.pharmacist.id);
  });

  it('refuses a prescription that is not verified yet (409) and a bad body (400)', async () => {
    const pending = await callApi<{ error: string }>(home.technician.client, 'labels/generate', { body: { prescriptionId: pendingRx.id } });
    expect(pending.status).toBe(409);
    expect(pending.body.error).toContain('not verified yet');
    expect(await prints(pendingRx.id)).toEqual([]);
    const bad = await callApi<{ errors: string[] }>(home.technician.client, 'labels/generate', { body: { prescriptionId: 'nope' } });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/receipts/generate', () => {
  it('returns the receipt with the price and records it as a receipt', async () => {
    const answer = await callApi<string>(home.technician.client, 'receipts/generate', { body: { prescriptionId: scheduledRx.id } });
    expect(answer.status).toBe(200);
    for (const text of ['Label Home &lt;Pharmacy&gt; &amp; Co', String(scheduledRx.rxNumber), 'O&#39;Brien', 'Oxycodone 5 mg', '>20<', '$21.75']) {
      expect(answer.body).toContain(text);
    }
    expect(await prints(scheduledRx.id)).toContainEqual({ kind: 'receipt', printed_by: home.technician.id });
  });

  it("names the original's fill and its refills remaining", async () => {
    const answer = await callApi<string>(home.technician.client, 'receipts/generate', { body: { prescriptionId: plainRx.id } });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<span data-field="fill">Original</span>');
    expect(answer.body).toContain('Refills remaining: 3');
  });

  it('answers 404 for another pharmacy\'s prescription', async () => {
    const answer = await callApi<{ error: string }>(other.technician.client, 'receipts/generate', { body: { prescriptionId: plainRx.id } });
    expect(answer).toEqual({ status: 404, body: { error: 'Prescription not found' } });
  });
});

describe('a refill', () => {
  it('prints "Refill 1 of 3" and the refills remaining after it on its label and receipt; the original\'s label still says 3', async () => {
    // Setup: the original was filled 5 days ago (its days supply), so the refill is due.
    await sql(`update public.prescriptions set date_filled = private.pharmacy_local_date(pharmacy_id, now()) - 5 where id = $1`, [plainRx.id]);
    const { data, error } = await home.pharmacist.client.rpc('refill_prescription', { prescription_id: plainRx.id });
    expect(error).toBeNull();
    const fill = data as { id: string; rx_number: number; fill_number: number };
    expect(fill).toMatchObject({ rx_number: plainRx.rxNumber, fill_number: 1 });
    await verify(fill.id);

    const label = await callApi<string>(home.technician.client, 'labels/generate', { body: { prescriptionId: fill.id } });
    expect(label.status).toBe(200);
    expect(label.body).toContain(`Rx# ${plainRx.rxNumber}`);
    expect(label.body).toContain('<span data-field="fill">Refill 1 of 3</span>');
    expect(label.body).toContain('<span data-field="refills-remaining">Refills remaining: 2</span>');
    const receipt = await callApi<string>(home.technician.client, 'receipts/generate', { body: { prescriptionId: fill.id } });
    expect(receipt.body).toContain('<span data-field="fill">Refill 1 of 3</span>');
    expect(receipt.body).toContain('Refills remaining: 2');

    const original = await callApi<string>(home.technician.client, 'labels/generate', { body: { prescriptionId: plainRx.id } });
    expect(original.body).toContain('Refills remaining: 3');
    expect(original.body).not.toContain('data-field="fill"');
    expect(await prints(fill.id)).toEqual([{ kind: 'label', printed_by: home.technician.id }, { kind: 'receipt', printed_by: home.technician.id }]);
  });
});
