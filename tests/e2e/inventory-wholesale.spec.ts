/**
 * Wholesale end to end (issue 24), in a pharmacy of its own, against the stack's test wholesaler: a pharmacist
 * connects it (the key shown masked) and tests the connection; from the Inventory tab's Order button a technician
 * drafts an order; the pharmacist submits it (an X12 850 answered by a 997 and an 855); Sync All Orders brings the
 * ship notice and invoice; the technician receives the order by scanning each package's GS1 DataMatrix (typed into
 * the scan field as a keyboard-wedge scanner does) and the stock shows the packages' units; axe on both tabs.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam, type PharmacyTeam, type TeamMember } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

test.describe.configure({ mode: 'serial' });

let team: PharmacyTeam;
const apiKey = `test-${randomUUID()}`;
let poNumber = '';

function wholesalerUrl(): string {
  const url = process.env.E2E_WHOLESALER_URL;
  if (!url) throw new Error('E2E_WHOLESALER_URL is set by tests/e2e/global-setup.ts');
  return url;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext();
  team = await onboardPharmacyWithTeam(request);
  await request.dispose();
  const admin = await staffClient(team.admin.email, team.admin.password);
  const inserted = await admin.from('medications').insert({
    name: 'Lipitor', generic_name: 'atorvastatin calcium', strength: '10 mg', dosage_form: 'tablet', ndc_number: '0071-0155-23',
    price: 45.5, stock: 8, low_stock_threshold: 10, wac_price: 90, package_size: 90, package_unit: 'EA',
  });
  expect(inserted.error).toBeNull();
});

async function openInventory(browser: Browser, member: TeamMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, member.email, member.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Management & Wholesale Integration' })).toBeVisible();
  return page;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const toast = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
const orderRow = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Details of ${poNumber}` }) });

async function expectAccessible(page: Page, what: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.getAnimations()
    .filter((animation) => animation.playState === 'running' && Number(animation.effect?.getComputedTiming().endTime) < 5_000).length)).toBe(0);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), what).toEqual([]);
}

test('a pharmacist connects the wholesaler and tests the connection', async ({ browser }) => {
  const page = await openInventory(browser, team.pharmacist);
  await tab(page, 'Wholesalers').click();
  await expect(page.getByText('No wholesaler is connected yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Wholesaler' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Wholesaler' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Test Wholesaler');
  await dialog.getByRole('textbox', { name: 'API endpoint' }).fill(wholesalerUrl());
  await dialog.getByLabel('API key').fill(apiKey);
  await dialog.getByRole('textbox', { name: 'Account number' }).fill('ACC-77');
  await dialog.getByLabel('Daily order cut-off').fill('15:30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'Test Wholesaler' });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card.getByText(`••••••••${apiKey.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(apiKey)).toHaveCount(0);
  await card.getByRole('button', { name: 'Test Connection' }).click();
  await expect(toast(page).filter({ hasText: 'Connection works' })).toBeVisible();
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expectAccessible(page, 'Wholesalers tab');
});

test('a technician orders from the Inventory tab; the pharmacist submits it as an X12 850', async ({ browser }) => {
  const technician = await openInventory(browser, team.technician);
  await tab(technician, 'Inventory').click();
  await technician.getByRole('button', { name: 'Order Lipitor 10 mg' }).click();
  const dialog = technician.getByRole('dialog', { name: 'Create New Order' });
  await expect(dialog.getByRole('textbox', { name: 'NDC, line 1' })).toHaveValue('0071-0155-23');
  await dialog.getByRole('combobox', { name: 'Wholesaler' }).selectOption({ label: 'Test Wholesaler' });
  await dialog.getByRole('textbox', { name: 'Packages' }).fill('2');
  await dialog.getByRole('button', { name: 'Create Order' }).click();
  const created = toast(technician).filter({ hasText: 'Order created' });
  await expect(created).toBeVisible();
  poNumber = /PO\d{8}/.exec((await created.textContent()) ?? '')![0];
  await expect(orderRow(technician).getByText('Draft')).toBeVisible();
  // Submitting is a pharmacist's: the technician has no Submit button.
  await expect(orderRow(technician).getByRole('button', { name: `Submit ${poNumber}` })).toHaveCount(0);

  const pharmacist = await openInventory(browser, team.pharmacist);
  await tab(pharmacist, 'Orders').click();
  await orderRow(pharmacist).getByRole('button', { name: `Submit ${poNumber}` }).click();
  await expect(toast(pharmacist).filter({ hasText: 'Order submitted' })).toBeVisible();
  await expect(orderRow(pharmacist).getByText('Acknowledged')).toBeVisible();
  await expectAccessible(pharmacist, 'Orders tab');
  // The technician's terminal follows: orders are live.
  await expect(orderRow(technician).getByText('Acknowledged')).toBeVisible();
});

test('Sync All Orders brings the ship notice; the technician receives the order by scanning each package', async ({ browser }) => {
  const page = await openInventory(browser, team.technician);
  await tab(page, 'Orders').click();
  await page.getByRole('button', { name: 'Sync All Orders' }).click();
  await expect(toast(page).filter({ hasText: 'Orders synced' })).toBeVisible();
  await expect(orderRow(page).getByText('Shipped')).toBeVisible();

  // What the boxes' barcodes hold: the test wholesaler says which packages it shipped (a real one sends boxes).
  const shipped = await fetch(`${wholesalerUrl()}/packages?po=${poNumber}`, { headers: { Authorization: `Bearer ${apiKey}` } });
  const { packages } = (await shipped.json()) as { packages: { scan: string; lot: string; serial: string }[] };
  expect(packages).toHaveLength(2);

  await orderRow(page).getByRole('button', { name: `Receive ${poNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Receive ${poNumber} from Test Wholesaler` });
  const scanField = dialog.getByRole('textbox', { name: 'Scan package barcode' });
  await expect(scanField).toBeFocused();
  for (const pkg of packages) {
    // A keyboard-wedge scanner types the data (GS as the control character it sends) and presses Enter.
    await scanField.pressSequentially(pkg.scan, { delay: 0 });
    await scanField.press('Enter');
  }
  const toReceive = dialog.getByRole('table', { name: 'Packages to receive' });
  for (const pkg of packages) await expect(toReceive.getByText(pkg.serial)).toBeVisible();
  await expect(toReceive.getByText(packages[0]!.lot).first()).toBeVisible();
  // The same package scanned twice is caught at the counter.
  await scanField.pressSequentially(packages[0]!.scan, { delay: 0 });
  await scanField.press('Enter');
  await expect(dialog.getByText(`Package serial ${packages[0]!.serial} was scanned twice`)).toBeVisible();
  await scanField.fill('');

  await dialog.getByRole('button', { name: 'Receive 2 packages' }).click();
  await expect(dialog.getByText('Received 2 package(s) (180 units). Order is now delivered.')).toBeVisible();
  await expect(dialog.getByText('No discrepancies against the ship notice and invoice.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(orderRow(page).getByText('Delivered')).toBeVisible();

  await tab(page, 'Inventory').click();
  const lipitor = page.getByRole('row').filter({ hasText: 'Lipitor 10 mg' });
  await expect(lipitor.getByText('188', { exact: true })).toBeVisible();
  await expect(lipitor.getByText(new RegExp(`Lot ${packages[0]!.lot}: 180`))).toBeVisible();
});
