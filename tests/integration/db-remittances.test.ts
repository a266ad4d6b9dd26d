/**
 * Remittances in the database (migration 20261129006000_remittances): an 835 as the api read it is imported once
 * per payer and trace number, each CLP matched to its fill's claim by the "{Rx}-{fill}" reference (the payer's
 * coverage when the amount says which; a reversal to the reversed claim), what it paid added to the claim, and the
 * reconciliation lists paid in full, short-paid, unpaid and unmatched; who may import; tenancy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createServiceClient, sql } from '../support/stack-env.ts';
import { enterPrescription, insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
const service = createServiceClient();
const claims: { rx: number; fill: number; id: string }[] = [];
const DAY = '2026-11-05';

async function paidClaim(patientId: string, medicationId: string, totalPaidCents: number) {
  const fill = await enterPrescription(a.technician.client, { patientId, medicationId }, { quantity: 30, days_supply: 30 });
  await sql('update public.prescriptions set date_filled = $2 where id = $1', [fill.id, DAY]);
  const begun = await a.technician.client.rpc('begin_claim_transaction', { fill_id: fill.id, transaction_code: 'B1' });
  const claimId = (begun.data as { claimId: string }).claimId;
  await service.rpc('record_claim_response', {
    claim_id: claimId, actor_id: null, transaction_code: 'B1',
    attempts: [{ destination: 'claimsProcessor', url: 'http://switch.test/', request: 'B1', outcome: 'answered', durationMs: 5 }],
    answer: { responseStatus: 'P', rejectCodes: [], pricing: { totalPaidCents, patientPayCents: 500 } },
  });
  claims.push({ rx: fill.rx_number, fill: fill.fill_number, id: claimId });
}

const total = (clps: { paid: number }[]) => clps.reduce((sum, clp) => sum + clp.paid, 0);

function remittance(traceNumber: string, clps: { ref: string; status?: string; paid: number; charge?: number }[]) {
  return {
    kind: '835', controlNumber: '0001', groupControlNumber: 1, raw: `ISA*...TRN*1*${traceNumber}~...`,
    // BPR02 is never negative: money taken back is a debit (BPR03 D).
    payment: { handlingCode: 'I', amountCents: Math.abs(total(clps)), creditDebit: total(clps) < 0 ? 'D' : 'C', method: 'ACH', date: '2026-11-20' },
    trace: { typeCode: '1', traceNumber, originatorId: '1999999999' },
    payer: { name: 'DEMO COMMERCIAL RX', payerId: '999001' },
    payee: { name: 'CLAIMS REMIT PHARMACY', npi: '1548213098' },
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
    const imported = await a.technician.client.rpc('import_remittance', {
      remittance: remittance('EFT0001', [{ ref: ref(0), paid: 8000 }, { ref: ref(1), paid: 7000 }, { ref: '9999999-00', paid: 1234 }]),
    });
    expect(imported.error).toBeNull();
    expect(imported.data).toMatchObject({ payerName: 'DEMO COMMERCIAL RX', traceNumber: 'EFT0001', paymentCents: 16234, claims: 3, matched: 2 });
    const remitted = await sql<{ id: string; remitted_cents: string }>('select id, remitted_cents from public.claims where id = any($1) order by rx_number',
      [claims.map((claim) => claim.id)]);
    expect(remitted.map((row) => Number(row.remitted_cents))).toEqual([8000, 7000, 0]);
    const again = await a.technician.client.rpc('import_remittance', { remittance: remittance('EFT0001', [{ ref: ref(2), paid: 8000 }]) });
    expect(again.error?.message).toBe('This remittance (the same payer and trace number) was already imported');
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
    await a.technician.client.rpc('begin_claim_transaction', { fill_id: fill.prescription_id, transaction_code: 'B2', reason: 'Returned' });
    await service.rpc('record_claim_response', { claim_id: claims[0]!.id, actor_id: null, transaction_code: 'B2',
      attempts: [{ destination: 'claimsProcessor', url: 'http://switch.test/', request: 'B2', outcome: 'answered', durationMs: 5 }], answer: { responseStatus: 'A' } });
    const imported = await a.technician.client.rpc('import_remittance', { remittance: remittance('EFT0002', [{ ref: ref(0), status: '22', paid: -8000, charge: -10250 }]) });
    expect(imported.data).toMatchObject({ matched: 1 });
    expect(Number((await sql<{ r: string }>('select remitted_cents as r from public.claims where id = $1', [claims[0]!.id]))[0]!.r)).toBe(0);
  });

  it('staff of the pharmacy only; another pharmacy sees none of it', async () => {
    const foreign = await b.admin.client.rpc('import_remittance', { remittance: remittance('EFT0009', [{ ref: ref(2), paid: 8000 }]) });
    expect(foreign.error).toBeNull();
    expect(foreign.data).toMatchObject({ matched: 0 });
    expect(Number((await sql<{ r: string }>('select remitted_cents as r from public.claims where id = $1', [claims[2]!.id]))[0]!.r)).toBe(0);
    expect((await b.admin.client.from('remittances').select('trace_number')).data).toEqual([{ trace_number: 'EFT0009' }]);
    expect((await a.technician.client.rpc('import_remittance', { remittance: { kind: '810' } })).error?.message).toBe('Not a remittance (835) the api read');
    const direct = await a.admin.client.from('remittances').insert({ payer_name: 'X', trace_number: 'Y', payment_date: DAY, payment_cents: 1, credit_debit: 'C', method: 'ACH', raw: 'x' });
    expect(direct.error?.message).toMatch(/permission denied/);
  });
});
