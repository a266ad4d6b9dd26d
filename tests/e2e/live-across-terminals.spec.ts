/**
 * Data that stays true across screens and terminals, end to end with two browser contexts of one pharmacy (a
 * pharmacy of its own, whose team its admin invited):
 * - the admin changes the override authority on the AI Security Manager; the pharmacist's open queue, with an
 *   interaction alert open, follows without a reload (the dual-approval notice appears in the open dialog);
 * - the pharmacist verifies fills, which take stock; the technician's Drug Database shows the new stock, and so does
 *   the New Prescription form's Medication choice, opened and then left open while the next fill is verified;
 * - the pharmacist leaves the queue for the Dashboard while another terminal enters and moves prescriptions; the
 *   queue, opened again, shows what changed meanwhile (its cached tabs are not left as they were).
 * Neither page is reloaded: a mark set in the page before the change is still there after it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { OVERRIDE_POLICY_MESSAGES } from '../../shared/src/security/override-policy.ts';
import { enterPrescriptionThroughApi, movePrescriptionAs, staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam, type PharmacyTeam, type TeamMember } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

let team: PharmacyTeam;
let admin: SupabaseClient;
let technician: SupabaseClient;
let ibuprofenId: string;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext();
  team = await onboardPharmacyWithTeam(request);
  await request.dispose();
  admin = await staffClient(team.admin.email, team.admin.password);
  technician = await staffClient(team.technician.email, team.technician.password);
  const { data, error } = await admin
    .from('medications')
    .insert({ name: 'Ibuprofen', generic_name: 'ibuprofen', strength: '800 mg', dosage_form: 'tablet', stock: 900, low_stock_threshold: 10 })
    .select('id')
    .single();
  expect(error).toBeNull();
  ibuprofenId = data!.id;
});

async function openTerminal(browser: Browser, member: TeamMember, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, member.email, member.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: sidebarLabel(path), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

function sidebarLabel(path: string): string {
  return { '/prescriptions': 'E-Prescriptions', '/drugs': 'Drug Database', '/security-manager': 'AI Security Manager' }[path]!;
}

/** Marks the loaded page; `stillSamePage` is true only if no reload or navigation replaced it since. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { terminalMark: string }).terminalMark = 'not reloaded'));
}
async function stillSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { terminalMark?: string }).terminalMark === 'not reloaded');
}

/** A new patient's ibuprofen prescription, entered by the technician; the patient may take `currentMedication`. */
async function ibuprofenPrescription(label: string, currentMedication?: string): Promise<{ id: string; rxNumber: number; directions: string }> {
  const { data: patient, error } = await technician
    .from('patients')
    .insert({ first_name: 'Quinn', last_name: `${label}${Date.now()}`, current_medications: currentMedication ? [currentMedication] : [], allergies: [] })
    .select('id')
    .single();
  expect(error).toBeNull();
  const directions = `Take 1 tablet by mouth every 8 hours with food (${label} ${Date.now()})`;
  const { id, rxNumber } = await enterPrescriptionThroughApi(technician, {
    patientId: patient!.id, medicationId: ibuprofenId, directions, quantity: '20', refills: '0', daysSupply: '7', prescriptionType: 'written',
  });
  return { id, rxNumber, directions };
}

function card(page: Page, directions: string) {
  return page.getByRole('article').filter({ hasText: directions });
}

test('the admin changes the override authority and the pharmacist\'s open queue follows without a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const { directions } = await ibuprofenPrescription('Policy', 'Warfarin 5mg');

  const pharmacist = await openTerminal(browser, team.pharmacist, '/prescriptions');
  await card(pharmacist, directions).getByRole('button', { name: 'Review Alert', exact: true }).click();
  const alert = pharmacist.getByRole('dialog', { name: 'Drug Interaction Alert' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText(OVERRIDE_POLICY_MESSAGES.dualApprovalNotice)).toHaveCount(0);
  await markPage(pharmacist);

  const adminPage = await openTerminal(browser, team.admin, '/security-manager');
  try {
    await adminPage.getByRole('tab', { name: 'Security Policies' }).click();
    await adminPage.getByRole('group', { name: 'Document override authority' }).getByRole('radio', { name: 'Dual approval' }).check();
    await adminPage.getByRole('button', { name: 'Save Policy' }).click();
    await expect(adminPage.getByText('Security policy updated', { exact: true })).toBeVisible();

    // The pharmacist's open dialog now says what the database will ask for.
    await expect(alert.getByText(OVERRIDE_POLICY_MESSAGES.dualApprovalNotice)).toBeVisible();
    expect(await stillSamePage(pharmacist)).toBe(true);
  } finally {
    const { error } = await admin.from('security_policies').update({ override_authority: 'pharmacist_only' }).not('id', 'is', null);
    expect(error).toBeNull();
  }
  // And back: the change of the table (here made without the screen) reaches the open dialog too.
  await expect(alert.getByText(OVERRIDE_POLICY_MESSAGES.dualApprovalNotice)).toHaveCount(0);
  await pharmacist.context().close();
  await adminPage.context().close();
});

test('a fill verified at one terminal changes the stock the other terminal\'s Drug Database and New Prescription form show', async ({ browser }) => {
  test.setTimeout(150_000);
  const first = await ibuprofenPrescription('StockA');
  const second = await ibuprofenPrescription('StockB');
  await movePrescriptionAs(technician, first.id, 'processing');
  await movePrescriptionAs(technician, second.id, 'processing');

  const watcher = await openTerminal(browser, team.technician, '/drugs');
  await watcher.getByRole('searchbox', { name: 'Search drugs' }).fill('ibuprofen');
  const drug = watcher.getByRole('list', { name: 'Local drugs' }).getByRole('article', { name: 'Ibuprofen 800 mg' });
  const stock = drug.locator('div.contents').filter({ has: watcher.locator('dt', { hasText: /^Stock$/ }) }).locator('dd');
  await expect(stock).toHaveText('900');
  await markPage(watcher);

  const pharmacist = await openTerminal(browser, team.pharmacist, '/prescriptions');
  await pharmacist.getByRole('tab', { name: /^Processing \(\d+\)$/ }).click();
  await card(pharmacist, first.directions).getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(pharmacist.getByText('Prescription updated successfully')).toBeVisible();

  await expect(stock).toHaveText('880');
  expect(await stillSamePage(watcher)).toBe(true);

  // The watcher moves to the queue (in the app, no reload) and opens the form's Medication choices.
  await watcher.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-Prescriptions', exact: true }).click();
  await watcher.getByRole('button', { name: 'New Prescription', exact: true }).click();
  const form = watcher.getByRole('dialog', { name: 'Manual Prescription Entry' });
  await form.getByRole('combobox', { name: 'Medication', exact: true }).fill('Ibup');
  const choice = form.getByRole('option', { name: /^Ibuprofen 800 mg tablet/ });
  await expect(choice).toContainText('880 on hand');

  // The next fill, verified while the choices are open, shows there too.
  await card(pharmacist, second.directions).getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(pharmacist.getByText('Prescription updated successfully').first()).toBeVisible();
  await expect(choice).toContainText('860 on hand');
  expect(await stillSamePage(watcher)).toBe(true);

  await watcher.context().close();
  await pharmacist.context().close();
});

test('the queue, left for another screen while another terminal changes prescriptions, shows the changes when opened again', async ({ browser }) => {
  test.setTimeout(120_000);
  const earlier = await ibuprofenPrescription('LeftA');
  const pharmacist = await openTerminal(browser, team.pharmacist, '/prescriptions');
  await expect(card(pharmacist, earlier.directions)).toBeVisible();
  await markPage(pharmacist);
  const sidebar = pharmacist.getByRole('navigation', { name: 'Main' });
  await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();

  // While the queue is not shown (its Pending tab still cached): one prescription moves on, another is entered.
  await movePrescriptionAs(technician, earlier.id, 'processing');
  const later = await ibuprofenPrescription('LeftB');
  // The Dashboard reads the same table: once it shows the new one, both changes have reached this terminal.
  await expect(pharmacist.getByTestId('recent-prescription').filter({ hasText: `RX ${later.rxNumber}` })).toBeVisible();

  await sidebar.getByRole('link', { name: 'E-Prescriptions', exact: true }).click();
  await expect(card(pharmacist, later.directions)).toBeVisible();
  await expect(card(pharmacist, earlier.directions)).toHaveCount(0);
  expect(await stillSamePage(pharmacist)).toBe(true);
  await pharmacist.context().close();
});
