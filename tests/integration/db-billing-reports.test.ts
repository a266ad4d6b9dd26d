/**
 * The Billing reports (migration 20261129005500_billing_reports) and the rollups they read (claim_daily_totals and
 * claim_counters kept by the claims' statement triggers, claim_answer_times by record_transmissions): after claims of
 * several payers, days and statuses are opened, answered, rebilled and reversed, the rollups equal sums over the
 * claims, and each report's figures are the ones counted by hand here; the range and payer rules; who may read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createServiceClient, sql } from '../support/stack-env.ts';
import { enterPrescription, insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
const service = createServiceClient();
const plans: Record<string, string> = {};
let patientId: string;
let medicationId: string;

interface Report { title: string; columns: { key: string }[]; rows: Record<string, unknown>[]; totals: Record<string, number> }

async function report(name: string, from: string | null, to: string | null, payerBin?: string, client = a.technician.client): Promise<Report> {
  const { data, error } = await client.rpc('billing_report', { report: name, from_date: from as string, to_date: to as string, payer_bin: payerBin as string });
  if (error) throw new Error(error.message);
  return data as unknown as Report;
}

/** A claim on a day for a payer, answered as told (through the same functions the api uses). */
async function claim(bin: string, day: string, outcome: { status: 'P' | 'R' | 'none'; paid?: number; patient?: number; rejects?: string[]; ms?: number }) {
  const fill = await enterPrescription(a.technician.client, { patientId, medicationId }, { quantity: 30, days_supply: 30 });
  await sql('update public.prescriptions set date_filled = $2 where id = $1', [fill.id, day]);
  const saved = await a.technician.client.rpc('save_fill_billing', { prescription_id: fill.id, pay_with: 'insurance', plan_id: plans[bin] });
  expect(saved.error).toBeNull();
  const begun = await a.technician.client.rpc('begin_claim_transaction', { fill_id: fill.id, transaction_code: 'B1' });
  expect(begun.error).toBeNull();
  const { claimId, transmissionId } = begun.data as { claimId: string; transmissionId: string };
  if (outcome.status !== 'none') {
    const { error } = await service.rpc('record_claim_response', {
      claim_id: claimId, actor_id: null, transaction_code: 'B1', transmission_id: transmissionId,
      attempts: [{ destination: 'claimsProcessor', url: 'http://switch.test/', request: 'B1', response: 'x', outcome: 'answered', durationMs: outcome.ms ?? 100 }],
      answer: outcome.status === 'P'
        ? { responseStatus: 'P', rejectCodes: [], pricing: { totalPaidCents: outcome.paid, patientPayCents: outcome.patient ?? 0 } }
        : { responseStatus: 'R', rejectCodes: outcome.rejects ?? ['70'] },
    });
    expect(error).toBeNull();
  }
  return { fillId: fill.id, claimId };
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Billing Reports Pharmacy A'), await createPharmacy('Billing Reports Pharmacy B')];
  patientId = await insertRow(a.technician.client, 'patients', { first_name: 'Rita', last_name: 'Reports', date_of_birth: '1966-06-06' });
  medicationId = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Metformin', strength: '500 mg', dosage_form: 'tablet', ndc_number: '00093-1048-01', package_size: 100, awp_price: 100, price: 20, stock: 1000,
  });
  for (const [bin, name, priority] of [['999001', 'Demo Commercial Rx', 'primary'], ['999002', 'Demo Part D', 'secondary']] as const) {
    plans[bin] = await insertRow(a.technician.client, 'patient_insurance_plans', {
      patient_id: patientId, payer_name: name, bin, cardholder_id: 'RPT1', priority, relationship_code: '1',
    });
  }
  // Gross per claim: AWP $1.00 a tablet × 30 = $30.00 + the $12.50 fee = $42.50.
  await claim('999001', '2026-11-02', { status: 'P', paid: 3000, patient: 1250, ms: 200 });
  await claim('999001', '2026-11-02', { status: 'R', rejects: ['79'], ms: 100 });
  await claim('999001', '2026-11-03', { status: 'R', rejects: ['79', '88'], ms: 300 });
  await claim('999002', '2026-11-03', { status: 'P', paid: 4000, ms: 400 });
  await claim('999002', '2026-11-10', { status: 'none' });
  // Reversed: paid then reversed.
  const reversed = await claim('999002', '2026-11-10', { status: 'P', paid: 1000, ms: 100 });
  // The Part D plan is the patient's secondary: its claim is reversed at that coverage.
  const reversal = await a.technician.client.rpc('begin_claim_transaction', { fill_id: reversed.fillId, transaction_code: 'B2', coverage: 'secondary', reason: 'Not picked up' });
  expect(reversal.error).toBeNull();
  await service.rpc('record_claim_response', { claim_id: reversed.claimId, actor_id: null, transaction_code: 'B2',
    transmission_id: (reversal.data as { transmissionId: string }).transmissionId,
    attempts: [{ destination: 'claimsProcessor', url: 'http://switch.test/', request: 'B2', outcome: 'answered', durationMs: 100 }], answer: { responseStatus: 'A' } });
  // A patient payment on a November day.
  const paidFill = (await sql<{ prescription_id: string }>("select prescription_id from public.claims where pharmacy_id = $1 and status = 'paid' and bin = '999001'", [a.id]))[0]!;
  expect((await a.technician.client.rpc('record_patient_payment', { prescription_id: paidFill.prescription_id, amount_cents: 1250, method: 'cash' })).error).toBeNull();
  await sql("update public.patient_payments set received_at = '2026-11-04 15:00:00-06' where pharmacy_id = $1", [a.id]);
}, 120_000);

afterAll(closeSql);

describe('the rollups equal the claims', () => {
  it('per status, per day, payer and status, and per patient and status, after opening, answering and reversing', async () => {
    const differences = await sql(
      `select 'daily' as what, coalesce(c.service_date, t.service_date) as day, coalesce(c.bin, t.bin) as bin, coalesce(c.status, t.status) as status
       from (select service_date, bin, status, count(*) as n, sum(gross_amount_due_cents) as gross, sum(coalesce(total_paid_cents, 0)) as paid
             from public.claims where pharmacy_id = $1 group by 1, 2, 3) c
       full join (select * from public.claim_daily_totals where pharmacy_id = $1 and claims <> 0) t
         on t.service_date = c.service_date and t.bin = c.bin and t.status = c.status
       where c.n is distinct from t.claims or c.gross is distinct from t.gross_amount_due_cents or c.paid is distinct from t.total_paid_cents
       union all
       select 'status', null, null, coalesce(c.status, k.status)
       from (select status, count(*) as n from public.claims where pharmacy_id = $1 group by 1) c
       full join (select * from public.claim_counters where pharmacy_id = $1 and claims <> 0) k on k.status = c.status
       where c.n is distinct from k.claims
       union all
       select 'patient', null, null, coalesce(c.status, k.status)
       from (select patient_id, status, count(*) as n from public.claims where pharmacy_id = $1 group by 1, 2) c
       full join (select * from public.claim_patient_counts where pharmacy_id = $1 and claims <> 0) k
         on k.patient_id = c.patient_id and k.status = c.status
       where c.n is distinct from k.claims`,
      [a.id],
    );
    expect(differences).toEqual([]);
    const answered = await sql<{ bin: string; answered: string; total_ms: string }>(
      'select bin, answered, total_ms from public.claim_answer_times where pharmacy_id = $1 order by bin', [a.id]);
    expect(answered.map((row) => [row.bin, Number(row.answered), Number(row.total_ms)])).toEqual([['999001', 3, 600], ['999002', 3, 600]]);
  });
});

describe('the six reports', () => {
  it('Daily Claims: per date of service, billed and paid', async () => {
    const daily = await report('daily-claims', '2026-11-01', '2026-11-30');
    expect(daily.rows).toEqual([
      { day: '2026-11-02', claims: 2, paid: 1, rejected: 1, reversed: 0, grossCents: 8500, paidCents: 3000 },
      { day: '2026-11-03', claims: 2, paid: 1, rejected: 1, reversed: 0, grossCents: 8500, paidCents: 4000 },
      { day: '2026-11-10', claims: 2, paid: 0, rejected: 0, reversed: 1, grossCents: 8500, paidCents: 0 },
    ]);
    expect(daily.totals).toEqual({ claims: 6, paid: 2, rejected: 2, reversed: 1, grossCents: 25500, paidCents: 7000 });
    expect((await report('daily-claims', '2026-11-01', '2026-11-30', '999002')).totals).toMatchObject({ claims: 3, paidCents: 4000 });
  });

  it('Weekly Revenue: payers by date of service, patients by the day they paid, weeks from Monday', async () => {
    const weekly = await report('weekly-revenue', '2026-11-01', '2026-11-30');
    expect(weekly.rows).toEqual([
      { weekOf: '2026-11-02', payersCents: 7000, patientsCents: 1250, revenueCents: 8250 },
    ]);
  });

  it('Rejection Analysis: each reject code, its share of the rejections', async () => {
    // Rejections are counted on the pharmacy's day they were recorded: today.
    const today = (await sql<{ day: string }>("select to_char(private.pharmacy_local_date($1, now()), 'YYYY-MM-DD') as day", [a.id]))[0]!.day;
    const rejections = await report('rejection-analysis', today, today);
    expect(rejections.rows.map((row) => [row.code, row.rejections, row.claims, row.sharePercent])).toEqual([['79', 2, 2, 66.7], ['88', 1, 1, 33.3]]);
  });

  it('Payer Performance: claims, rejection rate, paid and average answer time per payer', async () => {
    const payers = await report('payer-performance', '2026-11-01', '2026-11-30');
    expect(payers.rows).toEqual([
      { payerName: 'Demo Commercial Rx', bin: '999001', claims: 3, paid: 1, rejected: 2, rejectionRatePercent: 66.7, paidCents: 3000, averagePaidCents: 3000, averageAnswerMs: expect.any(Number) },
      { payerName: 'Demo Part D', bin: '999002', claims: 3, paid: 1, rejected: 0, rejectionRatePercent: 0, paidCents: 4000, averagePaidCents: 4000, averageAnswerMs: expect.any(Number) },
    ]);
  });

  it('Aging: claims not paid by the age of their date of service', async () => {
    const aging = await report('aging', null, null);
    const rejected = aging.rows.find((row) => row.status === 'rejected')!;
    const pending = aging.rows.find((row) => row.status === 'pending')!;
    const asOf = (aging as unknown as { asOf: string }).asOf;
    const bucket = (day: string) => {
      const age = Math.round((Date.parse(asOf) - Date.parse(day)) / 86_400_000);
      return age <= 30 ? 'days0to30' : age <= 60 ? 'days31to60' : age <= 90 ? 'days61to90' : 'over90';
    };
    const expected: Record<string, number> = { days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
    for (const day of ['2026-11-02', '2026-11-03']) expected[bucket(day)]! += 1;
    expect(rejected).toMatchObject({ ...expected, grossCents: 8500 });
    expect(pending).toMatchObject({ grossCents: 4250 });
    expect(aging.totals).toEqual({ claims: 3, grossCents: 12750 });
  });

  it('Custom: every claim of the range and payer', async () => {
    const custom = await report('custom', '2026-11-03', '2026-11-10', '999002');
    expect(custom.rows.map((row) => [row.serviceDate, row.status, row.paidCents])).toEqual([
      ['2026-11-03', 'paid', 4000], ['2026-11-10', 'pending', null], ['2026-11-10', 'reversed', 1000],
    ]);
    expect(custom.rows.every((row) => row.bin === '999002' && row.patientName === 'Reports, Rita')).toBe(true);
  });

  it('refuses a bad range, payer or report, and readers outside the pharmacy see nothing', async () => {
    await expect(report('daily-claims', '2026-11-30', '2026-11-01')).rejects.toThrow('The last day of the report is before its first day');
    await expect(report('daily-claims', '2025-01-01', '2026-11-30')).rejects.toThrow('A report covers at most 366 days');
    await expect(report('daily-claims', null, '2026-11-30')).rejects.toThrow('Choose the first and last day of the report');
    await expect(report('daily-claims', '2026-11-01', '2026-11-30', 'ACME')).rejects.toThrow('A payer is chosen by its 6-digit BIN');
    await expect(report('profit', '2026-11-01', '2026-11-30')).rejects.toThrow(/^Unknown report profit/);
    expect((await report('daily-claims', '2026-11-01', '2026-11-30', undefined, b.admin.client)).rows).toEqual([]);
    expect((await b.admin.client.from('claim_daily_totals').select('bin')).data).toEqual([]);
  });
});
