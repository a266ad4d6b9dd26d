/**
 * Prescription File Management end to end (spec part 2 §2, §4, §7, §8; issue 23), in a pharmacy of its own whose
 * patients, prescriber and catalog drugs are the ones on the documents: a technician drops a typed prescription PNG
 * (read on this terminal with the app's own OCR) and a SCRIPT 2017071 NewRx XML on the upload area, sees both uploaded
 * with the stats counting them, processes each ('Prescription file processed successfully', the extracted patient,
 * medication and prescriber shown), reviews the XML beside its data and creates the prescription from it, then finds
 * it pending in the queue with its "Source file" link leading back to the file. The same file dropped again is
 * reported as already uploaded; deleting the PNG asks first and says 'File deleted successfully'. axe checks the
 * screen and the review dialog.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam, type PharmacyTeam } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

test.describe.configure({ mode: 'serial' });

const FIXTURES = new URL('../fixtures/prescription-files/', import.meta.url).pathname;
const PNG = `${FIXTURES}typed-prescription.png`;
const XML = `${FIXTURES}newrx-2017071.xml`;

let team: PharmacyTeam;

async function insert(client: SupabaseClient, table: string, row: Record<string, unknown>): Promise<void> {
  const { error } = await client.from(table).insert(row);
  if (error) throw new Error(`adding to ${table}: ${error.message}`);
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext();
  team = await onboardPharmacyWithTeam(request);
  await request.dispose();
  const admin = await staffClient(team.admin.email, team.admin.password);
  // The people and drugs of the two documents (the demo seed's, in this pharmacy).
  await insert(admin, 'patients', { first_name: 'Kevin', last_name: 'Doyle', date_of_birth: '1985-10-30', allergies: [], current_medications: [] });
  await insert(admin, 'patients', { first_name: 'Sofia', last_name: 'Ramirez', date_of_birth: '1992-01-19', allergies: [], current_medications: [] });
  await insert(admin, 'prescribers', {
    title: 'Dr.', first_name: 'Elena', last_name: 'Marquez', npi_number: '1598765430', dea_number: 'BM3825417', dea_expiration: '2030-01-31',
  });
  await insert(admin, 'medications', { name: 'Ibuprofen', generic_name: 'ibuprofen', strength: '800 mg', dosage_form: 'tablet', ndc_number: '65162-466-50', price: 9.99, stock: 900 });
  await insert(admin, 'medications', { name: 'Lisinopril', generic_name: 'lisinopril', strength: '10 mg', dosage_form: 'tablet', ndc_number: '68180-513-01', price: 6.99, stock: 1500 });
});

const toast = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
const row = (page: Page, name: string) => page.getByRole('list', { name: 'Prescription files' }).getByRole('listitem', { name });
const upload = (page: Page, name: string) => page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name: `Upload of ${name}` });
const stat = (page: Page, label: string) => page.getByRole('region', { name: 'Processing stats' }).locator('.stat').filter({ hasText: label }).locator('.stat-value');

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`), what).toEqual([]);
}

test('a technician drops a PNG and an XML, processes them, reviews one and creates the prescription it holds', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, team.technician.email, team.technician.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prescription Files', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prescription File Management' })).toBeVisible();
  await expect(page.getByText('No prescription files yet.')).toBeVisible();
  await expectAccessible(page, 'Prescription File Management, empty');

  await page.getByLabel('Prescription files to upload').setInputFiles([PNG, XML]);
  // The image is read on this terminal before it goes (OCR), the XML goes as it is.
  await expect(upload(page, 'newrx-2017071.xml').getByRole('status')).toHaveText('Uploaded', { timeout: 60_000 });
  await expect(upload(page, 'typed-prescription.png').getByRole('status')).toHaveText('Uploaded', { timeout: 120_000 });
  await expect(stat(page, 'Pending')).toHaveText('2');
  await expect(row(page, 'typed-prescription.png').getByText('Pending', { exact: true })).toBeVisible();

  // Process the e-prescription: structured data, everything on file.
  await row(page, 'newrx-2017071.xml').getByRole('button', { name: 'Process' }).click();
  await expect(toast(page).filter({ hasText: 'Prescription file processed successfully' })).toBeVisible();
  const xmlRow = row(page, 'newrx-2017071.xml');
  await expect(xmlRow.getByText('Processed', { exact: true })).toBeVisible();
  await expect(xmlRow.getByText('Sofia Ramirez · 1992-01-19')).toBeVisible();
  await expect(xmlRow.getByText(/^Lisinopril 10 mg tablet · Qty 90/)).toBeVisible();
  await expect(xmlRow.getByText('Elena Marquez · NPI 1598765430')).toBeVisible();
  await expect(xmlRow.getByRole('button', { name: 'Process' })).toHaveCount(0);

  // Process the typed image through its OCR text.
  await row(page, 'typed-prescription.png').getByRole('button', { name: 'Process' }).click();
  await expect(toast(page).filter({ hasText: 'Prescription file processed successfully' }).last()).toBeVisible();
  await expect(row(page, 'typed-prescription.png').getByText(/^(Processed|Review Required)$/)).toBeVisible();
  await expect(stat(page, 'Pending')).toHaveText('0');

  // Review the XML beside its data, then create the prescription from it.
  await xmlRow.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review: newrx-2017071.xml' });
  await expect(review.getByText('Matched patient')).toBeVisible();
  await expectAccessible(page, 'the review dialog');
  await review.getByRole('button', { name: 'Create prescription' }).click();
  const form = page.getByRole('dialog', { name: 'Create prescription from newrx-2017071.xml' });
  await expect(form).toBeVisible();
  // The matched prescriber is checked as if picked (not verified yet in this pharmacy), and the date signed is shown.
  await expect(form.getByRole('note').filter({ hasText: 'Elena Marquez is not verified' })).toBeVisible();
  await expect(form.getByLabel('Original Date')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Create Prescription' }).click();
  await expect(review.getByRole('status').filter({ hasText: /Entered as prescription Rx \d+ \(pending\)/ })).toBeVisible({ timeout: 30_000 });
  await review.getByRole('button', { name: 'Close dialog' }).click();

  // The same file again is a duplicate, and nothing new appears.
  await page.getByLabel('Prescription files to upload').setInputFiles([XML]);
  await expect(upload(page, 'newrx-2017071.xml').first().getByRole('status')).toHaveText('This file was already uploaded');

  // Deleting asks first.
  await row(page, 'typed-prescription.png').getByRole('button', { name: 'Delete typed-prescription.png' }).click();
  await page.getByRole('dialog', { name: 'Delete file' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page).filter({ hasText: 'File deleted successfully' })).toBeVisible();
  await expect(row(page, 'typed-prescription.png')).toHaveCount(0);

  // The prescription waits in the queue, and its card leads back to the file.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-Prescriptions', exact: true }).click();
  const card = page.getByRole('article').filter({ hasText: 'Sofia Ramirez' });
  await expect(card.getByText('Lisinopril')).toBeVisible();
  await card.getByRole('link', { name: /^Source file of RX/ }).click();
  await expect(page).toHaveURL(/\/prescription-files\?prescription=/);
  await expect(row(page, 'newrx-2017071.xml')).toBeVisible();
  await expect(row(page, 'newrx-2017071.xml').getByText('Prescription entered')).toBeVisible();

  // The review names the prescription and leads to its tab of the queue.
  await row(page, 'newrx-2017071.xml').getByRole('button', { name: 'Review' }).click();
  await page.getByRole('dialog', { name: 'Review: newrx-2017071.xml' }).getByRole('link', { name: 'open it in the prescription queue' }).click();
  await expect(page).toHaveURL(/\/prescriptions\?tab=pending$/);
  await expect(page.getByRole('article').filter({ hasText: 'Sofia Ramirez' }).getByText('Lisinopril')).toBeVisible();
});
