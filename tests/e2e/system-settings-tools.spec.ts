/**
 * System Settings tools end to end (spec part 2 §2; issue 12 "Settings that act"), as the route wires them into
 * the screen, on a pharmacy of its own (onboarded through the api) so the demo pharmacy's logo, email settings and
 * queues stay as other specs expect:
 * - Pharmacy tab: a PNG logo is uploaded and shown; an SVG with a script replaces it, is shown, and what the server
 *   stored (GET /api/system-settings/pharmacy/logo) has no script, and the browser stored its PNG print rendition
 *   (600 px wide, for PDF reports); a too-large and a wrong-type file are refused
 *   with the shared messages and change nothing; Remove Logo removes it.
 * - Email tab: SMTP settings pointing at the stack's mail catcher; Test Email Connection shows what the server
 *   said; Send Test Email arrives in the mail catcher and the screen says so; View Email Queue lists it as sent.
 *   With a server that does not answer, both say so and the queue lists the test email as failed with the reason.
 * - Fax tab: Test Fax Connection with no provider says so, never a success; a provider whose address does not
 *   exist is not reachable, with the reason.
 * - Printing tab: Test Print All Labels opens the print preview with a sheet of each label type marked TEST.
 * - The System Status card shows what GET /api/system-status answers: Operational.
 */
import { inflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { TEST_LABEL_TYPES, TEST_PRINT_MARK } from '../../shared/src/labels/test-print.ts';
import { MESSAGING_MESSAGES, MESSAGING_TOASTS } from '../../shared/src/messaging/email-and-fax.ts';
import { PHARMACY_LOGO_MAX_BYTES, PHARMACY_LOGO_MESSAGES, PHARMACY_LOGOS_BUCKET } from '../../shared/src/settings/pharmacy-logo.ts';
import { pharmacyLogoPrintPath } from '../../shared/src/settings/pharmacy-logo-print.ts';
import { preparePngLogo } from '../../shared/src/reports/png-logo.ts';
import { SETTINGS_SAVED_TOAST } from '../../shared/src/settings/groups.ts';
import { callApi } from '../support/api-call.ts';
import { staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi, type WizardData } from './support/onboarding-data.ts';
import { mailTo } from './support/pharmacy-team.ts';
import { openSystemSettings as openScreen, openSettingsTab as openTab, settingsPanel as panel } from './support/system-settings-screen.ts';

let pharmacy: WizardData;
let admin: SupabaseClient;

// Each test signs in and goes through the whole stack (Storage, SMTP, label generation) on a shared 2-core machine.
test.beforeEach(() => test.setTimeout(120_000));

test.beforeAll(async ({ request }) => {
  pharmacy = await onboardPharmacyThroughApi(request);
  admin = await staffClient(pharmacy.adminEmail, pharmacy.adminPassword);
});

const openSystemSettings = (page: Page) => openScreen(page, pharmacy.adminEmail, pharmacy.adminPassword);

const toastStatus = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const toastAlert = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });


interface StoredLogo {
  contentType: string;
  size: number;
  dataUri: string;
}

/** What the server holds, read apart from the screen. */
async function storedLogo(): Promise<StoredLogo | null> {
  const answer = await callApi<{ logo: StoredLogo | null }>(admin, 'system-settings/pharmacy/logo');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.logo;
}

/** The SVG logo's print rendition as Storage holds it (the admin's own read), or null when there is none. */
async function storedPrintRendition(): Promise<Buffer | null> {
  const { data: staff, error } = await admin.from('staff_profiles').select('pharmacy_id').eq('email', pharmacy.adminEmail).single();
  expect(error).toBeNull();
  const { data } = await admin.storage.from(PHARMACY_LOGOS_BUCKET).download(pharmacyLogoPrintPath(staff!.pharmacy_id!));
  return data ? Buffer.from(await data.arrayBuffer()) : null;
}

function dataUriText(dataUri: string): string {
  const [, base64 = ''] = dataUri.split(',');
  return Buffer.from(base64, 'base64').toString('utf8');
}

/** A real 1 × 1 PNG. */
const PNG_LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A logo that would run script if it were stored and opened as it is. */
const SVG_WITH_SCRIPT = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48" onload="alert('onload')">
  <script>alert('script')</script>
  <rect width="160" height="48" rx="6" fill="#0b6e4f"/>
  <text x="16" y="31" font-size="20" fill="#ffffff">Rx Logo</text>
</svg>`;

/** Chooses a file through the logo field's button, as a person does. */
async function chooseLogo(page: Page, buttonName: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooserOpened = page.waitForEvent('filechooser');
  await page.getByRole('group', { name: 'Pharmacy Logo' }).getByRole('button', { name: buttonName }).click();
  await (await chooserOpened).setFiles(file);
}

/** The logo image as shown, once the browser has decoded it. */
async function expectLogoShown(page: Page, type: RegExp): Promise<void> {
  const image = page.getByRole('group', { name: 'Pharmacy Logo' }).getByRole('img', { name: 'Pharmacy logo' });
  await expect(image).toHaveAttribute('src', type);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

test('the Pharmacy tab logo: PNG uploaded and shown, replaced by an SVG stored without its script, bad files refused, removed', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openSystemSettings(page);
  const field = page.getByRole('group', { name: 'Pharmacy Logo' });
  await expect(field).toContainText('No logo uploaded');
  await expect(field).toContainText(PHARMACY_LOGO_MESSAGES.hint);
  expect(await storedLogo()).toBeNull();

  // PNG: uploaded, shown, stored as sent.
  await chooseLogo(page, 'Upload Logo', { name: 'logo.png', mimeType: 'image/png', buffer: PNG_LOGO });
  await expect(toastStatus(page, 'Success')).toContainText(PHARMACY_LOGO_MESSAGES.uploaded);
  await expectLogoShown(page, /^data:image\/png;base64,/);
  const png = await storedLogo();
  expect(png).toMatchObject({ contentType: 'image/png', size: PNG_LOGO.length });
  expect(Buffer.from(png!.dataUri.split(',')[1]!, 'base64').equals(PNG_LOGO)).toBe(true);

  // SVG with a script and an event handler: replaces it, is shown, and is stored without either.
  await chooseLogo(page, 'Replace Logo', { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(SVG_WITH_SCRIPT) });
  await expectLogoShown(page, /^data:image\/svg\+xml;base64,/);
  const svg = await storedLogo();
  expect(svg?.contentType).toBe('image/svg+xml');
  const storedSvg = dataUriText(svg!.dataUri);
  expect(storedSvg).not.toMatch(/<script/i);
  expect(storedSvg).not.toMatch(/onload|alert/i);
  // The drawing itself is kept.
  expect(storedSvg).toContain('<rect');
  expect(storedSvg).toContain('Rx Logo');
  // What the screen shows is what the server stored.
  await expect(field.getByRole('img', { name: 'Pharmacy logo' })).toHaveAttribute('src', svg!.dataUri);
  // Its print rendition for PDF reports, drawn by the browser: a PNG of 600 × 180 (160 × 48, longest side 600).
  const rendition = await storedPrintRendition();
  expect(rendition?.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([rendition!.readUInt32BE(16), rendition!.readUInt32BE(20)]).toEqual([600, 180]);
  // Drawn, on a transparent background: the rounded corner is clear, the middle opaque (the PDF's soft mask).
  const alpha = inflateSync((await preparePngLogo(new Uint8Array(rendition!)))!.alpha.data);
  expect([alpha[0], alpha[90 * 600 + 300]]).toEqual([0, 255]);

  // Too large and wrong type: refused with the shared messages; the stored logo stays.
  const tooLarge = Buffer.alloc(PHARMACY_LOGO_MAX_BYTES + 1);
  PNG_LOGO.copy(tooLarge, 0, 0, 8);
  await chooseLogo(page, 'Replace Logo', { name: 'huge.png', mimeType: 'image/png', buffer: tooLarge });
  await expect(field.getByRole('alert')).toHaveText(PHARMACY_LOGO_MESSAGES.tooLarge);
  await chooseLogo(page, 'Replace Logo', { name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;') });
  await expect(field.getByRole('alert')).toHaveText(PHARMACY_LOGO_MESSAGES.wrongType);
  await expect(page.getByLabel('Pharmacy logo file')).toHaveAccessibleDescription(`${PHARMACY_LOGO_MESSAGES.hint} ${PHARMACY_LOGO_MESSAGES.wrongType}`);
  expect(await storedLogo()).toEqual(svg);
  await expectLogoShown(page, /^data:image\/svg\+xml;base64,/);

  // The server refuses the same files on its own (the browser's check only spares the upload).
  const refusedType = await callApi<{ error: string; errors?: string[] }>(admin, 'system-settings/pharmacy/logo', {
    body: { contentType: 'image/gif', dataBase64: Buffer.from('GIF89a').toString('base64') },
  });
  expect(refusedType.status).toBe(400);
  expect(JSON.stringify(refusedType.body)).toContain(PHARMACY_LOGO_MESSAGES.wrongType);
  const refusedSize = await callApi(admin, 'system-settings/pharmacy/logo', { body: { contentType: 'image/png', dataBase64: tooLarge.toString('base64') } });
  expect(refusedSize.status).toBe(400);
  expect(JSON.stringify(refusedSize.body)).toContain(PHARMACY_LOGO_MESSAGES.tooLarge);
  expect(await storedLogo()).toEqual(svg);

  // Remove.
  await field.getByRole('button', { name: 'Remove Logo' }).click();
  await expect(toastStatus(page, 'Success').filter({ hasText: PHARMACY_LOGO_MESSAGES.removed })).toBeVisible();
  await expect(field).toContainText('No logo uploaded');
  await expect(field.getByRole('img', { name: 'Pharmacy logo' })).toHaveCount(0);
  await expect(field.getByRole('button', { name: 'Remove Logo' })).toHaveCount(0);
  expect(await storedLogo()).toBeNull();
  expect(await storedPrintRendition()).toBeNull();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Pharmacy Logo' })).toContainText('No logo uploaded');
  // Nothing the SVG carried ever ran in the app.
  expect(dialogs).toEqual([]);
});

test('the Email tab: SMTP at the mail catcher, the connection test shows the reply, a test email arrives and is listed as sent', async ({ page }) => {
  const smtpPort = process.env.E2E_SMTP_PORT;
  if (!smtpPort) throw new Error('E2E_SMTP_PORT is set by tests/e2e/global-setup.ts');
  await openSystemSettings(page);
  await openTab(page, 'Email');
  const email = panel(page);

  // Before any SMTP server is saved, the connection test says so (no fake success).
  await email.getByRole('button', { name: 'Test Email Connection' }).click();
  const result = page.getByRole('dialog', { name: 'Email Connection Test' });
  await expect(result.getByRole('status')).toHaveText(`Connection failed: ${MESSAGING_MESSAGES.smtpNotConfigured}`);
  await result.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(result).toHaveCount(0);

  await email.getByRole('textbox', { name: 'SMTP Host' }).fill('127.0.0.1');
  await email.getByRole('spinbutton', { name: 'SMTP Port' }).fill(smtpPort);
  await email.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(toastStatus(page, SETTINGS_SAVED_TOAST.title)).toContainText(SETTINGS_SAVED_TOAST.description);
  const saved = await callApi<{ smtpHost: string; smtpPort: number }>(admin, 'system-settings/email');
  expect(saved.body).toMatchObject({ smtpHost: '127.0.0.1', smtpPort: Number(smtpPort) });

  // Test Email Connection: the server's own lines.
  await email.getByRole('button', { name: 'Test Email Connection' }).click();
  await expect(result.getByRole('status')).toHaveText(`Connected to 127.0.0.1:${smtpPort}`);
  await expect(toastStatus(page, MESSAGING_TOASTS.connectionSucceeded)).toContainText(`127.0.0.1:${smtpPort} answered`);
  // The conversation as it went: the server's greeting (220) and its answer to EHLO (250), line by line.
  const transcript = result.getByRole('region', { name: 'What the server said' }).locator('pre');
  await expect(transcript).toContainText(/^S: 220 /m);
  await expect(transcript).toContainText(/^C: EHLO /m);
  await expect(transcript).toContainText(/^S: 250 /m);
  await result.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(result).toHaveCount(0);

  // Send Test Email: a recipient is required and must be an address.
  const recipient = `test-email-${Date.now()}@e2e.test`;
  await email.getByRole('button', { name: 'Send Test Email' }).click();
  const send = page.getByRole('dialog', { name: 'Send Test Email' });
  const to = send.getByRole('textbox', { name: 'Recipient' });
  await expect(to).toBeFocused();
  await to.fill('not-an-address');
  await send.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toHaveAccessibleDescription(MESSAGING_MESSAGES.testRecipient);
  await to.fill(recipient);
  await send.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(toastStatus(page, MESSAGING_TOASTS.testEmailSent)).toContainText(`Sent to ${recipient}`);
  await expect(send).toHaveCount(0);

  // It arrived in the mail catcher, to that address, from the pharmacy.
  const subject = `Test email from ${pharmacy.pharmacyName}`;
  await expect.poll(async () => (await mailTo(recipient)).map((message) => message.Subject)).toEqual([subject]);
  const [arrived] = await mailTo(recipient);
  expect(arrived!.To.map((address) => address.Address)).toEqual([recipient]);
  expect(arrived!.Text).toContain(`This is a test email from the System Settings of ${pharmacy.pharmacyName}.`);

  // View Email Queue: listed as sent.
  await email.getByRole('button', { name: 'View Email Queue' }).click();
  const queue = page.getByRole('dialog', { name: 'Email Queue' });
  const row = queue.getByRole('row').filter({ hasText: recipient });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toContainText([subject, 'Test email', 'Sent', '1']);
  await expect(queue).toContainText('Showing 1–1 of 1');
  // Filtered by a status it does not have, it is not listed.
  await queue.getByRole('combobox', { name: 'Status' }).selectOption('failed');
  await expect(queue).toContainText('No email messages with status Failed');
  await queue.getByRole('combobox', { name: 'Status' }).selectOption('sent');
  await expect(row).toHaveCount(1);
  await queue.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(queue).toHaveCount(0);

  // A server that does not answer: the connection test and the test email say so, and the failure is queued.
  await email.getByRole('spinbutton', { name: 'SMTP Port' }).fill('1');
  await email.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(toastStatus(page, SETTINGS_SAVED_TOAST.title)).toBeVisible();
  await email.getByRole('button', { name: 'Test Email Connection' }).click();
  await expect(result.getByRole('status')).toHaveText(/^Connection failed: Could not connect to 127\.0\.0\.1:1: /);
  await expect(toastAlert(page, MESSAGING_TOASTS.connectionFailed)).toBeVisible();
  await result.getByRole('button', { name: 'Close', exact: true }).click();

  const unreachable = `unreachable-${Date.now()}@e2e.test`;
  await email.getByRole('button', { name: 'Send Test Email' }).click();
  await to.fill(unreachable);
  await send.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(toastAlert(page, MESSAGING_TOASTS.testEmailFailed)).toContainText('The test email could not be sent: Could not connect to 127.0.0.1:1');
  // The dialog stays, with the address, to try again.
  await expect(to).toHaveValue(unreachable);
  await send.getByRole('button', { name: 'Cancel' }).click();
  await expect(send).toHaveCount(0);
  expect(await mailTo(unreachable)).toEqual([]);

  await email.getByRole('button', { name: 'View Email Queue' }).click();
  await queue.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All statuses' });
  const failedRow = queue.getByRole('row').filter({ hasText: unreachable });
  await expect(failedRow.getByRole('cell')).toContainText([subject, 'Test email', 'Failed', '1', 'Could not connect to 127.0.0.1:1']);
  await expect(queue).toContainText('Showing 1–2 of 2');
  await queue.getByRole('combobox', { name: 'Status' }).selectOption('failed');
  await expect(queue.getByRole('row').filter({ hasText: '@e2e.test' })).toHaveCount(1);
  await expect(failedRow).toHaveCount(1);
});

test('the Fax tab: Test Fax Connection says not configured with no provider and not reachable with an unknown one, never a success', async ({ page }) => {
  await openSystemSettings(page);
  await openTab(page, 'Fax');
  const fax = panel(page);
  await fax.getByRole('button', { name: 'Test Fax Connection' }).click();
  await expect(fax.getByRole('status')).toHaveText(MESSAGING_MESSAGES.faxNotConfigured);
  await expect(toastAlert(page, MESSAGING_TOASTS.connectionFailed)).toContainText(MESSAGING_MESSAGES.faxNotConfigured);
  await expect(toastStatus(page, MESSAGING_TOASTS.connectionSucceeded)).toHaveCount(0);

  // The queue is real, and empty: nothing was faxed.
  await fax.getByRole('button', { name: 'View Fax Queue' }).click();
  const queue = page.getByRole('dialog', { name: 'Fax Queue' });
  await expect(queue).toContainText('No fax messages');
  await queue.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(queue).toHaveCount(0);

  // A provider whose address does not exist (.invalid never resolves): not reachable, with the reason.
  const url = fax.getByRole('textbox', { name: 'Provider API URL' });
  await url.fill('https://fax-provider.invalid/api');
  await fax.getByRole('button', { name: 'Save Fax Settings' }).click();
  await expect(toastStatus(page, SETTINGS_SAVED_TOAST.title)).toBeVisible();
  await fax.getByRole('button', { name: 'Test Fax Connection' }).click();
  await expect(fax.getByRole('status')).toHaveText(/^The fax provider's API is not reachable: .+/);
  await expect(toastAlert(page, MESSAGING_TOASTS.connectionFailed).filter({ hasText: 'not reachable' })).toBeVisible();
  await expect(toastStatus(page, MESSAGING_TOASTS.connectionSucceeded)).toHaveCount(0);
});

test('the Printing tab: Test Print All Labels opens the print preview with a sheet of each label type marked TEST', async ({ page }) => {
  await openSystemSettings(page);
  await openTab(page, 'Printing');
  const previewOpened = page.waitForEvent('popup');
  await panel(page).getByRole('button', { name: 'Test Print All Labels' }).click();
  const preview = await previewOpened;
  await preview.waitForLoadState('load');
  await expect(toastStatus(page, 'Test Print')).toContainText('Test labels are ready for printing');

  const sheets = preview.locator('[data-label-type]');
  await expect.poll(async () => [...new Set(await sheets.evaluateAll((found) => found.map((sheet) => sheet.getAttribute('data-label-type'))))]).toEqual([
    ...TEST_LABEL_TYPES,
  ]);
  for (const type of TEST_LABEL_TYPES) {
    const labels = preview.locator(`[data-label-type="${type}"] .label`);
    await expect(labels.first()).toBeVisible();
    const count = await labels.count();
    // Every label of every type is marked.
    await expect(preview.locator(`[data-label-type="${type}"] .label [data-field="test-mark"]`)).toHaveCount(count);
    await expect(preview.locator(`[data-label-type="${type}"] [data-field="test-mark"]`).first()).toHaveText(TEST_PRINT_MARK);
  }
  // The pharmacy's own name is printed, never a patient's.
  await expect(preview.locator('body')).toContainText(pharmacy.pharmacyName);
  // The preview cannot reach back into the app.
  expect(await preview.evaluate(() => window.opener)).toBeNull();
  // The logo is not printed by default.
  await expect(preview.locator('[data-field="logo"]')).toHaveCount(0);
  await preview.close();

  // With a logo stored and "Print pharmacy logo on Rx labels" saved, the Regular Rx test labels carry it.
  const uploaded = await callApi<{ logo: StoredLogo }>(admin, 'system-settings/pharmacy/logo', { body: { contentType: 'image/png', dataBase64: PNG_LOGO.toString('base64') } });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  await panel(page).getByRole('checkbox', { name: 'Print pharmacy logo on Rx labels' }).check();
  // The test prints what is saved, and says so while a change is not.
  await expect(panel(page)).toContainText('Test print uses the saved settings. Save to test your changes.');
  await panel(page).getByRole('button', { name: 'Save Printer Settings' }).click();
  await expect(toastStatus(page, SETTINGS_SAVED_TOAST.title)).toBeVisible();
  await expect(panel(page)).not.toContainText('Test print uses the saved settings.');
  const withLogoOpened = page.waitForEvent('popup');
  await panel(page).getByRole('button', { name: 'Test Print All Labels' }).click();
  const withLogo = await withLogoOpened;
  await withLogo.waitForLoadState('load');
  const regularLabels = withLogo.locator('[data-label-type="regular-rx"] .label');
  await expect(regularLabels.first()).toBeVisible();
  await expect(withLogo.locator('[data-label-type="regular-rx"] [data-field="logo"]')).toHaveCount(await regularLabels.count());
  await expect(withLogo.locator('[data-label-type="regular-rx"] [data-field="logo"]').first()).toHaveAttribute('src', uploaded.body.logo.dataUri);
  await expect(withLogo.locator('[data-label-type]:not([data-label-type="regular-rx"]) [data-field="logo"]')).toHaveCount(0);
  await withLogo.close();
});

test('the System Status card shows Operational, as GET /api/system-status answers', async ({ page }) => {
  const status = await callApi<{ status: string; checks: Record<string, { status: string }> }>(admin, 'system-status');
  expect(status.status).toBe(200);
  expect(status.body.status).toBe('operational');
  await openSystemSettings(page);
  const card = page.getByRole('region', { name: 'System Status', exact: true });
  await expect(card.getByTestId('card-value')).toHaveText('Operational');
  await expect(card).toContainText(/Database \d+ ms · API · Storage answering/);
});
