/**
 * Inventory Management end to end (spec part 2 "Inventory Management & Wholesale Integration"; issue 24), in a
 * pharmacy of its own: the Overview's cards from the data; a technician receives stock by hand into a lot (and may
 * not adjust); a pharmacist adjusts with a reason, filters Low Stock, updates predictions and saves the predictive
 * settings within the spec's bounds; the ledger holds what the screen did; axe on each tab.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam, type PharmacyTeam, type TeamMember } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

test.describe.configure({ mode: 'serial' });

let team: PharmacyTeam;
let admin: SupabaseClient;

const PRODUCTS: Record<string, unknown>[] = [
  { name: 'Lipitor', generic_name: 'atorvastatin calcium', strength: '10 mg', dosage_form: 'tablet', ndc_number: '0071-0155-23', price: 45.5, stock: 8, low_stock_threshold: 10, wac_price: 90, package_size: 90, package_unit: 'EA' },
  { name: 'Glucophage', generic_name: 'metformin hydrochloride', strength: '500 mg', dosage_form: 'tablet', ndc_number: '0087-6060-05', price: 12.25, stock: 400, low_stock_threshold: 50 },
  { name: 'Zyrtec', generic_name: 'cetirizine', strength: '10 mg', dosage_form: 'tablet', ndc_number: '50580-726-01', price: 9.5, stock: 0, low_stock_threshold: 20 },
];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext();
  team = await onboardPharmacyWithTeam(request);
  await request.dispose();
  admin = await staffClient(team.admin.email, team.admin.password);
  for (const product of PRODUCTS) expect((await admin.from('medications').insert(product)).error).toBeNull();
});

async function openInventory(browser: Browser, member: TeamMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, member.email, member.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Management & Wholesale Integration' })).toBeVisible();
  return page;
}

const cardValue = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true }).getByTestId('card-value');
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const toast = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

async function expectAccessible(page: Page, what: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.getAnimations()
    .filter((animation) => animation.playState === 'running' && Number(animation.effect?.getComputedTiming().endTime) < 5_000).length)).toBe(0);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), what).toEqual([]);
}

function isoInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('the overview counts the products, low and out of stock, and values the stock at cost', async ({ browser }) => {
  const page = await openInventory(browser, team.technician);
  await expect(cardValue(page, 'Total Products')).toHaveText('3');
  await expect(cardValue(page, 'Low Stock Items')).toHaveText('1');
  await expect(cardValue(page, 'Out of Stock')).toHaveText('1');
  // Lipitor: 8 tablets at $90.00 / 90 = $1.00 each; the others have no cost on record.
  await expect(cardValue(page, 'Total Value')).toHaveText('$8.00');
  await expectAccessible(page, 'Inventory, Overview');
  await page.context().close();
});

test('a technician receives stock by hand into a lot, and may not adjust', async ({ browser }) => {
  const page = await openInventory(browser, team.technician);
  await tab(page, 'Inventory').click();
  await expect(row(page, 'Zyrtec 10 mg')).toContainText('Out of Stock');
  await expect(page.getByRole('button', { name: 'Adjust Zyrtec 10 mg' })).toBeDisabled();
  await expectAccessible(page, 'Inventory, Inventory tab');

  await page.getByRole('button', { name: 'Receive Zyrtec 10 mg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive Zyrtec 10 mg' });
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(dialog.getByText('Enter the lot number printed on the package (at most 20 characters)')).toBeVisible();
  await dialog.getByLabel('Lot number').fill('ZC2231');
  await dialog.getByLabel('Expiration date').fill(isoInDays(300));
  await dialog.getByLabel('Quantity (units)').fill('60');
  await dialog.getByLabel('Unit cost ($)').fill('0.25');
  await expectAccessible(page, 'the Receive dialog');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page).filter({ hasText: 'Stock received' })).toBeVisible();
  await expect(row(page, 'Zyrtec 10 mg')).toContainText('Lot ZC2231: 60');
  await expect(row(page, 'Zyrtec 10 mg')).toContainText('Adequate');
  await expect(row(page, 'Zyrtec 10 mg')).toContainText('$15.00');

  const ledger = await admin.from('inventory_movements').select('kind, quantity, unit_cost_cents, product_on_hand_after').eq('kind', 'receipt');
  expect(ledger.data).toEqual([{ kind: 'receipt', quantity: 60, unit_cost_cents: 25, product_on_hand_after: 60 }]);

  await page.getByRole('button', { name: 'Out of Stock', exact: true }).click();
  await expect(page.getByText('No product is out of stock.')).toBeVisible();
  await page.context().close();
});

test('a pharmacist adjusts with a reason, filters Low Stock, updates predictions and saves the predictive settings', async ({ browser }) => {
  const page = await openInventory(browser, team.pharmacist);
  await tab(page, 'Inventory').click();
  await page.getByRole('button', { name: 'Adjust Glucophage 500 mg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust Glucophage 500 mg' });
  await dialog.getByLabel('Change (units)').fill('-370');
  await dialog.getByRole('button', { name: 'Adjust' }).click();
  await expect(dialog.getByText('Give a reason for the adjustment (at most 500 characters)')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Bottles damaged by water');
  await expectAccessible(page, 'the Adjust dialog');
  await dialog.getByRole('button', { name: 'Adjust' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Glucophage 500 mg')).toContainText('30');

  await page.getByRole('button', { name: 'Low Stock', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: /Lipitor|Glucophage|Zyrtec/ })).toHaveCount(2);
  await expect(row(page, 'Glucophage 500 mg')).toContainText('Low Stock');

  await page.getByRole('button', { name: 'Update Predictions' }).click();
  await expect(toast(page).filter({ hasText: 'Usage predictions updated for 3 products.' })).toBeVisible();

  await tab(page, 'Analytics').click();
  await expect(page.getByRole('row', { name: /Last 30 days/ })).toBeVisible();
  const window = page.getByLabel('Prediction window (days)');
  await expect(window).toHaveValue('30');
  await window.fill('120');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The prediction window is 7 to 90 days')).toBeVisible();
  await window.fill('14');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page).filter({ hasText: 'Settings saved' })).toBeVisible();
  await expectAccessible(page, 'Inventory, Analytics');

  const reasons = await admin.from('inventory_movements').select('quantity, reason').eq('kind', 'adjustment');
  expect(reasons.data).toEqual([{ quantity: -370, reason: 'Bottles damaged by water' }]);
  expect((await admin.from('inventory_settings').select('prediction_window_days').single()).data).toEqual({ prediction_window_days: 14 });
  await page.context().close();
});

test('a pharmacist returns a ready fill that was not picked up to stock; a technician is not offered it', async ({ browser }) => {
  const patient = await admin.from('patients').insert({ first_name: 'Rita', last_name: 'Return', date_of_birth: '1970-01-01' }).select('id').single();
  const glucophage = await admin.from('medications').select('id, stock').eq('name', 'Glucophage').single();
  expect(patient.error ?? glucophage.error).toBeNull();
  const stockBefore = glucophage.data!.stock as number;
  const entered = await admin.from('prescriptions').insert({
    patient_id: patient.data!.id, medication_id: glucophage.data!.id, prescription_type: 'written', source: 'manual_entry',
    directions: 'Take 1 tablet by mouth twice daily', quantity: 20, refills: 1, days_supply: 10,
  }).select('id, rx_number').single();
  expect(entered.error).toBeNull();
  const pharmacistClient = await staffClient(team.pharmacist.email, team.pharmacist.password);
  for (const [client, status] of [[admin, 'processing'], [pharmacistClient, 'ready']] as const) {
    const moved = await client.rpc('move_prescription', { prescription_id: entered.data!.id, to_status: status });
    expect(moved.data).toMatchObject({ ok: true });
  }
  const rx = entered.data!.rx_number as number;
  const openReady = async (member: TeamMember) => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, member.email, member.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-Prescriptions', exact: true }).click();
    await page.getByRole('tab', { name: /^Ready \(\d+\)$/ }).click();
    await expect(page.getByRole('article', { name: `Prescription RX ${rx}` })).toBeVisible();
    return page;
  };

  const technician = await openReady(team.technician);
  await expect(technician.getByRole('button', { name: `Return to stock RX ${rx}` })).toHaveCount(0);
  await technician.context().close();

  const page = await openReady(team.pharmacist);
  await page.getByRole('button', { name: `Return to stock RX ${rx}` }).click();
  const dialog = page.getByRole('dialog', { name: `Return RX ${rx} to stock` });
  await dialog.getByRole('button', { name: 'Return to stock' }).click();
  await expect(dialog.getByText('Give a reason for returning the fill to stock')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Not picked up in 14 days');
  await expectAccessible(page, 'the Return to stock dialog');
  await dialog.getByRole('button', { name: 'Return to stock' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page).filter({ hasText: `RX ${rx}: 20 units back on the shelf.` })).toBeVisible();
  await expect(page.getByRole('article', { name: `Prescription RX ${rx}` })).toHaveCount(0);

  expect((await admin.from('medications').select('stock').eq('id', glucophage.data!.id).single()).data).toEqual({ stock: stockBefore });
  const returned = await admin.from('inventory_movements').select('quantity, reason').eq('kind', 'return_to_stock');
  expect(returned.data).toEqual([{ quantity: 20, reason: 'Not picked up in 14 days' }]);
  await page.context().close();
});
