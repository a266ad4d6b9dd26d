/**
 * Data Migration end to end (spec part 2 "Data Migration", issue 27), each test in a pharmacy of its own, as its
 * admin: the sample pasted, validated, imported — the Results and the summary counts are the database's, and
 * importing it again adds nothing; text that is not JSON stops with the spec's toast before any call; a file with
 * errors lists them per row, filterable, as CSV; a large NDJSON file is read in the browser and imported with the
 * progress bar moving through real values, the outcome still there after a reload; axe on each state.
 */
import { readFile, writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_MIGRATION_DATA } from '../../shared/src/migration/sample-migration.ts';
import { generatedMigrationData, migrationNdjson } from '../support/generated-migration.ts';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { serviceSql } from './support/service-sql.ts';
import { signIn } from './support/sign-in.ts';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectAccessible(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  expect.soft(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `axe on ${state}`).toEqual([]);
}

/** The pharmacy's rows as the database counts them. */
async function countsOf(adminEmail: string): Promise<Record<'patients' | 'medications' | 'prescriptions' | 'prescribers', number>> {
  const [row] = await serviceSql<Record<string, string>>(
    `with p as (select pharmacy_id as id from public.staff_profiles where email = $1)
     select (select count(*) from public.patients x, p where x.pharmacy_id = p.id) as patients,
            (select count(*) from public.medications x, p where x.pharmacy_id = p.id) as medications,
            (select count(*) from public.prescription_orders x, p where x.pharmacy_id = p.id) as prescriptions,
            (select count(*) from public.prescribers x, p where x.pharmacy_id = p.id) as prescribers`, [adminEmail]);
  return { patients: Number(row!.patients), medications: Number(row!.medications), prescriptions: Number(row!.prescriptions), prescribers: Number(row!.prescribers) };
}

async function expectSummary(page: Page, counts: Record<string, number>): Promise<void> {
  for (const [title, count] of [['Patients', counts.patients], ['Medications', counts.medications], ['Prescriptions', counts.prescriptions], ['Prescribers', counts.prescribers]] as const) {
    await expect(page.getByRole('region', { name: title, exact: true }).getByText(count!.toLocaleString('en-US'), { exact: true })).toBeVisible();
  }
}

function toastWith(page: Page, title: string) {
  return page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: title });
}

async function openAsNewAdmin(page: Page, request: Parameters<typeof onboardPharmacyThroughApi>[0]): Promise<string> {
  const pharmacy = await onboardPharmacyThroughApi(request);
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await page.goto('/data-migration');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Migration' })).toBeVisible();
  return pharmacy.adminEmail;
}

test('the sample is pasted, validated and imported: the results and the counts are the database\'s, and a second import adds nothing', async ({ page, request }) => {
  const admin = await openAsNewAdmin(page, request);
  await expectSummary(page, { patients: 0, medications: 0, prescriptions: 0, prescribers: 0 });
  // Validate, Import and Results wait for their step.
  await expect(page.getByRole('tab', { name: 'Validate' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Import' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Results' })).toBeDisabled();
  await expectAccessible(page, 'the Upload Data tab');

  await page.getByRole('button', { name: 'Load Sample Data' }).click();
  await expect(page.getByRole('textbox', { name: 'Migration data (JSON)' })).toHaveValue(/"patientId": "P1001"/);
  await page.getByRole('button', { name: 'Validate Data' }).click();
  await expect(toastWith(page, 'Validation Passed')).toContainText('12 records ready to import.');
  await expect(page.getByRole('tab', { name: 'Validate' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('The data is valid and ready to import.')).toBeVisible();
  await expectAccessible(page, 'a valid validation');

  await page.getByRole('button', { name: 'Continue to Import' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Back up your data before importing' })).toBeVisible();
  await expectAccessible(page, 'the Import tab');
  await page.getByRole('button', { name: 'Start Import' }).click();
  await expect(toastWith(page, 'Migration Complete')).toContainText('3 patients, 3 medications, 2 prescribers and 4 prescriptions imported.');
  await expect(page.getByRole('tab', { name: 'Results' })).toHaveAttribute('aria-selected', 'true');
  const results = page.getByRole('table', { name: 'What the import did' });
  await expect(results.getByRole('row', { name: /^Patients/ })).toHaveText(/Patients\s*3\s*0\s*0/);
  await expect(results.getByRole('row', { name: /^Prescriptions/ })).toHaveText(/Prescriptions\s*4\s*0\s*0/);
  await expectAccessible(page, 'the Results tab');

  const counts = await countsOf(admin);
  expect(counts).toEqual({
    patients: SAMPLE_MIGRATION_DATA.patients.length,
    medications: SAMPLE_MIGRATION_DATA.medications.length,
    prescriptions: SAMPLE_MIGRATION_DATA.prescriptions.length,
    prescribers: SAMPLE_MIGRATION_DATA.prescribers.length,
  });
  await expectSummary(page, counts);

  // The same data again: validated (its references now known), imported, nothing new.
  await page.getByRole('tab', { name: 'Upload Data' }).click();
  await page.getByRole('button', { name: 'Validate Data' }).click();
  await page.getByRole('button', { name: 'Continue to Import' }).click();
  await page.getByRole('button', { name: 'Start Import' }).click();
  await expect(toastWith(page, 'Migration Complete')).toContainText('0 patients, 0 medications, 0 prescribers and 0 prescriptions imported.');
  await expect(results.getByRole('row', { name: /^Patients/ })).toHaveText(/Patients\s*0\s*0\s*3/);
  expect(await countsOf(admin)).toEqual(counts);
});

test('text that is not JSON, or no data, stops before any call with the spec\'s messages', async ({ page, request }) => {
  await openAsNewAdmin(page, request);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/migration/')) calls.push(request.url());
  });
  const text = page.getByRole('textbox', { name: 'Migration data (JSON)' });
  await text.fill('{"patients": [ {"patientId": "P1",');
  await page.getByRole('button', { name: 'Validate Data' }).click();
  await expect(toastWith(page, 'Invalid JSON')).toContainText('Please check your data format');
  await text.fill('{"version": 2}');
  await page.getByRole('button', { name: 'Validate Data' }).click();
  await expect(toastWith(page, 'Migration data is required')).toBeVisible();
  expect(calls).toEqual([]);
  await expect(page.getByRole('tab', { name: 'Results' })).toBeDisabled();
});

test('a broken file says where it broke; signing out forgets it', async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await page.goto('/data-migration');
  const file = test.info().outputPath('broken.json');
  await writeFile(file, '{"patients": [{"patientId": "P1", "firstName": "Ann"},');
  await page.getByLabel('Or a migration file').setInputFiles(file);
  await page.getByRole('button', { name: 'Validate Data' }).click();
  await expect(toastWith(page, 'Invalid JSON')).toContainText('Please check your data format');
  const where = page.getByRole('alert').filter({ hasText: 'broken.json: Invalid JSON: the file ends before its object does' });
  await expect(where).toBeVisible();
  // The file and what was read of it belong to this session only.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await page.goto('/data-migration');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Migration' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'broken.json' })).toHaveCount(0);
});

test('a file with errors lists them per row, filterable and as CSV, and nothing is imported', async ({ page, request }) => {
  const admin = await openAsNewAdmin(page, request);
  const data = structuredClone(SAMPLE_MIGRATION_DATA) as unknown as { patients: Record<string, unknown>[]; prescribers: Record<string, unknown>[]; prescriptions: Record<string, unknown>[] };
  data.prescribers[0]!.npiNumber = '1987654321';
  data.patients[1]!.dateOfBirth = '2099-01-01';
  data.prescriptions[2]!.patientId = 'P9999';
  const file = test.info().outputPath('errors.json');
  await writeFile(file, JSON.stringify(data));
  await page.getByLabel('Or a migration file').setInputFiles(file);
  await page.getByRole('button', { name: 'Validate Data' }).click();
  await expect(toastWith(page, 'Validation Failed')).toContainText('3 errors found');
  const errors = page.getByRole('table', { name: 'Errors found' });
  await expect(errors.getByRole('row')).toHaveCount(4);
  await expect(errors).toContainText('No patient P9999 in the file or the pharmacy');
  await expectAccessible(page, 'the errors of a validation');
  await page.getByRole('combobox', { name: 'Show errors of' }).selectOption('prescribers');
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toContainText('npiNumber');
  await page.getByRole('combobox', { name: 'Show errors of' }).selectOption('all');
  await page.getByRole('searchbox', { name: 'Containing' }).fill('P9999');
  await expect(errors.getByRole('row')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download errors (CSV)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Array,Row,Line,Source ID,Field,Message');
  expect(lines).toHaveLength(4);
  expect(csv).toContain('prescriptions,3,,RX5003,patientId,No patient P9999 in the file or the pharmacy');
  await expect(page.getByRole('tab', { name: 'Import' })).toBeDisabled();
  expect(await countsOf(admin)).toEqual({ patients: 0, medications: 0, prescriptions: 0, prescribers: 0 });
});

test('a large NDJSON file is read in the browser and imported with real progress; the outcome is there after a reload', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await openAsNewAdmin(page, request);
  const sizes = { prescribers: 150, medications: 400, patients: 6_000, prescriptions: 14_000 };
  const file = test.info().outputPath('export.ndjson');
  await writeFile(file, migrationNdjson(generatedMigrationData(sizes, 53, 'E')));
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/migration/validate') || request.url().includes('/api/migration/import')) calls.push(request.url());
  });

  await page.getByLabel('Or a migration file').setInputFiles(file);
  await page.getByRole('button', { name: 'Validate Data' }).click();
  await expect(toastWith(page, 'Validation Passed')).toContainText('20,550 records ready to import.', { timeout: 60_000 });
  const checked = page.getByRole('table', { name: 'Records checked' });
  await expect(checked.getByRole('row', { name: /^Prescriptions/ })).toHaveText(/14,000\s*14,000/);
  await page.getByRole('button', { name: 'Continue to Import' }).click();
  await page.getByRole('button', { name: 'Start Import' }).click();

  // The overlay's bar follows the run as the database records it: several values between 0 and 100.
  const bar = page.getByRole('progressbar', { name: 'Importing data progress' });
  await expect(bar).toBeVisible();
  const seen = new Set<number>();
  while ((await bar.count()) > 0) {
    // The overlay may close between the count and the read: a short timeout, not a wait for one that never comes back.
    const value = await bar.getAttribute('value', { timeout: 500 }).catch(() => null);
    if (value !== null) seen.add(Number(value));
    await page.waitForTimeout(250);
  }
  const between = [...seen].filter((value) => value > 0 && value < 100);
  expect(between.length, `progress values seen: ${[...seen].sort((a, b) => a - b).join(', ')}`).toBeGreaterThanOrEqual(3);

  await expect(toastWith(page, 'Migration Complete')).toContainText('6,000 patients, 400 medications, 150 prescribers and 14,000 prescriptions imported.');
  // The file never went to the api: read in the browser, batches straight to the database.
  expect(calls).toEqual([]);
  expect(await countsOf(admin)).toEqual({ patients: 6_000, medications: 400, prescriptions: 14_000, prescribers: 150 });
  const [run] = await serviceSql<{ status: string; file_sha256: string }>(
    `select r.status, r.file_sha256 from public.migration_runs r join public.staff_profiles s on s.pharmacy_id = r.pharmacy_id where s.email = $1 order by r.started_at desc limit 1`, [admin]);
  const { createHash } = await import('node:crypto');
  expect(run).toEqual({ status: 'succeeded', file_sha256: createHash('sha256').update(await readFile(file)).digest('hex') });

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Results' })).toBeEnabled();
  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(page.getByRole('table', { name: 'What the import did' }).getByRole('row', { name: /^Prescriptions/ })).toHaveText(/Prescriptions\s*14,000\s*0\s*0/);
  await expectSummary(page, { patients: 6_000, medications: 400, prescriptions: 14_000, prescribers: 150 });
});

test('a run whose page closed mid-import says so, and how to continue it', async ({ page, request }) => {
  const admin = await openAsNewAdmin(page, request);
  // A run left by a closed page: running, its last batch ten minutes ago.
  await serviceSql(
    `insert into public.migration_runs (pharmacy_id, started_by, file_sha256, totals, counts, started_at, updated_at)
     select s.pharmacy_id, s.user_id, repeat('a', 64), '{"patients": 10000, "prescriptions": 30000}',
            '{"patients": {"total": 4000, "inserted": 4000, "updated": 0, "unchanged": 0}}', now() - interval '12 minutes', now() - interval '10 minutes'
     from public.staff_profiles s where s.email = $1`, [admin]);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'An import is running but has stopped saving records' })).toBeVisible();
  await page.getByRole('tab', { name: 'Import' }).click();
  const latest = page.getByRole('region', { name: 'Latest import' });
  await expect(latest.getByText('Stopped', { exact: true })).toBeVisible();
  await expect(latest).toContainText('the window that ran this import was closed');
  await expect(latest.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '10');
  await expectAccessible(page, 'a stopped run');
});
