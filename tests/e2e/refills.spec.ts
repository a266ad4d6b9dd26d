/**
 * Refills end to end (issue 21) with two terminals of the demo pharmacy: the technician types the Rx number of a
 * completed prescription in the queue's search box, presses Enter, confirms Refill with Enter, and the new fill is
 * pending ('Refill 1 of 3'); the pharmacist's queue receives it live and processes and verifies it. A refill too
 * soon is refused to the technician with the database's sentence, and a pharmacist allows it with a reason. A
 * pharmacist discontinues the prescription from the patient's profile and its refill waiting in the queue leaves
 * the technician's queue. Each test enters its own prescription (Lisinopril for Kevin Doyle, who takes nothing it
 * interacts with) and fills it through the api; only "filled a month ago" is set up in SQL (no screen may do that).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { demoStaffClient, DEMO_PASSWORD, enterLisinoprilThroughApi, movePrescriptionAs } from './support/demo-staff-client.ts';
import { serviceSql } from './support/service-sql.ts';
import { signIn } from './support/sign-in.ts';

const TECHNICIAN = 'tech@demo.pharmacy';
const PHARMACIST = 'rph@demo.pharmacy';

async function openQueue(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, DEMO_PASSWORD);
  await page.goto('/prescriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Prescription Management' })).toBeVisible();
  return page;
}

async function openTab(page: Page, name: 'Pending' | 'Processing' | 'Ready' | 'Completed'): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${name} `) })).toHaveAttribute('aria-selected', 'true');
}

const card = (page: Page, rxNumber: number) => page.getByRole('article', { name: `Prescription RX ${rxNumber}`, exact: true });

/** A Lisinopril prescription (3 refills, 30 days) for Kevin Doyle, entered, verified and picked up; `filledDaysAgo` backdates the fill. */
async function completedPrescription(filledDaysAgo = 0): Promise<{ id: string; rxNumber: number }> {
  const [technician, pharmacist] = await Promise.all([demoStaffClient(TECHNICIAN), demoStaffClient(PHARMACIST)]);
  const { data: patient, error } = await technician.from('patients').select('id').eq('first_name', 'Kevin').eq('last_name', 'Doyle').single();
  if (error) throw new Error(`demo patient Kevin Doyle missing: ${error.message}`);
  const entered = await enterLisinoprilThroughApi(technician, patient.id, '3');
  await movePrescriptionAs(technician, entered.id, 'processing');
  await movePrescriptionAs(pharmacist, entered.id, 'ready');
  await movePrescriptionAs(technician, entered.id, 'completed');
  if (filledDaysAgo > 0) {
    await serviceSql('update public.prescriptions set date_filled = date_filled - $2::integer where id = $1', [entered.id, filledDaysAgo]);
  }
  return entered;
}

async function refillThroughApi(client: SupabaseClient, prescriptionId: string): Promise<{ id: string; fillNumber: number }> {
  const { data, error } = await client.functions.invoke<{ id: string; fillNumber: number }>(`api/prescriptions/${prescriptionId}/refill`, { method: 'POST', body: {} });
  if (error || !data) throw new Error(`could not refill: ${error && 'context' in error ? await (error.context as Response).text() : String(error)}`);
  return data;
}

test('a technician refills by Rx number from the queue search; the pharmacist processes and verifies the refill live, and its label says Refill 1 of 3', async ({ browser }) => {
  test.setTimeout(120_000);
  const rx = await completedPrescription(30);
  const pharmacist = await openQueue(browser, PHARMACIST);
  await openTab(pharmacist, 'Pending');
  const technician = await openQueue(browser, TECHNICIAN);
  await openTab(technician, 'Completed');

  // Typing narrows the Completed tab as before; Enter opens the Refill dialog for the Rx number.
  const search = technician.getByRole('searchbox', { name: 'Search by Rx number or patient' });
  await search.fill(`Rx ${rx.rxNumber}`);
  await search.press('Enter');
  const dialog = technician.getByRole('dialog', { name: `Refill Rx ${rx.rxNumber}` });
  await expect(dialog.getByText('Kevin Doyle')).toBeVisible();
  await expect(dialog.getByText(/^Lisinopril/)).toBeVisible();
  await expect(dialog.getByText('Refill 1 of 3 · 2 refills remain after it')).toBeVisible();
  const refill = dialog.getByRole('button', { name: 'Refill', exact: true });
  await expect(refill).toBeFocused();
  await technician.keyboard.press('Enter');
  await expect(technician.getByText(`Rx ${rx.rxNumber} refill 1 of 3 is pending`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await openTab(technician, 'Pending');
  await expect(card(technician, rx.rxNumber).getByText('Refill 1 of 3', { exact: true })).toBeVisible();

  // The pharmacist's Pending tab received it without a reload; they process and verify it.
  const pending = card(pharmacist, rx.rxNumber);
  await expect(pending.getByText('Refill 1 of 3', { exact: true })).toBeVisible();
  await pending.getByRole('button', { name: 'Process', exact: true }).click();
  await expect(pharmacist.getByText('Prescription updated successfully')).toBeVisible();
  await openTab(pharmacist, 'Processing');
  await card(pharmacist, rx.rxNumber).getByRole('button', { name: 'Verify', exact: true }).click();
  await openTab(pharmacist, 'Ready');
  const ready = card(pharmacist, rx.rxNumber);
  await expect(ready.getByText('Refill 1 of 3', { exact: true })).toBeVisible();
  await expect(ready.getByText('ready', { exact: true })).toBeVisible();

  // Its label names the fill.
  await pharmacist.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Labels' }).click();
  await pharmacist.getByRole('searchbox', { name: 'Search prescriptions' }).fill(String(rx.rxNumber));
  const item = pharmacist.getByRole('listitem', { name: `RX ${rx.rxNumber} (Refill 1 of 3) for Kevin Doyle` });
  await item.getByRole('button', { name: 'Select' }).click();
  await pharmacist.getByRole('button', { name: 'Preview' }).click();
  const preview = pharmacist.getByRole('dialog', { name: 'Label Preview' }).getByTestId('label-preview');
  await expect(preview).toContainText('Refill 1 of 3');
  await expect(preview).toContainText('Refills remaining: 2');

  // Not found says so.
  await openTab(technician, 'Completed');
  await search.fill('999999');
  await search.press('Enter');
  await expect(technician.getByRole('dialog', { name: 'Refill Rx 999999' }).getByText('No prescription with Rx number 999999')).toBeVisible();
  await technician.keyboard.press('Escape');
  await expect(technician.getByRole('dialog', { name: 'Refill Rx 999999' })).toHaveCount(0);
});

test('a refill too soon: the technician sees the sentence only; a pharmacist allows it with a reason', async ({ browser }) => {
  test.setTimeout(120_000);
  const rx = await completedPrescription();
  const technician = await openQueue(browser, TECHNICIAN);
  await openTab(technician, 'Completed');
  await technician.getByRole('searchbox', { name: 'Search by Rx number or patient' }).fill(String(rx.rxNumber));
  const completedCard = card(technician, rx.rxNumber);
  await expect(completedCard.getByText('Original', { exact: true })).toBeVisible();
  await completedCard.getByRole('button', { name: `Refill RX ${rx.rxNumber}` }).click();
  await expect(completedCard.getByRole('alert')).toHaveText(/^Refill too soon:/);
  await expect(completedCard.getByRole('textbox', { name: 'Reason for refilling early' })).toHaveCount(0);
  await expect(completedCard.getByRole('button', { name: 'Refill early' })).toHaveCount(0);

  const pharmacist = await openQueue(browser, PHARMACIST);
  await openTab(pharmacist, 'Completed');
  await pharmacist.getByRole('searchbox', { name: 'Search by Rx number or patient' }).fill(String(rx.rxNumber));
  const pharmacistCard = card(pharmacist, rx.rxNumber);
  await pharmacistCard.getByRole('button', { name: `Refill RX ${rx.rxNumber}` }).click();
  await expect(pharmacistCard.getByRole('alert').first()).toHaveText(/^Refill too soon:/);
  await pharmacistCard.getByRole('button', { name: 'Refill early', exact: true }).click();
  await expect(pharmacistCard.getByText('Give a reason for refilling early')).toBeVisible();
  await pharmacistCard.getByRole('textbox', { name: 'Reason for refilling early' }).fill('Patient travelling abroad for six weeks');
  await pharmacistCard.getByRole('button', { name: 'Refill early', exact: true }).click();
  await expect(pharmacist.getByText(`Rx ${rx.rxNumber} refill 1 of 3 is pending`)).toBeVisible();

  // The technician's queue has it pending too.
  await openTab(technician, 'Pending');
  await expect(card(technician, rx.rxNumber).getByText('Refill 1 of 3', { exact: true })).toBeVisible();
});

test('discontinuing from the patient profile takes its pending refill out of every queue', async ({ browser }) => {
  test.setTimeout(120_000);
  const rx = await completedPrescription(30);
  await refillThroughApi(await demoStaffClient(TECHNICIAN), rx.id);
  const technician = await openQueue(browser, TECHNICIAN);
  await openTab(technician, 'Pending');
  await expect(card(technician, rx.rxNumber).getByText('Refill 1 of 3', { exact: true })).toBeVisible();

  const pharmacist = await (await browser.newContext()).newPage();
  await signIn(pharmacist, PHARMACIST, DEMO_PASSWORD);
  await pharmacist.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }).click();
  await pharmacist.getByRole('searchbox', { name: 'Search patients' }).fill('Doyle');
  await pharmacist.getByRole('button', { name: 'View Kevin Doyle' }).click();
  const details = pharmacist.getByRole('dialog', { name: 'Patient Details' });
  const row = details.getByRole('row', { name: `Rx ${rx.rxNumber}` });
  await expect(row).toContainText('Lisinopril');
  await expect(row).toContainText('1 of 3 used');
  await expect(row).toContainText('2 remaining');
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Active');
  // Its refill is still in the queue: no second one is offered.
  await expect(row).toContainText('A fill is in the queue');
  await expect(row.getByRole('button', { name: `Refill Rx ${rx.rxNumber}` })).toHaveCount(0);

  await row.getByRole('button', { name: `Discontinue Rx ${rx.rxNumber}` }).click();
  const discontinue = pharmacist.getByRole('dialog', { name: `Discontinue Rx ${rx.rxNumber}` });
  await discontinue.getByRole('button', { name: 'Discontinue', exact: true }).click();
  await expect(discontinue.getByText('Give a reason for discontinuing the prescription')).toBeVisible();
  await discontinue.getByRole('textbox', { name: 'Reason for discontinuing' }).fill('Prescriber switched the patient to losartan');
  await discontinue.getByRole('button', { name: 'Discontinue', exact: true }).click();
  await expect(pharmacist.getByText(`Rx ${rx.rxNumber} was discontinued.`)).toBeVisible();
  await expect(discontinue).toHaveCount(0);
  await expect(row).toContainText('Discontinued');
  await expect(row).toContainText('Prescriber switched the patient to losartan');
  await expect(row.getByRole('button', { name: `Refill Rx ${rx.rxNumber}` })).toHaveCount(0);

  // The technician's queue loses the cancelled refill without a reload.
  await expect(card(technician, rx.rxNumber)).toHaveCount(0);

  // Asked for by Rx number, it says it was discontinued and offers no Refill.
  await openTab(technician, 'Completed');
  const search = technician.getByRole('searchbox', { name: 'Search by Rx number or patient' });
  await search.fill(String(rx.rxNumber));
  await search.press('Enter');
  const dialog = technician.getByRole('dialog', { name: `Refill Rx ${rx.rxNumber}` });
  await expect(dialog.getByText(`Rx ${rx.rxNumber} was discontinued (Prescriber switched the patient to losartan); it cannot be refilled.`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Refill', exact: true })).toHaveCount(0);
});
