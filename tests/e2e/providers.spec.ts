/**
 * Provider Management end to end (spec part 2 §2 "Provider Management", §3 Prescriber, §4, §8; issue 22), in a
 * pharmacy of its own with the NPPES NPI Registry answered by the local double (tests/support/nppes-server.ts, on
 * the port the test stack's functions are pointed at): the empty directory, Add Provider (an NPPES fixture with a
 * licence expiring within 90 days, and a prescriber the OIG list names), the admin's upload of the official-format
 * UPDATED.csv through the file input flagging that prescriber, Verify with the 'Success' toast and the Verified
 * count going up, the credential alert, search by NPI and by a name that matches no one, the tabs, the History
 * dialog, and the technician who may add but sees no Edit or Verify.
 */
import path from 'node:path';
import { localDateIn } from '../../shared/src/common/dates.ts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { NPPES_FIXTURES, nppesPort, startNppesServer, type NppesServer } from '../support/nppes-server.ts';
import { staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyWithTeam, type PharmacyTeam, type TeamMember } from './support/pharmacy-team.ts';
import { signIn } from './support/sign-in.ts';

test.describe.configure({ mode: 'serial' });

let team: PharmacyTeam;
let nppes: NppesServer;

const LEIE_SAMPLE = path.join(import.meta.dirname, '..', 'fixtures', 'leie', 'UPDATED-sample.csv');
const eleanor = NPPES_FIXTURES.activeMd;
/** Named by the LEIE sample by NPI (its row " patel ","anita ", NJ). */
const PATEL = { firstName: 'Anita', lastName: 'Patel', npi: '1296843513' };

/** The pharmacy's time zone: "in N days" is counted from its date, which differs from UTC's in a US evening. */
let pharmacyTimeZone = 'UTC';

/** A date `days` from the pharmacy's today (YYYY-MM-DD). */
function daysFromToday(days: number): string {
  const [year, month, day] = localDateIn(pharmacyTimeZone, new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const toast = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
const cards = (page: Page) => page.getByTestId('provider-card');
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  nppes = await startNppesServer(nppesPort(Number(process.env.TEST_STACK_PORT_BASE || 55321)));
  const request = await playwright.request.newContext();
  team = await onboardPharmacyWithTeam(request);
  await request.dispose();
  const admin = await staffClient(team.admin.email, team.admin.password);
  const { data, error } = await admin.from('pharmacies').select('time_zone').single();
  expect(error).toBeNull();
  pharmacyTimeZone = (data as { time_zone: string }).time_zone;
});

test.afterAll(async () => {
  await nppes?.close();
});

async function openProviders(browser: Browser, member: TeamMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, member.email, member.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Providers', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Provider Management' })).toBeVisible();
  return page;
}

async function addProvider(page: Page, fields: Record<string, string>, state?: { label: string; value: string }) {
  await page.getByRole('button', { name: 'Add Provider', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Provider' });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  if (state) await dialog.getByLabel(state.label, { exact: true }).selectOption(state.value);
  await dialog.getByRole('button', { name: 'Add Provider' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText('Provider added');
}

test('the admin adds providers, uploads the OIG list, verifies one, and finds them by tab and by NPI', async ({ browser }) => {
  const page = await openProviders(browser, team.admin);
  await expect(page.getByTestId('providers-empty')).toHaveText('No providers on file yet. Add one with Add Provider.');
  await expect(tab(page, 'All Providers')).toHaveText('All Providers (0)');
  await expect(page.getByTestId('exclusion-list')).toHaveText('No OIG exclusion list uploaded');

  // The form's own rules before any call: the NPI check digit.
  await page.getByRole('button', { name: 'Add Provider', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add Provider' });
  await form.getByLabel('NPI Number', { exact: true }).fill('1234567890');
  await form.getByRole('button', { name: 'Add Provider' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByLabel('NPI Number', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Cancel' }).click();

  const licenceExpires = daysFromToday(60);
  await addProvider(
    page,
    {
      Title: 'Dr.',
      'First Name': eleanor.firstName,
      'Last Name': eleanor.lastName,
      Specialty: 'Internal Medicine',
      'NPI Number': eleanor.npi,
      'Licence Number': eleanor.licenseNumber,
      'Licence Expiration': licenceExpires,
    },
    { label: 'Licence State', value: eleanor.licenseState },
  );
  await addProvider(page, { 'First Name': PATEL.firstName, 'Last Name': PATEL.lastName, 'NPI Number': PATEL.npi }, { label: 'Practice State', value: 'NJ' });

  // A second provider with the same NPI: the server's sentence, in the dialog.
  await page.getByRole('button', { name: 'Add Provider', exact: true }).click();
  const duplicate = page.getByRole('dialog', { name: 'Add Provider' });
  await duplicate.getByLabel('First Name', { exact: true }).fill('Someone');
  await duplicate.getByLabel('Last Name', { exact: true }).fill('Else');
  await duplicate.getByLabel('NPI Number', { exact: true }).fill(eleanor.npi);
  await duplicate.getByRole('button', { name: 'Add Provider' }).click();
  await expect(duplicate.getByText('A prescriber with this NPI number is already on file')).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancel' }).click();

  await expect(tab(page, 'All Providers')).toHaveText('All Providers (2)');
  await expect(tab(page, 'Pending')).toHaveText('Pending (2)');
  const eleanorCard = cards(page).filter({ hasText: eleanor.npi });
  await expect(eleanorCard.getByTestId('verification-status')).toHaveText('Pending');
  await expect(eleanorCard).toContainText(`Licence: ${eleanor.licenseState} ${eleanor.licenseNumber} expires ${licenceExpires} (in 60 days)`);
  await expect(eleanorCard).toContainText('Expiring');
  await expect(eleanorCard).toContainText('0 active prescriptions');
  await expect(page.getByTestId('credential-alert')).toHaveText(
    `ExpiringLicence ${eleanor.licenseState} ${eleanor.licenseNumber} of Dr. ${eleanor.firstName} ${eleanor.lastName} expires ${licenceExpires} (in 60 days)`,
  );

  // The OIG list through the file input: stored, and the prescriber it names flagged.
  await page.getByLabel(/^Upload UPDATED\.csv/).setInputFiles(LEIE_SAMPLE);
  await expect(page.getByTestId('exclusion-upload-outcome')).toContainText('entries stored');
  await expect(page.getByTestId('exclusion-upload-outcome')).toContainText(`Flagged for review: ${PATEL.firstName} ${PATEL.lastName}`);
  await expect(toast(page)).toContainText('OIG exclusion list uploaded');
  await expect(page.getByTestId('exclusion-list')).toContainText('UPDATED-sample.csv');
  await expect(tab(page, 'Needs Review')).toHaveText('Needs Review (1)');
  await tab(page, 'Needs Review').click();
  await expect(page).toHaveURL(/tab=expired/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Excluded (OIG)');
  await expect(cards(page).first().getByTestId('verification-status')).toHaveText('Needs Review');
  await expect(cards(page).first().getByTestId('verification-reason')).toHaveText('On the OIG exclusion list (LEIE) since 2018-07-04, exclusion type 1128B7, matched by NPI');

  // Verify the NPPES fixture: checks shown, 'Success', and the Verified count goes up.
  await tab(page, 'Pending').click();
  await expect(cards(page)).toHaveCount(1);
  await cards(page).first().getByRole('button', { name: /^Verify / }).click();
  const verify = page.getByRole('dialog', { name: /^Verify / });
  await expect(verify).toContainText("By verifying you attest you checked the state licence on the state board's site.");
  await verify.getByRole('button', { name: 'Verify Credentials' }).click();
  await expect(toast(page)).toContainText('Success');
  await expect(toast(page)).toContainText('Provider credentials verified successfully');
  await expect(verify.getByRole('list', { name: 'Checks' })).toContainText('NPPES NPI Registry');
  await verify.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(tab(page, 'Verified')).toHaveText('Verified (1)');
  await expect(tab(page, 'Pending')).toHaveText('Pending (0)');
  await expect(page.getByTestId('providers-empty')).toHaveText('No providers in this tab');

  // Search by NPI, kept in the URL; a name that matches no one.
  await tab(page, 'All Providers').click();
  await page.getByRole('searchbox', { name: 'Search providers' }).fill(eleanor.npi);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(eleanor.lastName);
  await expect(page).toHaveURL(new RegExp(`q=${eleanor.npi}`));
  await page.reload();
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search providers' }).fill('Nobody-by-this-name');
  await expect(page.getByTestId('providers-empty')).toHaveText('No provider matches "Nobody-by-this-name"');
  await page.getByRole('searchbox', { name: 'Search providers' }).fill('');
  await expect(cards(page)).toHaveCount(2);

  // Verifying the one the OIG list names: the spec's 'Error' toast, the reason in the dialog, still Needs Review.
  await cards(page).filter({ hasText: PATEL.npi }).getByRole('button', { name: /^Verify / }).click();
  const failing = page.getByRole('dialog', { name: /^Verify / });
  await failing.getByRole('button', { name: 'Verify Credentials' }).click();
  await expect(toast(page).filter({ hasText: 'Failed to verify credentials' })).toContainText('Error');
  await expect(failing).toContainText('On the OIG exclusion list (LEIE) since 2018-07-04, exclusion type 1128B7, matched by NPI');
  await failing.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(tab(page, 'Needs Review')).toHaveText('Needs Review (1)');

  // The history of the verified one.
  await cards(page).filter({ hasText: eleanor.npi }).getByRole('button', { name: /^History / }).click();
  const history = page.getByRole('dialog', { name: /^Verification history/ });
  await expect(history.getByRole('list', { name: 'Verifications' }).getByRole('listitem').first()).toContainText('Verified by staff · by you');
  await history.getByRole('button', { name: 'Close dialog' }).click();
  await page.context().close();
});

test('a technician may add a provider but sees no Edit, no Verify and no OIG upload', async ({ browser }) => {
  const page = await openProviders(browser, team.technician);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Verify / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^History / })).toHaveCount(2);
  await expect(page.getByLabel(/^Upload UPDATED\.csv/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Provider', exact: true })).toBeVisible();
  await page.context().close();
});

test('the New Prescription form adds a provider not on file, and an excluded one needs the pharmacist\'s reason', async ({ browser }) => {
  // A patient and a product of the team's pharmacy (setup through the API as its pharmacist).
  const client = await staffClient(team.pharmacist.email, team.pharmacist.password);
  const patient = await client.from('patients')
    .insert({ first_name: 'Nora', last_name: 'Formtest', date_of_birth: '1971-02-03', allergies: [], current_medications: [] });
  const medication = await client.from('medications')
    .insert({ name: 'Formtestol', generic_name: 'formtestol', strength: '10 mg', dosage_form: 'tablet', price: 5, stock: 500 });
  expect(patient.error ?? medication.error).toBeNull();

  const page = await (await browser.newContext()).newPage();
  await signIn(page, team.pharmacist.email, team.pharmacist.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-Prescriptions', exact: true }).click();
  await page.getByRole('button', { name: 'New Prescription', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Manual Prescription Entry' });

  // Not on file: Add provider, saved, and chosen in the form.
  await form.getByRole('button', { name: 'Prescriber not on file? Add provider' }).click();
  const add = page.getByRole('dialog', { name: 'Add Provider' });
  await add.getByLabel('First Name', { exact: true }).fill('Walter');
  await add.getByLabel('Last Name', { exact: true }).fill('Newfile');
  await add.getByLabel('NPI Number', { exact: true }).fill('1234567893');
  await add.getByRole('button', { name: 'Add Provider' }).click();
  await expect(add).toBeHidden();
  await expect(form.getByRole('combobox', { name: 'Prescriber', exact: true })).toHaveValue('Walter Newfile');
  await expect(form.getByRole('note')).toHaveText('Walter Newfile is not verified.');

  // The excluded prescriber: the reason field, and the prescription entered with it.
  await form.getByRole('combobox', { name: 'Prescriber', exact: true }).fill('Patel');
  await form.getByRole('option', { name: new RegExp(`^${PATEL.firstName} ${PATEL.lastName}`) }).click();
  await expect(form.getByRole('alert')).toContainText(`${PATEL.firstName} ${PATEL.lastName} is on the OIG exclusion list`);
  await form.getByRole('combobox', { name: 'Patient', exact: true }).fill('Formtest');
  await form.getByRole('option', { name: /^Nora Formtest/ }).click();
  await form.getByRole('combobox', { name: 'Medication', exact: true }).fill('Formtestol');
  await form.getByRole('option', { name: /^Formtestol/ }).click();
  await form.getByRole('textbox', { name: 'Directions', exact: true }).fill('Take 1 tablet by mouth daily');
  await form.getByRole('textbox', { name: 'Quantity', exact: true }).fill('30');
  await form.getByRole('textbox', { name: 'Days Supply', exact: true }).fill('30');
  await form.getByRole('textbox', { name: 'Exclusion override reason', exact: true }).fill('OIG reinstatement letter on file');
  await form.getByRole('button', { name: 'Create Prescription', exact: true }).click();
  await expect(page.getByText('Written prescription created and safety analyzed successfully')).toBeVisible({ timeout: 15_000 });
  const { data } = await client.from('prescriptions').select('exclusion_override_reason').eq('directions', 'Take 1 tablet by mouth daily');
  expect(data).toEqual([{ exclusion_override_reason: 'OIG reinstatement letter on file' }]);
  await page.context().close();
});
