/**
 * Claims in the database (migration 20261129005000_claims): a fill with a plan opens its pending claim at
 * processing; the api function begins a transaction as the caller and the service role records what the switch
 * answered; a rejected primary claim holds the fill before ready until it is paid, billed as cash or overridden; a
 * paid fill goes back to stock only after its reversal; the daily job reverses the fills not picked up; the Billing
 * screen's counts, pages and money come from the database; every command's allowed and denied cases and tenancy.
 * The D.0 bytes themselves are the api test's (api-claims) — here `attempts` carry readable stand-ins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createServiceClient, sql } from '../support/stack-env.ts';
import { enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let patientId: string;
let cashPatientId: string;
let medicationId: string;
let primaryPlanId: string;
let secondaryPlanId: string;
const service = createServiceClient();

type Claim = Record<string, unknown> & { claimId?: string; id?: string; status?: string };

const answered = (request: string, response: string) => [{ destination: 'claimsProcessor', url: 'http://switch.test/', request, response, httpStatus: 200, outcome: 'answered', durationMs: 12 }];
const paid = (patientPayCents: number, totalPaidCents: number) => ({
  responseStatus: 'P', authorizationNumber: 'AUTH123', rejectCodes: [],
  pricing: { patientPayCents, ingredientCostPaidCents: totalPaidCents + patientPayCents - 150, dispensingFeePaidCents: 150, totalPaidCents },
});

async function newFill(patient = patientId): Promise<string> {
  const fill = await enterPrescription(a.technician.client, { patientId: patient, medicationId }, { quantity: 30, days_supply: 30 });
  return fill.id;
}

async function toProcessing(fillId: string): Promise<void> {
  const moved = await movePrescription(a.technician.client, fillId, 'processing');
  expect(moved.error).toBeNull();
}

async function begin(client = a.technician.client, args: Record<string, unknown>): Promise<{ data: Claim | null; error: string | null }> {
  const { data, error } = await client.rpc('begin_claim_transaction', args);
  return { data: data as Claim | null, error: error?.message ?? null };
}

/** The token of the claim's transmission in flight (what begin answered as transmissionId). */
async function tokenOf(claimId: string): Promise<string | null> {
  return (await sql<{ t: string | null }>('select transmission_id as t from public.claims where id = $1', [claimId]))[0]!.t;
}

async function record(claimId: string, code: string, answer: unknown, extra: Record<string, unknown> = {}): Promise<Claim> {
  const { data, error } = await service.rpc('record_claim_response', {
    claim_id: claimId, actor_id: a.technician.id, transaction_code: code, transmission_id: await tokenOf(claimId),
    attempts: answered(`${code} request`, `${code} response`), answer, ...extra,
  });
  expect(error).toBeNull();
  return data as Claim;
}

async function claimOf(fillId: string): Promise<Record<string, unknown>> {
  return (await sql('select * from public.claims where prescription_id = $1 order by coverage', [fillId]))[0]!;
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Claims Rules Pharmacy A'), await createPharmacy('Claims Rules Pharmacy B')];
  patientId = await insertRow(a.technician.client, 'patients', { first_name: 'Clara', last_name: 'Billington', date_of_birth: '1970-05-06' });
  cashPatientId = await insertRow(a.technician.client, 'patients', { first_name: 'Carl', last_name: 'Cashman', date_of_birth: '1980-01-02' });
  medicationId = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Atorvastatin', strength: '20 mg', dosage_form: 'tablet', ndc_number: '00093-5057-01', package_size: 90,
    package_unit: 'EA', awp_price: 270, price: 45, stock: 1000,
  });
  // The fixed interface: plans are rows of patient_insurance_plans written through PostgREST.
  primaryPlanId = await insertRow(a.technician.client, 'patient_insurance_plans', {
    patient_id: patientId, payer_name: 'Demo Commercial Rx', bin: '999001', pcn: 'DEMOCOM', group_id: 'GRP1',
    cardholder_id: 'DEMO000123', person_code: '001', relationship_code: '1', priority: 'primary', active: true,
  });
  secondaryPlanId = await insertRow(a.technician.client, 'patient_insurance_plans', {
    patient_id: patientId, payer_name: 'Demo Medicaid', bin: '999003', pcn: 'DEMOMCD', cardholder_id: 'MCD777',
    relationship_code: '1', priority: 'secondary', active: true,
  });
}, 120_000);

afterAll(closeSql);

describe('a claim opens when a fill with a plan moves to processing', () => {
  it('snapshots the plan and prices in cents: AWP per unit × quantity, the settings fee, U&C the price per fill', async () => {
    const fillId = await newFill();
    expect(await sql('select 1 from public.claims where prescription_id = $1', [fillId])).toEqual([]);
    await toProcessing(fillId);
    expect(await claimOf(fillId)).toMatchObject({
      status: 'pending', coverage: 'primary', plan_id: primaryPlanId, bin: '999001', pcn: 'DEMOCOM', cardholder_id: 'DEMO000123',
      ndc: '00093505701', quantity_thousandths: '30000', days_supply: 30,
      // $270.00 per 90 tablets → $3.00 a tablet × 30 = $90.00; the fee $12.50 (Billing settings' default).
      ingredient_cost_submitted_cents: '9000', dispensing_fee_submitted_cents: '1250', usual_customary_cents: '4500',
      gross_amount_due_cents: '10250',
    });
    const events = await sql<{ status: string; detail: string }>('select status, detail from public.claim_events where claim_id = $1', [(await claimOf(fillId)).id]);
    expect(events).toEqual([{ status: 'pending', detail: 'Claim opened for Demo Commercial Rx' }]);
  });

  it('no claim for a patient without a plan, nor for a fill billed as cash', async () => {
    const cashFill = await newFill(cashPatientId);
    await toProcessing(cashFill);
    const chosenCash = await newFill();
    const saved = await a.technician.client.rpc('save_fill_billing', { prescription_id: chosenCash, pay_with: 'cash' });
    expect(saved.error).toBeNull();
    await toProcessing(chosenCash);
    expect(await sql('select 1 from public.claims where prescription_id = any($1)', [[cashFill, chosenCash]])).toEqual([]);
  });
});

describe('a transaction: begun as the caller, recorded by the service role', () => {
  it('answers what the D.0 request is built from and holds the claim for one terminal', async () => {
    const fillId = await newFill();
    const begun = await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1' });
    expect(begun.error).toBeNull();
    expect(begun.data).toMatchObject({
      transactionCode: 'B1', coverage: 'primary',
      patient: { firstName: 'Clara', lastName: 'Billington', dateOfBirth: '1970-05-06' },
      plan: { bin: '999001', pcn: 'DEMOCOM', groupId: 'GRP1', cardholderId: 'DEMO000123', personCode: '001', relationshipCode: '1' },
      fill: { ndc: '00093505701', quantityThousandths: 30000, daysSupply: 30, fillNumber: 0 },
      pricing: { ingredientCostCents: 9000, dispensingFeeCents: 1250, usualAndCustomaryCents: 4500, grossAmountDueCents: 10250, basisOfCost: '01' },
      otherPayers: [],
    });
    expect((await begin(a.pharmacist.client, { fill_id: fillId, transaction_code: 'B1' })).error)
      .toMatch(/^Prescription RX \d+'s claim is being transmitted from another terminal$/);
  });

  it('only the service role records an answer', async () => {
    const fillId = await newFill();
    const claimId = (await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1' })).data!.claimId as string;
    const { error } = await a.admin.client.rpc('record_claim_response', {
      claim_id: claimId, actor_id: a.admin.id, transaction_code: 'B1', transmission_id: await tokenOf(claimId), attempts: answered('x', 'y'), answer: paid(0, 10250),
    });
    expect(error?.message).toMatch(/permission denied/);
    expect((await claimOf(fillId)).status).toBe('pending');
  });

  it('nothing connected: the claim stays as it was; a timeout may have reached the payer: submitted', async () => {
    const fillId = await newFill();
    const claimId = (await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1' })).data!.claimId as string;
    const unreachable = [{ destination: 'claimsProcessor', url: 'http://127.0.0.1:9/', request: 'B1', outcome: 'unreachable', detail: 'Connection refused', durationMs: 2 }];
    await service.rpc('record_claim_response', { claim_id: claimId, actor_id: null, transaction_code: 'B1', transmission_id: await tokenOf(claimId), attempts: unreachable, answer: null });
    expect(await claimOf(fillId)).toMatchObject({ status: 'pending', last_error: 'Connection refused', transmission_started_at: null });
    await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1' });
    const timedOut = [{ ...unreachable[0], outcome: 'timeout', detail: 'No answer within 30 s' }];
    await service.rpc('record_claim_response', { claim_id: claimId, actor_id: null, transaction_code: 'B1', transmission_id: await tokenOf(claimId), attempts: timedOut, answer: null });
    expect(await claimOf(fillId)).toMatchObject({ status: 'submitted', last_error: 'No answer within 30 s — submit again to learn the claim\'s status' });
    const transmissions = await sql<{ outcome: string; request: string }>('select outcome, request from public.claim_transmissions where claim_id = $1 order by id', [claimId]);
    expect(transmissions).toEqual([{ outcome: 'unreachable', request: 'B1' }, { outcome: 'timeout', request: 'B1' }]);
  });
});

describe('a rejected primary claim holds the fill before ready', () => {
  let fillId: string;
  let claimId: string;

  it('a 79 is recorded with the payer\'s last fill date; the fill cannot be verified', async () => {
    fillId = await newFill();
    await toProcessing(fillId);
    claimId = (await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1' })).data!.claimId as string;
    const rejected = await record(claimId, 'B1', {
      responseStatus: 'R', rejectCodes: ['79'], message: 'REFILL TOO SOON',
      dur: [{ reasonForService: 'ER', previousFillDate: '2026-11-20', previousFillQuantityThousandths: 30000 }],
    });
    expect(rejected).toMatchObject({ status: 'rejected', rejectCodes: ['79'], previousFillDate: '2026-11-20', payerMessage: 'REFILL TOO SOON' });
    const refused = await movePrescription(a.pharmacist.client, fillId, 'ready');
    expect(refused.error).toMatch(/^Prescription RX \d+'s claim to Demo Commercial Rx was rejected \(79\): resubmit it until it is paid, bill the fill as cash, or have a pharmacist override with a reason$/);
    const audit = await sql<{ description: string; success: boolean }>(
      "select description, success from public.audit_log where entity_type = 'claim_transmissions' and entity_id = $1", [claimId]);
    expect(audit).toEqual([{ description: 'B1 claim sent to the claims switch (1 attempt, last answered)', success: true }]);
  });

  it('resubmitted with a submission clarification code, paid: the fill moves on', async () => {
    const refused = await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1', fixes: { submissionClarificationCodes: ['3', '4', '5', '6'] } });
    expect(refused.error).toBe('Submission clarification codes are 1 or 2 digits, at most 3 of them');
    const again = await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1', fixes: { submissionClarificationCodes: ['3'] } });
    expect(again.data).toMatchObject({ fixes: { submissionClarificationCodes: ['3'] } });
    expect(await record(claimId, 'B1', paid(1000, 8000))).toMatchObject({ status: 'paid', totalPaidCents: 8000, patientPayCents: 1000, rejectCodes: [] });
    expect((await movePrescription(a.pharmacist.client, fillId, 'ready')).error).toBeNull();
    const history = await sql<{ status: string }>('select status from public.claim_events where claim_id = $1 order by id', [claimId]);
    expect(history.map((row) => row.status)).toEqual(['pending', 'rejected', 'paid']);
  });

  it('a pharmacist may override a reject with a reason; a technician may not', async () => {
    const held = await newFill();
    await toProcessing(held);
    const id = (await begin(a.technician.client, { fill_id: held, transaction_code: 'B1' })).data!.claimId as string;
    await record(id, 'B1', { responseStatus: 'R', rejectCodes: ['75'] });
    expect((await a.technician.client.rpc('override_claim_reject', { prescription_id: held, reason: 'PA pending' })).error?.message)
      .toBe('Only a pharmacist or admin can override a rejected claim');
    expect((await a.pharmacist.client.rpc('override_claim_reject', { prescription_id: held, reason: ' ' })).error?.message)
      .toBe('Give a reason for overriding the rejected claim');
    const overridden = await a.pharmacist.client.rpc('override_claim_reject', { prescription_id: held, reason: 'Prior authorisation faxed; patient needs it today' });
    expect(overridden.data).toMatchObject({ rejectOverride: { reason: 'Prior authorisation faxed; patient needs it today' } });
    expect((await movePrescription(a.pharmacist.client, held, 'ready')).error).toBeNull();
  });

  it('billing the fill as cash releases it', async () => {
    const held = await newFill();
    await toProcessing(held);
    const id = (await begin(a.technician.client, { fill_id: held, transaction_code: 'B1' })).data!.claimId as string;
    await record(id, 'B1', { responseStatus: 'R', rejectCodes: ['70'] });
    await a.technician.client.rpc('save_fill_billing', { prescription_id: held, pay_with: 'cash' });
    expect((await movePrescription(a.pharmacist.client, held, 'ready')).error).toBeNull();
    const billing = (await a.technician.client.rpc('fill_billing', { prescription_id: held })).data as Record<string, unknown>;
    expect(billing).toMatchObject({ payWith: 'cash', share: { basis: 'cash', patientShareCents: 4500, insurerCents: 0, balanceCents: 4500 } });
  });
});

describe('paid claims: rebill, secondary, payment, reversal', () => {
  let fillId: string;
  let claimId: string;

  beforeAll(async () => {
    fillId = await newFill();
    await toProcessing(fillId);
    claimId = (await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1' })).data!.claimId as string;
    await record(claimId, 'B1', paid(2500, 7750));
  });

  it('a paid claim is not billed again with B1; B3 rebills it', async () => {
    expect((await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1' })).error)
      .toMatch(/^Prescription RX \d+'s claim to Demo Commercial Rx is already paid: rebill it \(B3\) or reverse it \(B2\) to change it$/);
    const rebill = await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B3' });
    expect(rebill.error).toBeNull();
    // A rejected rebill leaves the paid claim standing.
    expect(await record(claimId, 'B3', { responseStatus: 'R', rejectCodes: ['85'] })).toMatchObject({ status: 'paid', lastError: 'Rebill rejected: 85' });
  });

  it('the secondary is billed after the primary with what the primary paid', async () => {
    const other = await newFill();
    expect((await begin(a.technician.client, { fill_id: other, transaction_code: 'B1', coverage: 'secondary' })).error)
      .toBe('Bill the primary plan first: a secondary claim needs the primary\'s payment');
    const secondary = await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1', coverage: 'secondary' });
    expect(secondary.data).toMatchObject({ coverage: 'secondary', plan: { id: secondaryPlanId, bin: '999003' },
      otherPayers: [{ coverage: 'primary', bin: '999001', paidCents: 7750, patientResponsibilityCents: 2500 }] });
    await record(secondary.data!.claimId as string, 'B1', { ...paid(500, 2000), pricing: { ...paid(500, 2000).pricing, otherPayerPaidCents: 7750 } });
    const billing = (await a.technician.client.rpc('fill_billing', { prescription_id: fillId })).data as Record<string, unknown>;
    // The last payer's patient pay is what the patient owes; both payers' payments are the insurers'.
    expect(billing).toMatchObject({ share: { basis: 'payer', patientShareCents: 500, insurerCents: 9750, balanceCents: 500 } });
  });

  it('Process Payment takes at most the balance; the receipt is numbered', async () => {
    const tooMuch = await a.technician.client.rpc('record_patient_payment', { prescription_id: fillId, amount_cents: 501, method: 'cash' });
    expect(tooMuch.error?.message).toBe('The balance due is $5.00: a payment cannot be more');
    const badMethod = await a.technician.client.rpc('record_patient_payment', { prescription_id: fillId, amount_cents: 100, method: 'bitcoin' });
    expect(badMethod.error?.message).toBe('Payment method must be cash, card or check');
    const taken = await a.technician.client.rpc('record_patient_payment', { prescription_id: fillId, amount_cents: 500, method: 'card', reference: '4242' });
    expect(taken.error).toBeNull();
    expect(taken.data).toMatchObject({ receiptNumber: expect.any(Number), billing: { share: { paidCents: 500, balanceCents: 0 },
      payments: [{ amountCents: 500, method: 'card', reference: '4242' }] } });
    expect((await b.admin.client.rpc('record_patient_payment', { prescription_id: fillId, amount_cents: 1, method: 'cash' })).error?.message)
      .toBe('Prescription not found');
  });

  it('cash is refused while a claim is paid; a return to stock waits for the reversal', async () => {
    expect((await a.technician.client.rpc('save_fill_billing', { prescription_id: fillId, pay_with: 'cash' })).error?.message)
      .toBe('The claim to Demo Commercial Rx is paid: reverse it before billing the fill as cash');
    expect((await movePrescription(a.pharmacist.client, fillId, 'ready')).error).toBeNull();
    const refused = await a.pharmacist.client.rpc('return_fill_to_stock', { fill_id: fillId, reason: 'Not picked up' });
    expect(refused.error?.message).toMatch(/^Prescription RX \d+'s claim to Demo (Commercial Rx|Medicaid) is paid: reverse it before the fill goes back to stock$/);
    expect((await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B2' })).error).toBe('Give a reason for reversing the claim');
    // The primary's payment is what the secondary was billed on: the secondary is reversed first.
    expect((await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B2', reason: 'Patient did not pick up' })).error)
      .toBe('Reverse the secondary claim to Demo Medicaid first: a primary claim is reversed after the claims billed on its payment');
    for (const coverage of ['secondary', 'primary']) {
      const reversal = await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B2', coverage, reason: 'Patient did not pick up' });
      expect(reversal.error).toBeNull();
      expect(await record(reversal.data!.claimId as string, 'B2', { responseStatus: 'A' })).toMatchObject({ status: 'reversed', reversalReason: 'Patient did not pick up' });
    }
    const returned = await a.pharmacist.client.rpc('return_fill_to_stock', { fill_id: fillId, reason: 'Not picked up' });
    expect(returned.error).toBeNull();
  });
});

describe('the daily reversal of fills not picked up', () => {
  it('lists a paid fill ready longer than the return-to-stock days, reverses it and puts it back on the shelf', async () => {
    const fillId = await newFill();
    await toProcessing(fillId);
    const claimId = (await begin(a.technician.client, { fill_id: fillId, transaction_code: 'B1' })).data!.claimId as string;
    await record(claimId, 'B1', paid(0, 10250));
    expect((await movePrescription(a.pharmacist.client, fillId, 'ready')).error).toBeNull();
    const dueIds = async () => ((await service.rpc('claims_due_for_reversal', { max_claims: 500 })).data as Claim[]).map((due) => due.claimId);
    expect(await dueIds()).not.toContain(claimId);
    await sql("update public.prescriptions set verified_at = now() - interval '15 days' where id = $1", [fillId]);
    expect(await dueIds()).toContain(claimId);
    expect((await a.admin.client.rpc('claims_due_for_reversal', { max_claims: 5 })).error?.message).toMatch(/permission denied/);

    const stockBefore = (await sql<{ stock: number }>('select stock from public.medications where id = $1', [medicationId]))[0]!.stock;
    const token = (await service.rpc('begin_due_claim_reversal', { claim_id: claimId })).data;
    expect(token).toEqual(expect.any(String));
    expect((await service.rpc('begin_due_claim_reversal', { claim_id: claimId })).data).toBeNull();
    const reversed = await service.rpc('record_claim_response', {
      claim_id: claimId, actor_id: null, transaction_code: 'B2', transmission_id: token, attempts: answered('B2', 'A'), answer: { responseStatus: 'A' }, return_to_stock: true,
    });
    expect(reversed.data).toMatchObject({ status: 'reversed', unitsReturned: 30, reversalReason: 'Not picked up within the return-to-stock days' });
    expect((await sql<{ status: string }>('select status from public.prescriptions where id = $1', [fillId]))[0]!.status).toBe('cancelled');
    expect((await sql<{ stock: number }>('select stock from public.medications where id = $1', [medicationId]))[0]!.stock).toBe(stockBefore + 30);
    expect(await dueIds()).not.toContain(claimId);
  });
});

describe('the Billing screen reads counts, pages and money from the database', () => {
  it('the overview counts equal the claims, and the page filters, searches and counts exactly', async () => {
    const counted = await sql<{ status: string; n: number }>(
      'select status, count(*)::int as n from public.claims where pharmacy_id = $1 group by status', [a.id]);
    const overview = (await a.technician.client.rpc('billing_overview')).data as Record<string, number>;
    for (const { status, n } of counted) expect(overview[status]).toBe(n);
    const total = counted.reduce((sum, row) => sum + row.n, 0);

    const page = async (args: Record<string, unknown>) => {
      const { data, error } = await a.technician.client.rpc('claim_page', { page_size: 2, ...args });
      expect(error).toBeNull();
      return data as { rx_number: number; status: string; patient_name: string; total_count: number }[];
    };
    expect((await page({}))[0]!.total_count).toBe(total);
    const rejected = await page({ status_filter: 'rejected', page_size: 100 });
    expect(rejected.every((row) => row.status === 'rejected')).toBe(true);
    expect(rejected.length).toBe(counted.find((row) => row.status === 'rejected')!.n);
    const byName = await page({ search: 'billing', page_size: 100 });
    expect(byName.length).toBe(total);
    expect(byName[0]!.patient_name).toBe('Billington, Clara');
    const anRx = byName[3]!.rx_number;
    expect((await page({ search: `RX ${anRx}` })).map((row) => row.rx_number)).toEqual([anRx]);
    expect(await page({ search: 'nobody' })).toEqual([]);
    expect((await a.technician.client.rpc('claim_page', { status_filter: 'lost' })).error?.message)
      .toBe('Status filter must be all, pending, submitted, paid, rejected or reversed');
    expect(overview.pendingRevenueCents).toBe(Number((await sql<{ s: string }>(
      "select coalesce(sum(gross_amount_due_cents), 0) as s from public.claims where pharmacy_id = $1 and status in ('pending', 'submitted')", [a.id]))[0]!.s));
  });

  it('another pharmacy sees none of it', async () => {
    const anyClaim = (await sql<{ id: string; prescription_id: string }>('select id, prescription_id from public.claims where pharmacy_id = $1 limit 1', [a.id]))[0]!;
    expect((await b.admin.client.from('claims').select('id')).data).toEqual([]);
    expect((await b.admin.client.from('claim_transmissions').select('id')).data).toEqual([]);
    expect((await b.admin.client.rpc('claim_detail', { claim_id: anyClaim.id })).data).toBeNull();
    expect((await b.admin.client.rpc('fill_billing', { prescription_id: anyClaim.prescription_id })).error?.message).toBe('Prescription not found');
    expect((await begin(b.admin.client, { fill_id: anyClaim.prescription_id, transaction_code: 'B1' })).error).toBe('Prescription not found');
    expect((await b.admin.client.rpc('billing_overview')).data).toMatchObject({ pending: 0, paid: 0, rejected: 0 });
    const detail = (await a.technician.client.rpc('claim_detail', { claim_id: anyClaim.id })).data as Record<string, unknown[]>;
    expect(detail.history!.length).toBeGreaterThan(0);
  });

  it('nobody writes claims, transmissions or payments directly', async () => {
    const anyClaim = (await sql<{ id: string }>('select id from public.claims where pharmacy_id = $1 limit 1', [a.id]))[0]!;
    const update = await a.admin.client.from('claims').update({ status: 'paid' }).eq('id', anyClaim.id).select('id');
    expect(update.error?.message).toMatch(/permission denied/);
    const insert = await a.admin.client.from('patient_payments').insert({ prescription_id: anyClaim.id, amount_cents: 1, method: 'cash' });
    expect(insert.error?.message).toMatch(/permission denied/);
  });
});

describe('what a second reading found', () => {
  it('a rejected claim still holds the fill after its plan is deactivated', async () => {
    const patient = await insertRow(a.technician.client, 'patients', { first_name: 'Dana', last_name: 'Deactivated', date_of_birth: '1977-07-07' });
    const plan = await insertRow(a.technician.client, 'patient_insurance_plans', {
      patient_id: patient, payer_name: 'Demo Commercial Rx', bin: '999001', cardholder_id: 'DEACT1', priority: 'primary',
    });
    const fill = (await enterPrescription(a.technician.client, { patientId: patient, medicationId }, { quantity: 30, days_supply: 30 })).id;
    await toProcessing(fill);
    const claimId = (await begin(a.technician.client, { fill_id: fill, transaction_code: 'B1' })).data!.claimId as string;
    await record(claimId, 'B1', { responseStatus: 'R', rejectCodes: ['65'] });
    expect((await a.technician.client.from('patient_insurance_plans').update({ active: false }).eq('id', plan)).error).toBeNull();
    expect((await movePrescription(a.pharmacist.client, fill, 'ready')).error).toMatch(/was rejected \(65\)/);
  });

  it('a switch that refused the request (HTTP 4xx) did not take the claim: it stays pending', async () => {
    const fill = await newFill();
    const claimId = (await begin(a.technician.client, { fill_id: fill, transaction_code: 'B1' })).data!.claimId as string;
    const refused = [{ destination: 'claimsProcessor', url: 'http://switch.test/', request: 'B1', response: 'Unauthorized', httpStatus: 401, outcome: 'http_error', detail: 'The switch answered HTTP 401', durationMs: 3 }];
    await service.rpc('record_claim_response', { claim_id: claimId, actor_id: null, transaction_code: 'B1', transmission_id: await tokenOf(claimId), attempts: refused, answer: null });
    expect(await claimOf(fill)).toMatchObject({ status: 'pending', last_error: 'The switch answered HTTP 401' });
  });

  it('the daily job leaves a fill picked up meanwhile alone, and returns a fill only when all its claims are reversed', async () => {
    const fill = await newFill();
    await toProcessing(fill);
    const primary = (await begin(a.technician.client, { fill_id: fill, transaction_code: 'B1' })).data!.claimId as string;
    await record(primary, 'B1', paid(2500, 7750));
    const secondary = (await begin(a.technician.client, { fill_id: fill, transaction_code: 'B1', coverage: 'secondary' })).data!.claimId as string;
    await record(secondary, 'B1', paid(500, 2000));
    expect((await movePrescription(a.pharmacist.client, fill, 'ready')).error).toBeNull();
    await sql("update public.prescriptions set verified_at = now() - interval '15 days' where id = $1", [fill]);
    const reverse = async (claimId: string) => {
      const token = (await service.rpc('begin_due_claim_reversal', { claim_id: claimId })).data;
      expect(token).toEqual(expect.any(String));
      return (await service.rpc('record_claim_response', {
        claim_id: claimId, actor_id: null, transaction_code: 'B2', transmission_id: token, attempts: answered('B2', 'A'), answer: { responseStatus: 'A' }, return_to_stock: true,
      })).data as Claim;
    };
    // The job lists the secondary first and takes the primary only once the secondary is reversed.
    const due = ((await service.rpc('claims_due_for_reversal', { max_claims: 500 })).data as Claim[]).map((listed) => listed.claimId);
    expect(due.filter((id) => id === primary || id === secondary)).toEqual([secondary, primary]);
    expect((await service.rpc('begin_due_claim_reversal', { claim_id: primary })).data).toBeNull();
    expect(await reverse(secondary)).toMatchObject({ status: 'reversed', unitsReturned: null });
    expect((await sql<{ status: string }>('select status from public.prescriptions where id = $1', [fill]))[0]!.status).toBe('ready');
    expect(await reverse(primary)).toMatchObject({ status: 'reversed', unitsReturned: 30 });
    expect((await sql<{ status: string }>('select status from public.prescriptions where id = $1', [fill]))[0]!.status).toBe('cancelled');

    const picked = await newFill();
    await toProcessing(picked);
    const claimId = (await begin(a.technician.client, { fill_id: picked, transaction_code: 'B1' })).data!.claimId as string;
    await record(claimId, 'B1', paid(0, 10250));
    expect((await movePrescription(a.pharmacist.client, picked, 'ready')).error).toBeNull();
    await sql("update public.prescriptions set verified_at = now() - interval '15 days' where id = $1", [picked]);
    expect((await movePrescription(a.technician.client, picked, 'completed')).error).toBeNull();
    expect((await service.rpc('begin_due_claim_reversal', { claim_id: claimId })).data).toBeNull();
  });
});

describe('a third reading: the transmission in flight, its answer, the fixes', () => {
  const setTransmission = (settings: Record<string, unknown> | null) => settings
    ? sql(`insert into public.pharmacy_settings (pharmacy_id, group_key, settings) values ($1, 'transmission', $2::jsonb)
           on conflict (pharmacy_id, group_key) do update set settings = excluded.settings`, [a.id, JSON.stringify(settings)])
    : sql("delete from public.pharmacy_settings where pharmacy_id = $1 and group_key = 'transmission'", [a.id]);
  /** The claim as if its transmission had begun `seconds` ago. */
  const begunAgo = (claimId: string, seconds: number) => sql(
    `update public.claims set transmission_started_at = transmission_started_at - make_interval(secs => $2),
       in_flight_until = in_flight_until - make_interval(secs => $2) where id = $1`, [claimId, seconds]);

  it('a claim stays in flight as long as the Transmission settings let a transmission run', async () => {
    await setTransmission({ claimsProcessorUrl: 'http://switch.test/d0', operationTimeoutSeconds: 300, retryCount: 3, enableAutomaticFailover: true });
    try {
      const fill = await newFill();
      const begun = await begin(a.technician.client, { fill_id: fill, transaction_code: 'B1' });
      const claimId = begun.data!.claimId as string;
      const [held] = await sql<{ seconds: number }>(
        'select extract(epoch from in_flight_until - transmission_started_at)::int as seconds from public.claims where id = $1', [claimId]);
      // The operation timeout (300 s, the deadline of every retry and failover) and a minute for checks and recording.
      expect(held!.seconds).toBe(360);
      // Three minutes on, the first terminal may still be failing over: a second terminal is refused.
      await begunAgo(claimId, 180);
      expect((await begin(a.pharmacist.client, { fill_id: fill, transaction_code: 'B1' })).error).toMatch(/is being transmitted from another terminal$/);
      expect((await a.technician.client.rpc('fill_billing', { prescription_id: fill })).data).toMatchObject({ claims: [{ inFlight: true }] });
      await begunAgo(claimId, 200);
      expect((await begin(a.pharmacist.client, { fill_id: fill, transaction_code: 'B1' })).error).toBeNull();
    } finally {
      await setTransmission(null);
    }
  });

  it('an answer is recorded only for the transmission begun: not twice, not a stale attempt\'s, not another transaction\'s', async () => {
    const fill = await newFill();
    const first = await begin(a.technician.client, { fill_id: fill, transaction_code: 'B1' });
    const claimId = first.data!.claimId as string;
    const firstToken = first.data!.transmissionId as string;
    expect(firstToken).toEqual(await tokenOf(claimId));
    const answer = (token: unknown, code = 'B1', response: unknown = paid(0, 10250)) => service.rpc('record_claim_response', {
      claim_id: claimId, actor_id: null, transaction_code: code, transmission_id: token as string, attempts: answered(code, 'x'), answer: response,
    });
    // The first attempt is given up on (its time is over) and another terminal begins anew.
    await begunAgo(claimId, 400);
    const second = await begin(a.pharmacist.client, { fill_id: fill, transaction_code: 'B1' });
    const secondToken = second.data!.transmissionId as string;
    expect(secondToken).not.toBe(firstToken);
    const late = await answer(firstToken, 'B1', { responseStatus: 'R', rejectCodes: ['70'] });
    expect(late.error).toMatchObject({ code: 'P0001', message: 'This answer is for an earlier transmission of the claim (a B1 was begun since): it is not recorded' });
    expect((await answer(secondToken, 'B3')).error?.message).toBe('This answer is for an earlier transmission of the claim (a B1 was begun since): it is not recorded');
    expect((await answer(null)).error?.message).toBe('This answer is for an earlier transmission of the claim (a B1 was begun since): it is not recorded');
    expect((await answer(secondToken)).data).toMatchObject({ status: 'paid', inFlight: false });
    expect((await answer(secondToken, 'B1', { responseStatus: 'R', rejectCodes: ['70'] })).error?.message)
      .toBe('The claim has no transmission in flight (its answer was recorded already): this answer is not recorded');
    expect(await claimOf(fill)).toMatchObject({ status: 'paid', transmission_id: null, in_flight_until: null });
    expect(await sql('select outcome from public.claim_transmissions where claim_id = $1', [claimId])).toHaveLength(1);
  });

  it('the fixes are checked as the shared schema checks them, whoever writes the call', async () => {
    const fill = await newFill();
    const refused = async (fixes: unknown) => (await begin(a.technician.client, { fill_id: fill, transaction_code: 'B1', fixes })).error;
    const scc = 'Submission clarification codes are 1 or 2 digits, at most 3 of them';
    const dur = 'DUR/PPS codes are two letters or digits each, at most 9 entries';
    expect(await refused({ submissionClarificationCodes: ['123'] })).toBe(scc);
    expect(await refused({ submissionClarificationCodes: [7] })).toBe(scc);
    expect(await refused({ submissionClarificationCodes: '3' })).toBe(scc);
    expect(await refused({ priorAuthorizationNumber: 'PA-12' })).toBe('The prior authorisation number is 1 to 11 digits (NCPDP 462-EV)');
    expect(await refused({ durPps: [{ reasonForService: 'DD\u001cAM07' }] })).toBe(dur);
    expect(await refused({ durPps: [{ reasonForService: 'DD', comment: 'x' }] })).toBe(dur);
    expect(await refused({ durPps: [{ professionalService: 'm0' }] })).toBe(dur);
    expect(await refused({ durPps: [{ levelOfEffort: '123' }] })).toBe(dur);
    expect(await refused({ durPps: 'DD' })).toBe(dur);
    expect(await refused({ copay: 0 })).toBe('The fixes are submissionClarificationCodes, priorAuthorizationNumber and durPps, nothing else');
    expect(await sql('select 1 from public.claims where prescription_id = $1', [fill])).toEqual([]);
    const accepted = await begin(a.technician.client, { fill_id: fill, transaction_code: 'B1', fixes: {
      submissionClarificationCodes: ['3', '13'], priorAuthorizationNumber: ' 12345678901 ',
      durPps: [{ reasonForService: 'DD', professionalService: 'M0', result: '1G', levelOfEffort: '11' }],
    } });
    expect(accepted.error).toBeNull();
    expect(accepted.data).toMatchObject({ fixes: { submissionClarificationCodes: ['3', '13'], priorAuthorizationNumber: '12345678901',
      durPps: [{ reasonForService: 'DD', professionalService: 'M0', result: '1G', levelOfEffort: '11' }] } });
  });
});
