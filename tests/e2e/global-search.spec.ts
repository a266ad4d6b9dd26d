/**
 * The header's global search end to end (issue 28) at the demo pharmacy, by keyboard only: Ctrl+K focuses it from
 * any screen, typing a name lists grouped results, the arrows choose and Enter opens the patient's details (recorded
 * on the audit trail as any open); an Rx number and Enter opens that prescription's Refill dialog with Refill offered;
 * Escape closes the list; `/` focuses it from a screen but not while typing in another field; axe passes with the
 * list open.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoStaffClient, enterLisinoprilThroughApi, movePrescriptionAs } from './support/demo-staff-client.ts';
import { signIn } from './support/sign-in.ts';

const TECHNICIAN = 'tech@demo.pharmacy';
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search patients, medications, prescriptions and prescribers' });

async function hollowayOpens(): Promise<number> {
  const admin = await demoStaffClient('admin@demo.pharmacy');
  const { data: patient } = await admin.from('patients').select('id').eq('first_name', 'Margaret').eq('last_name', 'Holloway').single();
  const { data, error } = await admin.rpc('patient_access_history', { patient_id: patient!.id, page_size: 200 });
  if (error) throw new Error(error.message);
  return (data as { actor_name: string; action: string }[]).filter((entry) => entry.actor_name === 'Taylor Technician' && entry.action === 'patient_record_opened').length;
}

test('Ctrl+K, a name, the arrows and Enter open the patient, recorded; Escape closes the list; axe passes', async ({ page }) => {
  test.setTimeout(90_000);
  const opensBefore = await hollowayOpens();
  await signIn(page, TECHNICIAN, DEMO_PASSWORD);
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Control+k');
  const box = searchBox(page);
  await expect(box).toBeFocused();
  await page.keyboard.type('holloway');
  const list = page.getByRole('listbox', { name: 'Search results' });
  const patients = list.getByRole('group', { name: 'Patients' });
  await expect(patients.getByRole('option', { name: /Holloway, Margaret/ })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

  // Escape closes the list; ArrowDown opens it again with the first option active.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const option = patients.getByRole('option', { name: /Holloway, Margaret/ });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patients\?patient=/);
  const dialog = page.getByRole('dialog', { name: 'Patient Details' });
  await expect(dialog.getByText('Margaret Holloway', { exact: true })).toBeVisible();
  await expect(dialog.getByText('03/14/1948', { exact: true })).toBeVisible();
  await expect.poll(hollowayOpens).toBe(opensBefore + 1);
});

test('an Rx number and Enter open that prescription with Refill offered', async ({ page }) => {
  test.setTimeout(90_000);
  const [technician, pharmacist] = await Promise.all([demoStaffClient(TECHNICIAN), demoStaffClient('rph@demo.pharmacy')]);
  const { data: patient, error } = await technician.from('patients').select('id').eq('first_name', 'Kevin').eq('last_name', 'Doyle').single();
  if (error) throw new Error(error.message);
  const entered = await enterLisinoprilThroughApi(technician, patient.id, '3');
  await movePrescriptionAs(technician, entered.id, 'processing');
  await movePrescriptionAs(pharmacist, entered.id, 'ready');
  await movePrescriptionAs(technician, entered.id, 'completed');

  await signIn(page, TECHNICIAN, DEMO_PASSWORD);
  await page.keyboard.press('Control+k');
  // Enter straight after typing: the search is asked at once, not after the debounce.
  await page.keyboard.type(String(entered.rxNumber));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/prescriptions\\?rx=${entered.rxNumber}$`));
  const dialog = page.getByRole('dialog', { name: `Refill Rx ${entered.rxNumber}` });
  await expect(dialog.getByText('Kevin Doyle')).toBeVisible();
  await expect(dialog.getByText('Refill 1 of 3 · 2 refills remain after it')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Refill', exact: true })).toBeFocused();
});

test('/ focuses the search from a screen, but not while typing in another field', async ({ page }) => {
  await signIn(page, TECHNICIAN, DEMO_PASSWORD);
  await page.goto('/patients');
  const field = page.getByRole('searchbox', { name: 'Search patients' });
  await field.click();
  await page.keyboard.type('a/b');
  await expect(field).toHaveValue('a/b');
  await expect(searchBox(page)).not.toBeFocused();

  await page.getByRole('heading', { level: 1, name: 'Patient Management' }).click();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue('');
});
