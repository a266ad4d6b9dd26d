/**
 * System Settings end to end (spec part 2 §2 System Settings, §3 groups, §5 bounds, §7, §8 toasts; issue 12), on
 * a pharmacy of its own (onboarded through the api) so the demo pharmacy's settings stay as other specs expect:
 * an admin edits and saves two groups (Reports, Printing), reloads and sees them (and GET agrees); Refills; Billing's
 * dispensing fee typed in dollars and kept in cents ($10.75 after a reload); a bound is
 * refused with its message at the field, the reason by the save button and §8's failure toast word for word,
 * nothing saved; a refusal of the database (another pharmacy's DEA number) shows the same Update Failed toast and
 * the reason by the save button; leaving a tab, or the screen, with unsaved changes
 * asks first; the tabs work from the keyboard; the summary cards follow the saved groups; a stored DEA number whose
 * check digit does not match opens on both tabs, marked at its field, and saves once corrected.
 */
import { expect, test, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SETTINGS_SAVE_FAILED_TOAST, SETTINGS_SAVED_TOAST } from '../../shared/src/settings/groups.ts';
import { callApi } from '../support/api-call.ts';
import { staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi, type WizardData } from './support/onboarding-data.ts';
import { openSystemSettings as openScreen, openSettingsTab as openTab, settingsPanel as panel, settingsTabs as tabs } from './support/system-settings-screen.ts';

let pharmacy: WizardData;
let admin: SupabaseClient;

// Each test signs in, saves and reloads through the whole stack on a shared 2-core machine.
test.beforeEach(() => test.setTimeout(120_000));

test.beforeAll(async ({ request }) => {
  pharmacy = await onboardPharmacyThroughApi(request);
  admin = await staffClient(pharmacy.adminEmail, pharmacy.adminPassword);
});

const openSystemSettings = (page: Page) => openScreen(page, pharmacy.adminEmail, pharmacy.adminPassword);

const cardValue = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true }).getByTestId('card-value');
const savedToast = (page: Page) => page.getByRole('status').filter({ hasText: SETTINGS_SAVED_TOAST.title });
const failedToast = (page: Page) => page.getByRole('alert').filter({ hasText: SETTINGS_SAVE_FAILED_TOAST.title });
/** Why the last save failed, said in the form by its save button. */
const saveProblem = (page: Page) => panel(page).getByRole('form').getByTestId('save-problem');

/** §8's failure toast, word for word: the reason is not in it (it is in the form). */
async function expectExactFailedToast(page: Page, reason: string): Promise<void> {
  await expect(failedToast(page)).toContainText(SETTINGS_SAVE_FAILED_TOAST.description);
  await expect(failedToast(page)).not.toContainText(reason);
}


async function getGroup<T = Record<string, unknown>>(key: string): Promise<T> {
  const answer = await callApi<T>(admin, `system-settings/${key}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

test('eleven tabs, Pharmacy first, showing the pharmacy onboarding created; the cards read the saved groups', async ({ page }) => {
  await openSystemSettings(page);
  await expect(tabs(page).getByRole('tab')).toHaveText(['Pharmacy', 'Transmission', 'Reports', 'P&L', 'Printing', 'Controlled', 'Refills', 'Billing', 'Labels', 'Fax', 'Email']);
  await expect(tabs(page).getByRole('tab', { name: 'Pharmacy' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByRole('textbox', { name: 'Pharmacy Name' })).toHaveValue(pharmacy.pharmacyName);
  await expect(panel(page).getByRole('textbox', { name: 'DEA Number' })).toHaveValue(pharmacy.deaNumber);

  // Onboarding gave every required field (the pharmacist in charge included): Configured.
  await expect(cardValue(page, 'Pharmacy Info')).toHaveText('Configured');
  await expect(cardValue(page, 'E-Prescriptions')).toHaveText('Disabled');
  // The controlled group has the pharmacy's DEA number but no expiration date yet.
  await expect(cardValue(page, 'DEA Compliance')).toHaveText('Not compliant');
  await expect(page.getByRole('region', { name: 'System Status', exact: true })).toContainText('Operational');

  // Turning Surescripts on and giving the registration's expiry a year ahead changes the cards.
  await openTab(page, 'Transmission');
  await panel(page).getByRole('checkbox', { name: 'Enable Surescripts' }).check();
  await panel(page).getByRole('button', { name: 'Save Transmission Settings' }).click();
  await expect(savedToast(page)).toContainText(SETTINGS_SAVED_TOAST.description);
  await expect(cardValue(page, 'E-Prescriptions')).toHaveText('Enabled');

  await openTab(page, 'Controlled');
  const nextYear = new Date(Date.now() + 366 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await panel(page).getByLabel('DEA Expiration Date').fill(nextYear);
  await panel(page).getByRole('button', { name: 'Save Controlled Substance Settings' }).click();
  await expect(savedToast(page)).toBeVisible();
  await expect(cardValue(page, 'DEA Compliance')).toHaveText('Compliant');
  expect(await getGroup<{ deaExpirationDate: string; deaNumber: string }>('controlled')).toMatchObject({ deaExpirationDate: nextYear, deaNumber: pharmacy.deaNumber });
});

test('Refills: the defaults the database applies, a bound refused with its sentence, a save kept after a reload', async ({ page }) => {
  await openSystemSettings(page);
  await openTab(page, 'Refills');
  const refills = panel(page);
  const tooSoon = refills.getByRole('spinbutton', { name: 'Refill too soon at (% of days supply)' });
  const expiry = refills.getByRole('spinbutton', { name: 'Non-controlled prescriptions expire after (months)' });
  await expect(tooSoon).toHaveValue('75');
  await expect(expiry).toHaveValue('12');
  await expect(refills).toContainText("A refill asked for earlier needs a pharmacist's reason.");
  await expect(refills).toContainText('Controlled substances (Schedule III–V) always expire 6 months after the date written.');

  await expiry.fill('30');
  await refills.getByRole('button', { name: 'Save Refill Settings' }).click();
  await expect(refills).toContainText('Prescription expiry must be a whole number of months from 1 to 24');
  expect(await getGroup('refills')).toEqual({ refillTooSoonPercent: 75, nonControlledExpiryMonths: 12 });

  await tooSoon.fill('80');
  await expiry.fill('6');
  await refills.getByRole('button', { name: 'Save Refill Settings' }).click();
  await expect(savedToast(page)).toContainText(SETTINGS_SAVED_TOAST.description);
  expect(await getGroup('refills')).toEqual({ refillTooSoonPercent: 80, nonControlledExpiryMonths: 6 });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  await openTab(page, 'Refills');
  await expect(panel(page).getByRole('spinbutton', { name: 'Refill too soon at (% of days supply)' })).toHaveValue('80');
  await expect(panel(page).getByRole('spinbutton', { name: 'Non-controlled prescriptions expire after (months)' })).toHaveValue('6');
});

test('Billing: the fee shown and typed in dollars, text that is no amount refused, $10.75 kept after a reload', async ({ page }) => {
  await openSystemSettings(page);
  await openTab(page, 'Billing');
  const billing = panel(page);
  const fee = billing.getByRole('spinbutton', { name: 'Dispensing fee' });
  const coverage = billing.getByRole('spinbutton', { name: 'Default insurance coverage (%)' });
  const returnDays = billing.getByRole('spinbutton', { name: 'Return unclaimed fills to stock after (days)' });
  // Never saved: the defaults the claims apply, the fee as dollars and cents.
  await expect(fee).toHaveValue('12.50');
  await expect(fee).toHaveAttribute('step', '0.01');
  await expect(coverage).toHaveValue('80');
  await expect(returnDays).toHaveValue('14');
  await expect(fee).toHaveAccessibleDescription("$0.00–$1,000.00. Billed with every fill's insurance claim and used by the price calculator.");
  await expect(billing).toContainText('The share of a fill\'s price the calculator expects insurance to pay until a claim is paid.');
  await expect(billing).toContainText('A paid fill not picked up after this many days has its claim reversed and goes back to stock (checked daily).');

  // A fraction of a cent is no amount: refused at the field, nothing saved.
  await fee.fill('10.755');
  await billing.getByRole('button', { name: 'Save Billing Settings' }).click();
  await expect(fee).toHaveAccessibleDescription('Dispensing fee must be an amount in dollars and cents from $0.00 to $1,000.00');
  await expect(failedToast(page)).toBeVisible();
  expect(await getGroup('billing')).toEqual({ dispensingFeeCents: 1250, defaultCoveragePercent: 80, returnToStockDays: 14 });

  await fee.fill('10.75');
  await billing.getByRole('button', { name: 'Save Billing Settings' }).click();
  await expect(savedToast(page)).toContainText(SETTINGS_SAVED_TOAST.description);
  expect(await getGroup('billing')).toEqual({ dispensingFeeCents: 1075, defaultCoveragePercent: 80, returnToStockDays: 14 });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  await openTab(page, 'Billing');
  await expect(panel(page).getByRole('spinbutton', { name: 'Dispensing fee' })).toHaveValue('10.75');
  await expect(panel(page).getByRole('spinbutton', { name: 'Default insurance coverage (%)' })).toHaveValue('80');
});

test('an admin edits and saves Reports and Printing, reloads, and sees them', async ({ page }) => {
  await openSystemSettings(page);

  await openTab(page, 'Reports');
  const reports = panel(page);
  // A group never saved shows the §9 defaults.
  await expect(reports.getByRole('combobox', { name: 'Default Report Format' })).toHaveValue('pdf');
  await reports.getByRole('combobox', { name: 'Default Report Format' }).selectOption('excel');
  await reports.getByRole('combobox', { name: 'Monthly Report Day' }).selectOption('28');
  await reports.getByRole('checkbox', { name: 'Daily reports' }).check();
  await reports.getByRole('textbox', { name: 'General Disclaimer' }).fill('For the pharmacy team only.');
  await reports.getByRole('button', { name: 'Save Report Settings' }).click();
  await expect(savedToast(page)).toContainText(SETTINGS_SAVED_TOAST.description);

  await openTab(page, 'Printing');
  const printing = panel(page);
  await expect(printing.getByRole('combobox', { name: 'Regular Rx Label Size' })).toHaveValue('4x2.5');
  await printing.getByRole('button', { name: 'Add Printer' }).click();
  await printing.getByRole('textbox', { name: 'Printer 1 Name' }).fill('Counter Zebra');
  await printing.getByRole('textbox', { name: 'Printer 1 Location' }).fill('Front counter');
  await printing.getByRole('textbox', { name: 'Printer 1 IP Address' }).fill('10.0.0.25');
  await printing.getByRole('combobox', { name: 'Regular Rx Label Printer' }).selectOption({ label: 'Counter Zebra' });
  await printing.getByRole('combobox', { name: 'Regular Rx Label Size' }).selectOption('4x6');
  await printing.getByRole('spinbutton', { name: 'Regular Rx Labels per Page' }).fill('4');
  await printing.getByRole('checkbox', { name: 'Print barcode on Rx labels' }).uncheck();
  await printing.getByRole('button', { name: 'Save Printer Settings' }).click();
  await expect(savedToast(page)).toContainText(SETTINGS_SAVED_TOAST.description);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  await openTab(page, 'Reports');
  await expect(panel(page).getByRole('combobox', { name: 'Default Report Format' })).toHaveValue('excel');
  await expect(panel(page).getByRole('combobox', { name: 'Monthly Report Day' })).toHaveValue('28');
  await expect(panel(page).getByRole('checkbox', { name: 'Daily reports' })).toBeChecked();
  await expect(panel(page).getByRole('textbox', { name: 'General Disclaimer' })).toHaveValue('For the pharmacy team only.');

  await openTab(page, 'Printing');
  await expect(panel(page).getByRole('textbox', { name: 'Printer 1 Name' })).toHaveValue('Counter Zebra');
  await expect(panel(page).getByRole('combobox', { name: 'Regular Rx Label Printer' })).toHaveValue('printer-1');
  await expect(panel(page).getByRole('combobox', { name: 'Regular Rx Label Size' })).toHaveValue('4x6');
  await expect(panel(page).getByRole('spinbutton', { name: 'Regular Rx Labels per Page' })).toHaveValue('4');
  await expect(panel(page).getByRole('checkbox', { name: 'Print barcode on Rx labels' })).not.toBeChecked();

  // What the server holds, read apart from the screen.
  expect(await getGroup('reports')).toMatchObject({ defaultReportFormat: 'excel', monthlyReportDay: 28, dailyReportsEnabled: true, generalDisclaimer: 'For the pharmacy team only.' });
  expect(await getGroup('printing')).toMatchObject({
    regularRxLabelPrinter: 'printer-1',
    regularRxLabelSize: '4x6',
    regularRxLabelsPerPage: 4,
    regularRxPrintBarcode: false,
    availablePrinters: [expect.objectContaining({ id: 'printer-1', name: 'Counter Zebra', location: 'Front counter', ipAddress: '10.0.0.25' })],
  });
});

test('a bound is refused at its field with its message, the reason by the save button, §8 failure toast exactly, and nothing is saved', async ({ page }) => {
  await openSystemSettings(page);
  const before = await getGroup<{ robotLabelsPerPage: number }>('printing');
  await openTab(page, 'Printing');
  const robot = panel(page).getByRole('spinbutton', { name: 'Robot Labels per Page' });
  await expect(robot).toHaveAttribute('min', '1');
  await expect(robot).toHaveAttribute('max', '12');
  await robot.fill('13');
  await panel(page).getByRole('button', { name: 'Save Printer Settings' }).click();

  const message = 'Robot labels per page must be between 1 and 12';
  await expect(robot).toHaveAttribute('aria-invalid', 'true');
  await expect(robot).toHaveAccessibleDescription(message);
  await expect(saveProblem(page)).toHaveAttribute('role', 'alert');
  await expect(saveProblem(page)).toContainText(message);
  await expectExactFailedToast(page, message);
  await expect(savedToast(page)).toHaveCount(0);
  expect((await getGroup<{ robotLabelsPerPage: number }>('printing')).robotLabelsPerPage).toBe(before.robotLabelsPerPage);

  // Corrected, it saves, and the reason is gone.
  await robot.fill('12');
  await panel(page).getByRole('button', { name: 'Save Printer Settings' }).click();
  await expect(savedToast(page)).toBeVisible();
  await expect(saveProblem(page)).toHaveCount(0);
  expect((await getGroup<{ robotLabelsPerPage: number }>('printing')).robotLabelsPerPage).toBe(12);
});

test("the server's refusal (another pharmacy's DEA number) is §8's Update Failed toast exactly, the reason by the save button, and nothing changes", async ({ page }) => {
  await openSystemSettings(page);
  const dea = panel(page).getByRole('textbox', { name: 'DEA Number' });
  // The demo pharmacy's registration: well formed, so only the database can refuse it.
  await dea.fill('BD4726189');
  await panel(page).getByRole('button', { name: 'Save Pharmacy Settings' }).click();
  // The database's reason (409) in the form, not in the toast.
  const reason = 'A pharmacy with this DEA number already exists';
  await expect(saveProblem(page)).toContainText(reason);
  await expectExactFailedToast(page, reason);
  await expect(savedToast(page)).toHaveCount(0);
  expect((await getGroup<{ deaNumber: string }>('pharmacy')).deaNumber).toBe(pharmacy.deaNumber);
});

test('a stored DEA number whose check digit does not match: both tabs open and mark it, a save asks for a correct one', async ({ page, request }) => {
  // A pharmacy of its own, whose admin wrote a mistyped registration to the pharmacy record directly (row-level
  // security lets admins update their pharmacy; onboarding once took such numbers, checking the format only).
  const other = await onboardPharmacyThroughApi(request);
  const otherAdmin = await staffClient(other.adminEmail, other.adminPassword);
  const mistyped = `${other.deaNumber.slice(0, 8)}${(Number(other.deaNumber[8]) + 1) % 10}`;
  const updated = await otherAdmin.from('pharmacies').update({ dea_number: mistyped }).eq('dea_number', other.deaNumber).select('id');
  expect(updated.error).toBeNull();
  expect(updated.data).toHaveLength(1);
  const message = 'DEA number check digit does not match';

  await openScreen(page, other.adminEmail, other.adminPassword);
  // The Pharmacy tab shows the number as stored, marked with its problem as soon as it opens.
  const pharmacyDea = panel(page).getByRole('textbox', { name: 'DEA Number' });
  await expect(pharmacyDea).toHaveValue(mistyped);
  await expect(pharmacyDea).toHaveAttribute('aria-invalid', 'true');
  await expect(pharmacyDea).toHaveAccessibleDescription(message);

  await openTab(page, 'Controlled');
  const dea = panel(page).getByRole('textbox', { name: 'DEA Registration Number' });
  await expect(dea).toHaveValue(mistyped);
  await expect(dea).toHaveAttribute('aria-invalid', 'true');
  await expect(dea).toHaveAccessibleDescription(message);
  // The rest of the group opened as stored (the §9 defaults).
  await expect(panel(page).getByRole('checkbox', { name: 'Schedule II', exact: true })).toBeChecked();

  // Saving as it is asks for a correct number; nothing is sent.
  await panel(page).getByRole('button', { name: 'Save Controlled Substance Settings' }).click();
  await expect(saveProblem(page)).toContainText(message);
  await expectExactFailedToast(page, message);
  const stored = await callApi<{ deaNumber: string }>(otherAdmin, 'system-settings/controlled');
  expect(stored).toMatchObject({ status: 200, body: { deaNumber: mistyped } });

  // Corrected, the mark goes as it is typed, and the save goes through.
  await dea.fill(other.deaNumber);
  await expect(dea).not.toHaveAttribute('aria-invalid', 'true');
  await panel(page).getByRole('button', { name: 'Save Controlled Substance Settings' }).click();
  await expect(savedToast(page)).toBeVisible();
  expect((await callApi<{ deaNumber: string }>(otherAdmin, 'system-settings/pharmacy')).body.deaNumber).toBe(other.deaNumber);
});

test('leaving a tab or the screen with unsaved changes asks first: stay keeps them, discard drops them', async ({ page }) => {
  await openSystemSettings(page);
  await openTab(page, 'Email');
  const port = panel(page).getByRole('spinbutton', { name: 'SMTP Port' });
  await expect(port).toHaveValue('587');
  await port.fill('2525');

  // Another tab: the question; Stay keeps the edit on the Email tab.
  await tabs(page).getByRole('tab', { name: 'Fax', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(question).toContainText('The Email settings have changes that are not saved.');
  await expect(question.getByRole('button', { name: 'Stay' })).toBeFocused();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toHaveCount(0);
  await expect(tabs(page).getByRole('tab', { name: 'Email', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(port).toHaveValue('2525');

  // Another screen: the same question; Stay keeps the screen.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/system-settings$/);
  await expect(port).toHaveValue('2525');

  // Closing or reloading the page: the browser's own question.
  const dialogs: string[] = [];
  page.once('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  await page.evaluate(() => {
    // A reload triggered by the page counts as a user leaving it only after an interaction, which the edits were.
    window.location.reload();
  });
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(port).toHaveValue('2525');

  // Discard: the tab changes, and the edit is gone (nothing was saved).
  await tabs(page).getByRole('tab', { name: 'Fax', exact: true }).click();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(tabs(page).getByRole('tab', { name: 'Fax', exact: true })).toHaveAttribute('aria-selected', 'true');
  await openTab(page, 'Email');
  await expect(panel(page).getByRole('spinbutton', { name: 'SMTP Port' })).toHaveValue('587');
  expect((await getGroup<{ smtpPort: number }>('email')).smtpPort).toBe(587);

  // Nothing changed: no question.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the tabs work from the keyboard: arrows, Home and End move and select, Tab enters the panel', async ({ page }) => {
  await openSystemSettings(page);
  const pharmacyTab = tabs(page).getByRole('tab', { name: 'Pharmacy', exact: true });
  await pharmacyTab.focus();
  await page.keyboard.press('ArrowRight');
  const transmission = tabs(page).getByRole('tab', { name: 'Transmission', exact: true });
  await expect(transmission).toBeFocused();
  await expect(transmission).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByRole('form', { name: 'Transmission settings' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(tabs(page).getByRole('tab', { name: 'Email', exact: true })).toBeFocused();
  await expect(tabs(page).getByRole('tab', { name: 'Email', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(pharmacyTab).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs(page).getByRole('tab', { name: 'Email', exact: true })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(pharmacyTab).toHaveAttribute('aria-selected', 'true');

  // With unsaved changes an arrow asks first; Stay gives focus back to the tab still shown.
  const name = panel(page).getByRole('textbox', { name: 'Pharmacy Name' });
  await name.fill(`${pharmacy.pharmacyName} edited`);
  await pharmacyTab.focus();
  await page.keyboard.press('ArrowRight');
  const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(question.getByRole('button', { name: 'Stay' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toHaveCount(0);
  await expect(pharmacyTab).toBeFocused();
  await expect(pharmacyTab).toHaveAttribute('aria-selected', 'true');
  await expect(name).toHaveValue(`${pharmacy.pharmacyName} edited`);
  // Escape is Stay too.
  await page.keyboard.press('ArrowLeft');
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(pharmacyTab).toBeFocused();
  await name.fill(pharmacy.pharmacyName);
  await pharmacyTab.focus();
  // Only the selected tab is in the Tab order: Tab leaves the tab list for the panel's first control (the logo
  // upload, placed above the form), then the form's first field.
  await expect(panel(page).getByRole('textbox', { name: 'Pharmacy Name' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(panel(page).getByRole('group', { name: 'Pharmacy Logo' }).getByRole('button', { name: 'Upload Logo' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel(page).getByRole('textbox', { name: 'Pharmacy Name' })).toBeFocused();
});

test('a secret shows only Set or Not set: typing stores it, blank keeps it, Clear removes it; the value never comes back', async ({ page }) => {
  await openSystemSettings(page);
  await openTab(page, 'Email');
  const password = panel(page).getByLabel('SMTP Password', { exact: true });
  const status = panel(page).getByText(/^(Set|Not set|Will be cleared when saved)$/);
  await expect(password).toHaveAttribute('type', 'password');
  await expect(status).toHaveText('Not set');

  await password.fill('smtp-secret-e2e');
  await panel(page).getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(savedToast(page)).toBeVisible();
  await expect(status).toHaveText('Set');
  await expect(password).toHaveValue('');
  expect(await getGroup<{ smtpPassword: unknown }>('email')).toMatchObject({ smtpPassword: { set: true } });

  // Saving another field with the box left blank keeps it.
  await panel(page).getByRole('spinbutton', { name: 'SMTP Port' }).fill('2525');
  await panel(page).getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(savedToast(page)).toBeVisible();
  // The first save's toast may still be up: wait for the second save itself.
  await expect.poll(async () => (await getGroup<{ smtpPort: number }>('email')).smtpPort).toBe(2525);
  expect(await getGroup<{ smtpPort: number; smtpPassword: unknown }>('email')).toMatchObject({ smtpPort: 2525, smtpPassword: { set: true } });
  await page.reload();
  await openTab(page, 'Email');
  await expect(status).toHaveText('Set');
  expect(await page.content()).not.toContain('smtp-secret-e2e');

  await panel(page).getByRole('button', { name: 'Clear' }).click();
  await expect(status).toHaveText('Will be cleared when saved');
  await panel(page).getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(savedToast(page)).toBeVisible();
  await expect(status).toHaveText('Not set');
  expect(await getGroup<{ smtpPassword: unknown }>('email')).toMatchObject({ smtpPassword: { set: false } });
});

test('selects offer only their options; a custom monograph is written on the Labels tab and offered on the Printing tab', async ({ page }) => {
  await openSystemSettings(page);
  await openTab(page, 'Reports');
  // §5: no empty choice in a select of fixed options (§9's enumerations).
  await expect(panel(page).getByRole('combobox', { name: 'Default Report Format' }).locator('option')).toHaveText(['PDF', 'Excel', 'CSV']);
  await expect(panel(page).getByRole('combobox', { name: 'Logo Position' }).locator('option')).toHaveText(['Header', 'Footer', 'Both']);

  await openTab(page, 'Labels');
  await expect(panel(page).getByText('No monographs yet.', { exact: false })).toBeVisible();
  await panel(page).getByRole('button', { name: 'Add Custom Monograph' }).click();
  await expect(panel(page).getByRole('textbox', { name: 'Monograph 1 Drug Name' })).toBeFocused();
  await panel(page).getByRole('textbox', { name: 'Monograph 1 Drug Name' }).fill('Compounded Magic Mouthwash');
  // A custom monograph needs its text: refused without it.
  await panel(page).getByRole('button', { name: 'Save Monograph Settings' }).click();
  await expect(saveProblem(page)).toContainText('A custom monograph needs its text');
  await expectExactFailedToast(page, 'A custom monograph needs its text');
  await panel(page).getByRole('textbox', { name: 'Compounded Magic Mouthwash short text' }).fill('Swish and spit 5 mL four times a day. Do not swallow.');
  await panel(page).getByRole('button', { name: 'Save Monograph Settings' }).click();
  await expect(savedToast(page)).toBeVisible();

  const labels = await getGroup<{ monographs: { drugId: string; drugName: string; source: string; shortText: string }[] }>('labels');
  expect(labels.monographs).toEqual([
    expect.objectContaining({ drugName: 'Compounded Magic Mouthwash', source: 'custom', shortText: 'Swish and spit 5 mL four times a day. Do not swallow.' }),
  ]);

  await openTab(page, 'Printing');
  const offered = panel(page).getByRole('group', { name: 'Available Monographs' }).getByRole('checkbox', { name: 'Compounded Magic Mouthwash' });
  await offered.check();
  await panel(page).getByRole('button', { name: 'Save Printer Settings' }).click();
  await expect(savedToast(page)).toBeVisible();
  // The Labels save's toast may still be up: wait for the stored value, not for a toast.
  await expect.poll(async () => (await getGroup<{ availableMonographs: string[] }>('printing')).availableMonographs)
    .toEqual([labels.monographs[0]!.drugId]);
});
