/**
 * Inventory counts end to end (issue 24 "Cycle counts"), in a pharmacy of its own: a technician starts a blind count
 * of a shelf, sees no expected quantity, counts line by line from the keyboard and submits, and may not post; a
 * pharmacist opens it, sees the variance, gives its reason and posts; the Inventory tab then shows the counted stock.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam, type PharmacyTeam, type TeamMember } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

test.describe.configure({ mode: 'serial' });

let team: PharmacyTeam;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext();
  team = await onboardPharmacyWithTeam(request);
  await request.dispose();
  const admin = await staffClient(team.admin.email, team.admin.password);
  for (const [name, stock] of [['Tenormin', 40], ['Zestril', 30]] as const) {
    const inserted = await admin.from('medications').insert({ name, strength: '25 mg', dosage_form: 'tablet', price: 5, stock }).select('id').single();
    expect(inserted.error).toBeNull();
    const shelf = await admin.from('inventory_products').upsert({ medication_id: inserted.data!.id, shelf_location: 'Bay 4' }, { onConflict: 'pharmacy_id,medication_id' });
    expect(shelf.error).toBeNull();
  }
});

async function openCounts(browser: Browser, member: TeamMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, member.email, member.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory', exact: true }).click();
  await page.getByRole('tab', { name: 'Counts', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Counts' })).toBeVisible();
  return page;
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), what).toEqual([]);
}

test('a technician counts a shelf blind and submits; a pharmacist posts the variance with its reason; the stock follows', async ({ browser }) => {
  const technician = await openCounts(browser, team.technician);
  await expect(technician.getByText('No count yet. Start one to check the shelf against the ledger.')).toBeVisible();
  await technician.getByRole('button', { name: 'Start a count' }).click();
  const dialog = technician.getByRole('dialog', { name: 'Start a count' });
  // A technician starts cycle counts only; the biennial inventory is a pharmacist's.
  await expect(dialog.getByLabel('Kind of count').getByRole('option')).toHaveText(['Cycle count']);
  await dialog.getByRole('button', { name: 'Start count' }).click();
  await expect(dialog.getByText('Enter the shelf location to count')).toBeVisible();
  await dialog.getByLabel('Shelf location').fill('Bay 4');
  await expect(dialog.getByLabel('Blind count (counters do not see the expected quantities)')).toBeChecked();
  await dialog.getByRole('button', { name: 'Start count' }).click();

  // Blind: the sheet shows what to count, never what the ledger expects.
  await expect(technician.getByRole('heading', { name: /^Shelf Bay 4 count of / })).toBeVisible();
  await expect(technician.getByText('Blind count: count what is on the shelf; the expected quantities show once the count is submitted.')).toBeVisible();
  await expect(technician.getByRole('columnheader', { name: 'Expected at start' })).toHaveCount(0);
  await expect(technician.getByText('40', { exact: true })).toHaveCount(0);
  await expectAccessible(technician, 'Counts, an open blind count');

  const tenormin = technician.getByLabel('Counted Tenormin 25 mg, No lot recorded');
  await tenormin.fill('37');
  await tenormin.press('Enter');
  const zestril = technician.getByLabel('Counted Zestril 25 mg, No lot recorded');
  await expect(zestril).toBeFocused();
  await zestril.fill('30');
  await zestril.press('Enter');
  await expect(technician.getByLabel('Recorded', { exact: true })).toHaveCount(2);
  await technician.getByRole('button', { name: 'Submit count' }).click();
  await expect(technician.getByText('A pharmacist or admin posts the variances.')).toBeVisible();
  await expect(technician.getByRole('button', { name: 'Post variances' })).toHaveCount(0);
  await technician.context().close();

  const pharmacist = await openCounts(browser, team.pharmacist);
  await pharmacist.getByRole('button', { name: /^Open Shelf Bay 4 count of / }).click();
  const tenorminRow = pharmacist.getByRole('row').filter({ hasText: 'Tenormin 25 mg' });
  await expect(tenorminRow).toContainText('37');
  await expect(tenorminRow.getByRole('cell').nth(6)).toHaveText('-3');
  await pharmacist.getByRole('button', { name: 'Post variances' }).click();
  await expect(pharmacist.getByText('Give a reason for this variance (at most 500 characters)')).toBeVisible();
  await pharmacist.getByLabel('Reason for the variance of Tenormin 25 mg, No lot recorded').fill('Three tablets found broken');
  await pharmacist.getByRole('button', { name: 'Post variances' }).click();
  await expect(pharmacist.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')).toContainText('Variances posted');
  await expect(pharmacist.getByText('Posted', { exact: true })).toBeVisible();
  await expectAccessible(pharmacist, 'Counts, a posted count');

  await pharmacist.getByRole('button', { name: 'Back to counts' }).click();
  await pharmacist.getByRole('tab', { name: 'Inventory', exact: true }).click();
  const stockRow = pharmacist.getByRole('row').filter({ has: pharmacist.getByText('Tenormin 25 mg', { exact: true }) });
  await expect(stockRow.getByRole('cell').nth(1)).toContainText('37');
  await pharmacist.context().close();
});
