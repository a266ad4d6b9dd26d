/**
 * Returns end to end (spec part 2 §3 Return; issue 24), in a pharmacy of its own: a technician sees the Returns tab
 * but may not create or process; a pharmacist creates a return of a lot to a wholesaler (the units leave the shelf
 * at once), processes it with the credit received, and the database holds the credit in cents; axe on the tab and
 * its dialogs.
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
let productId: string;

function isoInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext();
  team = await onboardPharmacyWithTeam(request);
  await request.dispose();
  admin = await staffClient(team.admin.email, team.admin.password);
  const inserted = await admin.from('medications')
    .insert({ name: 'Returnable Lisinopril', generic_name: 'lisinopril', strength: '20 mg', dosage_form: 'tablet', ndc_number: '0093-7100-10', price: 8, stock: 0 })
    .select('id').single();
  expect(inserted.error).toBeNull();
  productId = inserted.data!.id as string;
  // 120 units of lot LS-42 at 35 cents each.
  expect((await admin.rpc('receive_inventory', { medication_id: productId, quantity: 120, lot_number: 'LS-42', expiration_date: isoInDays(20), unit_cost_cents: 35 })).error).toBeNull();
  const wholesaler = await admin.rpc('save_wholesaler', {
    wholesaler_id: null, name: 'Returns Test Wholesaler', api_endpoint: 'https://edi.example.com/returns', account_number: 'RET-42',
    daily_order_cutoff: '15:00', api_key: 'returns-e2e-key-1234',
  });
  expect(wholesaler.error).toBeNull();
});

async function openReturns(browser: Browser, member: TeamMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, member.email, member.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Management & Wholesale Integration' })).toBeVisible();
  await page.getByRole('tab', { name: 'Returns', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Returns', exact: true })).toBeVisible();
  return page;
}

const toast = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');

async function expectAccessible(page: Page, what: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.getAnimations()
    .filter((animation) => animation.playState === 'running' && Number(animation.effect?.getComputedTiming().endTime) < 5_000).length)).toBe(0);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), what).toEqual([]);
}

test('a technician sees the Returns tab but creates and processes nothing', async ({ browser }) => {
  const page = await openReturns(browser, team.technician);
  await expect(page.getByText('No returns yet.')).toBeVisible();
  await expect(page.getByText('Pharmacists and admins create and process returns.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Return' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Process Pending Returns' })).toHaveCount(0);
  await expectAccessible(page, 'the Returns tab (technician, empty)');
});

test('a pharmacist returns a lot to the wholesaler, then processes it with the credit received', async ({ browser }) => {
  const page = await openReturns(browser, team.pharmacist);
  await page.getByRole('button', { name: 'Create Return', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Return' });
  // Nothing chosen: the form says what is missing.
  await dialog.getByRole('button', { name: 'Create Return', exact: true }).click();
  await expect(dialog.getByText('Choose the product to return')).toBeVisible();
  await expectAccessible(page, 'the Create Return dialog with its messages');

  await dialog.getByRole('combobox', { name: 'Product', exact: true }).fill('Returnable');
  await dialog.getByRole('option', { name: /^Returnable Lisinopril 20 mg/ }).click();
  await dialog.getByRole('combobox', { name: 'Lot' }).selectOption({ label: `Lot LS-42: 120 on hand, exp ${isoInDays(20).slice(5, 7)}/${isoInDays(20).slice(8, 10)}/${isoInDays(20).slice(0, 4)}` });
  await dialog.getByRole('textbox', { name: 'Quantity (units)' }).fill('40');
  await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Overstock' });
  await dialog.getByRole('combobox', { name: 'Wholesaler' }).selectOption({ label: 'Returns Test Wholesaler' });
  await dialog.getByRole('textbox', { name: 'RMA / authorization number' }).fill('RMA-5501');
  await dialog.getByRole('button', { name: 'Create Return', exact: true }).click();
  await expect(toast(page).filter({ hasText: 'Return created' })).toBeVisible();
  await expect(dialog).toBeHidden();

  const returnRow = page.getByRole('row').filter({ hasText: 'Returnable Lisinopril 20 mg' });
  await expect(returnRow).toContainText('Pending');
  await expect(returnRow).toContainText('$14.00');
  await expect(returnRow).toContainText('RMA RMA-5501');
  // The units left the shelf when the return was created.
  expect((await admin.from('medications').select('stock').eq('id', productId).single()).data).toEqual({ stock: 80 });
  await expectAccessible(page, 'the Returns tab with a pending return');

  await page.getByRole('button', { name: 'Process Pending Returns', exact: true }).click();
  const processing = page.getByRole('dialog', { name: 'Process Pending Returns' });
  const credit = processing.getByRole('textbox', { name: 'Credit for 40 Returnable Lisinopril 20 mg ($)' });
  await expect(credit).toHaveValue('14.00');
  await expectAccessible(page, 'the Process Pending Returns dialog');
  await credit.fill('12.60');
  await processing.getByRole('button', { name: 'Process 1 Return', exact: true }).click();
  await expect(toast(page).filter({ hasText: '1 return processed, $12.60 credited.' })).toBeVisible();
  await expect(processing).toBeHidden();
  await expect(returnRow).toContainText('Processed');
  await expect(returnRow).toContainText('$12.60');

  const stored = await admin.from('inventory_returns').select('status, quantity, credit_cents, total_value_cents, rma_number').eq('medication_id', productId);
  expect(stored.data).toEqual([{ status: 'processed', quantity: 40, credit_cents: 1260, total_value_cents: 1400, rma_number: 'RMA-5501' }]);
  await page.getByRole('button', { name: 'Pending', exact: true }).click();
  await expect(page.getByText('No pending returns.')).toBeVisible();
});
