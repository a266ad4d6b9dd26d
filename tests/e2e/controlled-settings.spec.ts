/**
 * System Settings → Controlled in the queue, end to end in a pharmacy of its own whose pharmacist and technician
 * were invited by its admin (who saves the Controlled group through supabase-js, as the settings api does):
 * - the DEA registration banner on the dashboard and the queue: a warning within 90 days of expiry, an alert
 *   once expired;
 * - double count: with requireDoubleCount on, the pharmacist's Verify of a Schedule II prescription is refused
 *   until the technician, at another terminal, records a count of its quantity (shown with who counted, live on
 *   the pharmacist's open queue).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { usDate } from '../../shared/src/common/dates.ts';
import { CONTROLLED_COUNT_MESSAGES, CONTROLLED_RULE_MESSAGES } from '../../shared/src/prescriptions/controlled-substance-rules.ts';
import { CONTROLLED_SETTINGS_DEFAULTS, type ControlledSettings } from '../../shared/src/settings/controlled.ts';
import { enterPrescriptionThroughApi, staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam, type PharmacyTeam, type TeamMember } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

let team: PharmacyTeam;
let admin: SupabaseClient;
let technician: SupabaseClient;
let oxycodone: string;
let prescriber: string;

// A pharmacy of its own: its settings, patients and prescriptions stay out of the demo pharmacy other specs count.
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext();
  team = await onboardPharmacyWithTeam(request);
  await request.dispose();
  admin = await staffClient(team.admin.email, team.admin.password);
  technician = await staffClient(team.technician.email, team.technician.password);
  const pharmacist = await staffClient(team.pharmacist.email, team.pharmacist.password);
  const drug = await pharmacist.from('medications')
    .insert({ name: 'Oxycodone', generic_name: 'oxycodone', strength: '5 mg', dosage_form: 'tablet', stock: 500, dea_schedule: 'II' }).select('id').single();
  expect(drug.error).toBeNull();
  oxycodone = drug.data!.id as string;
  const registered = await technician.from('prescribers').insert({ first_name: 'Dana', last_name: 'Registered', dea_number: 'BL1234563' }).select('id').single();
  expect(registered.error).toBeNull();
  prescriber = registered.data!.id as string;
});

/** Saves the Controlled group as the admin (RLS lets admins write pharmacy_settings), over the §9 defaults. */
async function saveControlled(changes: Partial<ControlledSettings>): Promise<void> {
  const { deaNumber: _deaNumber, ...defaults } = CONTROLLED_SETTINGS_DEFAULTS;
  const settings = { ...defaults, ...changes };
  const updated = await admin.from('pharmacy_settings').update({ settings }).eq('group_key', 'controlled').select('group_key');
  expect(updated.error).toBeNull();
  if (updated.data!.length === 0) expect((await admin.from('pharmacy_settings').insert({ group_key: 'controlled', settings })).error).toBeNull();
}

/** The pharmacy's local date, as the database reads it. */
async function pharmacyToday(): Promise<string> {
  const { data, error } = await technician.rpc('controlled_substance_status');
  expect(error).toBeNull();
  return (data as { today: string }).today;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function signedIn(browser: Browser, member: TeamMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, member.email, member.password);
  return page;
}

/** axe (WCAG 2.0/2.1 A and AA, as tests/e2e/accessibility.spec.ts) on one part of the page, once its entrance ended. */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  // Finite animations only (a dialog's entrance); an endless one (a spinner elsewhere) never ends.
  await expect.poll(() => page.evaluate(() => document.getAnimations()
    .filter((animation) => animation.playState === 'running' && Number(animation.effect?.getComputedTiming().endTime) < 5_000).length)).toBe(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include(selector).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openProcessing(page: Page): Promise<void> {
  await page.goto('/prescriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Prescription Management' })).toBeVisible();
  await page.getByRole('tab', { name: /^Processing/ }).click();
}

test('the DEA registration banner: a warning within 90 days of expiry, an alert once expired, on the dashboard and the queue', async ({ browser }) => {
  test.setTimeout(120_000);
  const today = await pharmacyToday();
  const soon = addDays(today, 30);
  await saveControlled({ deaExpirationDate: soon });
  const page = await signedIn(browser, team.technician);
  await page.goto('/');
  const warning = page.getByRole('status', { name: 'DEA registration' });
  await expect(warning).toHaveText(`DEA registration expires in 30 days (${usDate(soon)}): renew it to keep filling controlled substances`);
  await expectAccessible(page, '[aria-label="DEA registration"]');
  await page.goto('/prescriptions');
  await expect(warning).toBeVisible();
  // System Settings' DEA Compliance card says the same to the admin, in a colour readable on the card.
  const adminPage = await signedIn(browser, team.admin);
  await adminPage.goto('/system-settings');
  await expect(adminPage.getByRole('region', { name: 'DEA Compliance', exact: true }).getByTestId('card-value')).toHaveText('Expiring soon');
  await expectAccessible(adminPage, 'section[aria-labelledby="settings-card-dea-compliance"]');
  await adminPage.context().close();

  const lapsed = addDays(today, -1);
  await saveControlled({ deaExpirationDate: lapsed });
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'DEA registration' }))
    .toHaveText(`DEA registration expired on ${usDate(lapsed)}: controlled substances cannot be filled`);
  await expectAccessible(page, '[aria-label="DEA registration"]');
  await page.goto('/');
  await expect(page.getByRole('alert').filter({ hasText: 'DEA registration' })).toBeVisible();

  // Renewed (valid for more than 90 days): no banner.
  await saveControlled({ deaExpirationDate: addDays(today, 400) });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/DEA registration (expired|expires)/)).toHaveCount(0);
  await page.context().close();
});

test('double count: Verify is refused until a colleague records a count of the quantity, shown with who counted', async ({ browser }) => {
  test.setTimeout(120_000);
  await saveControlled({ requireDoubleCount: true });
  const { data: patient, error } = await technician.from('patients')
    .insert({ first_name: 'Cora', last_name: `Counted${Date.now()}`, current_medications: [], allergies: [] }).select('id').single();
  expect(error).toBeNull();
  const entered = await enterPrescriptionThroughApi(technician, {
    prescriptionType: 'written', patientId: patient!.id, medicationId: oxycodone, prescriberId: prescriber,
    directions: 'Take 1 tablet by mouth every 6 hours as needed for pain', quantity: '30', refills: '0', daysSupply: '7',
  });
  const moved = await technician.rpc('move_prescription', { prescription_id: entered.id, to_status: 'processing' });
  expect(moved.data).toMatchObject({ ok: true });
  const title = `Prescription RX ${entered.rxNumber}`;

  const pharmacistPage = await signedIn(browser, team.pharmacist);
  await openProcessing(pharmacistPage);
  const pharmacistCard = pharmacistPage.getByRole('article', { name: title });
  await expect(pharmacistCard.getByText('Schedule II')).toBeVisible();
  await expect(pharmacistCard.getByText('Double count: no count recorded yet')).toBeVisible();
  await expectAccessible(pharmacistPage, `[aria-label="${title}"]`);
  await pharmacistCard.getByRole('button', { name: 'Verify' }).click();
  await expect(pharmacistPage.getByText(CONTROLLED_RULE_MESSAGES.doubleCountMissing(title))).toBeVisible();
  await expect(pharmacistCard).toBeVisible();

  // The technician counts at their terminal: a bad quantity is refused by the shared schema, then 30 is recorded.
  const technicianPage = await signedIn(browser, team.technician);
  await openProcessing(technicianPage);
  await technicianPage.getByRole('article', { name: title }).getByRole('button', { name: 'Double Count' }).click();
  const dialog = technicianPage.getByRole('dialog', { name: `Double Count — RX ${entered.rxNumber}` });
  await dialog.getByRole('textbox', { name: 'Quantity counted' }).fill('0');
  await dialog.getByRole('button', { name: 'Record Count' }).click();
  await expect(dialog.getByText(CONTROLLED_COUNT_MESSAGES.quantity)).toBeVisible();
  await expectAccessible(technicianPage, 'dialog[open]');
  await dialog.getByRole('textbox', { name: 'Quantity counted' }).fill('30');
  await dialog.getByRole('button', { name: 'Record Count' }).click();
  await expect(dialog).toBeHidden();
  await expect(technicianPage.getByRole('article', { name: title }).getByRole('list', { name: 'Double counts' }))
    .toContainText('Counted 30 by Taylor Technician');

  // The pharmacist's open queue shows the count as it is recorded (live), and the verification goes through.
  await expect(pharmacistCard.getByRole('list', { name: 'Double counts' })).toContainText('Counted 30 by Taylor Technician');
  await pharmacistCard.getByRole('button', { name: 'Verify' }).click();
  await expect(pharmacistPage.getByText('Prescription updated successfully')).toBeVisible();
  await expect(pharmacistCard).toHaveCount(0);
  await pharmacistPage.context().close();
  await technicianPage.context().close();
});
