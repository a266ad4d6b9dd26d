/**
 * Prescription Labels end to end, as the demo pharmacist: a prescription made ready through the API is
 * found by the search (patient name in any case, or Rx number), selecting it fills and locks the generator,
 * Generate Label opens the label in a popup carrying the Rx number, and the print shows under Recently
 * Printed, where Reprint works too; in custom mode the preview applies the spec's fallbacks at 4 × 2.5 in.
 */
import { expect, test } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { demoStaffClient, DEMO_PASSWORD, enterLisinoprilThroughApi, movePrescriptionAs } from './support/demo-staff-client.ts';
import { signIn } from './support/sign-in.ts';

const PHARMACIST_EMAIL = 'rph@demo.pharmacy';

interface ReadyPrescription {
  id: string;
  rxNumber: number;
  firstName: string;
  lastName: string;
}

/** Enters a prescription, processes it (overriding an alert if the check raised one) and verifies it. */
async function readyPrescription(rph: SupabaseClient): Promise<ReadyPrescription> {
  const patient = await rph.from('patients').select('id, first_name, last_name').order('created_at').limit(1).single();
  const created = await enterLisinoprilThroughApi(rph, patient.data!.id, '2');
  const row = await rph.from('prescriptions').select('ai_flags').eq('id', created.id).single();
  const flagged = (row.data!.ai_flags as { hasInteractions: boolean }).hasInteractions;
  await movePrescriptionAs(rph, created.id, 'processing', flagged ? 'Reviewed with the prescriber' : undefined);
  await movePrescriptionAs(rph, created.id, 'ready');
  return { id: created.id, rxNumber: created.rxNumber, firstName: patient.data!.first_name, lastName: patient.data!.last_name };
}

test('search, select a ready prescription, generate its label in a popup, and find it under Recently Printed', async ({ page }) => {
  const rph = await demoStaffClient(PHARMACIST_EMAIL);
  await signIn(page, PHARMACIST_EMAIL, DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Labels' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prescription Labels' })).toBeVisible();

  // Made ready at another terminal while the page is open: the list follows live.
  const rx = await readyPrescription(rph);
  const item = page.getByRole('listitem', { name: `RX ${rx.rxNumber} for ${rx.firstName} ${rx.lastName}` });
  await expect(item).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search prescriptions' });
  await search.fill(String(rx.rxNumber));
  await expect(page.getByRole('tab', { name: 'Ready for Pickup (1)' })).toBeVisible();
  await expect(item).toBeVisible();
  await search.fill(rx.lastName.toUpperCase());
  await expect(item).toBeVisible();
  await search.fill('no patient is called this');
  await expect(page.getByRole('tab', { name: 'Ready for Pickup (0)' })).toBeVisible();
  await search.fill(rx.firstName.toLowerCase());
  await expect(item).toBeVisible();

  // Selecting fills the generator and locks it.
  const generate = page.getByRole('button', { name: 'Generate Label' });
  await expect(generate).toBeDisabled();
  await item.getByRole('button', { name: 'Select' }).click();
  const patientName = page.getByRole('textbox', { name: 'Patient Name' });
  await expect(patientName).toHaveValue(`${rx.firstName} ${rx.lastName}`);
  await expect(page.getByRole('textbox', { name: 'Prescription ID' })).toHaveValue(String(rx.rxNumber));
  await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('30');
  await expect(patientName).toHaveAttribute('readonly', '');
  await expect(page.getByRole('checkbox', { name: 'Custom entry' })).not.toBeChecked();

  const popupOpened = page.waitForEvent('popup');
  await generate.click();
  const popup = await popupOpened;
  await expect(popup.locator('body')).toContainText(String(rx.rxNumber));
  await expect(page.getByText('Label generated and ready for printing')).toBeVisible();
  await popup.close();

  // The print is in the history: Recently Printed lists it, with a working Reprint.
  await search.fill(String(rx.rxNumber));
  await page.getByRole('tab', { name: /^Recently Printed \(\d+\)$/ }).click();
  await expect(page.getByRole('tab', { name: 'Recently Printed (1)' })).toBeVisible();
  const printed = page.getByRole('listitem', { name: `RX ${rx.rxNumber} for ${rx.firstName} ${rx.lastName}` });
  const reprintOpened = page.waitForEvent('popup');
  await printed.getByRole('button', { name: 'Reprint' }).click();
  await expect((await reprintOpened).locator('body')).toContainText(String(rx.rxNumber));
  const prints = await rph.from('prescription_label_prints').select('id').eq('prescription_id', rx.id).eq('kind', 'label');
  expect(prints.data).toHaveLength(2);
});

test('custom entry previews a 4 × 2.5 in label with the spec\'s fallbacks', async ({ page }) => {
  await signIn(page, PHARMACIST_EMAIL, DEMO_PASSWORD);
  await page.goto('/labels');
  const preview = page.getByRole('button', { name: 'Preview' });
  await expect(preview).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Patient Name' })).toHaveAttribute('readonly', '');

  await page.getByRole('checkbox', { name: 'Custom entry' }).check();
  await page.getByRole('textbox', { name: 'Patient Name' }).fill('Jordan Custom');
  await expect(preview).toBeDisabled();
  await page.getByRole('textbox', { name: 'Medication' }).fill('Amoxicillin 500 mg');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('thirty');
  await page.getByRole('textbox', { name: 'Directions' }).fill('Take 1 capsule three times daily');
  await expect(page.getByRole('button', { name: 'Generate Label' })).toBeDisabled();
  await preview.click();

  const dialog = page.getByRole('dialog', { name: 'Label Preview' });
  const label = dialog.getByTestId('label-preview');
  await expect(label).toContainText('Rx: CUSTOM');
  await expect(label).toContainText('Jordan Custom');
  await expect(label).toContainText('Amoxicillin 500 mg');
  await expect(label).toContainText('Qty: 0');
  await expect(label).toContainText('Days supply: 30');
  await expect(label).toContainText('Refills: 0');
  await expect(label).toContainText('Prescriber: Custom Entry');
  // Layout size, not the on-screen box: the dialog's opening animation scales what boundingBox() sees.
  const [width, height] = await label.evaluate((element: HTMLElement) => [element.offsetWidth, element.offsetHeight]);
  expect(width).toBe(384); // 4 in at 96 CSS px per inch
  expect(height).toBe(240); // 2.5 in
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
