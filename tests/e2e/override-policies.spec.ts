/**
 * The security policy at the override, end to end in a pharmacy of its own whose pharmacist and technician
 * were invited by its admin (who sets the policy through supabase-js for each test and puts it back after):
 * - dual approval with two terminals: the pharmacist's Override & Process records the first approval and the
 *   prescription stays pending; the admin's, at another terminal, moves it to Processing;
 * - step-up: overriding a severe alert asks for the password; a wrong one is refused in the dialog, the right one
 *   lets the override through;
 * - advisory: a technician processes a prescription whose alert is not severe, the alert still shown.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { OVERRIDE_POLICY_MESSAGES } from '../../shared/src/security/override-policy.ts';
import { STEP_UP_MESSAGES } from '../../shared/src/security/step-up.ts';
import { enterPrescriptionThroughApi, staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam, type PharmacyTeam, type TeamMember } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

const TODAYS_POLICY = {
  override_authority: 'pharmacist_only',
  ai_risk_assessment: 'enabled',
  step_up_for_high_risk_overrides: false,
};

let team: PharmacyTeam;
let admin: SupabaseClient;

// A pharmacy of its own: the new patients and prescriptions stay out of the demo pharmacy other specs count.
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext();
  team = await onboardPharmacyWithTeam(request);
  await request.dispose();
  admin = await staffClient(team.admin.email, team.admin.password);
  // A new pharmacy stocks nothing yet: the drug the tests prescribe, as the demo pharmacy's catalogue has it.
  const { error } = await admin.from('medications')
    .insert({ name: 'Ibuprofen', generic_name: 'ibuprofen', strength: '800 mg', dosage_form: 'tablet', stock: 900 });
  expect(error).toBeNull();
});

test.afterEach(async () => {
  const { error } = await admin.from('security_policies').update(TODAYS_POLICY).not('id', 'is', null);
  expect(error).toBeNull();
});

async function setPolicy(changes: Partial<typeof TODAYS_POLICY>): Promise<void> {
  const { data, error } = await admin.from('security_policies').update({ ...TODAYS_POLICY, ...changes }).not('id', 'is', null).select('id');
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
}

async function openQueue(browser: Browser, member: TeamMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, member.email, member.password);
  await page.goto('/prescriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Prescription Management' })).toBeVisible();
  return page;
}

/** Enters an ibuprofen prescription for a new patient taking `currentMedication`; returns its directions. */
async function alertedPrescription(currentMedication: string, label: string): Promise<string> {
  const technician = await staffClient(team.technician.email, team.technician.password);
  const { data: patient, error } = await technician.from('patients')
    .insert({ first_name: 'Olive', last_name: `${label}${Date.now()}`, current_medications: [currentMedication], allergies: [] }).select('id').single();
  expect(error).toBeNull();
  const { data: ibuprofen } = await technician.from('medications').select('id').ilike('name', 'ibuprofen').limit(1).single();
  const directions = `Take 1 tablet by mouth every 8 hours with food (${label} ${Date.now()})`;
  await enterPrescriptionThroughApi(technician, {
    patientId: patient!.id, medicationId: ibuprofen!.id, directions, quantity: '20', refills: '0', daysSupply: '7', prescriptionType: 'written',
  });
  return directions;
}

/** axe (WCAG 2.0/2.1 A and AA, as tests/e2e/accessibility.spec.ts) on the open dialog, once its entrance ended. */
async function expectAccessibleDialog(page: Page): Promise<void> {
  // Finite animations only (the dialog's entrance); an endless one (a spinner elsewhere) never ends.
  await expect.poll(() => page.evaluate(() => document.getAnimations()
    .filter((animation) => animation.playState === 'running' && Number(animation.effect?.getComputedTiming().endTime) < 5_000).length)).toBe(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('dialog[open]').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

function card(page: Page, directions: string) {
  return page.getByRole('article').filter({ hasText: directions });
}

async function openTab(page: Page, name: 'Pending' | 'Processing'): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${name} `) })).toHaveAttribute('aria-selected', 'true');
}

test('dual approval: the pharmacist approves first and it stays pending; the admin at another terminal moves it', async ({ browser }) => {
  test.setTimeout(120_000);
  await setPolicy({ override_authority: 'dual_approval' });
  const directions = await alertedPrescription('Warfarin 5mg', 'Dual');

  const pharmacist = await openQueue(browser, team.pharmacist);
  await card(pharmacist, directions).getByRole('button', { name: 'Review Alert', exact: true }).click();
  const first = pharmacist.getByRole('dialog', { name: 'Drug Interaction Alert' });
  await expect(first.getByText(OVERRIDE_POLICY_MESSAGES.dualApprovalNotice)).toBeVisible();
  await expectAccessibleDialog(pharmacist);
  await first.getByRole('textbox', { name: 'Override reason' }).fill('Prescriber consulted; INR check in 3 days');
  await first.getByRole('button', { name: 'Override & Process', exact: true }).click();
  await expect(pharmacist.getByText(OVERRIDE_POLICY_MESSAGES.approvalRecorded)).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect(card(pharmacist, directions).getByText('pending', { exact: true })).toBeVisible();
  // Opened again, the dialog says whose approval is still missing.
  await card(pharmacist, directions).getByRole('button', { name: 'Review Alert', exact: true }).click();
  await expect(first.getByText('You approved this override ("Prescriber consulted; INR check in 3 days"); a second pharmacist or admin must approve it.')).toBeVisible();
  await first.getByRole('button', { name: 'Close', exact: true }).click();

  const adminPage = await openQueue(browser, team.admin);
  await card(adminPage, directions).getByRole('button', { name: 'Review Alert', exact: true }).click();
  const second = adminPage.getByRole('dialog', { name: 'Drug Interaction Alert' });
  await expect(second.getByText('First approval by Riley Pharmacist ("Prescriber consulted; INR check in 3 days"); your approval processes the prescription.')).toBeVisible();
  await second.getByRole('textbox', { name: 'Override reason' }).fill('Agreed: short course with monitoring');
  await second.getByRole('button', { name: 'Override & Process', exact: true }).click();
  await expect(adminPage.getByText('Prescription updated successfully')).toBeVisible();
  await openTab(adminPage, 'Processing');
  await expect(card(adminPage, directions).getByText('Interaction alert overridden: Agreed: short course with monitoring')).toBeVisible();
  // The pharmacist's queue follows live.
  await expect(card(pharmacist, directions)).toHaveCount(0);
  await pharmacist.context().close();
  await adminPage.context().close();
});

test('step-up: a severe override asks for the password; a wrong one is refused, the right one lets it through', async ({ browser }) => {
  test.setTimeout(120_000);
  await setPolicy({ step_up_for_high_risk_overrides: true });
  const directions = await alertedPrescription('Warfarin 5mg', 'StepUp');

  const pharmacist = await openQueue(browser, team.pharmacist);
  await card(pharmacist, directions).getByRole('button', { name: 'Review Alert', exact: true }).click();
  const dialog = pharmacist.getByRole('dialog', { name: 'Drug Interaction Alert' });
  await expect(dialog.getByText(OVERRIDE_POLICY_MESSAGES.stepUpPrompt)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Override reason' }).fill('Prescriber consulted; INR check in 3 days');
  await dialog.getByRole('button', { name: 'Override & Process', exact: true }).click();
  await expect(dialog.getByText(/overriding a severe interaction alert needs you to confirm your password \(or a code from your authenticator app\) first/)).toBeVisible();
  const password = dialog.getByLabel('Your password', { exact: true });
  // The prompt appears in the open dialog: focus moves to the password, so a keyboard user types it next.
  await expect(password).toBeFocused();
  await password.fill('not-the-password');
  await dialog.getByRole('button', { name: 'Confirm & Override', exact: true }).click();
  await expect(dialog.getByText(STEP_UP_MESSAGES.wrongPassword)).toBeVisible();
  // Refused: focus is back in the emptied field (the disabled button had dropped it to the page).
  await expect(password).toBeFocused();
  await expectAccessibleDialog(pharmacist);
  await expect(card(pharmacist, directions).getByText('pending', { exact: true })).toBeVisible();

  await password.fill(team.pharmacist.password);
  await dialog.getByRole('button', { name: 'Confirm & Override', exact: true }).click();
  await expect(pharmacist.getByText('Prescription updated successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await openTab(pharmacist, 'Processing');
  await expect(card(pharmacist, directions).getByText('Interaction alert overridden: Prescriber consulted; INR check in 3 days')).toBeVisible();
  await pharmacist.context().close();
});

test('advisory: the technician processes a prescription whose alert is not severe; the alert is still shown', async ({ browser }) => {
  await setPolicy({ ai_risk_assessment: 'advisory' });
  const directions = await alertedPrescription('Sertraline 50mg', 'Advisory');

  const technician = await openQueue(browser, team.technician);
  const alerted = card(technician, directions);
  await expect(alerted.getByText('AI Alert: Potential drug interaction detected')).toBeVisible();
  await alerted.getByRole('button', { name: 'Review Alert', exact: true }).click();
  const dialog = technician.getByRole('dialog', { name: 'Drug Interaction Alert' });
  await expect(dialog.getByText(OVERRIDE_POLICY_MESSAGES.advisoryNotice)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await alerted.getByRole('button', { name: 'Process', exact: true }).click();
  await expect(technician.getByText('Prescription updated successfully')).toBeVisible();
  await openTab(technician, 'Processing');
  await expect(card(technician, directions).getByText('processing', { exact: true })).toBeVisible();
  await technician.context().close();
});
