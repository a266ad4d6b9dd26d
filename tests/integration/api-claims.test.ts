/**
 * Claims against the stack's test claims switch (CLAIMS_SWITCH_URL; shared/src/api/claims.ts, edge-functions/api/
 * routes/claims.ts, claims/*, migrations 20261129005000_claims and 20261129006000_remittances): a fill billed as
 * NCPDP D.0 and paid by the payer sheet's rules (AWP − 17% + the plan's fee, less the tier's copay), a refill too
 * soon (79) with the payer's last fill date worked to paid with a submission clarification code, a reversal, a rebill,
 * eligibility, the connection test, failover to the next provider after a refused connection and after a timeout,
 * the payer's 835 imported and reconciled, the daily reversal of a fill not picked up, roles and tenancy; a patient
 * named outside ASCII billed transliterated, the switch's D.0 reject of what it cannot read, and a secondary claim's
 * other payer amount recognized (566-J5).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimTransactionResult, EligibilityResult, ProviderTest, RemittanceImport } from '../../shared/src/api/claims.ts';
import type { FillBilling } from '../../shared/src/billing/claim.ts';
import { parseClaimResponse } from '../../shared/src/billing/ncpdp/d0-response.ts';
import { type RemittanceInput, build835 } from '../../shared/src/billing/remittance-835.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createServiceClient, sql, stackEnv } from '../support/stack-env.ts';
import { enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let patientId: string;
const members: Record<string, string> = {};
let medicationId: string;
let planId: string;
let hangingSwitch: http.Server;
let hangingUrl: string;
const NPI = '1679576722';

async function setTransmission(pharmacyId: string, settings: Record<string, unknown>): Promise<void> {
  await sql(
    `insert into public.pharmacy_settings (pharmacy_id, group_key, settings) values ($1, 'transmission', $2::jsonb)
     on conflict (pharmacy_id, group_key) do update set settings = excluded.settings`,
    [pharmacyId, JSON.stringify(settings)],
  );
}

/**
 * A fill in processing: a new prescription of the patient (Robert Chen unless said), or a refill of `refillOf` — too
 * soon for the pharmacy's own rule as well, so a pharmacist allows it with a reason.
 */
async function processingFill(options: { refillOf?: string; patient?: string; medication?: string } = {}): Promise<string> {
  const fill = options.refillOf
    ? (await callApi<{ id: string }>(a.pharmacist.client, `prescriptions/${options.refillOf}/refill`, { body: { tooSoonReason: 'Going abroad for a month' } })).body
    : await enterPrescription(a.technician.client, { patientId: options.patient ?? patientId, medicationId: options.medication ?? medicationId }, { quantity: 30, days_supply: 30, refills: 3 });
  expect((await movePrescription(a.technician.client, fill.id, 'processing')).error).toBeNull();
  return fill.id;
}

const submit = (staff: SignedInStaff, claimData: Record<string, unknown>) =>
  callApi<ClaimTransactionResult & { error?: string }>(staff.client, 'claims/submit', { body: { claimData } });

async function accessToken(staff: SignedInStaff): Promise<string> {
  const { data } = await staff.client.auth.getSession();
  return data.session!.access_token;
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Claims Api Pharmacy A'), await createPharmacy('Claims Api Pharmacy B')];
  await sql('update public.pharmacies set npi_number = $2 where id = $1', [a.id, NPI]);
  // A member of the switch's Demo Commercial Rx sheet (supabase/local/src/claims-switch/payer-sheet.ts).
  // Each scenario bills its own member, so one's claims are no therapeutic duplicate or early refill of another's.
  for (const [key, first, last, born, cardholder, person, relationship] of [
    ['chen', 'Robert', 'Chen', '1961-09-02', 'DEMO000102', '001', '1'], ['jackson', 'Tyrone', 'Jackson', '1979-06-11', 'DEMO000104', '001', '1'],
    ['lindqvist', 'Beatrice', 'Lindqvist', '1973-03-09', 'DEMO000104', '002', '2'], ['bell', 'Marcus', 'Bell', '1990-08-08', 'DEMO000110', '001', '1'],
    ['whitfield', 'Grace', 'Whitfield', '2001-05-05', 'DEMO000107', '003', '3'],
  ] as const) {
    members[key] = await insertRow(a.technician.client, 'patients', { first_name: first, last_name: last, date_of_birth: born });
    const plan = await insertRow(a.technician.client, 'patient_insurance_plans', {
      patient_id: members[key], payer_name: 'Demo Commercial Rx', bin: '999001', pcn: 'DEMOCOM', group_id: 'DEMOGRP01',
      cardholder_id: cardholder, person_code: person, relationship_code: relationship, priority: 'primary', insurance_type: 'commercial',
    });
    if (key === 'chen') planId = plan;
  }
  // Grace Whitfield's Medicaid pays after her commercial plan (the switch's Demo Medicaid sheet).
  await insertRow(a.technician.client, 'patient_insurance_plans', {
    patient_id: members.whitfield, payer_name: 'Demo Medicaid', bin: '999003', pcn: 'DEMOMCD', cardholder_id: 'DEMO000311', person_code: '001',
    relationship_code: '1', priority: 'secondary', insurance_type: 'medicaid',
  });
  patientId = members.chen!;
  // $300.00 AWP per 90 tablets: $3.33333 a tablet. The pharmacy's price (U&C) $120.00 per fill.
  medicationId = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Claimatin', strength: '20 mg', dosage_form: 'tablet', ndc_number: '55555-0001-90', package_size: 90, package_unit: 'EA',
    awp_price: 300, price: 120, stock: 5000,
  });
  await insertRow(a.pharmacist.client, 'formulary_entries', { medication_id: medicationId, insurance_type: 'commercial', tier: 1 });
  await setTransmission(a.id, { claimsProcessorUrl: `${stackEnv().claimsSwitchUrl}/d0`, connectionTimeout: 5 });
  hangingSwitch = http.createServer(() => undefined); // accepts and never answers
  await new Promise<void>((resolve) => hangingSwitch.listen(0, '127.0.0.1', resolve));
  hangingUrl = `http://127.0.0.1:${(hangingSwitch.address() as AddressInfo).port}/d0`;
}, 120_000);

afterAll(async () => {
  hangingSwitch.closeAllConnections();
  await new Promise((resolve) => hangingSwitch.close(resolve));
  await closeSql();
});

describe('billing a fill to the switch', () => {
  let firstFill: string;
  let refillFill: string;

  it('is paid by the payer sheet: AWP − 17% + the $1.50 fee, less the tier 1 copay of $5.00', async () => {
    firstFill = await processingFill();
    const answer = await submit(a.technician, { prescriptionId: firstFill });
    expect(answer.status).toBe(200);
    // 30 × $3.33333 = $100.00 (the ingredient cost billed); − 17% = $83.00; + $1.50 = $84.50 allowed.
    expect(answer.body.claim).toMatchObject({ status: 'paid', ingredientCostSubmittedCents: 10000, totalPaidCents: 7950, patientPayCents: 500,
      ingredientCostPaidCents: 8300, dispensingFeePaidCents: 150 });
    expect(answer.body.summary).toBe('Paid $79.50, patient pays $5.00');
    expect(answer.body.attempts).toMatchObject([{ destination: 'claimsProcessor', outcome: 'answered', httpStatus: 200 }]);
    const [sent] = await sql<{ request: string; response: string }>('select request, response from public.claim_transmissions where claim_id = $1', [answer.body.claim.id]);
    expect(sent!.request.slice(0, 16)).toBe('999001D0B1DEMOCO');
    expect(sent!.request).toContain('\x1cC2DEMO000102');
    expect(sent!.response).toContain('\x1cANP');
    expect((await movePrescription(a.pharmacist.client, firstFill, 'ready')).error).toBeNull();
  });

  it('a refill too soon comes back 79 with the payer\'s last fill; a vacation-supply code gets it paid', async () => {
    const refill = await processingFill({ refillOf: firstFill });
    refillFill = refill;
    const rejected = await submit(a.technician, { prescriptionId: refill });
    expect(rejected.body.claim).toMatchObject({ status: 'rejected', rejectCodes: ['79'] });
    expect(rejected.body.claim.previousFillDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rejected.body.summary).toBe('Rejected: 79 Refill Too Soon');
    expect((await movePrescription(a.pharmacist.client, refill, 'ready')).error).toMatch(/was rejected \(79\)/);
    const resubmitted = await submit(a.technician, { prescriptionId: refill, fixes: { submissionClarificationCodes: ['3'] } });
    expect(resubmitted.body.claim).toMatchObject({ status: 'paid', submissionClarificationCodes: ['3'] });
    expect((await movePrescription(a.pharmacist.client, refill, 'ready')).error).toBeNull();
  });

  it('a rebill (B3) of a paid claim, then a reversal (B2)', async () => {
    // The refill's claim carries its clarification code, so the rebill is paid again.
    const rebill = await submit(a.technician, { prescriptionId: refillFill, transactionCode: 'B3' });
    expect(rebill.body).toMatchObject({ claim: { status: 'paid', lastTransactionCode: 'B3', lastError: null }, summary: 'Paid $79.50, patient pays $5.00' });
    const reversed = await callApi<ClaimTransactionResult>(a.technician.client, 'claims/reverse', { body: { prescriptionId: firstFill, reason: 'Patient declined' } });
    expect(reversed.body).toMatchObject({ claim: { status: 'reversed', reversalReason: 'Patient declined' }, summary: 'Reversal accepted' });
  });

  it('refuses what the rules refuse, with their sentences', async () => {
    const missing = await submit(a.technician, {});
    expect(missing).toMatchObject({ status: 400 });
    const foreign = await submit(b.admin, { prescriptionId: firstFill });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'Prescription not found' } });
    const override = await callApi(a.technician.client, 'claims/override', { body: { prescriptionId: firstFill, reason: 'x' } });
    expect(override).toMatchObject({ status: 403, body: { error: 'Only a pharmacist or admin can override a rejected claim' } });
  });
});

describe('what D.0 cannot carry as typed, and what the switch cannot read', () => {
  it('a patient named outside ASCII is checked and billed transliterated, and paid', async () => {
    // Linda Okafor's card on Demo Commercial Rx: the switch matches the card, person code and birth date, not names.
    const patient = await insertRow(a.technician.client, 'patients', { first_name: 'Zoë', last_name: 'Muñoz-O’Brien', date_of_birth: '1968-04-23' });
    const plan = await insertRow(a.technician.client, 'patient_insurance_plans', {
      patient_id: patient, payer_name: 'Demo Commercial Rx', bin: '999001', pcn: 'DEMOCOM', group_id: 'DEMOGRP01',
      cardholder_id: 'DEMO000107', person_code: '001', relationship_code: '1', priority: 'primary', insurance_type: 'commercial',
    });
    const checked = await callApi<EligibilityResult>(a.technician.client, 'claims/eligibility', { body: { planId: plan } });
    expect(checked).toMatchObject({ status: 200, body: { eligible: true } });
    const answer = await submit(a.technician, { prescriptionId: await processingFill({ patient }) });
    expect(answer.status).toBe(200);
    expect(answer.body.claim.status).toBe('paid');
    const [sent] = await sql<{ request: string }>('select request from public.claim_transmissions where claim_id = $1', [answer.body.claim.id]);
    expect(sent!.request).toContain('\x1cCAZoe\x1cCBMunoz-O\'Brien');
  });

  it('a claim whose amounts D.0 cannot carry is a 422 naming the field, and the claim is not left in flight', async () => {
    // $5,000,000.00 a tablet: 30 of them are more than 409-D9's $999,999.99.
    const costly = await insertRow(a.pharmacist.client, 'medications', {
      name: 'Pricium', strength: '1 mg', dosage_form: 'tablet', ndc_number: '55555-0002-01', package_size: 1, package_unit: 'EA',
      awp_price: 5_000_000, price: 120, stock: 100,
    });
    const fill = await processingFill({ patient: members.bell!, medication: costly });
    const refused = await submit(a.technician, { prescriptionId: fill });
    expect(refused).toMatchObject({ status: 422, body: { error: expect.stringMatching(/^The claim cannot be sent: Ingredient cost submitted \(409-D9\) is too large/) } });
    const [claim] = await sql<{ status: string; transmission_started_at: string | null; last_error: string }>(
      'select status, transmission_started_at, last_error from public.claims where prescription_id = $1', [fill]);
    expect(claim).toMatchObject({ status: 'pending', transmission_started_at: null, last_error: expect.stringContaining('409-D9') });
    // Not in flight: asking again answers the same sentence.
    expect((await submit(a.technician, { prescriptionId: fill })).status).toBe(422);
  });

  it('the switch answers a transmission it cannot read with a D.0 reject (HTTP 200); other content types 415', async () => {
    const post = (body: string, contentType = 'application/octet-stream') => fetch(`${stackEnv().claimsSwitchUrl}/d0`, {
      method: 'POST', headers: { 'Content-Type': contentType }, body: Uint8Array.from(body, (c) => c.charCodeAt(0)),
    });
    const garbage = await post('not a D.0 transmission');
    expect(garbage.status).toBe(200);
    const parsed = parseClaimResponse(new Uint8Array(await garbage.arrayBuffer()));
    expect(parsed).toMatchObject({ ok: true, response: { headerResponseStatus: 'R', transactions: [{ status: { transactionStatus: 'R', rejects: [{ code: 'R8' }] } }] } });
    expect((await post('not a D.0 transmission', 'text/plain')).status).toBe(415);
  });
});

describe('eligibility and the connection test', () => {
  it('an E1 of the plan says covered; of an unknown card, not, with the reject\'s text', async () => {
    const covered = await callApi<EligibilityResult>(a.technician.client, 'claims/eligibility', { body: { planId } });
    expect(covered.body).toMatchObject({ eligible: true, responseStatus: 'A', summary: 'Demo Commercial Rx: the patient is covered' });
    const otherPatient = await insertRow(a.technician.client, 'patients', { first_name: 'Nobody', last_name: 'Known', date_of_birth: '1990-01-01' });
    const unknownPlan = await insertRow(a.technician.client, 'patient_insurance_plans', {
      patient_id: otherPatient, payer_name: 'Demo Commercial Rx', bin: '999001', pcn: 'DEMOCOM', group_id: 'DEMOGRP01', cardholder_id: 'NOPE1', priority: 'primary',
    });
    const refused = await callApi<EligibilityResult>(a.technician.client, 'claims/eligibility', { body: { planId: unknownPlan } });
    expect(refused.body.eligible).toBe(false);
    expect(refused.body.rejectCodes.length).toBeGreaterThan(0);
    expect(refused.body.rejectCodes[0]!.text).not.toBe('');
  });

  it('tests each switch: the test switch answers in D.0', async () => {
    const tested = await callApi<ProviderTest>(a.admin.client, 'claims/test-providers', { body: {} });
    expect(tested.body.providers).toEqual([expect.objectContaining({ name: 'claimsProcessor', outcome: 'answered', reachable: true })]);
    const status = await callApi<{ providers: { name: string; lastOutcome: string | null }[] }>(a.technician.client, 'claims/provider-status');
    expect(status.body.providers).toEqual([expect.objectContaining({ name: 'claimsProcessor', lastOutcome: 'answered' })]);
  });
});

describe('failover', () => {
  const failoverTo = (claimsProcessorUrl: string) => setTransmission(a.id, {
    claimsProcessorUrl, connectionTimeout: 5, retryCount: 1, failoverThresholdSeconds: 10, operationTimeoutSeconds: 60,
    enableAutomaticFailover: true, primaryProvider: 'relayhealth', secondaryProvider: 'changehealth', tertiaryProvider: 'rxlinc',
    relayHealthConfig: { enabled: true, serviceUrl: `${stackEnv().claimsSwitchUrl}/relay`, timeout: 30, clientId: 'pharmacy-1' },
  });

  it('a refused connection is retried, then the claim goes to the next provider', async () => {
    await failoverTo('http://127.0.0.1:9/d0');
    const fill = await processingFill({ patient: members.jackson! });
    const answer = await submit(a.technician, { prescriptionId: fill });
    expect(answer.body.attempts.map((attempt) => [attempt.destination, attempt.outcome])).toEqual([
      ['claimsProcessor', 'unreachable'], ['claimsProcessor', 'unreachable'], ['relayhealth', 'answered'],
    ]);
    expect(answer.body.claim.status).toBe('paid');
  });

  it('a switch that does not answer times out and the claim goes to the next provider', async () => {
    await failoverTo(hangingUrl);
    const fill = await processingFill({ patient: members.lindqvist! });
    const answer = await submit(a.technician, { prescriptionId: fill });
    expect(answer.body.attempts.map((attempt) => [attempt.destination, attempt.outcome])).toEqual([
      ['claimsProcessor', 'timeout'], ['claimsProcessor', 'timeout'], ['relayhealth', 'answered'],
    ]);
    expect(answer.body.attempts[0]!.detail).toBe('No answer within 5 s');
    expect(answer.body.claim.status).toBe('paid');
    await setTransmission(a.id, { claimsProcessorUrl: `${stackEnv().claimsSwitchUrl}/d0`, connectionTimeout: 5 });
  }, 60_000);
});

describe('the remittance and the daily reversal', () => {
  it('the payer\'s 835 from the switch is imported and reconciles the paid claims', async () => {
    const today = (await sql<{ day: string }>("select to_char(now() at time zone 'utc', 'YYYY-MM-DD') as day"))[0]!.day;
    const from = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    const fetched = await fetch(`${stackEnv().claimsSwitchUrl}/835?bin=999001&provider=${NPI}&from=${from}&through=${today}`);
    expect(fetched.status).toBe(200);
    const form = new FormData();
    form.set('file', new Blob([await fetched.text()], { type: 'application/edi-x12' }), 'demo-commercial.835');
    const upload = async () => {
      const response = await fetch(`${stackEnv().apiUrl}/functions/v1/api/claims/remittances`, {
        method: 'POST', headers: { Authorization: `Bearer ${await accessToken(a.technician)}`, apikey: stackEnv().anonKey }, body: form,
      });
      return { status: response.status, body: (await response.json()) as RemittanceImport };
    };
    const imported = await upload();
    expect(imported.status).toBe(201);
    expect(imported.body.imported).toHaveLength(1);
    expect(imported.body.imported[0]!.balanceProblems).toEqual([]);
    expect(imported.body.imported[0]!.matched).toBe(imported.body.imported[0]!.claims);
    const again = await upload();
    expect(again.body).toMatchObject({ imported: [], refused: [expect.stringContaining('already imported')] });
    // This payer's claims: a secondary paid by Demo Medicaid is in Demo Medicaid's 835.
    const paidClaims = await sql<{ total: string; remitted: string }>(
      "select sum(total_paid_cents) as total, sum(remitted_cents) as remitted from public.claims where pharmacy_id = $1 and status = 'paid' and bin = '999001'", [a.id]);
    expect(paidClaims[0]!.remitted).toBe(paidClaims[0]!.total);
  });

  it('a paid fill ready longer than the return-to-stock days is reversed and put back on the shelf', async () => {
    const fill = await processingFill({ patient: members.bell! });
    expect((await submit(a.technician, { prescriptionId: fill })).body.claim.status).toBe('paid');
    expect((await movePrescription(a.pharmacist.client, fill, 'ready')).error).toBeNull();
    await sql("update public.prescriptions set verified_at = now() - interval '15 days' where id = $1", [fill]);
    const refused = await callApi(a.admin.client, 'internal/claims/reverse-due', { body: {} });
    expect(refused.status).toBe(403);
    const run = await callApi<{ reversed: number; returnedToStock: number; failed: string[] }>(createServiceClient(), 'internal/claims/reverse-due', { body: {} });
    expect(run).toMatchObject({ status: 200, body: { reversed: 1, returnedToStock: 1, failed: [] } });
    expect((await sql<{ status: string }>('select status from public.prescriptions where id = $1', [fill]))[0]!.status).toBe('cancelled');
    const billing = await callApi<FillBilling>(a.technician.client, `billing/${fill}`);
    expect(billing.body.claims[0]).toMatchObject({ status: 'reversed', reversalReason: 'Not picked up within the return-to-stock days' });
  });

  it('a secondary claim records the other payer amount recognized (566-J5); the daily job reverses it before its primary, in one run', async () => {
    // Grace Whitfield: Demo Commercial Rx first (a dependant on DEMO000107), Demo Medicaid second. The switch keeps
    // claims by card, so this is her only fill of the file (another would be a refill too soon).
    const fill = await processingFill({ patient: members.whitfield! });
    expect((await submit(a.technician, { prescriptionId: fill })).body.claim).toMatchObject({ status: 'paid', totalPaidCents: 7950, otherPayerPaidCents: null });
    const secondary = await submit(a.technician, { prescriptionId: fill, coverage: 'secondary' });
    expect(secondary.body.claim).toMatchObject({ coverage: 'secondary', status: 'paid', otherPayerPaidCents: 7950 });
    const [sent] = await sql<{ response: string }>('select response from public.claim_transmissions where claim_id = $1', [secondary.body.claim.id]);
    expect(sent!.response).toContain('\x1cJ5795{');
    // By hand, the primary is not reversed while the secondary stands on its payment.
    const early = await callApi(a.technician.client, 'claims/reverse', { body: { prescriptionId: fill, reason: 'Patient declined' } });
    expect(early).toMatchObject({ status: 409, body: { error: 'Reverse the secondary claim to Demo Medicaid first: a primary claim is reversed after the claims billed on its payment' } });
    expect((await movePrescription(a.pharmacist.client, fill, 'ready')).error).toBeNull();
    await sql("update public.prescriptions set verified_at = now() - interval '15 days' where id = $1", [fill]);
    const run = await callApi<{ reversed: number; returnedToStock: number; failed: string[] }>(createServiceClient(), 'internal/claims/reverse-due', { body: {} });
    expect(run).toMatchObject({ status: 200, body: { reversed: 2, returnedToStock: 1, failed: [] } });
    const reversals = await sql<{ coverage: string }>(
      `select c.coverage from public.claim_transmissions t join public.claims c on c.id = t.claim_id
       where c.prescription_id = $1 and t.transaction_code = 'B2' order by t.id`, [fill]);
    expect(reversals.map((row) => row.coverage)).toEqual(['secondary', 'primary']);
    expect((await sql<{ status: string }>('select status from public.prescriptions where id = $1', [fill]))[0]!.status).toBe('cancelled');
  }, 60_000);

  it('a file\'s sets are imported or refused each on its own: a value too long, another pharmacy\'s, never a 500', async () => {
    const set = (traceNumber: string): RemittanceInput => ({
      payment: { method: 'NON', date: '2026-11-28' },
      trace: { typeCode: '1', traceNumber, originatorId: '1999001001' },
      payer: { name: 'DEMO COMMERCIAL RX', payerId: '999001' },
      payee: { name: 'CLAIMS API PHARMACY A', npi: NPI },
      claims: [],
    });
    const file = build835({
      sender: { qualifier: 'ZZ', id: '999001PBM' }, receiver: { qualifier: 'ZZ', id: 'PHARMACY001' }, controlNumber: 9101, groupControlNumber: 9101,
      createdAt: new Date(), timeZone: 'America/Chicago', usage: 'T', remittances: [set('API-SET-ONE'), set('API-SET-TWO')],
    }).replace('TRN*1*API-SET-TWO*', `TRN*1*API-SET-TWO${'9'.repeat(40)}*`);
    const upload = async (staff: SignedInStaff) => {
      const form = new FormData();
      form.set('file', new Blob([file], { type: 'application/edi-x12' }), 'two-sets.835');
      const response = await fetch(`${stackEnv().apiUrl}/functions/v1/api/claims/remittances`, {
        method: 'POST', headers: { Authorization: `Bearer ${await accessToken(staff)}`, apikey: stackEnv().anonKey }, body: form,
      });
      return { status: response.status, body: (await response.json()) as RemittanceImport };
    };
    const foreign = await upload(b.technician);
    expect(foreign).toMatchObject({ status: 201, body: { imported: [], refused: [
      'Trace API-SET-ONE: The remittance is for another pharmacy (payee CLAIMS API PHARMACY A, NPI 1679576722), not this one',
      expect.stringMatching(/^Transaction set 0002: The check or EFT trace number in the TRN segment \(segment \d+\) is longer than 50 characters\.$/),
    ] } });
    const imported = await upload(a.technician);
    expect(imported.status).toBe(201);
    expect(imported.body.imported.map((remittance) => remittance.traceNumber)).toEqual(['API-SET-ONE']);
    expect(imported.body.refused).toEqual([expect.stringContaining('is longer than 50 characters')]);
    expect(await sql('select trace_number from public.remittances where pharmacy_id = any($1) and trace_number like $2', [[a.id, b.id], 'API-SET-%']))
      .toEqual([{ trace_number: 'API-SET-ONE' }]);
  });

  it('the reports read the same claims', async () => {
    const today = (await sql<{ day: string }>("select to_char(private.pharmacy_local_date($1, now()), 'YYYY-MM-DD') as day", [a.id]))[0]!.day;
    const daily = await callApi<{ totals: { claims: number } }>(a.technician.client, `claims/reports/daily-claims?from=${today}&to=${today}`);
    const counted = await sql<{ n: string }>('select count(*) as n from public.claims where pharmacy_id = $1 and service_date = $2', [a.id, today]);
    expect(daily.body.totals.claims).toBe(Number(counted[0]!.n));
    expect((await callApi(a.technician.client, 'claims/reports/profit')).status).toBe(404);
  });
});
