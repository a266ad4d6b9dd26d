/**
 * The Drug Database end to end (spec part 2 §2 "Drug Database Management", §3, §7 "Drugs", §8; issue 13), in a
 * pharmacy of its own (the demo pharmacy's catalog is left alone) with the drug-data providers answered by the
 * fixture server (tests/support/drug-provider-server.ts, on the port the test stack's functions are pointed at):
 * the stat cards from the data, Drug Search on the local catalog (brand, generic, NDC; low stock in red and in
 * words) with a drug's formulary under Details, Database Sync of two NDCs (one malformed) with its toast and errors under View Errors, Bulk Import of a
 * CSV, the external search and its failure toast, Update All Pricing, API Configuration with the providers' real
 * states, the technician's disabled controls, the tabs by keyboard, and axe on every tab.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { PROVIDER_STATE_LABELS, type ProviderStatus } from '../../shared/src/drugs/external-drug.ts';
import { callApi } from '../support/api-call.ts';
import { drugProviderPort, startDrugProviderServer, type DrugProviderServer } from '../support/drug-provider-server.ts';
import { enterPrescriptionThroughApi, staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam, type PharmacyTeam, type TeamMember } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

test.describe.configure({ mode: 'serial' });

let team: PharmacyTeam;
let admin: SupabaseClient;
let providers: DrugProviderServer;
let ibuprofenId: string;

/** Two products of the pharmacy's own catalog: Lipitor below its low-stock threshold, Metformin well stocked. */
const LIPITOR = {
  name: 'Lipitor', generic_name: 'Atorvastatin Calcium', strength: '10 mg', dosage_form: 'Tablet', ndc_number: '0071-0155-23',
  manufacturer: 'Parke-Davis Div of Pfizer Inc', price: 45.5, stock: 8, low_stock_threshold: 10, awp_price: 350.126, package_size: 90,
  package_unit: 'EA', package_description: '90 TABLET, FILM COATED in 1 BOTTLE',
};
const METFORMIN = {
  name: 'Glucophage', generic_name: 'Metformin Hydrochloride', strength: '500 mg', dosage_form: 'Tablet', ndc_number: '0087-6060-05',
  manufacturer: 'Bristol-Myers Squibb', price: 12.25, stock: 400, low_stock_threshold: 50,
};

/** What the DUR alert is about: ibuprofen for a patient on warfarin. */
const IBUPROFEN = { name: 'Ibuprofen', generic_name: 'ibuprofen', strength: '800 mg', dosage_form: 'tablet', stock: 900 };

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  providers = await startDrugProviderServer(drugProviderPort(Number(process.env.TEST_STACK_PORT_BASE || 55321)));
  const request = await playwright.request.newContext();
  team = await onboardPharmacyWithTeam(request);
  await request.dispose();
  admin = await staffClient(team.admin.email, team.admin.password);
  // One insert each: a multi-row insert would send null for a column one row leaves out, not its default.
  for (const medication of [LIPITOR, METFORMIN]) expect((await admin.from('medications').insert(medication)).error).toBeNull();
  const ibuprofen = await admin.from('medications').insert(IBUPROFEN).select('id').single();
  expect(ibuprofen.error).toBeNull();
  ibuprofenId = ibuprofen.data!.id as string;
});

test.afterAll(async () => {
  await providers?.close();
});

test.beforeEach(() => {
  providers.mode.openfda = 'normal';
  providers.mode.rxnav = 'normal';
  providers.mode.nadac = 'normal';
});

async function openDrugDatabase(browser: Browser, member: TeamMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, member.email, member.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Drug Database', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Drug Database' })).toBeVisible();
  return page;
}

const cardValue = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true }).getByTestId('card-value');
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const toast = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');

/** axe (WCAG 2.0/2.1 A and AA, as tests/e2e/accessibility.spec.ts) on the page, once its entrances ended. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.getAnimations()
    .filter((animation) => animation.playState === 'running' && Number(animation.effect?.getComputedTiming().endTime) < 5_000).length)).toBe(0);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), what).toEqual([]);
}

async function catalogCount(): Promise<number> {
  const { count, error } = await admin.from('medications').select('id', { count: 'exact', head: true });
  expect(error).toBeNull();
  return count!;
}

/** A prescription of ibuprofen for a patient on warfarin: entered with an interaction alert nobody has overridden. */
async function enterAlertedPrescription(): Promise<void> {
  const technician = await staffClient(team.technician.email, team.technician.password);
  const { data: patient, error } = await technician.from('patients')
    .insert({ first_name: 'Olive', last_name: `Warfarin${Date.now()}`, current_medications: ['Warfarin 5mg'], allergies: [] }).select('id').single();
  expect(error).toBeNull();
  await enterPrescriptionThroughApi(technician, {
    patientId: patient!.id, medicationId: ibuprofenId, directions: 'Take 1 tablet by mouth every 8 hours with food', quantity: '20', refills: '0',
    daysSupply: '7', prescriptionType: 'written',
  });
}

test('the stat cards show the catalog count, openFDA\'s state, no price update yet and the DUR alerts', async ({ browser }) => {
  await enterAlertedPrescription();
  const page = await openDrugDatabase(browser, team.pharmacist);
  await expect(cardValue(page, 'Local Drugs')).toHaveText(String(await catalogCount()));
  await expect(cardValue(page, 'External Provider')).toHaveText('Connected');
  await expect(cardValue(page, 'Last Price Update')).toHaveText('Never');
  const durAlerts = await admin.rpc('dur_alert_count');
  expect(durAlerts.error).toBeNull();
  expect(durAlerts.data).toBe(1);
  await expect(cardValue(page, 'DUR Alerts')).toHaveText('1');
  await expectAccessible(page, 'the Drug Search tab');

  // A product added at another terminal is counted here without a reload (realtime).
  const before = await catalogCount();
  const added = await admin.from('medications').insert({ name: 'Synthroid', generic_name: 'Levothyroxine Sodium', strength: '50 mcg', dosage_form: 'Tablet', stock: 100 });
  expect(added.error).toBeNull();
  await expect(cardValue(page, 'Local Drugs')).toHaveText(String(before + 1));
});

test('Drug Search finds local drugs by brand, generic name and NDC; low stock is red and said in words', async ({ browser }) => {
  const page = await openDrugDatabase(browser, team.technician);
  const search = page.getByRole('searchbox', { name: 'Search drugs' });
  const results = page.getByRole('list', { name: 'Local drugs' });
  const lipitor = results.getByRole('article', { name: 'Lipitor 10 mg' });
  const glucophage = results.getByRole('article', { name: 'Glucophage 500 mg' });

  await search.fill('atorvastatin');
  await expect(lipitor).toBeVisible();
  await expect(glucophage).toHaveCount(0);
  const fact = (card: typeof lipitor, term: string) => card.locator('div.contents').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
  await expect(fact(lipitor, 'Generic')).toHaveText('Atorvastatin Calcium');
  await expect(fact(lipitor, 'NDC')).toHaveText('0071-0155-23');
  await expect(fact(lipitor, 'Manufacturer')).toHaveText(LIPITOR.manufacturer);
  await expect(fact(lipitor, 'Package')).toHaveText(LIPITOR.package_description);
  await expect(fact(lipitor, 'Price')).toHaveText('$45.50');
  await expect(fact(lipitor, 'AWP')).toHaveText('350.13');
  await expect(fact(lipitor, 'WAC')).toHaveText('n/a');
  // Low stock: red, and in words (not colour alone).
  const lowStock = lipitor.getByTestId('low-stock');
  await expect(lowStock).toHaveText('8 — Low stock (threshold 10)');
  await expect(lowStock).toHaveClass(/text-error/);

  await search.fill('00071015523');
  await expect(lipitor).toBeVisible();
  await expect(glucophage).toHaveCount(0);

  await search.fill('Glucophage');
  await expect(glucophage).toBeVisible();
  await expect(lipitor).toHaveCount(0);
  await expect(glucophage.getByTestId('low-stock')).toHaveCount(0);
  await expect(fact(glucophage, 'Stock')).toHaveText('400');

  await search.fill('no such drug anywhere');
  await expect(page.getByText('No drug in your catalog matches “no such drug anywhere”.')).toBeVisible();
});

test('a drug\'s Details show its formulary: a pharmacist adds an entry there, a technician reads it', async ({ browser }) => {
  const page = await openDrugDatabase(browser, team.pharmacist);
  await page.getByRole('searchbox', { name: 'Search drugs' }).fill('Glucophage');
  const card = page.getByRole('list', { name: 'Local drugs' }).getByRole('article', { name: 'Glucophage 500 mg' });
  await card.getByRole('button', { name: 'Show details of Glucophage 500 mg' }).click();
  const formulary = card.getByRole('region', { name: 'Formulary — Glucophage 500 mg' });
  await expect(formulary.getByText('No formulary entries for Glucophage 500 mg yet.')).toBeVisible();
  await formulary.getByRole('button', { name: 'Add Formulary Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Formulary Entry — Glucophage 500 mg' });
  await dialog.getByLabel('Insurance type').selectOption({ index: 0 });
  const insuranceType = (await dialog.getByLabel('Insurance type').locator('option:checked').textContent())!;
  await dialog.getByLabel('Tier').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Save Entry' }).click();
  await expect(dialog).toBeHidden();
  await expect(formulary.getByRole('row', { name: new RegExp(`^${insuranceType}`) })).toBeVisible();
  await expectAccessible(page, 'a drug card with its formulary open');
  await card.getByRole('button', { name: 'Hide details of Glucophage 500 mg' }).click();
  await expect(formulary).toBeHidden();

  const technician = await openDrugDatabase(browser, team.technician);
  await technician.getByRole('searchbox', { name: 'Search drugs' }).fill('Glucophage');
  const technicianCard = technician.getByRole('list', { name: 'Local drugs' }).getByRole('article', { name: 'Glucophage 500 mg' });
  await technicianCard.getByRole('button', { name: 'Show details of Glucophage 500 mg' }).click();
  const technicianFormulary = technicianCard.getByRole('region', { name: 'Formulary — Glucophage 500 mg' });
  await expect(technicianFormulary.getByRole('row', { name: new RegExp(`^${insuranceType}`) })).toBeVisible();
  await expect(technicianFormulary.getByRole('button', { name: 'Add Formulary Entry' })).toHaveCount(0);
});

test('Database Sync of two NDCs, one malformed: the toast counts them and View Errors gives the reason', async ({ browser }) => {
  const page = await openDrugDatabase(browser, team.pharmacist);
  await tab(page, 'Database Sync').click();
  const input = page.getByRole('textbox', { name: 'NDC numbers (comma-separated)' });
  const sync = page.getByRole('button', { name: 'Sync Selected Drugs' });
  await expect(sync).toBeDisabled();
  await input.fill('  ,  ');
  await expect(sync).toBeDisabled();
  await input.fill('0071-0155-40, 12-34');
  await expect(sync).toBeEnabled();
  await sync.click();
  await expect(toast(page)).toContainText('Database Sync Complete');
  await expect(toast(page)).toContainText('Updated 1 medications. 1 failed.');
  await expect(page.getByText('Last sync: Updated 1 medications. 1 failed.')).toBeVisible();
  const errors = page.getByRole('list', { name: 'Errors' });
  await expect(errors).toBeHidden();
  await page.getByText('View Errors', { exact: true }).click();
  await expect(errors.getByRole('listitem')).toHaveCount(1);
  await expect(errors.getByRole('listitem')).toContainText('12-34');
  await expectAccessible(page, 'the Database Sync tab with a result');

  // The synced product is in the catalog, from openFDA's record.
  const synced = await admin.from('medications').select('name, ndc11, source').eq('ndc11', '00071015540').single();
  expect(synced.error).toBeNull();
  expect(synced.data).toMatchObject({ name: 'Lipitor', source: 'openfda' });
  await expect(cardValue(page, 'Local Drugs')).toHaveText(String(await catalogCount()));
});

test('Bulk Import syncs the NDC column of a CSV file with its progress and the summed result', async ({ browser }) => {
  const page = await openDrugDatabase(browser, team.admin);
  await tab(page, 'Database Sync').click();
  await page.getByLabel('File of NDCs (CSV or text)').setInputFiles({
    name: 'ndcs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Product,NDC Number\nAtorvastatin,60505-2671-9\nUnknown,99-1\n'),
  });
  await expect(page.getByText('2 NDCs in ndcs.csv (column “NDC Number”), 1 batch.')).toBeVisible();
  await page.getByRole('button', { name: 'Bulk Import', exact: true }).click();
  await expect(toast(page)).toContainText('Updated 1 medications. 1 failed.');
  await expect(page.getByRole('progressbar', { name: 'Bulk import progress' })).toHaveAttribute('value', '1');
  await expect(page.getByText('Batch 1 of 1 done.')).toBeVisible();
  await expect(page.getByText('Bulk import: Updated 1 medications. 1 failed.')).toBeVisible();
  const synced = await admin.from('medications').select('ndc11').eq('ndc11', '60505267109');
  expect(synced.data).toHaveLength(1);
});

test('the external search starts at 3 characters, shows scores and n/a prices, and a failing provider toasts without results', async ({ browser }) => {
  const page = await openDrugDatabase(browser, team.pharmacist);
  await page.getByLabel('Search in').selectOption({ label: 'External: openFDA NDC Directory' });
  await expect(page.getByText('Enter at least 3 characters to search external drug data')).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search drugs' });
  const results = page.getByRole('list', { name: 'External drugs' });
  await search.fill('at');
  await expect(results).toHaveCount(0);
  await search.fill('atorvastatin');
  const first = results.getByRole('article').first();
  await expect(first).toBeVisible();
  await expect(first.getByText(/^Match \d{1,3}%$/)).toBeVisible();
  await expect(first.locator('div.contents').filter({ has: page.locator('dt', { hasText: /^AWP$/ }) }).locator('dd')).toHaveText('n/a');
  await expectAccessible(page, 'the external search results');
  // Add to catalog syncs the result's NDC (a pharmacist may). Not Lipitor 0071-0155-23: the pricing test finds it by its name.
  const bottleOf5000 = results.getByRole('article').filter({ hasText: '0071-0155-40' });
  await bottleOf5000.getByRole('button', { name: 'Add to catalog: Lipitor 10 mg/1 (NDC 0071-0155-40)' }).click();
  await expect(toast(page)).toContainText('Updated 1 medications. 0 failed.');
  await expect(bottleOf5000.getByRole('status')).toHaveText('Synced into your catalog.');
  const added = await admin.from('medications').select('ndc_number, source').eq('ndc11', '00071015540');
  expect(added.data).toEqual([{ ndc_number: '0071-0155-40', source: 'openfda' }]);

  providers.mode.openfda = 'server-error';
  await search.fill('lipitor');
  await expect(toast(page)).toContainText('External Search Failed');
  await expect(toast(page)).toContainText('Unable to search external drug database. Check API configuration.');
  await expect(results).toHaveCount(0);
});

test('Update All Pricing applies NADAC and toasts the count; the Last Price Update card follows', async ({ browser }) => {
  const page = await openDrugDatabase(browser, team.pharmacist);
  await tab(page, 'Pricing Management').click();
  await expect(page.getByRole('term').filter({ hasText: 'NADAC — National Average Drug Acquisition Cost' })).toBeVisible();
  const answer = page.waitForResponse((response) => response.url().includes('/api/drugs/pricing-update'));
  await page.getByRole('button', { name: 'Update All Pricing' }).click();
  const body = (await (await answer).json()) as { localUpdatesApplied: number };
  expect(body.localUpdatesApplied).toBeGreaterThan(0);
  await expect(toast(page)).toContainText('Pricing Update Complete');
  await expect(toast(page)).toContainText(`Updated pricing for ${body.localUpdatesApplied} medications`);
  await expect(cardValue(page, 'Last Price Update')).toHaveText('just now');
  // Lipitor 10 mg's NADAC (the fixture's newest row for 00071015523) is in the table.
  const prices = page.getByRole('region', { name: 'Current prices' });
  await prices.getByRole('searchbox', { name: 'Search prices' }).fill('0071-0155-23');
  await expect(prices.getByRole('row').filter({ hasText: '0071-0155-23' })).toContainText('14.80213');
  await expectAccessible(page, 'the Pricing Management tab');
  await prices.getByRole('button', { name: 'Price history of Lipitor 10 mg' }).click();
  const history = page.getByRole('dialog', { name: 'Price history: Lipitor 10 mg' });
  await expect(history.getByRole('row').filter({ hasText: '14.80213' })).toBeVisible();
  await expectAccessible(page, 'the price history dialog');
});

test('Schedule Updates saves the weekly price update and shows its next run', async ({ browser }) => {
  const page = await openDrugDatabase(browser, team.pharmacist);
  await tab(page, 'Pricing Management').click();
  const summary = page.getByRole('definition').filter({ hasText: /^(Off|.*s at \d\d:\d\d \(.*\))$/ });
  await expect(summary).toHaveText('Off');
  await page.getByRole('button', { name: 'Schedule Updates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Updates' });
  await dialog.getByRole('checkbox', { name: 'Update prices every week' }).check();
  await dialog.getByLabel('Day').selectOption({ label: 'Wednesday' });
  await dialog.getByLabel('Time').fill('07:30');
  await expectAccessible(page, 'the Schedule Updates dialog');
  await dialog.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText('Price Updates Scheduled');
  const saved = await callApi<{ enabled: boolean; weekday: number; time: string; timezone: string; nextRunAt: string | null }>(admin, 'drugs/pricing-schedule');
  expect(saved.body).toMatchObject({ enabled: true, weekday: 3, time: '07:30' });
  expect(saved.body.nextRunAt).not.toBeNull();
  await expect(summary).toHaveText(`Wednesdays at 07:30 (${saved.body.timezone})`);
  await expect(page.getByText('None scheduled')).toHaveCount(0);
});

test('API Configuration shows each provider as the api checked it, and a provider that fails as Not Reachable', async ({ browser }) => {
  const page = await openDrugDatabase(browser, team.admin);
  await tab(page, 'API Configuration').click();
  const answer = await callApi<ProviderStatus[]>(admin, 'drugs/providers');
  expect(answer.status).toBe(200);
  const list = page.getByRole('list', { name: 'Drug-data providers' });
  for (const provider of answer.body) {
    await expect(list.getByRole('article', { name: provider.name }).getByTestId('provider-state')).toHaveText(PROVIDER_STATE_LABELS[provider.state]);
  }
  const openFda = list.getByRole('article', { name: 'openFDA NDC Directory' });
  await expect(openFda.getByTestId('provider-state')).toHaveText('Connected');
  await expect(openFda.locator('div.contents').filter({ has: page.locator('dt', { hasText: /^Rate limit$/ }) }).locator('dd')).toHaveText(/^240 calls, \d+ left$/);
  await expect(page.getByText(/OPENFDA_API_URL and OPENFDA_API_KEY/)).toBeVisible();
  await expectAccessible(page, 'the API Configuration tab');

  providers.mode.openfda = 'server-error';
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(openFda.getByTestId('provider-state')).toHaveText('Not Reachable');
  await expect(openFda.locator('div.contents').filter({ has: page.locator('dt', { hasText: /^Detail$/ }) })).toBeVisible();
  await expect(cardValue(page, 'External Provider')).toHaveText('Not Reachable');
});

test('a technician sees sync, import and pricing disabled with the reason', async ({ browser }) => {
  const page = await openDrugDatabase(browser, team.technician);
  await tab(page, 'Database Sync').click();
  await expect(page.getByText('Only pharmacists and admins can add, sync or reprice catalog drugs.').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'NDC numbers (comma-separated)' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sync Selected Drugs' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Bulk Import', exact: true })).toBeDisabled();
  await tab(page, 'Pricing Management').click();
  await expect(page.getByRole('button', { name: 'Update All Pricing' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Schedule Updates' })).toBeDisabled();
});

test('the tabs work from the keyboard: arrows, Home and End move and select, Tab enters the panel', async ({ browser }) => {
  const page = await openDrugDatabase(browser, team.pharmacist);
  await tab(page, 'Drug Search').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Database Sync')).toBeFocused();
  await expect(tab(page, 'Database Sync')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Database Sync' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(tab(page, 'API Configuration')).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'API Configuration' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Drug Search')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Pricing Management')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab(page, 'Drug Search')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Search in')).toBeFocused();
});
