/**
 * Prescription Labels end to end, as the demo pharmacist: a prescription made ready through the API is
 * found by the search (patient name in any case, or Rx number), selecting it fills and locks the generator,
 * Generate Label opens the label in a popup carrying the Rx number, and the print shows under Recently
 * Printed, where Reprint works too; in custom mode the preview applies the spec's fallbacks at 4 × 2.5 in. A refill
 * ready beside its original (one Rx number, two fills) is listed as "Refill 1 of 3"; its preview and label say so.
 */
import { expect, test } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { demoStaffClient, DEMO_PASSWORD, enterLisinoprilThroughApi, movePrescriptionAs } from './support/demo-staff-client.ts';
import { serviceSql } from './support/service-sql.ts';
import { signIn } from './support/sign-in.ts';

const PHARMACIST_EMAIL = 'rph@demo.pharmacy';

interface ReadyPrescription {
  id: string;
  rxNumber: number;
  firstName: string;
  lastName: string;
}

/** Processes a fill (overriding an alert if the check raised one) and verifies it. */
async function makeReady(rph: SupabaseClient, id: string): Promise<void> {
  const row = await rph.from('prescriptions').select('ai_flags').eq('id', id).single();
  const flagged = (row.data!.ai_flags as { hasInteractions: boolean }).hasInteractions;
  await movePrescriptionAs(rph, id, 'processing', flagged ? 'Reviewed with the prescriber' : undefined);
  await movePrescriptionAs(rph, id, 'ready');
}

/** Enters a prescription, processes it (overriding an alert if the check raised one) and verifies it. */
async function readyPrescription(rph: SupabaseClient, refills = '2'): Promise<ReadyPrescription> {
  const patient = await rph.from('patients').select('id, first_name, last_name').order('created_at').limit(1).single();
  const created = await enterLisinoprilThroughApi(rph, patient.data!.id, refills);
  await makeReady(rph, created.id);
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

test('a refill ready beside its original is listed, previewed and printed as "Refill 1 of 3" with 2 refills remaining', async ({ page }) => {
  const rph = await demoStaffClient(PHARMACIST_EMAIL);
  const original = await readyPrescription(rph, '3');
  // Setup: the original was filled 30 days ago (its days supply), so its refill is due.
  await serviceSql(`update public.prescriptions set date_filled = private.pharmacy_local_date(pharmacy_id, now()) - 30 where id = $1`, [original.id]);
  const refilled = await rph.rpc('refill_prescription', { prescription_id: original.id });
  expect(refilled.error).toBeNull();
  const refill = refilled.data as { id: string; rx_number: number; fill_number: number };
  expect(refill).toMatchObject({ rx_number: original.rxNumber, fill_number: 1 });
  await makeReady(rph, refill.id);

  await signIn(page, PHARMACIST_EMAIL, DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Labels' }).click();
  await page.getByRole('searchbox', { name: 'Search prescriptions' }).fill(String(original.rxNumber));
  // One Rx number, two fills ready: both listed, told apart.
  await expect(page.getByRole('tab', { name: 'Ready for Pickup (2)' })).toBeVisible();
  const patient = `${original.firstName} ${original.lastName}`;
  await expect(page.getByRole('listitem', { name: `RX ${original.rxNumber} for ${patient}` })).toBeVisible();
  const item = page.getByRole('listitem', { name: `RX ${original.rxNumber} (Refill 1 of 3) for ${patient}` });
  await expect(item).toContainText('Refill 1 of 3');

  await item.getByRole('button', { name: 'Select' }).click();
  await expect(page.getByTestId('label-generator-mode')).toContainText(`Selected prescription RX ${original.rxNumber} (Refill 1 of 3)`);
  await page.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Label Preview' });
  await expect(dialog.getByTestId('label-preview')).toContainText('Refill 1 of 3');
  await expect(dialog.getByTestId('label-preview')).toContainText('Refills remaining: 2');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Generate Label' }).click();
  const popup = await popupOpened;
  await expect(popup.locator('[data-field="rx-number"]')).toContainText(String(original.rxNumber));
  await expect(popup.locator('[data-field="fill"]')).toHaveText('Refill 1 of 3');
  await expect(popup.locator('[data-field="refills-remaining"]')).toHaveText('Refills remaining: 2');
  await popup.close();
  const prints = await rph.from('prescription_label_prints').select('prescription_id').eq('kind', 'label').in('prescription_id', [original.id, refill.id]);
  expect(prints.data).toEqual([{ prescription_id: refill.id }]);
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
  await expect(label).toContainText('Refills remaining: 0');
  await expect(label).not.toContainText('Refill 1');
  await expect(label).toContainText('Prescriber: Custom Entry');
  // Layout size, not the on-screen box: the dialog's opening animation scales what boundingBox() sees.
  const [width, height] = await label.evaluate((element: HTMLElement) => [element.offsetWidth, element.offsetHeight]);
  expect(width).toBe(384); // 4 in at 96 CSS px per inch
  expect(height).toBe(240); // 2.5 in
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the app is served with a Content-Security-Policy: its own scripts and the Supabase API only, no inline script', async ({ page }) => {
  const apiUrl = process.env.E2E_API_URL!;
  const response = await page.goto('/login');
  const policy = response!.headers()['content-security-policy'] ?? '';
  const directive = (name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
  expect(directive('script-src')).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
  expect(directive('script-src-attr')).toBe("script-src-attr 'none'");
  expect(directive('connect-src').split(' ')).toEqual(expect.arrayContaining([apiUrl, apiUrl.replace(/^http/, 'ws')]));
  expect(directive('object-src')).toBe("object-src 'none'");
  expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
  // The app runs under it, and the browser enforces it: an injected inline script does not run.
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  const injectedRan = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedInlineScriptRan = true;';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return (window as unknown as { __injectedInlineScriptRan?: boolean }).__injectedInlineScriptRan === true;
  });
  expect(injectedRan).toBe(false);
});

test('a label whose HTML carries a script or an onerror attribute in the patient name runs none of it in the app\'s origin', async ({ page }) => {
  const rph = await demoStaffClient(PHARMACIST_EMAIL);
  const rx = await readyPrescription(rph);
  // The server escapes every value; this stands for a template that one day misses one: the payload
  // replaces the escaped patient name in the label the server really generated.
  const payload =
    `<script>localStorage.setItem('label-xss', 'script')</script>` +
    `<img src="data:image/png;base64,AAAA" onerror="localStorage.setItem('label-xss', 'onerror')">XSS-PROBE ${rx.firstName}`;
  await page.route('**/functions/v1/api/labels/generate', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    const html = await response.text();
    expect(html).toContain(`${rx.firstName} ${rx.lastName}`);
    await route.fulfill({ response, body: html.replace(`${rx.firstName} ${rx.lastName}`, payload) });
  });
  await signIn(page, PHARMACIST_EMAIL, DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Labels' }).click();
  const item = page.getByRole('listitem', { name: `RX ${rx.rxNumber} for ${rx.firstName} ${rx.lastName}` });
  await page.getByRole('searchbox', { name: 'Search prescriptions' }).fill(String(rx.rxNumber));
  await item.getByRole('button', { name: 'Select' }).click();

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Generate Label' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState('load');
  // The label shows (markup and styles work) ...
  await expect(popup.locator('[data-field="patient-name"]')).toContainText('XSS-PROBE');
  await expect(popup.locator('[data-field="rx-number"]')).toContainText(String(rx.rxNumber));
  // ... but neither the script nor the handler ran, and the window has no way back to the app.
  expect(await page.evaluate(() => localStorage.getItem('label-xss'))).toBeNull();
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  // Its print CSS is the window's own: the print dialog gets the 4 in × 2.5 in label page.
  await popup.emulateMedia({ media: 'print' });
  expect(await popup.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  await popup.close();
});
