/**
 * Billing & Claims end to end (spec part 2 §2; issue 25), on the demo pharmacy's claims (opened by the database when
 * its fills moved to processing) with payers' answers set by SQL, as a switch would leave them: the Overview's cards
 * equal the database's counts and sums read as staff; the Claims tab filters and searches a page of claims; View shows
 * the payer's answer with the reject codes' texts, the history and the raw transmission with its separators made
 * visible, and is recorded as an open of the prescription's details; Resubmit guides a refill too soon; the Billing tab estimates a ready fill, takes its payment with a
 * receipt number and prints the receipt; and, in a pharmacy of its own, the whole loop against the test claims switch.
 */
import { expect, test, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { localDateIn } from '../../shared/src/common/dates.ts';
import { formatCents } from '../../shared/src/common/money.ts';
import { npiCheckDigit } from '../../shared/src/prescribers/npi.ts';
import { callApi } from '../support/api-call.ts';
import { demoStaffClient, DEMO_PASSWORD, movePrescriptionAs, staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { serviceSql } from './support/service-sql.ts';
import { signIn } from './support/sign-in.ts';

const PHARMACIST_EMAIL = 'rph@demo.pharmacy';
/** The demo pharmacy (supabase/seed.sql). */
const DEMO_PHARMACY = `(select id from public.pharmacies where dea_number = 'BD4726189')`;

test.describe.configure({ mode: 'serial' });

interface ClaimFacts {
  id: string;
  rx_number: number;
  fill_number: number;
  prescription_id: string;
  status: string;
  gross_amount_due_cents: number;
  total_paid_cents: number | null;
  adjudicated_at: string | null;
}

let rph: SupabaseClient;
let rejected: ClaimFacts;
let paid: ClaimFacts;

/** The demo pharmacy's claims as its pharmacist reads them (RLS). */
async function claimsAsStaff(): Promise<ClaimFacts[]> {
  const { data, error } = await rph.from('claims').select('id, rx_number, fill_number, prescription_id, status, gross_amount_due_cents, total_paid_cents, adjudicated_at');
  expect(error).toBeNull();
  return (data as ClaimFacts[]).map((claim) => ({ ...claim, rx_number: Number(claim.rx_number), gross_amount_due_cents: Number(claim.gross_amount_due_cents), total_paid_cents: claim.total_paid_cents === null ? null : Number(claim.total_paid_cents) }));
}

/** The toasts shown (one at a time). */
const toast = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');

async function openBilling(page: Page): Promise<void> {
  await signIn(page, PHARMACIST_EMAIL, DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing & Claims' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing & Claims Transmission' })).toBeVisible();
}

test.describe('the demo pharmacy\'s claims, answered by SQL', () => {
  test.beforeAll(async () => {
    rph = await demoStaffClient(PHARMACIST_EMAIL);
    // Four pending claims answered as a switch would leave them: one rejected for a refill too soon (with the payer's
    // last fill date and its DUR answer), one paid, one still awaiting its answer.
    const pending = await serviceSql<{ id: string }>(
      // Claims of picked-up fills: a rejected claim holds a fill before ready, and other specs move the demo's open fills.
      `select c.id from public.claims c join public.prescriptions p on p.id = c.prescription_id
       where c.pharmacy_id = ${DEMO_PHARMACY} and c.status = 'pending' and p.status = 'completed'
       order by c.rx_number, c.fill_number limit 3`,
    );
    expect(pending).toHaveLength(3);
    const [first, second, third] = pending.map((row) => row.id) as [string, string, string];
    await serviceSql(
      `update public.claims set status = 'rejected', reject_codes = '{79}', previous_fill_date = current_date - 10,
         payer_message = 'Next fill allowed in 12 days', dur_responses = '[{"reasonForService":"ER"}]', last_transaction_code = 'B1',
         submitted_at = now(), adjudicated_at = now()
       where id = $1`, [first]);
    await serviceSql(
      `update public.claims set status = 'paid', total_paid_cents = gross_amount_due_cents - 300, patient_pay_cents = 300,
         ingredient_cost_paid_cents = ingredient_cost_submitted_cents - 300, dispensing_fee_paid_cents = dispensing_fee_submitted_cents,
         authorization_number = 'E2E-AUTH-1', last_transaction_code = 'B1', submitted_at = now(), adjudicated_at = now()
       where id = $1`, [second]);
    await serviceSql(`update public.claims set status = 'submitted', last_transaction_code = 'B1', submitted_at = now() where id = $1`, [third]);
    // The rejected claim's transmission, as the switch exchange records it: a D.0 request and response with their separators.
    await serviceSql(
      `insert into public.claim_transmissions (pharmacy_id, claim_id, purpose, transaction_code, attempt, destination, request_url, request, response, http_status, outcome, duration_ms)
       select pharmacy_id, id, 'claim', 'B1', 1, 'claimsProcessor', 'https://switch.example.test/d0',
         bin || 'D0B1' || rpad(coalesce(pcn, ''), 10) || '1011234567893     ' || to_char(service_date, 'YYYYMMDD') || rpad('', 10) || chr(30) || chr(28) || 'AM01' || chr(28) || 'CY' || cardholder_id,
         'D0B11R1011234567893     ' || to_char(service_date, 'YYYYMMDD') || chr(30) || chr(28) || 'AM21' || chr(28) || 'ANR' || chr(28) || 'FA01' || chr(28) || 'FB79',
         200, 'answered', 640
       from public.claims where id = $1`, [first]);
    const claims = await claimsAsStaff();
    rejected = claims.find((claim) => claim.id === first)!;
    paid = claims.find((claim) => claim.id === second)!;
  });

  test('the Overview\'s cards are the database\'s counts, revenue and pending revenue', async ({ page }) => {
    const claims = await claimsAsStaff();
    const count = (status: string) => claims.filter((claim) => claim.status === status).length;
    const pharmacy = await rph.from('pharmacies').select('time_zone').single();
    const timeZone = (pharmacy.data as { time_zone: string }).time_zone;
    const thisMonth = localDateIn(timeZone, new Date()).slice(0, 7);
    const inThisMonth = (timestamp: string | null) => timestamp !== null && localDateIn(timeZone, new Date(timestamp)).slice(0, 7) === thisMonth;
    const payersCents = claims.filter((claim) => claim.status === 'paid' && inThisMonth(claim.adjudicated_at)).reduce((sum, claim) => sum + (claim.total_paid_cents ?? 0), 0);
    const payments = await rph.from('patient_payments').select('amount_cents, received_at');
    const patientsCents = (payments.data as Array<{ amount_cents: number; received_at: string }>).filter((payment) => inThisMonth(payment.received_at))
      .reduce((sum, payment) => sum + Number(payment.amount_cents), 0);
    const pendingCents = claims.filter((claim) => claim.status === 'pending' || claim.status === 'submitted').reduce((sum, claim) => sum + claim.gross_amount_due_cents, 0);
    expect(count('rejected')).toBeGreaterThan(0);
    expect(payersCents).toBeGreaterThan(0);

    await openBilling(page);
    for (const [status, title] of [['pending', 'Pending'], ['submitted', 'Submitted'], ['paid', 'Paid'], ['rejected', 'Rejected']] as const) {
      await expect(page.getByRole('region', { name: `${title} claims` }).getByTestId('card-value'), title).toHaveText(count(status).toLocaleString('en-US'));
    }
    await expect(page.getByRole('region', { name: 'Revenue this month' }).getByTestId('card-value')).toHaveText(formatCents(payersCents + patientsCents));
    await expect(page.getByRole('region', { name: 'Revenue this month' })).toContainText(`Payers ${formatCents(payersCents)} and patients ${formatCents(patientsCents)}`);
    await expect(page.getByRole('region', { name: 'Pending revenue' }).getByTestId('card-value')).toHaveText(formatCents(pendingCents));

    // A card opens the Claims tab on its filter.
    await page.getByRole('button', { name: 'View rejected claims' }).click();
    await expect(page.getByRole('tab', { name: 'Claims', selected: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rejected', pressed: true })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(count('rejected') + 1);
  });

  test('the Claims tab filters and searches; View shows the answer, the history and the raw transmission', async ({ page }) => {
    const claims = await claimsAsStaff();
    await openBilling(page);
    await page.getByRole('tab', { name: 'Claims' }).click();
    const rows = page.getByRole('table').getByRole('row');
    // All: the exact total (one page of 25 at most).
    await expect(rows).toHaveCount(Math.min(claims.length, 25) + 1);
    if (claims.length <= 25) await expect(page.getByText(`Showing 1–${claims.length} of ${claims.length}`)).toBeVisible();

    await page.getByRole('button', { name: 'Paid', exact: true }).click();
    await expect(rows).toHaveCount(claims.filter((claim) => claim.status === 'paid').length + 1);
    const paidRow = rows.filter({ hasText: `${paid.rx_number}-${paid.fill_number}` });
    await expect(paidRow).toContainText('Paid');
    await expect(paidRow).toContainText(formatCents(paid.total_paid_cents));

    // A search by Rx number within All finds that Rx's claims only.
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search claims' }).fill(String(rejected.rx_number));
    await expect(rows).toHaveCount(claims.filter((claim) => claim.rx_number === rejected.rx_number).length + 1);
    const row = rows.filter({ hasText: `${rejected.rx_number}-${rejected.fill_number}` });
    await expect(row).toContainText('Rejected');
    await expect(row).toContainText('Codes 79');
    await page.getByRole('searchbox', { name: 'Search claims' }).fill('no patient is called this');
    await expect(page.getByText('No claim matches “no patient is called this”.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search claims' }).fill(String(rejected.rx_number));

    await row.getByRole('button', { name: `View Rx ${rejected.rx_number}-${rejected.fill_number}` }).click();
    const view = page.getByRole('dialog', { name: `Claim for Rx ${rejected.rx_number}-${rejected.fill_number}` });
    await expect(view.getByTestId('reject-reasons')).toContainText('79Refill Too Soon');
    await expect(view.getByTestId('reject-reasons')).toContainText('Payer\'s message: Next fill allowed in 12 days');
    const history = view.getByTestId('claim-history');
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText('Claim opened for');
    await expect(history.getByRole('listitem').last()).toContainText('Rejected 79: Next fill allowed in 12 days');
    await expect(view.getByRole('region', { name: 'Request of B1 to claimsProcessor, attempt 1' })).toContainText('␞\n␜AM01␜CY');
    await expect(view.getByRole('region', { name: 'Response of B1 to claimsProcessor, attempt 1' })).toContainText('␞\n␜AM21␜ANR␜FA01␜FB79');
    await view.getByRole('button', { name: 'Close dialog' }).click();
    // Viewing the claim is on the audit trail as an open of the prescription's details (the admin reads it).
    const admin = await demoStaffClient('admin@demo.pharmacy');
    const [patient] = await serviceSql<{ patient_id: string }>('select patient_id from public.claims where id = $1', [rejected.id]);
    const opens = await admin.rpc('patient_access_history', { patient_id: patient!.patient_id });
    expect(opens.error).toBeNull();
    expect((opens.data as Array<{ prescription_id: string | null; actor_role: string }>).some((open) => open.prescription_id === rejected.prescription_id && open.actor_role === 'pharmacist')).toBe(true);

    // Resubmit guides the refill too soon: the payer's last fill, and a submission clarification code is required.
    await row.getByRole('button', { name: `Resubmit Rx ${rejected.rx_number}-${rejected.fill_number}` }).click();
    const resubmit = page.getByRole('dialog', { name: `Resubmit the claim for Rx ${rejected.rx_number}-${rejected.fill_number}` });
    const lastFill = await serviceSql<{ day: string }>(`select to_char(previous_fill_date, 'MM/DD/YYYY') as day from public.claims where id = $1`, [rejected.id]);
    await expect(resubmit.getByTestId('previous-fill-date')).toHaveText(lastFill[0]!.day);
    await resubmit.getByRole('button', { name: 'Resubmit', exact: true }).click();
    await expect(resubmit.getByText('Choose the submission clarification code that explains the early refill')).toBeVisible();
    await expect(resubmit.getByRole('combobox', { name: 'Submission clarification code' })).toHaveAttribute('aria-invalid', 'true');
    await resubmit.getByRole('combobox', { name: 'Submission clarification code' }).selectOption('3');
    await expect(resubmit.getByText('Choose the submission clarification code that explains the early refill')).toHaveCount(0);
    await resubmit.getByRole('button', { name: 'Close', exact: true }).click();
  });

  test('the Billing tab estimates a ready fill, takes its payment with a receipt number and prints the receipt', async ({ page }) => {
    // A ready fill whose claim has no payer answer yet: what the patient owes is the database's estimate.
    const [fill] = await serviceSql<{ id: string; rx_number: string; fill_number: number }>(
      `select p.id, p.rx_number, p.fill_number from public.prescriptions p
       where p.pharmacy_id = ${DEMO_PHARMACY} and p.status = 'ready'
         and not exists (select 1 from public.claims c where c.prescription_id = p.id and c.status <> 'pending')
         and not exists (select 1 from public.patient_payments pp where pp.prescription_id = p.id)
       order by p.rx_number limit 1`);
    expect(fill).toBeDefined();
    const billing = await rph.rpc('fill_billing', { prescription_id: fill!.id });
    expect(billing.error).toBeNull();
    const share = (billing.data as { share: { subtotalCents: number; patientShareCents: number; balanceCents: number; coveragePercent: number; dispensingFeeCents: number } }).share;
    const rxNumber = Number(fill!.rx_number);

    await openBilling(page);
    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.getByRole('searchbox', { name: 'Search prescriptions to bill' }).fill(String(rxNumber));
    const title = fill!.fill_number === 0 ? `Rx ${rxNumber}` : `Rx ${rxNumber} (refill ${fill!.fill_number})`;
    await page.getByRole('button', { name: new RegExp(`^Select ${title.replace(/[()]/g, '\\$&')} for `) }).click();

    // The calculator: the database's price and fee, the default coverage, the copay as the database estimates it.
    const calculator = page.getByRole('form', { name: 'Billing calculator and how the prescription is paid' });
    await expect(calculator.getByRole('textbox', { name: 'Insurance coverage (%)' })).toHaveValue(String(share.coveragePercent));
    await expect(calculator.getByTestId('calculator-price')).toHaveText(formatCents(share.subtotalCents));
    await expect(calculator.getByTestId('calculator-fee')).toHaveText(formatCents(share.dispensingFeeCents));
    await expect(calculator.getByTestId('calculator-copay')).toHaveText(formatCents(share.patientShareCents));
    // 50% for the estimate: half the price, rounded half up, is covered.
    await calculator.getByRole('textbox', { name: 'Insurance coverage (%)' }).fill('50');
    const covered = Math.floor((share.subtotalCents * 5000 + 5000) / 10000);
    await expect(calculator.getByTestId('calculator-coverage')).toHaveText(formatCents(covered));
    await expect(calculator.getByTestId('calculator-copay')).toHaveText(formatCents(share.subtotalCents - covered));
    await calculator.getByRole('textbox', { name: 'Insurance coverage (%)' }).fill('101');
    await expect(calculator.getByText('Insurance coverage is a percent from 0 to 100 (at most 2 decimals)')).toBeVisible();
    await expect(calculator.getByTestId('calculator-copay')).toHaveText('—');

    // Process Payment: the balance is offered; the receipt number is the database's.
    await expect(page.getByTestId('balance-due')).toHaveText(formatCents(share.balanceCents));
    const payment = page.getByRole('form', { name: 'Process Payment' });
    await expect(payment.getByRole('textbox', { name: 'Amount ($)' })).toHaveValue((share.balanceCents / 100).toFixed(2));
    await payment.getByRole('combobox', { name: 'Method' }).selectOption('card');
    await payment.getByRole('textbox', { name: 'Reference' }).fill('4242');
    await payment.getByRole('button', { name: 'Process Payment' }).click();
    await expect(page.getByTestId('receipt-number')).toBeVisible();
    const taken = await rph.from('patient_payments').select('receipt_number, amount_cents, method, reference').eq('prescription_id', fill!.id);
    expect(taken.data).toHaveLength(1);
    const receipt = taken.data![0] as { receipt_number: number; amount_cents: number; method: string; reference: string };
    expect({ ...receipt, amount_cents: Number(receipt.amount_cents) }).toEqual({ receipt_number: receipt.receipt_number, amount_cents: share.balanceCents, method: 'card', reference: '4242' });
    await expect(page.getByTestId('receipt-number')).toHaveText(`Payment recorded: receipt number ${receipt.receipt_number}.`);
    await expect(page.getByTestId('balance-due')).toHaveText('$0.00');
    await expect(page.getByTestId('paid-so-far')).toHaveText(formatCents(share.balanceCents));
    await expect(page.getByRole('table', { name: 'Payments taken' })).toContainText(`${receipt.receipt_number}`);

    // Print Receipt opens the pickup receipt, recorded as printed.
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Print Receipt' }).click();
    const popup = await popupOpened;
    await expect(popup.locator('body')).toContainText(String(rxNumber));
    await popup.close();
    const prints = await rph.from('prescription_label_prints').select('id').eq('prescription_id', fill!.id).eq('kind', 'receipt');
    expect(prints.data).toHaveLength(1);
  });
});

/**
 * The whole loop against the stack's test claims switch (supabase/local/src/claims-switch: the payer sheets' rules),
 * in a pharmacy of its own billing one member of Demo Commercial Rx: Submit Pending Claims gets the fill paid
 * (AWP − 17% + the $1.50 fee, less the tier 1 copay), the refill too soon comes back 79 with the payer's last fill,
 * Resubmit's guided fix sends a vacation-supply code and it is paid; View shows the history and both transmissions;
 * the Billing tab takes the payer's copay; eligibility and the connection test answer from the switch.
 */
test.describe('with the test claims switch', () => {
  let admin: SupabaseClient;
  let adminEmail: string;
  let adminPassword: string;
  let firstFill: { id: string; rx_number: number };

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    const switchUrl = process.env.E2E_CLAIMS_SWITCH_URL;
    if (!switchUrl) throw new Error('E2E_CLAIMS_SWITCH_URL is set by tests/e2e/global-setup.ts');
    const request = await playwright.request.newContext();
    const pharmacy = await onboardPharmacyThroughApi(request);
    await request.dispose();
    ({ adminEmail, adminPassword } = pharmacy);
    admin = await staffClient(adminEmail, adminPassword);
    // Setup no screen does: the pharmacy's NPI (the switch checks its check digit) and its switch.
    const base = String(Date.now()).slice(-9);
    await serviceSql('update public.pharmacies set npi_number = $2 where id = (select pharmacy_id from public.staff_profiles where email = $1)',
      [adminEmail, `${base}${npiCheckDigit(base)}`]);
    await serviceSql(
      `insert into public.pharmacy_settings (pharmacy_id, group_key, settings)
       select pharmacy_id, 'transmission', $2::jsonb from public.staff_profiles where email = $1`,
      [adminEmail, JSON.stringify({ claimsProcessorUrl: `${switchUrl}/d0`, insuranceClaimsEnabled: true, connectionTimeout: 5 })],
    );
    // Robert Chen, a member of the switch's Demo Commercial Rx sheet, and a product it prices by AWP: $300.00 per 90.
    const patient = await admin.from('patients').insert({ first_name: 'Robert', last_name: 'Chen', date_of_birth: '1961-09-02' }).select('id').single();
    expect(patient.error).toBeNull();
    const plan = await admin.from('patient_insurance_plans').insert({
      patient_id: patient.data!.id, payer_name: 'Demo Commercial Rx', bin: '999001', pcn: 'DEMOCOM', group_id: 'DEMOGRP01',
      cardholder_id: 'DEMO000102', person_code: '001', relationship_code: '1', priority: 'primary', insurance_type: 'commercial',
    });
    expect(plan.error).toBeNull();
    const medication = await admin.from('medications').insert({
      name: 'Claimatin', strength: '20 mg', dosage_form: 'tablet', ndc_number: '55555-0001-90', package_size: 90, package_unit: 'EA',
      awp_price: 300, price: 120, stock: 5000,
    }).select('id').single();
    expect(medication.error).toBeNull();
    expect((await admin.from('formulary_entries').insert({ medication_id: medication.data!.id, insurance_type: 'commercial', tier: 1 })).error).toBeNull();
    const entered = await admin.from('prescriptions').insert({
      patient_id: patient.data!.id, medication_id: medication.data!.id, prescription_type: 'written', source: 'manual_entry',
      directions: 'Take 1 tablet by mouth daily', quantity: 30, refills: 3, days_supply: 30,
    }).select('id, rx_number').single();
    expect(entered.error).toBeNull();
    firstFill = { id: entered.data!.id as string, rx_number: Number(entered.data!.rx_number) };
    await movePrescriptionAs(admin, firstFill.id, 'processing');
  });

  test('a fill paid, its refill too soon fixed and paid, its copay taken; eligibility and the connection', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, adminEmail, adminPassword);
    await page.goto('/billing');
    await expect(page.getByRole('region', { name: 'Pending claims' }).getByTestId('card-value')).toHaveText('1');

    // Submit Pending Claims: the payer sheet pays $79.50 of $84.50 allowed, the patient pays the $5.00 copay.
    await page.getByRole('button', { name: 'Submit Pending Claims' }).click();
    await expect(toast(page).filter({ hasText: 'Pending claims submitted' })).toContainText('1 claim sent: 1 paid.');
    await expect(page.getByRole('region', { name: 'Paid claims' }).getByTestId('card-value')).toHaveText('1');
    await expect(page.getByRole('region', { name: 'Pending claims' }).getByTestId('card-value')).toHaveText('0');
    await expect(page.getByRole('region', { name: 'Revenue this month' })).toContainText('Payers $79.50 and patients $0.00');

    // The refill, too soon for the payer (the pharmacy's own rule is passed with a pharmacist's reason).
    await movePrescriptionAs(admin, firstFill.id, 'ready');
    const refill = await callApi<{ id: string; fillNumber: number }>(admin, `prescriptions/${firstFill.id}/refill`, { body: { tooSoonReason: 'Going abroad for a month' } });
    expect(refill.status).toBe(201);
    await movePrescriptionAs(admin, refill.body.id, 'processing');
    const rx = `${firstFill.rx_number}-${refill.body.fillNumber}`;

    await page.getByRole('tab', { name: 'Claims' }).click();
    const row = page.getByRole('table').getByRole('row').filter({ hasText: rx });
    await row.getByRole('button', { name: `Submit Rx ${rx}` }).click();
    await expect(toast(page).filter({ hasText: 'Claim rejected' })).toContainText(`Rx ${rx}: Rejected: 79 Refill Too Soon`);
    await expect(row).toContainText('Codes 79');

    await row.getByRole('button', { name: `Resubmit Rx ${rx}` }).click();
    const resubmit = page.getByRole('dialog', { name: `Resubmit the claim for Rx ${rx}` });
    const claim = await admin.from('claims').select('id, previous_fill_date').eq('prescription_id', refill.body.id).single();
    const [year, month, day] = (claim.data!.previous_fill_date as string).split('-');
    await expect(resubmit.getByTestId('previous-fill-date')).toHaveText(`${month}/${day}/${year}`);
    await resubmit.getByRole('combobox', { name: 'Submission clarification code' }).selectOption('3');
    await resubmit.getByRole('button', { name: 'Resubmit', exact: true }).click();
    await expect(resubmit.getByRole('status')).toHaveText('Paid $79.50, patient pays $5.00');
    const stored = await admin.from('claims').select('status, submission_clarification_codes, total_paid_cents').eq('id', claim.data!.id).single();
    expect({ ...stored.data, total_paid_cents: Number(stored.data!.total_paid_cents) }).toEqual({ status: 'paid', submission_clarification_codes: ['3'], total_paid_cents: 7950 });
    await resubmit.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(row).toContainText('Paid');

    // View: opened, rejected 79, paid; both B1s as sent and answered.
    await row.getByRole('button', { name: `View Rx ${rx}` }).click();
    const view = page.getByRole('dialog', { name: `Claim for Rx ${rx}` });
    const history = view.getByTestId('claim-history').getByRole('listitem');
    await expect(history).toHaveCount(3);
    await expect(history.nth(0)).toContainText('Claim opened for Demo Commercial Rx');
    await expect(history.nth(1)).toContainText('Rejected 79');
    await expect(history.nth(2)).toContainText('Paid 79.50');
    await expect(view.getByRole('region', { name: /^Request of B1 to claimsProcessor/ })).toHaveCount(2);
    await expect(view.getByRole('region', { name: /^Request of B1 to claimsProcessor/ }).last()).toContainText('999001D0B1');
    await expect(view.getByRole('region', { name: /^Response of B1 to claimsProcessor/ }).first()).toContainText('␜FB79');
    await view.getByRole('button', { name: 'Open the prescription\'s billing' }).click();

    // The Billing tab: the payer's copay is what the patient owes; the payment takes it to nothing.
    await expect(page.getByTestId('patient-owes')).toHaveText('$5.00');
    const payment = page.getByRole('form', { name: 'Process Payment' });
    await expect(payment.getByRole('textbox', { name: 'Amount ($)' })).toHaveValue('5.00');
    await payment.getByRole('button', { name: 'Process Payment' }).click();
    await expect(page.getByTestId('balance-due')).toHaveText('$0.00');

    // Eligibility and the connection, from the switch.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Check Insurance Eligibility' }).click();
    const eligibility = page.getByRole('dialog', { name: 'Check Insurance Eligibility' });
    await eligibility.getByRole('combobox', { name: 'Patient' }).fill('Chen');
    await eligibility.getByRole('option', { name: /^Robert Chen/ }).click();
    await eligibility.getByRole('button', { name: 'Check Eligibility' }).click();
    await expect(eligibility.getByRole('region', { name: 'Eligibility answer' }).getByText('Eligible', { exact: true })).toBeVisible();
    await eligibility.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Test Transmission Connection' }).click();
    const connection = page.getByRole('dialog', { name: 'Test Transmission Connection' });
    await expect(connection.getByRole('list', { name: 'Switch answers' }).getByText('Connected', { exact: true })).toBeVisible();
  });
});
