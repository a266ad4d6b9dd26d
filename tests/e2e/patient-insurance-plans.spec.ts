/**
 * Patients' insurance plans end to end: on a patient's record (Patient Details) a technician adds a primary plan
 * with the shared schema's messages (BIN must be 6 digits), the Patients table's Insurance badge shows its payer, a
 * second active primary is refused in the database's sentence, a secondary plan lists after it, and deactivating the
 * primary plan leaves the patient with 'No insurance'. A pharmacy of its own (with a technician: technicians type
 * insurance at intake), so the demo patients other specs count stay as seeded; the demo's seeded plans are read only.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

async function openPatients(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }).click();
  await expect(page.getByRole('heading', { name: 'Patient Database' })).toBeVisible();
}

function patientRow(page: Page, name: string): Locator {
  return page.getByRole('table').first().locator('tbody tr').filter({ hasText: name });
}

/** The Add/Edit plan dialog's fields, by their labels. */
async function fillPlan(dialog: Locator, plan: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(plan)) {
    const field = dialog.getByLabel(label, { exact: true });
    if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

test('a technician adds a primary plan on the record, the table shows it, and deactivating it leaves No insurance', async ({ page, request }) => {
  // A team is invited by mail, then the record is edited several times: more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  const team = await onboardPharmacyWithTeam(request);
  const technician = await staffClient(team.technician.email, team.technician.password);
  const lastName = `Insured${Date.now().toString(36).slice(-5)}`;
  const name = `Iris ${lastName}`;
  const { error } = await technician.from('patients').insert({ first_name: 'Iris', last_name: lastName, date_of_birth: '1984-05-06', phone: '(503) 555-0142' });
  expect(error).toBeNull();

  await signIn(page, team.technician.email, team.technician.password);
  await openPatients(page);
  await expect(patientRow(page, name).getByText('No insurance', { exact: true })).toBeVisible();

  await patientRow(page, name).getByRole('button', { name: `View ${name}` }).click();
  const details = page.getByRole('dialog', { name: 'Patient Details' });
  await expect(details.getByText('No insurance plans on file', { exact: true })).toBeVisible();

  // Add Plan: the shared schema's messages first, then the plan as the card reads.
  await details.getByRole('button', { name: 'Add Plan', exact: true }).click();
  const addPlan = page.getByRole('dialog', { name: `Add Insurance Plan — ${name}` });
  await fillPlan(addPlan, { 'Payer Name': 'Caremark Commercial', BIN: '04336', 'Cardholder ID': 'ZX1234567', 'Person Code': '0-1' });
  await addPlan.getByRole('button', { name: 'Add Plan', exact: true }).click();
  await expect(addPlan.getByText('BIN must be 6 digits', { exact: true })).toBeVisible();
  await expect(addPlan.getByText('Person code must be 1 to 3 letters or digits (e.g. 001)', { exact: true })).toBeVisible();
  await fillPlan(addPlan, {
    'Insurance Type': 'commercial', BIN: '004336', PCN: 'ADV', 'Group ID': 'RX1234', 'Person Code': '001', 'Relationship to Cardholder': '1',
    'Effective Date': '2026-01-01',
  });
  await addPlan.getByRole('button', { name: 'Add Plan', exact: true }).click();
  await expect(page.getByText('Insurance plan added', { exact: true })).toBeVisible();
  await expect(addPlan).toBeHidden();
  const primary = details.getByRole('row', { name: 'Primary plan Caremark Commercial' });
  await expect(primary.getByRole('cell')).toHaveText(['Primary', 'Caremark Commercial', '004336', 'ADV', 'RX1234', 'ZX1234567', '001', 'Cardholder', 'Active', 'EditDeactivate']);

  // A second active primary plan: the database's sentence, in the dialog.
  await details.getByRole('button', { name: 'Add Plan', exact: true }).click();
  const secondPrimary = page.getByRole('dialog', { name: `Add Insurance Plan — ${name}` });
  await fillPlan(secondPrimary, { 'Payer Name': 'OptumRx', BIN: '610097', PCN: '9999', 'Cardholder ID': 'OP5550001' });
  await secondPrimary.getByRole('button', { name: 'Add Plan', exact: true }).click();
  await expect(secondPrimary.getByRole('alert')).toHaveText('This patient already has an active primary plan; deactivate it first');
  // As its secondary plan it is taken, and lists after the primary one.
  await fillPlan(secondPrimary, { Priority: 'secondary' });
  await secondPrimary.getByRole('button', { name: 'Add Plan', exact: true }).click();
  await expect(secondPrimary).toBeHidden();
  await expect(details.getByRole('row', { name: /plan / })).toHaveCount(2);
  await expect(details.getByRole('row', { name: /plan / }).nth(0)).toHaveAccessibleName('Primary plan Caremark Commercial');
  await expect(details.getByRole('row', { name: /plan / }).nth(1)).toHaveAccessibleName('Secondary plan OptumRx');

  // The Patients table's badge is the primary plan's payer.
  await details.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(details).toBeHidden();
  await expect(patientRow(page, name).getByText('Caremark Commercial', { exact: true })).toBeVisible();

  // Deactivate the primary plan: it stays on the record as inactive, and the patient has no insurance to bill.
  await patientRow(page, name).getByRole('button', { name: `View ${name}` }).click();
  await details.getByRole('button', { name: 'Deactivate Primary plan Caremark Commercial' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Insurance Plan' });
  await expect(confirm).toContainText(`Deactivate ${name}'s primary plan Caremark Commercial (BIN 004336, cardholder ZX1234567)?`);
  await confirm.getByRole('button', { name: 'Deactivate Plan', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(details.getByRole('row', { name: 'Primary plan Caremark Commercial' }).getByRole('cell').nth(8)).toHaveText('Inactive');
  await expect(details.getByRole('button', { name: 'Deactivate Primary plan Caremark Commercial' })).toHaveCount(0);
  await expect(details.getByRole('row', { name: /plan / }).nth(0)).toHaveAccessibleName('Secondary plan OptumRx');
  await details.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(patientRow(page, name).getByText('No insurance', { exact: true })).toBeVisible();
});

test('the demo patients carry their seeded plans on the test BINs', async ({ page }) => {
  await signIn(page, 'tech@demo.pharmacy', 'demo-password');
  await openPatients(page);
  await expect(patientRow(page, 'Grace Whitfield').getByText('Demo Commercial Rx', { exact: true })).toBeVisible();
  await patientRow(page, 'Grace Whitfield').getByRole('button', { name: 'View Grace Whitfield' }).click();
  const details = page.getByRole('dialog', { name: 'Patient Details' });
  await expect(details.getByRole('row', { name: 'Primary plan Demo Commercial Rx' }).getByRole('cell')).toHaveText([
    'Primary', 'Demo Commercial Rx', '999001', 'DEMOCOM', 'DEMOGRP01', 'DEMO000107', '003', 'Child', 'Active', 'EditDeactivate',
  ]);
  await expect(details.getByRole('row', { name: 'Secondary plan Demo Medicaid' }).getByRole('cell')).toHaveText([
    'Secondary', 'Demo Medicaid', '999003', 'DEMOMCD', '—', 'DEMO000311', '001', 'Cardholder', 'Active', 'EditDeactivate',
  ]);
});
