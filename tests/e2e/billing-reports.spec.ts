/**
 * The Billing screen's Reports tab end to end (spec part 2 §2; issue 25), in a pharmacy of its own billing members of
 * Demo Commercial Rx through the stack's test claims switch: three fills of today, two paid by the switch and one
 * still pending. Daily Claims over this month shows today's claims and the payers' money as the database has them,
 * its totals row, and its CSV file; the payer choice lists the payer billed; Aging counts the pending claim as of
 * today without a range. Reconciliation imports the payer's genuine 835 (fetched from the switch after the first fill
 * was paid): imported and matched, that claim paid in full, the one paid after it unpaid, nothing short-paid or
 * unmatched; the same file again is refused.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { dollarsText, formatCents } from '../../shared/src/common/money.ts';
import { usDate } from '../../shared/src/common/dates.ts';
import { npiCheckDigit } from '../../shared/src/prescribers/npi.ts';
import { callApi } from '../support/api-call.ts';
import { movePrescriptionAs, staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { serviceSql } from './support/service-sql.ts';
import { signIn } from './support/sign-in.ts';

test.describe.configure({ mode: 'serial' });

interface Fill {
  id: string;
  rxNumber: number;
}

interface ClaimFacts {
  prescription_id: string;
  status: string;
  gross_amount_due_cents: number;
  total_paid_cents: number | null;
}

let admin: SupabaseClient;
let adminEmail: string;
let adminPassword: string;
let pharmacyToday: string;
let remittedFill: Fill;
let unpaidFill: Fill;
let remittanceFile: string;
let remittanceBytes: string;

async function claimsAsStaff(): Promise<ClaimFacts[]> {
  const { data, error } = await admin.from('claims').select('prescription_id, status, gross_amount_due_cents, total_paid_cents');
  expect(error).toBeNull();
  return (data as ClaimFacts[]).map((claim) => ({
    ...claim, gross_amount_due_cents: Number(claim.gross_amount_due_cents), total_paid_cents: claim.total_paid_cents === null ? null : Number(claim.total_paid_cents),
  }));
}

/** The pharmacy's date now, in its time zone (the days the reports count). */
async function pharmacyLocalDate(): Promise<string> {
  const [row] = await serviceSql<{ day: string }>(
    `select to_char(private.pharmacy_local_date(pharmacy_id, now()), 'YYYY-MM-DD') as day from public.staff_profiles where email = $1`, [adminEmail]);
  return row!.day;
}

async function openReports(page: Page): Promise<void> {
  await signIn(page, adminEmail, adminPassword);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing & Claims Transmission' })).toBeVisible();
  await page.getByRole('tab', { name: 'Reports' }).click();
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  const switchUrl = process.env.E2E_CLAIMS_SWITCH_URL;
  if (!switchUrl) throw new Error('E2E_CLAIMS_SWITCH_URL is set by tests/e2e/global-setup.ts');
  const request = await playwright.request.newContext();
  const pharmacy = await onboardPharmacyThroughApi(request);
  ({ adminEmail, adminPassword } = pharmacy);
  admin = await staffClient(adminEmail, adminPassword);
  // Setup no screen does: the pharmacy's NPI (the switch checks its check digit; the 835 names the pharmacy by it)
  // and its switch.
  const base = String(Date.now()).slice(-9);
  const npi = `${base}${npiCheckDigit(base)}`;
  await serviceSql('update public.pharmacies set npi_number = $2 where id = (select pharmacy_id from public.staff_profiles where email = $1)', [adminEmail, npi]);
  await serviceSql(
    `insert into public.pharmacy_settings (pharmacy_id, group_key, settings)
     select pharmacy_id, 'transmission', $2::jsonb from public.staff_profiles where email = $1`,
    [adminEmail, JSON.stringify({ claimsProcessorUrl: `${switchUrl}/d0`, insuranceClaimsEnabled: true, connectionTimeout: 5 })],
  );
  pharmacyToday = await pharmacyLocalDate();

  // Three members of the switch's Demo Commercial Rx sheet (three patients, so no fill is too soon after another) and
  // a product of this spec's own that the pharmacy prices by AWP (so no other spec's fills are its history).
  const medication = await admin.from('medications').insert({
    name: 'Reportamin', strength: '10 mg', dosage_form: 'tablet', ndc_number: '55555-0002-90', package_size: 90, package_unit: 'EA',
    awp_price: 300, price: 120, stock: 5000,
  }).select('id').single();
  expect(medication.error).toBeNull();
  expect((await admin.from('formulary_entries').insert({ medication_id: medication.data!.id, insurance_type: 'commercial', tier: 1 })).error).toBeNull();
  const members = [
    { first_name: 'Tyrone', last_name: 'Jackson', date_of_birth: '1979-06-11', cardholder_id: 'DEMO000104' },
    { first_name: 'Linda', last_name: 'Okafor', date_of_birth: '1968-04-23', cardholder_id: 'DEMO000107' },
    { first_name: 'Marcus', last_name: 'Bell', date_of_birth: '1990-08-08', cardholder_id: 'DEMO000110' },
  ];
  const fills: Fill[] = [];
  for (const member of members) {
    const patient = await admin.from('patients').insert({ first_name: member.first_name, last_name: member.last_name, date_of_birth: member.date_of_birth }).select('id').single();
    expect(patient.error).toBeNull();
    const plan = await admin.from('patient_insurance_plans').insert({
      patient_id: patient.data!.id, payer_name: 'Demo Commercial Rx', bin: '999001', pcn: 'DEMOCOM', group_id: 'DEMOGRP01',
      cardholder_id: member.cardholder_id, person_code: '001', relationship_code: '1', priority: 'primary', insurance_type: 'commercial',
    });
    expect(plan.error).toBeNull();
    const entered = await admin.from('prescriptions').insert({
      patient_id: patient.data!.id, medication_id: medication.data!.id, prescription_type: 'written', source: 'manual_entry',
      directions: 'Take 1 tablet by mouth daily', quantity: 30, refills: 0, days_supply: 30,
    }).select('id, rx_number').single();
    expect(entered.error).toBeNull();
    fills.push({ id: entered.data!.id as string, rxNumber: Number(entered.data!.rx_number) });
    await movePrescriptionAs(admin, entered.data!.id as string, 'processing');
  }
  [remittedFill, unpaidFill] = fills as [Fill, Fill, Fill];

  // The first fill paid by the switch, then the payer's 835 for what it paid, then the second fill paid after it.
  const submit = (prescriptionId: string) => callApi<{ claim: { status: string } }>(admin, 'claims/submit', { body: { claimData: { prescriptionId } } });
  const first = await submit(remittedFill.id);
  expect(first.status).toBe(200);
  expect(first.body.claim.status).toBe('paid');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const fetched = await request.get(`${switchUrl}/835?bin=999001&provider=${npi}&from=${day(-1)}&through=${day(1)}`);
  expect(fetched.status()).toBe(200);
  remittanceBytes = await fetched.text();
  expect(remittanceBytes).toContain('CLP*');
  remittanceFile = testInfo.outputPath('demo-commercial.835');
  await writeFile(remittanceFile, remittanceBytes, 'latin1');
  await request.dispose();
  const second = await submit(unpaidFill.id);
  expect(second.body.claim.status).toBe('paid');
});

test('Daily Claims shows today\'s claims with totals and exports them as CSV; Aging counts the pending claim', async ({ page }) => {
  test.setTimeout(90_000);
  const claims = await claimsAsStaff();
  expect(claims.map((claim) => claim.status).sort()).toEqual(['paid', 'paid', 'pending']);
  const gross = claims.reduce((sum, claim) => sum + claim.gross_amount_due_cents, 0);
  const paidByPayers = claims.reduce((sum, claim) => sum + (claim.status === 'paid' ? claim.total_paid_cents ?? 0 : 0), 0);
  const pendingGross = claims.find((claim) => claim.status === 'pending')!.gross_amount_due_cents;

  await openReports(page);
  const reports = page.getByRole('group', { name: 'Report' });
  const options = page.getByRole('form', { name: 'Report options' });
  await expect(reports.getByRole('button')).toHaveText(['Daily Claims', 'Weekly Revenue', 'Rejection Analysis', 'Payer Performance', 'Aging', 'Custom']);
  await expect(reports.getByRole('button', { name: 'Daily Claims' })).toHaveAttribute('aria-pressed', 'true');
  // This month in the pharmacy's days.
  const [year, month] = pharmacyToday.split('-');
  await expect(options.getByLabel('From', { exact: true })).toHaveValue(`${year}-${month}-01`);

  const table = page.getByRole('table', { name: 'Daily Claims report' });
  const todayRow = table.getByRole('row').filter({ hasText: usDate(pharmacyToday) });
  await expect(todayRow.getByRole('cell')).toHaveText([usDate(pharmacyToday), '3', '2', '0', '0', formatCents(gross), formatCents(paidByPayers)]);
  await expect(table.locator('tfoot').getByRole('row')).toHaveText(/Total\s*3\s*2\s*0\s*0/);

  // The payer billed is offered; the report for it is the same.
  const payer = options.getByRole('combobox', { name: 'Payer' });
  await expect(payer.getByRole('option', { name: 'Demo Commercial Rx (BIN 999001)' })).toHaveCount(1);
  await payer.selectOption('999001');
  await page.getByRole('button', { name: 'Run report' }).click();
  await expect(page.getByTestId('report-scope')).toContainText('BIN 999001');
  await expect(todayRow.getByRole('cell').nth(1)).toHaveText('3');

  // A reversed range is refused by the form with the shared message.
  await options.getByLabel('To', { exact: true }).fill(`${Number(year) - 1}-01-01`);
  await page.getByRole('button', { name: 'Run report' }).click();
  await expect(page.getByText('The last day of the report is before its first day')).toBeVisible();
  await options.getByLabel('To', { exact: true }).fill(pharmacyToday);
  await page.getByRole('button', { name: 'Run report' }).click();
  await expect(page.getByText('The last day of the report is before its first day')).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`billing-daily-claims-${year}-${month}-01-to-${pharmacyToday}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Date of service,Claims,Paid,Rejected,Reversed,Billed ($),Paid by payers ($)');
  expect(lines).toContain(`${pharmacyToday},3,2,0,0,${dollarsText(gross)},${dollarsText(paidByPayers)}`);

  // Aging: as of today (read again: the pharmacy's midnight may have passed since the claims were made), no range;
  // the pending claim is 0–30 days old.
  const agingToday = await pharmacyLocalDate();
  await reports.getByRole('button', { name: 'Aging' }).click();
  await expect(options.getByLabel('From', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('report-scope')).toContainText(`As of ${usDate(agingToday)}`);
  const aging = page.getByRole('table', { name: 'Aging report' });
  await expect(aging.getByRole('row').filter({ hasText: 'Pending' }).getByRole('cell')).toHaveText(['Pending', '1', '0', '0', '0', formatCents(pendingGross)]);
  await expect(page.getByText('1 claim not paid.')).toBeVisible();

  // Rejection Analysis over the month: nothing was rejected.
  await reports.getByRole('button', { name: 'Rejection Analysis' }).click();
  await expect(page.getByText('No rejections in this period.')).toBeVisible();

  // Custom: every claim of the range, one row each.
  await reports.getByRole('button', { name: 'Custom' }).click();
  await expect(page.getByText('3 claims.')).toBeVisible();
  const custom = page.getByRole('table', { name: 'Claims report' });
  await expect(custom.getByRole('row').filter({ hasText: 'Okafor, Linda' })).toContainText('Paid');
  await expect(custom.getByRole('row').filter({ hasText: 'Bell, Marcus' })).toContainText('Pending');
});

test('Reconciliation imports the payer\'s 835, matches it, and lists paid in full and unpaid claims', async ({ page }) => {
  test.setTimeout(90_000);
  const claims = await claimsAsStaff();
  const remitted = claims.find((claim) => claim.prescription_id === remittedFill.id)!;
  const unpaid = claims.find((claim) => claim.prescription_id === unpaidFill.id)!;

  await openReports(page);
  const reconciliation = page.getByRole('region', { name: 'Reconciliation' });
  // Before any import: both paid claims await their remittance.
  const outcomes = reconciliation.getByRole('group', { name: 'Reconciliation outcome' });
  await expect(outcomes.getByRole('button', { name: 'Short-paid' })).toHaveAttribute('aria-pressed', 'true');
  await expect(reconciliation.getByText('No short-paid claims in this period.')).toBeVisible();

  // Without a file, the form says so.
  await reconciliation.getByRole('button', { name: 'Import 835' }).click();
  await expect(reconciliation.getByText('Choose the 835 file the payer sent')).toBeVisible();

  await reconciliation.getByLabel('835 remittance file').setInputFiles(remittanceFile);
  await reconciliation.getByRole('button', { name: 'Import 835' }).click();
  const result = reconciliation.getByRole('status', { name: 'Import result' });
  await expect(result).toContainText(`Imported Demo Commercial Rx, trace 999001`);
  await expect(result).toContainText(formatCents(remitted.total_paid_cents));
  await expect(result).toContainText('1 claim, 1 matched.');
  await expect(result).toContainText('The remittance balances.');

  await outcomes.getByRole('button', { name: 'Paid in full' }).click();
  const table = reconciliation.getByRole('table');
  const remittedRow = table.getByRole('row').filter({ hasText: `${remittedFill.rxNumber}-0` });
  await expect(remittedRow).toContainText('Jackson, Tyrone');
  await expect(remittedRow.getByRole('cell').nth(4)).toHaveText(formatCents(remitted.total_paid_cents));
  await expect(remittedRow.getByRole('cell').nth(5)).toHaveText(formatCents(remitted.total_paid_cents));
  await expect(remittedRow.getByRole('cell').nth(6)).toHaveText('$0.00');
  await expect(reconciliation.getByTestId('reconciliation-count')).toHaveText('1');

  await outcomes.getByRole('button', { name: 'Unpaid' }).click();
  const unpaidRow = table.getByRole('row').filter({ hasText: `${unpaidFill.rxNumber}-0` });
  await expect(unpaidRow.getByRole('cell').nth(4)).toHaveText(formatCents(unpaid.total_paid_cents));
  await expect(unpaidRow.getByRole('cell').nth(5)).toHaveText('$0.00');
  await expect(reconciliation.getByTestId('reconciliation-expected')).toHaveText(formatCents(unpaid.total_paid_cents));
  await expect(reconciliation.getByTestId('reconciliation-remitted')).toHaveText('$0.00');
  await expect(table.getByRole('row').filter({ hasText: `${remittedFill.rxNumber}-0` })).toHaveCount(0);

  await outcomes.getByRole('button', { name: 'Short-paid' }).click();
  await expect(reconciliation.getByText('No short-paid claims in this period.')).toBeVisible();
  await outcomes.getByRole('button', { name: 'Unmatched' }).click();
  await expect(reconciliation.getByText('Every remittance claim matched a claim.')).toBeVisible();

  // The same remittance again is refused, not imported twice.
  await reconciliation.getByRole('button', { name: 'Import 835' }).click();
  await expect(result).toContainText('Not imported');
  await expect(result).toContainText(/Trace 999001\d+: .*already imported/);
});
