/**
 * Accessibility: every screen of the app, in the states a user meets (dialogs open, each tab, validation
 * messages shown), passes axe-core's WCAG 2.0/2.1 A and AA rules. No rule is disabled. A failure prints each
 * violation with the rule, its impact, and the elements it found (selector and axe's summary of the fix).
 *
 * Signed-out screens are visited as a visitor; signed-in screens as the demo pharmacy's technician, its
 * pharmacist (the interaction alert, the labels preview) and its admin (Data Migration,
 * which only an admin's sidebar lists); System Settings' tools, which write, and the subscription (the plans page
 * signed in, the dashboard's trial notice), as the admin of a pharmacy of its own. A narrow window checks the shell's drawer; the fake clock the idle warning.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoStaffClient, enterPrescriptionThroughApi } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi, uniqueWizardData } from './support/onboarding-data.ts';
import {
  acceptWizardAgreements,
  choosePlanAndAgree,
  field,
  fillAdminAccount,
  fillAdminTab,
  fillLocationContact,
  fillPharmacistInCharge,
  fillPharmacyInformation,
  fillPharmacyTab,
  fillRegulatoryInformation,
  nextWizardStep,
} from './support/onboarding-forms.ts';
import { serviceSql } from './support/service-sql.ts';
import { fillSignIn, signIn } from './support/sign-in.ts';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Each test visits many screens and runs axe on each (seconds apiece on a shared machine).
test.beforeEach(() => test.setTimeout(240_000));

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

function describeViolations(violations: Violations): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 10)
        .map((node) => `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      const more = violation.nodes.length > 10 ? `\n    … and ${violation.nodes.length - 10} more` : '';
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.nodes.length} elements)\n    ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Colours are measured as painted: wait for the data to arrive and for opening animations (dialogs, toasts)
 * to finish; endless or long ones (spinners, countdowns) are left alone.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) => animation.playState === 'running' && Number(animation.effect?.getComputedTiming().endTime) < 5_000).length,
      ),
    )
    .toBe(0);
}

/** Runs axe on the page as it is now; records (softly, so one run reports every screen) what it finds. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  expect.soft(violations.length, `axe found WCAG 2.1 AA violations on ${screen}:\n${describeViolations(violations)}\n`).toBe(0);
}

test('the signed-out screens: sign-in, landing, subscription plans', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expectAccessible(page, 'the sign-in page');

  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'the sign-in page with its validation messages');
  await fillSignIn(page, 'tech@demo.pharmacy', 'not-the-password');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'the sign-in page with a refused sign-in');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'the landing page');

  await page.goto('/subscription-plans');
  await expect(page.getByRole('article', { name: 'Pharmacy Pro' })).toBeVisible();
  await expectAccessible(page, 'the subscription plans page');
});

test('the onboarding wizard, each of its six steps and the welcome screen', async ({ page }) => {
  const data = uniqueWizardData();
  await page.goto('/onboard');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await expectAccessible(page, 'wizard step 1 (Pharmacy Information)');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'wizard step 1 with its validation messages');

  await fillPharmacyInformation(page, data);
  await nextWizardStep(page, 2);
  await expectAccessible(page, 'wizard step 2 (Regulatory Information)');
  await fillRegulatoryInformation(page, data);
  await nextWizardStep(page, 3);
  await expectAccessible(page, 'wizard step 3 (Location & Contact)');
  await fillLocationContact(page, data);
  await nextWizardStep(page, 4);
  await expectAccessible(page, 'wizard step 4 (Pharmacist in Charge)');
  await fillPharmacistInCharge(page, data);
  await nextWizardStep(page, 5);
  await expectAccessible(page, 'wizard step 5 (Admin Account)');
  await fillAdminAccount(page, data);
  await nextWizardStep(page, 6);
  await expectAccessible(page, 'wizard step 6 (Legal Agreements)');
  await acceptWizardAgreements(page);
  await page.getByRole('button', { name: 'Complete Onboarding' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to the Pharmacy Management System!' })).toBeVisible();
  await expectAccessible(page, 'the onboarding welcome screen');
});

test('the tabbed onboarding, each tab, its validation messages and the completed account', async ({ page }) => {
  const data = uniqueWizardData();
  await page.goto('/production-onboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Pharmacy Account Setup' })).toBeVisible();
  await expectAccessible(page, 'the tabbed onboarding, Pharmacy tab');
  await page.getByRole('button', { name: 'Continue to Admin' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'the tabbed onboarding, Pharmacy tab with its validation messages');

  await fillPharmacyTab(page, data);
  await page.getByRole('button', { name: 'Continue to Admin' }).click();
  await expect(field(page, 'Admin Email')).toBeVisible();
  await expectAccessible(page, 'the tabbed onboarding, Admin tab');
  await fillAdminTab(page, data);
  await page.getByRole('button', { name: 'Continue to Plan' }).click();
  await expect(page.getByRole('radio', { name: 'Pharmacy Pro' })).toBeVisible();
  await expectAccessible(page, 'the tabbed onboarding, Plan tab');
  await choosePlanAndAgree(page);
  await page.getByRole('button', { name: 'Validate & Continue' }).click();
  await expect(page.getByRole('button', { name: 'Create Pharmacy Account' })).toBeVisible();
  await expectAccessible(page, 'the tabbed onboarding, Review tab');
  await page.getByRole('button', { name: 'Create Pharmacy Account' }).click();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();
  await expectAccessible(page, 'the tabbed onboarding, Complete tab');
});

test('the signed-in screens: dashboard, queue tabs and dialogs, patients and their dialogs', async ({ page }) => {
  await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectAccessible(page, 'the dashboard');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-Prescriptions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prescription Management' })).toBeVisible();
  for (const tab of ['Pending', 'Processing', 'Ready', 'Completed']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await expect(panel.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, `the prescription queue, ${tab} tab`);
  }

  await page.getByRole('button', { name: 'New Prescription', exact: true }).click();
  const entry = page.getByRole('dialog', { name: 'Manual Prescription Entry' });
  const patientField = entry.getByRole('combobox', { name: 'Patient', exact: true });
  await expect(patientField).toBeVisible();
  await expectAccessible(page, 'the New Prescription dialog (Written RX)');
  await patientField.fill('Hollo');
  await expect(entry.getByRole('option', { name: /^Margaret Holloway/ })).toBeVisible();
  await expectAccessible(page, 'the New Prescription dialog with the patient list open');
  await patientField.press('Escape');
  const medicationField = entry.getByRole('combobox', { name: 'Medication', exact: true });
  await medicationField.fill('Ibupro');
  await expect(entry.getByRole('option', { name: /^Ibuprofen 800 mg tablet/ })).toBeVisible();
  await expectAccessible(page, 'the New Prescription dialog with the medication list open');
  await medicationField.press('Escape');
  await entry.getByRole('button', { name: 'Verbal Order', exact: true }).click();
  await expect(entry.getByRole('textbox', { name: 'Caller Information' })).toBeVisible();
  await expectAccessible(page, 'the New Prescription dialog (Verbal Order)');
  await entry.getByRole('button', { name: 'Create Prescription', exact: true }).click();
  await expect(entry.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'the New Prescription dialog with its validation messages');
  await entry.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(entry).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }).click();
  await expect(page.getByRole('heading', { name: 'Patient Database' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Margaret Holloway' })).toBeVisible();
  await expectAccessible(page, 'the patients list');

  await page.getByRole('button', { name: 'Add Patient', exact: true }).click();
  const addPatient = page.getByRole('dialog', { name: 'Add Patient' });
  await expect(addPatient).toBeVisible();
  await addPatient.getByRole('button', { name: 'Add allergy', exact: true }).click();
  await addPatient.getByRole('button', { name: 'Add medication', exact: true }).click();
  await expectAccessible(page, 'the Add Patient dialog');
  await addPatient.getByRole('button', { name: 'Add Patient', exact: true }).click();
  await expect(addPatient.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'the Add Patient dialog with its validation messages');
  await page.keyboard.press('Escape');
  await expect(addPatient).toBeHidden();

  await page.getByRole('button', { name: 'View Margaret Holloway' }).click();
  const details = page.getByRole('dialog', { name: 'Patient Details' });
  await expect(details.getByText('Holloway', { exact: false }).first()).toBeVisible();
  await expect(details.getByRole('row', { name: 'Primary plan Demo Part D' })).toBeVisible();
  await expectAccessible(page, 'the Patient Details dialog');
  await details.getByRole('button', { name: 'Add Plan', exact: true }).click();
  const addPlan = page.getByRole('dialog', { name: 'Add Insurance Plan — Margaret Holloway' });
  await addPlan.getByRole('button', { name: 'Add Plan', exact: true }).click();
  await expect(addPlan.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'the Add Insurance Plan dialog with its validation messages');
  await addPlan.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(addPlan).toBeHidden();
});

test('the interaction alert dialog, the labels screen with its preview, and the 404 page', async ({ page }) => {
  const pharmacist = await demoStaffClient('rph@demo.pharmacy');
  const [patient, medication, prescriber] = await Promise.all([
    pharmacist.from('patients').select('id').eq('first_name', 'Margaret').eq('last_name', 'Holloway').single(),
    pharmacist.from('medications').select('id').eq('name', 'Ibuprofen').eq('strength', '800 mg').limit(1).single(),
    pharmacist.from('prescribers').select('id').limit(1).single(),
  ]);
  if (patient.error || medication.error || prescriber.error) throw new Error('the demo patient, ibuprofen or a prescriber is missing');
  const directions = `Take 1 tablet by mouth every 8 hours as needed (a11y ${Date.now()})`;
  await enterPrescriptionThroughApi(pharmacist, {
    patientId: patient.data.id,
    medicationId: medication.data.id,
    prescriberId: prescriber.data.id,
    prescriptionType: 'written',
    source: 'manual_entry',
    directions,
    quantity: '30',
    refills: '0',
    daysSupply: '10',
  });

  await signIn(page, 'rph@demo.pharmacy', DEMO_PASSWORD);
  await page.goto('/prescriptions');
  const alertCard = page.getByRole('article').filter({ hasText: directions });
  await expect(alertCard.getByText('AI Alert: Potential drug interaction detected')).toBeVisible();
  await expectAccessible(page, 'the prescription queue with an interaction alert');
  await alertCard.getByRole('button', { name: 'Review Alert', exact: true }).click();
  const alert = page.getByRole('dialog', { name: 'Drug Interaction Alert' });
  await expect(alert.getByText(/warfarin/i).first()).toBeVisible();
  await expectAccessible(page, 'the Drug Interaction Alert dialog');
  await alert.getByRole('button', { name: 'Override & Process', exact: true }).click();
  await expect(alert.getByRole('textbox', { name: 'Override reason' })).toBeVisible();
  await expectAccessible(page, 'the Drug Interaction Alert dialog asking for the override reason');
  await alert.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(alert).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Labels' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prescription Labels' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Select' }) }).first()).toBeVisible();
  await expectAccessible(page, 'the labels screen');
  await page.getByRole('tab', { name: /^Recently Printed \(\d+\)$/ }).click();
  await expectAccessible(page, 'the labels screen, Recently Printed tab');
  await page.getByRole('checkbox', { name: 'Custom entry' }).check();
  await page.getByRole('textbox', { name: 'Patient Name' }).fill('Jordan Custom');
  await page.getByRole('textbox', { name: 'Medication' }).fill('Amoxicillin 500 mg');
  await page.getByRole('textbox', { name: 'Directions' }).fill('Take 1 capsule three times daily');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Label Preview' });
  await expect(preview.getByTestId('label-preview')).toBeVisible();
  await expectAccessible(page, 'the Label Preview dialog');
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();

  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'the 404 page');
});

test('Reports and Analytics: the cards, both charts with their tables, the alerts, and a custom period refused', async ({ page }) => {
  await signIn(page, 'admin@demo.pharmacy', DEMO_PASSWORD);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports and Analytics' })).toBeVisible();
  await expect(page.getByTestId('report-stat-value')).toHaveCount(4);
  await expect(page.getByRole('table', { name: /Weekly Activity/ })).toBeAttached();
  await expectAccessible(page, 'the Reports and Analytics screen');
  await page.getByRole('button', { name: 'Custom' }).click();
  await page.getByLabel('Last day').fill('2020-01-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The last day is before the first day' })).toBeVisible();
  await expectAccessible(page, 'the Reports screen with a refused custom period');
  await page.getByRole('button', { name: 'This month' }).click();
  const reports = page.getByRole('region', { name: 'Reports', exact: true });
  await reports.getByRole('button', { name: 'Sales', exact: true }).click();
  await expect(reports.getByRole('table', { name: 'Sales report' })).toBeVisible();
  await expectAccessible(page, 'the Sales report on the Reports screen');
  await reports.getByRole('button', { name: 'Daily Dispensing Log' }).click();
  await expect(reports.getByRole('table', { name: 'Pharmacist sign-off report' })).toBeVisible();
  await expectAccessible(page, 'the dispensing log with its sign-offs');
});

// As the pharmacy's admin, whose sidebar lists every screen (admin-only ones included).
test('the admin-only screen reached from the sidebar: Data Migration', async ({ page }) => {
  await signIn(page, 'admin@demo.pharmacy', DEMO_PASSWORD);
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  const screens: Array<[label: string, path: string]> = [
    ['Data Migration', '/data-migration'],
  ];
  for (const [label, path] of screens) {
    const link = sidebar.getByRole('link', { name: label, exact: true });
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `the ${label} screen`);
  }
});

// As the admin of a pharmacy of its own whose trial ends in 3 days: the notice on the dashboard, the plans page signed in.
test("the admin's subscription: the dashboard's trial notice and the Subscription Plans page signed in", async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  await serviceSql(
    `update public.subscriptions s
        set trial_ends_at = ((private.pharmacy_local_date(s.pharmacy_id, now()) + 3) + time '12:00') at time zone p.time_zone,
            next_billing_date = private.pharmacy_local_date(s.pharmacy_id, now()) + 3
       from public.pharmacies p
      where p.id = s.pharmacy_id and s.pharmacy_id = (select pharmacy_id from public.staff_profiles where email = $1)`,
    [pharmacy.adminEmail],
  );
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  const notice = page.getByRole('status', { name: 'Free trial' });
  await expect(notice).toContainText('Your free trial ends in 3 days.');
  await expectAccessible(page, 'the dashboard with the trial notice');
  await notice.getByRole('link', { name: 'View subscription' }).click();
  await expect(page.getByRole('region', { name: 'Current subscription' }).getByText('3 days left')).toBeVisible();
  await expectAccessible(page, 'the Subscription Plans page signed in');
});

test('Billing & Claims: each tab, the calculator on a fill, a claim\'s View and guided Resubmit, and the quick actions\' dialogs', async ({ page }) => {
  // A claim of a picked-up demo fill answered with a refill too soon and a DUR reject, as a switch would leave it
  // (a picked-up fill, so no open fill is held before ready).
  const [claim] = await serviceSql<{ rx: string }>(
    `update public.claims set status = 'rejected', reject_codes = '{79,88}', previous_fill_date = current_date - 12,
       dur_responses = '[{"reasonForService":"ER"}]', payer_message = 'Refill too soon', submitted_at = now(), adjudicated_at = now()
     where id = (select c.id from public.claims c join public.prescriptions p on p.id = c.prescription_id
                 where c.pharmacy_id = (select id from public.pharmacies where dea_number = 'BD4726189') and c.status = 'pending' and p.status = 'completed'
                 order by c.rx_number desc limit 1)
     returning rx_number || '-' || fill_number as rx`);
  expect(claim).toBeDefined();
  await signIn(page, 'rph@demo.pharmacy', DEMO_PASSWORD);
  await page.goto('/billing');
  await expect(page.getByRole('region', { name: 'Pending claims' }).getByTestId('card-value')).toHaveText(/^\d/);
  await expectAccessible(page, 'the Billing Overview');
  const [fill] = await serviceSql<{ rx_number: string }>(
    `select rx_number from public.prescriptions where pharmacy_id = (select id from public.pharmacies where dea_number = 'BD4726189')
       and status in ('processing', 'ready') order by rx_number limit 1`);
  await page.getByRole('combobox', { name: 'Prescription', exact: true }).fill(fill!.rx_number);
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('calculator-copay')).toBeVisible();
  await page.getByRole('textbox', { name: 'Insurance coverage (%)' }).fill('120');
  await expect(page.getByText('Insurance coverage is a percent from 0 to 100 (at most 2 decimals)')).toBeVisible();
  await expectAccessible(page, 'the Billing Overview\'s calculator with a validation message');

  await page.getByRole('button', { name: 'Check Insurance Eligibility' }).click();
  const eligibility = page.getByRole('dialog', { name: 'Check Insurance Eligibility' });
  await eligibility.getByRole('combobox', { name: 'Patient' }).fill('Hollo');
  await eligibility.getByRole('option', { name: /^Margaret Holloway/ }).click();
  await expect(eligibility.getByRole('radio').first()).toBeChecked();
  await expectAccessible(page, 'the Check Insurance Eligibility dialog');
  await eligibility.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: 'Test Transmission Connection' }).click();
  const connectionTest = page.getByRole('dialog', { name: 'Test Transmission Connection' });
  await expect(connectionTest.getByRole('button', { name: 'Test Again' })).toBeEnabled();
  await expectAccessible(page, 'the Test Transmission Connection dialog');
  await connectionTest.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('tab', { name: 'Claims' }).click();
  await page.getByRole('button', { name: 'Rejected', exact: true }).click();
  await expect(page.getByRole('button', { name: `View Rx ${claim!.rx}` })).toBeVisible();
  await expectAccessible(page, 'the Claims tab');
  await page.getByRole('button', { name: `View Rx ${claim!.rx}` }).click();
  await expect(page.getByRole('dialog', { name: `Claim for Rx ${claim!.rx}` }).getByTestId('claim-history')).toBeVisible();
  await expectAccessible(page, 'a claim\'s View dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Resubmit Rx ${claim!.rx}` }).click();
  const resubmit = page.getByRole('dialog', { name: `Resubmit the claim for Rx ${claim!.rx}` });
  await resubmit.getByRole('button', { name: 'Resubmit', exact: true }).click();
  await expect(resubmit.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'the guided Resubmit dialog with its validation messages');
  await resubmit.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: `Override Rx ${claim!.rx}` }).click();
  await expectAccessible(page, 'the Override dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Transmission' }).click();
  await expect(page.getByRole('heading', { name: 'Transmission settings' })).toBeVisible();
  await expectAccessible(page, 'the Transmission tab (a pharmacist: the settings are the admin\'s)');
  await page.getByRole('tab', { name: 'Billing', exact: true }).click();
  await page.getByRole('button', { name: /^Select Rx/ }).first().click();
  await expect(page.getByTestId('balance-due')).toBeVisible();
  await expectAccessible(page, 'the Billing tab with a fill');
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expectAccessible(page, 'the Reports tab (Daily Claims)');
  await page.getByRole('group', { name: 'Report' }).getByRole('button', { name: 'Aging' }).click();
  await expect(page.getByTestId('report-scope')).toContainText('As of');
  const reportOptions = page.getByRole('form', { name: 'Report options' });
  await page.getByRole('group', { name: 'Report' }).getByRole('button', { name: 'Custom' }).click();
  await reportOptions.getByLabel('To', { exact: true }).fill('2020-01-01');
  await reportOptions.getByRole('button', { name: 'Run report' }).click();
  await expect(reportOptions.getByText('The last day of the report is before its first day')).toBeVisible();
  const reconciliation = page.getByRole('region', { name: 'Reconciliation' });
  await reconciliation.getByRole('button', { name: 'Import 835' }).click();
  await expect(reconciliation.getByText('Choose the 835 file the payer sent')).toBeVisible();
  await reconciliation.getByRole('group', { name: 'Reconciliation outcome' }).getByRole('button', { name: 'Unpaid' }).click();
  await expectAccessible(page, 'the Reports tab (Custom and Import 835 with validation messages, Aging, the unpaid claims)');
});

test('Provider Management: the directory, each tab, the search, and its Add, Edit, Verify and History dialogs', async ({ page }) => {
  await signIn(page, 'admin@demo.pharmacy', DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Providers', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Provider Management' })).toBeVisible();
  await expect(page.getByTestId('provider-card').first()).toBeVisible();
  await expect(page.getByTestId('exclusion-list')).toBeVisible();
  await expectAccessible(page, 'Provider Management, All Providers');
  for (const tab of ['Verified', 'Pending', 'Needs Review']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByTestId('provider-card').or(page.getByTestId('providers-empty')).first()).toBeVisible();
    await expectAccessible(page, `Provider Management, ${tab}`);
  }
  await page.getByRole('tab', { name: /^All Providers/ }).click();
  await page.getByRole('searchbox', { name: 'Search providers' }).fill('zzzz-no-such-provider');
  await expect(page.getByTestId('providers-empty')).toBeVisible();
  await expectAccessible(page, 'Provider Management with a search matching no one');
  await page.getByRole('searchbox', { name: 'Search providers' }).fill('');
  await expect(page.getByTestId('provider-card').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add Provider', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add Provider' });
  await expect(add.getByRole('textbox', { name: 'NPI Number' })).toBeVisible();
  await expectAccessible(page, 'the Add Provider dialog');
  await add.getByRole('button', { name: 'Add Provider' }).click();
  await expect(add.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'the Add Provider dialog with its validation messages');
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();

  const card = page.getByTestId('provider-card').first();
  await card.getByRole('button', { name: /^Edit / }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Provider' });
  await expect(edit.getByRole('textbox', { name: 'Last Name' })).not.toHaveValue('');
  await expectAccessible(page, 'the Edit Provider dialog');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: /^Verify / }).click();
  const verify = page.getByRole('dialog', { name: /^Verify / });
  await expect(verify.getByRole('button', { name: 'Verify Credentials' })).toBeVisible();
  await expectAccessible(page, 'the Verify dialog');
  await verify.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: /^History / }).click();
  const history = page.getByRole('dialog', { name: /^Verification history/ });
  await expect(history.getByText(/no verification on record|Verified by staff|Monthly|OIG|Credential expired/).first()).toBeVisible();
  await expectAccessible(page, 'the verification History dialog');
});

test('the Loading Demo with its cards, and the loading overlay shown with its progress bar', async ({ page }) => {
  await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loading Demo', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loading animation demo' })).toBeVisible();
  await expectAccessible(page, 'the Loading Demo');
  await page.getByRole('region', { name: 'Data Migration', exact: true }).getByRole('button', { name: /^Show/ }).click();
  const overlay = page.getByRole('status', { name: 'Importing data', exact: true });
  await expect(overlay.getByRole('progressbar')).toBeVisible();
  // The overlay lasts 5 s, less than settling and a whole-page run may take here (and axe needs the page's timers,
  // so a fake clock cannot hold it): axe checks the overlay alone, and it must still be shown when axe is done.
  const { violations } = await new AxeBuilder({ page }).include('[role="status"][aria-label="Importing data"]').withTags(WCAG_21_AA).analyze();
  expect.soft(violations.length, `axe found WCAG 2.1 AA violations on the loading overlay:\n${describeViolations(violations)}\n`).toBe(0);
  expect(await overlay.isVisible(), 'the overlay was still shown when axe finished').toBe(true);
  await expect(overlay).toBeHidden();
});

test('the AI Security Manager: cards and each tab, its dialogs and validation messages', async ({ page }) => {
  await signIn(page, 'admin@demo.pharmacy', DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Security Manager', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI Security Manager' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View details of Riley Pharmacist' })).toBeVisible();
  await expectAccessible(page, 'the Security Manager, User Management tab');

  await page.getByRole('button', { name: 'Add User', exact: true }).click();
  const addUser = page.getByRole('dialog', { name: 'Add User' });
  await expect(addUser.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expectAccessible(page, 'the Add User dialog');
  await addUser.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(addUser.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'the Add User dialog with its validation messages');
  await addUser.getByRole('button', { name: 'Cancel' }).click();
  await expect(addUser).toHaveCount(0);

  await page.getByRole('button', { name: 'View details of Riley Pharmacist' }).click();
  const details = page.getByRole('dialog', { name: 'User Details: Riley Pharmacist' });
  await expect(details.getByText('rph@demo.pharmacy')).toBeVisible();
  await expectAccessible(page, 'the User Details dialog');
  await details.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(details).toHaveCount(0);

  await page.getByRole('tab', { name: 'Security Policies' }).click();
  const timeout = page.getByRole('spinbutton', { name: 'Session timeout (minutes)' });
  await expect(timeout).toBeVisible();
  await expectAccessible(page, 'the Security Policies tab');
  await timeout.fill('0');
  await page.getByRole('button', { name: 'Save Policy' }).click();
  await expect(timeout).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the Security Policies tab with a validation message');

  await page.getByRole('tab', { name: 'Credentials' }).click();
  await expect(page.getByRole('list', { name: 'Staff credentials' })).toBeVisible();
  await expectAccessible(page, 'the Credentials tab');

  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(page.getByTestId('audit-log-entry').first()).toBeVisible();
  await expectAccessible(page, 'the Audit Log tab');
  await page.getByRole('combobox', { name: 'Patient', exact: true }).fill('Hollo');
  await expect(page.getByRole('option', { name: /^Margaret Holloway/ })).toBeVisible();
  await expectAccessible(page, 'the Audit Log tab with the patient filter open');
});

// Read only (a refused save and a discarded edit write nothing), so the demo pharmacy's settings stay as they are.
test('System Settings: the cards, each of the eleven tabs, a validation message and the unsaved-changes question', async ({ page }) => {
  await signIn(page, 'admin@demo.pharmacy', DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'System Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  const tablist = page.getByRole('tablist', { name: 'Settings groups' });
  for (const label of ['Pharmacy', 'Transmission', 'Reports', 'P&L', 'Printing', 'Controlled', 'Refills', 'Billing', 'Labels', 'Fax', 'Email']) {
    await tablist.getByRole('tab', { name: label, exact: true }).click();
    await expect(page.getByRole('tabpanel').getByRole('form', { name: `${label} settings` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'DEA Compliance' }).getByTestId('card-value')).toBeVisible();
    await expectAccessible(page, `the System Settings ${label} tab`);
  }

  const attachment = page.getByRole('spinbutton', { name: 'Maximum Attachment Size (MB)' });
  await attachment.fill('101');
  await page.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(attachment).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Update Failed' })).toBeVisible();
  // The reason, by the save button (the toast holds only §8's words).
  await expect(page.getByRole('form', { name: 'Email settings' }).getByTestId('save-problem')).toBeVisible();
  await expectAccessible(page, 'the System Settings Email tab with a validation message, the reason by the save button and the failure toast');

  await tablist.getByRole('tab', { name: 'Fax', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(question).toBeVisible();
  await expectAccessible(page, 'the unsaved-changes question');
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('tabpanel').getByRole('form', { name: 'Fax settings' })).toBeVisible();
});

// The tools write (a logo, SMTP settings, a sent email), so on a pharmacy of its own: the demo pharmacy stays as it is.
test('System Settings tools: the logo field with a logo and a refused file, the email and fax dialogs and queues', async ({ page, request }) => {
  const smtpPort = process.env.E2E_SMTP_PORT;
  if (!smtpPort) throw new Error('E2E_SMTP_PORT is set by tests/e2e/global-setup.ts');
  const pharmacy = await onboardPharmacyThroughApi(request);
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'System Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  const tablist = page.getByRole('tablist', { name: 'Settings groups' });
  const panel = page.getByRole('tabpanel');

  const logo = page.getByRole('group', { name: 'Pharmacy Logo' });
  const chooseLogo = async (button: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
    const chooserOpened = page.waitForEvent('filechooser');
    await logo.getByRole('button', { name: button }).click();
    await (await chooserOpened).setFiles(file);
  };
  await chooseLogo('Upload Logo', {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
  });
  await expect(logo.getByRole('img', { name: 'Pharmacy logo' })).toBeVisible();
  await expect(logo.getByRole('button', { name: 'Remove Logo' })).toBeVisible();
  await expectAccessible(page, 'the System Settings Pharmacy tab with a logo');
  await chooseLogo('Replace Logo', { name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(logo.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'the System Settings logo field with a refused file');

  await tablist.getByRole('tab', { name: 'Email', exact: true }).click();
  await panel.getByRole('textbox', { name: 'SMTP Host' }).fill('127.0.0.1');
  await panel.getByRole('spinbutton', { name: 'SMTP Port' }).fill(smtpPort);
  await panel.getByRole('button', { name: 'Save Email Settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings Updated' })).toBeVisible();

  await panel.getByRole('button', { name: 'Test Email Connection' }).click();
  const connection = page.getByRole('dialog', { name: 'Email Connection Test' });
  await expect(connection.getByRole('region', { name: 'What the server said' })).toBeVisible();
  await expectAccessible(page, 'the Email Connection Test dialog');
  await connection.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(connection).toHaveCount(0);

  await panel.getByRole('button', { name: 'Send Test Email' }).click();
  const send = page.getByRole('dialog', { name: 'Send Test Email' });
  await send.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(send.getByRole('textbox', { name: 'Recipient' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the Send Test Email dialog with its validation message');
  const recipient = `a11y-${Date.now()}@e2e.test`;
  await send.getByRole('textbox', { name: 'Recipient' }).fill(recipient);
  await send.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(send).toHaveCount(0);

  await panel.getByRole('button', { name: 'View Email Queue' }).click();
  const emailQueue = page.getByRole('dialog', { name: 'Email Queue' });
  await expect(emailQueue.getByRole('row').filter({ hasText: recipient })).toContainText('Sent');
  await expectAccessible(page, 'the Email Queue dialog with a sent message');
  await emailQueue.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(emailQueue).toHaveCount(0);

  await tablist.getByRole('tab', { name: 'Fax', exact: true }).click();
  await panel.getByRole('button', { name: 'Test Fax Connection' }).click();
  await expect(panel.getByRole('status')).toBeVisible();
  await expectAccessible(page, 'the System Settings Fax tab with the connection test result');
  await panel.getByRole('button', { name: 'View Fax Queue' }).click();
  const faxQueue = page.getByRole('dialog', { name: 'Fax Queue' });
  await expect(faxQueue).toContainText('No fax messages');
  await expectAccessible(page, 'the empty Fax Queue dialog');
});

test('the signed-in shell on a narrow screen, with the navigation drawer open', async ({ page }) => {
  await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD); // waits for the sidebar, which a narrow screen hides
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectAccessible(page, 'the dashboard on a narrow screen');
  await page.locator('label').filter({ hasText: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' })).toBeInViewport();
  await expectAccessible(page, 'the navigation drawer on a narrow screen');
});

test('the idle warning', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
  await page.clock.fastForward('29:30');
  const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
  await expect(warning).toBeVisible();
  await expectAccessible(page, 'the idle warning');
});
