/**
 * Remittances in the database (migration 20261129006000_remittances): an 835 as the api read it is imported once
 * per payer and trace number, each CLP matched to its fill's claim by the "{Rx}-{fill}" reference (the payer's
 * coverage when the amount says which; a reversal to the reversed claim), what it paid added to the claim, and the
 * reconciliation lists paid in full, short-paid, unpaid and unmatched; who may import; tenancy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createServiceClient, signedInClient, sql } from '../support/stack-env.ts';
import { enterPrescription, insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
const service = createServiceClient();
const claims: { rx: number; fill: number; id: string }[] = [];
const DAY = '2026-11-05';
const PAYEE_NPI = '1548213098';

/** What the api does after begin_remittance_import answered the caller's pharmacy (service role). */
const importInto = (pharmacy: TestPharmacy, body: unknown) =>
  service.rpc('import_remittance', { pharmacy_id: pharmacy.id, actor_id: pharmacy.technician.id, remittance: body as never });

async function paidClaim(patientId: string, medicationId: string, totalPaidCents: number) {
  const fill = await enterPrescription(a.technician.client, { patientId, medicationId }, { quantity: 30, days_supply: 30 });
  await sql('update public.prescriptions set date_filled = $2 where id = $1', [fill.id, DAY]);
  const begun = await a.technician.client.rpc('begin_claim_transaction', { fill_id: fill.id, transaction_code: 'B1' });
  const { claimId, transmissionId } = begun.data as { claimId: string; transmissionId: string };
  await service.rpc('record_claim_response', {
    claim_id: claimId, actor_id: null, transaction_code: 'B1', transmission_id: transmissionId,
    attempts: [{ destination: 'claimsProcessor', url: 'http://switch.test/', request: 'B1', outcome: 'answered', durationMs: 5 }],
    answer: { responseStatus: 'P', rejectCodes: [], pricing: { totalPaidCents, patientPayCents: 500 } },
  });
  claims.push({ rx: fill.rx_number, fill: fill.fill_number, id: claimId });
}

const total = (clps: { paid: number }[]) => clps.reduce((sum, clp) => sum + clp.paid, 0);

type Party = { payer?: Record<string, string>; payee?: Record<string, string> };

function remittance(traceNumber: string, clps: { ref: string; status?: string; paid: number; charge?: number }[], party: Party = {}) {
  return {
    kind: '835', controlNumber: '0001', groupControlNumber: 1, raw: `ISA*...TRN*1*${traceNumber}~...`,
    // BPR02 is never negative: money taken back is a debit (BPR03 D).
    payment: { handlingCode: 'I', amountCents: Math.abs(total(clps)), creditDebit: total(clps) < 0 ? 'D' : 'C', method: 'ACH', date: '2026-11-20' },
    trace: { typeCode: '1', traceNumber, originatorId: '1999999999' },
    payer: party.payer ?? { name: 'DEMO COMMERCIAL RX', payerId: '999001' },
    payee: party.payee ?? { name: 'CLAIMS REMIT PHARMACY', npi: PAYEE_NPI },
    claims: clps.map((clp, index) => {
      const [rx, fill] = clp.ref.split('-');
      return {
        headerNumber: 1, patientControlNumber: clp.ref, rxNumber: Number(rx), fillNumber: Number(fill), statusCode: clp.status ?? '1',
        chargeCents: clp.charge ?? 10250, paidCents: clp.paid, patientResponsibilityCents: 500, filingIndicator: 'CI',
        payerClaimControlNumber: `ICN${index}`, adjustments: clp.paid < 8000 ? [{ group: 'CO', reasonCode: '45', amountCents: 8000 - clp.paid }] : [],
        serviceLines: [],
      };
    }),
    providerAdjustments: [{ providerId: '1548213098', fiscalPeriodDate: '2026-12-31', reasonCode: 'L6', amountCents: -25 }],
    balanceProblems: [],
  };
}

const ref = (index: number) => `${claims[index]!.rx}-${String(claims[index]!.fill).padStart(2, '0')}`;

beforeAll(async () => {
  [a, b] = [await createPharmacy('Claims Remit Pharmacy A'), await createPharmacy('Claims Remit Pharmacy B')];
  await sql('update public.pharmacies set npi_number = $2 where id = $1', [a.id, PAYEE_NPI]);
  const patientId = await insertRow(a.technician.client, 'patients', { first_name: 'Remy', last_name: 'Remitted', date_of_birth: '1959-09-09' });
  const medicationId = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Amlodipine', strength: '5 mg', dosage_form: 'tablet', ndc_number: '00093-7167-01', package_size: 90, awp_price: 90, price: 15, stock: 1000,
  });
  await insertRow(a.technician.client, 'patient_insurance_plans', {
    patient_id: patientId, payer_name: 'Demo Commercial Rx', bin: '999001', cardholder_id: 'REM1', priority: 'primary',
  });
  for (let index = 0; index < 3; index += 1) await paidClaim(patientId, medicationId, 8000);
}, 120_000);

afterAll(closeSql);

describe('importing a remittance', () => {
  it('matches each CLP to its claim and adds what it paid; the same remittance twice changes nothing', async () => {
    const imported = await importInto(a, remittance('EFT0001', [{ ref: ref(0), paid: 8000 }, { ref: ref(1), paid: 7000 }, { ref: '9999999-00', paid: 1234 }]));
    expect(imported.error).toBeNull();
    expect(imported.data).toMatchObject({ payerName: 'DEMO COMMERCIAL RX', traceNumber: 'EFT0001', paymentCents: 16234, claims: 3, matched: 2 });
    const remitted = await sql<{ id: string; remitted_cents: string }>('select id, remitted_cents from public.claims where id = any($1) order by rx_number',
      [claims.map((claim) => claim.id)]);
    expect(remitted.map((row) => Number(row.remitted_cents))).toEqual([8000, 7000, 0]);
    const again = await importInto(a, remittance('EFT0001', [{ ref: ref(2), paid: 8000 }]));
    expect(again.error?.message).toBe('This remittance (the same payer and trace number) was already imported');
    // The same payer id under another name is the same payer: a double remittance all the same.
    const renamed = await importInto(a, remittance('EFT0001', [{ ref: ref(2), paid: 8000 }], { payer: { name: 'DEMO RX (RENAMED)', payerId: '999001' } }));
    expect(renamed.error?.message).toBe('This remittance (the same payer and trace number) was already imported');
    expect(Number((await sql<{ n: string }>('select count(*) as n from public.remittances where pharmacy_id = $1', [a.id]))[0]!.n)).toBe(1);
    expect(await sql('select reason_code, amount_cents from public.remittance_adjustments where pharmacy_id = $1', [a.id]))
      .toEqual([{ reason_code: 'L6', amount_cents: '-25' }]);
  });

  it('the reconciliation: paid in full, short-paid, unpaid and unmatched', async () => {
    const page = async (outcome: string) => {
      const { data, error } = await a.technician.client.rpc('reconciliation_page', { outcome, from_date: DAY, to_date: DAY });
      expect(error).toBeNull();
      return data as { total: number; expectedCents: number; remittedCents: number; rows: { rxNumber: number; differenceCents: number; patientControlNumber?: string }[] };
    };
    expect(await page('paid_in_full')).toMatchObject({ total: 1, rows: [{ rxNumber: claims[0]!.rx, differenceCents: 0 }] });
    expect(await page('short_paid')).toMatchObject({ total: 1, expectedCents: 8000, remittedCents: 7000, rows: [{ rxNumber: claims[1]!.rx, differenceCents: 1000 }] });
    expect(await page('unpaid')).toMatchObject({ total: 1, rows: [{ rxNumber: claims[2]!.rx, differenceCents: 8000 }] });
    expect(await page('unmatched')).toMatchObject({ total: 1, rows: [{ patientControlNumber: '9999999-00' }] });
    expect((await a.technician.client.rpc('reconciliation_page', { outcome: 'lost' })).error?.message)
      .toBe('Outcome must be paid_in_full, short_paid, unpaid or unmatched');
  });

  it('a reversal CLP takes back what was paid on the reversed claim', async () => {
    const fill = (await sql<{ prescription_id: string }>('select prescription_id from public.claims where id = $1', [claims[0]!.id]))[0]!;
    const begun = await a.technician.client.rpc('begin_claim_transaction', { fill_id: fill.prescription_id, transaction_code: 'B2', reason: 'Returned' });
    await service.rpc('record_claim_response', { claim_id: claims[0]!.id, actor_id: null, transaction_code: 'B2',
      transmission_id: (begun.data as { transmissionId: string }).transmissionId,
      attempts: [{ destination: 'claimsProcessor', url: 'http://switch.test/', request: 'B2', outcome: 'answered', durationMs: 5 }], answer: { responseStatus: 'A' } });
    const imported = await importInto(a, remittance('EFT0002', [{ ref: ref(0), status: '22', paid: -8000, charge: -10250 }]));
    expect(imported.data).toMatchObject({ matched: 1 });
    expect(Number((await sql<{ r: string }>('select remitted_cents as r from public.claims where id = $1', [claims[0]!.id]))[0]!.r)).toBe(0);
  });

  it('staff of the pharmacy only; another pharmacy sees none of it', async () => {
    // Only the service role imports, into the pharmacy begin_remittance_import answered the caller.
    expect((await a.technician.client.rpc('begin_remittance_import')).data).toBe(a.id);
    expect((await b.admin.client.rpc('begin_remittance_import')).data).toBe(b.id);
    const stranger = (await signedInClient('no-pharmacy')).client;
    expect((await stranger.rpc('begin_remittance_import')).error?.message).toBe('Only staff of the pharmacy can import remittances');
    const byCaller = await a.technician.client.rpc('import_remittance', { pharmacy_id: a.id, actor_id: a.technician.id, remittance: remittance('EFT0008', []) as never });
    expect(byCaller.error?.message).toMatch(/permission denied/);
    // Pharmacy A's remittance is not pharmacy B's (its payee is A's NPI).
    const misdirected = await importInto(b, remittance('EFT0009', [{ ref: ref(2), paid: 8000 }]));
    expect(misdirected.error).toMatchObject({ code: 'P0001', message: 'The remittance is for another pharmacy (payee CLAIMS REMIT PHARMACY, NPI 1548213098), not this one' });
    const foreign = await importInto(b, remittance('EFT0009', [{ ref: ref(2), paid: 8000 }], { payee: { name: 'B', npi: '1234567893' } }));
    expect(foreign.error).toBeNull();
    expect(foreign.data).toMatchObject({ matched: 0 });
    expect(Number((await sql<{ r: string }>('select remitted_cents as r from public.claims where id = $1', [claims[2]!.id]))[0]!.r)).toBe(0);
    expect((await b.admin.client.from('remittances').select('trace_number')).data).toEqual([{ trace_number: 'EFT0009' }]);
    expect((await importInto(a, { kind: '810' })).error?.message).toBe('Not a remittance (835) the api read');
    const direct = await a.admin.client.from('remittances').insert({ payer_name: 'X', trace_number: 'Y', payment_date: DAY, payment_cents: 1, credit_debit: 'C', method: 'ACH', raw: 'x' });
    expect(direct.error?.message).toMatch(/permission denied/);
  });
});

describe('a second reading: the payee, the payer, a claim whose answer never came', () => {
  it('refuses a remittance whose payee is not named by this pharmacy\'s NPI or NCPDP number', async () => {
    const ncpdp = (await sql<{ ncpdp_id: string }>('select ncpdp_id from public.pharmacies where id = $1', [a.id]))[0]!.ncpdp_id;
    expect((await importInto(a, remittance('EFT0101', [], { payee: { name: 'SOMEONE', taxId: '371234567' } }))).error?.message)
      .toBe('The remittance names its payee (SOMEONE) by neither NPI nor NCPDP number, so it cannot be told to be this pharmacy\'s');
    expect((await importInto(a, remittance('EFT0101', [], { payee: { name: 'SOMEONE', npi: PAYEE_NPI, ncpdpId: '0000000' } }))).error?.message)
      .toBe('The remittance is for another pharmacy (payee SOMEONE, NPI 1548213098, NCPDP 0000000), not this one');
    expect((await importInto(a, remittance('EFT0101', [], { payee: { name: 'BY NCPDP', ncpdpId: ncpdp } }))).error).toBeNull();
  });

  it('a CLP matches only a claim billed to the remittance\'s payer (its BIN, else its name)', async () => {
    const before = await sql<{ r: string }>('select remitted_cents as r from public.claims where id = $1', [claims[2]!.id]);
    const otherPayer = await importInto(a, remittance('EFT0102', [{ ref: ref(2), paid: 8000 }], { payer: { name: 'DEMO MEDICAID', payerId: '999003' } }));
    expect(otherPayer.data).toMatchObject({ claims: 1, matched: 0 });
    const byName = await importInto(a, remittance('EFT0103', [{ ref: ref(2), paid: 100 }], { payer: { name: 'Demo  Commercial RX' } }));
    expect(byName.data).toMatchObject({ claims: 1, matched: 1 });
    expect(Number((await sql<{ r: string }>('select remitted_cents as r from public.claims where id = $1', [claims[2]!.id]))[0]!.r))
      .toBe(Number(before[0]!.r) + 100);
    // Another payer's remittance of the same trace number is its own.
    expect((await importInto(a, remittance('EFT0001', [], { payer: { name: 'DEMO MEDICAID', payerId: '999003' } }))).error).toBeNull();
  });

  it('a claim submitted without an answer is matched when the payer remits it', async () => {
    const [patient] = await sql<{ patient_id: string; medication_id: string }>(
      'select p.patient_id, p.medication_id from public.claims c join public.prescriptions p on p.id = c.prescription_id where c.id = $1', [claims[0]!.id]);
    const fill = await enterPrescription(a.technician.client, { patientId: patient!.patient_id, medicationId: patient!.medication_id }, { quantity: 30, days_supply: 30 });
    const begun = (await a.technician.client.rpc('begin_claim_transaction', { fill_id: fill.id, transaction_code: 'B1' })).data as { claimId: string; transmissionId: string };
    await service.rpc('record_claim_response', { claim_id: begun.claimId, actor_id: null, transaction_code: 'B1', transmission_id: begun.transmissionId,
      attempts: [{ destination: 'claimsProcessor', url: 'http://switch.test/', request: 'B1', outcome: 'timeout', detail: 'No answer within 30 s', durationMs: 30000 }], answer: null });
    expect((await sql<{ status: string }>('select status from public.claims where id = $1', [begun.claimId]))[0]!.status).toBe('submitted');
    const imported = await importInto(a, remittance('EFT0104', [{ ref: `${fill.rx_number}-${String(fill.fill_number).padStart(2, '0')}`, paid: 8000 }]));
    expect(imported.data).toMatchObject({ matched: 1 });
    expect(Number((await sql<{ r: string }>('select remitted_cents as r from public.claims where id = $1', [begun.claimId]))[0]!.r)).toBe(8000);
  });
});
