/**
 * The UI kit (web/src/components/ui) on the real screens: the Dialog (focus moves in, Tab stays in, Escape
 * closes and focus returns to the opener; a dialog that must be answered ignores Escape), the ARIA Tabs'
 * keyboard (arrows, Home/End, roving tabindex), QueryState's error with Retry (the request made to fail at the
 * network, then let through), and the DataTable's server-side sort, column visibility and exact paging.
 */
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { DEMO_PASSWORD, staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { signIn } from './support/sign-in.ts';

async function openPatients(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Management' })).toBeVisible();
}

async function openQueue(page: Page): Promise<void> {
  await page.goto('/prescriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Prescription Management' })).toBeVisible();
}

/** Whether the focused element is inside the element (and not the element itself). */
function focusIsInside(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element !== document.activeElement && element.contains(document.activeElement));
}

function bodyRows(page: Page): Locator {
  return page.getByRole('table').locator('tbody tr');
}

test.describe('Dialog', () => {
  test('Add Patient: focus moves into the dialog, Tab stays inside, Escape closes and focus returns to the button', async ({ page }) => {
    await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
    await openPatients(page);
    const opener = page.getByRole('button', { name: 'Add Patient', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Add Patient' });
    await expect(dialog).toBeVisible();
    expect(await focusIsInside(dialog)).toBe(true);

    // Forwards through every control and past the last one: focus never leaves the dialog.
    const controls = await dialog.evaluate(
      (element) => element.querySelectorAll('button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])').length,
    );
    const first = await dialog.evaluate(() => (document.activeElement as HTMLElement).outerHTML);
    for (let press = 0; press < controls + 3; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(dialog)).toBe(true);
    }
    // Shift+Tab from the first control goes to the last (the submit button), Tab from there back to the first.
    await dialog.getByRole('button', { name: 'Close dialog' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Add Patient', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate(() => (document.activeElement as HTMLElement).outerHTML)).toBe(first);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('Manual Prescription Entry: focus inside, Escape closes, focus back on New Prescription', async ({ page }) => {
    await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
    await openQueue(page);
    const opener = page.getByRole('button', { name: 'New Prescription', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Manual Prescription Entry' });
    await expect(dialog).toBeVisible();
    expect(await focusIsInside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('the idle warning must be answered: it opens on Stay Signed In and Escape does not dismiss it', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await page.clock.fastForward('29:30');
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Stay Signed In' })).toBeFocused();
    // Twice: Chrome closes a dialog on a second Escape even when the first was refused.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Stay Signed In' }).click();
    await expect(warning).toHaveCount(0);
  });
});

test.describe('Tabs', () => {
  test('the queue tabs move with the arrow keys, Home and End; only the selected tab is in the Tab order', async ({ page }) => {
    await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
    await openQueue(page);
    const tablist = page.getByRole('tablist', { name: 'Prescription queue' });
    const tab = (name: string) => tablist.getByRole('tab', { name: new RegExp(`^${name} \\(`) });
    await expect(tab('Pending')).toHaveAttribute('aria-selected', 'true');
    await expect(tab('Pending')).toHaveAttribute('tabindex', '0');
    await expect(tab('Processing')).toHaveAttribute('tabindex', '-1');
    await tab('Pending').focus();

    await page.keyboard.press('ArrowRight');
    await expect(tab('Processing')).toBeFocused();
    await expect(tab('Processing')).toHaveAttribute('aria-selected', 'true');
    await expect(tab('Pending')).toHaveAttribute('aria-selected', 'false');
    await expect(tab('Processing')).toHaveAttribute('tabindex', '0');
    await expect(tab('Pending')).toHaveAttribute('tabindex', '-1');
    // The panel is the selected tab's, named by it.
    const panelId = await tab('Processing').getAttribute('aria-controls');
    expect(panelId).not.toBeNull();
    await expect(page.getByRole('tabpanel', { name: /^Processing \(/ })).toHaveAttribute('id', panelId!);

    await page.keyboard.press('End');
    await expect(tab('Completed')).toBeFocused();
    await expect(tab('Completed')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('searchbox', { name: 'Search by Rx number or patient' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Pending')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Completed')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tab('Pending')).toBeFocused();
    await expect(tab('Pending')).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('QueryState', () => {
  test('a failed queue page and failed counts show their errors with Retry, and Retry recovers once the server answers', async ({ page }) => {
    await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
    const failing = ['**/rest/v1/rpc/queue_page*', '**/rest/v1/rpc/prescription_queue_counts*'];
    for (const url of failing) {
      await page.route(url, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'The queue is unavailable', details: null, hint: null }) }),
      );
    }
    await openQueue(page);
    const failure = page.getByRole('tabpanel').getByRole('alert').filter({ hasText: 'The prescriptions could not be loaded' });
    await expect(failure).toHaveText(/The prescriptions could not be loaded: The queue is unavailable/);
    const countsFailure = page.getByRole('alert').filter({ hasText: 'The prescription counts could not be loaded' });
    await expect(countsFailure).toHaveText(/The prescription counts could not be loaded: The queue is unavailable/);
    await expect(page.getByRole('tab', { name: 'Pending (…)' })).toBeVisible();
    for (const url of failing) await page.unroute(url);

    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toHaveCount(0);
    await expect(page.getByRole('tabpanel').getByRole('article').or(page.getByText('No pending prescriptions', { exact: true })).first()).toBeVisible();
    await countsFailure.getByRole('button', { name: 'Retry' }).click();
    await expect(countsFailure).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toBeVisible();
  });

  test('a failed patient page shows the error in the table with Retry, and Retry loads the patients', async ({ page }) => {
    await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
    const failPatients = '**/rest/v1/rpc/search_patients*';
    await page.route(failPatients, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'PGRST000', message: 'Database unavailable', details: null, hint: null }) })
        : route.continue(),
    );
    await openPatients(page);
    const failure = page.getByRole('table').getByRole('alert');
    await expect(failure).toHaveText(/The patients could not be loaded: Database unavailable/);
    await page.unroute(failPatients);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toHaveCount(0);
    await expect(bodyRows(page).filter({ hasText: 'Margaret Holloway' })).toHaveCount(1);
  });
});

test.describe('DataTable', () => {
  test('sorting by patient asks the server for the other order, a hidden column goes away, and paging keeps the exact total', async ({ page, request }) => {
    test.setTimeout(90_000);
    const pharmacy = await onboardPharmacyThroughApi(request);
    const admin = await staffClient(pharmacy.adminEmail, pharmacy.adminPassword);
    const rows = Array.from({ length: 30 }, (_, index) => ({
      first_name: 'Sorted',
      last_name: `Sort${String(index).padStart(2, '0')}`,
      phone: '(555) 234-5678',
      current_medications: [],
      allergies: [],
    }));
    expect((await admin.from('patients').insert(rows)).error).toBeNull();
    // The order is the server's: the table asks search_patients for it, it sorts nothing itself.
    const descendingAsked: boolean[] = [];
    page.on('request', (sent: Request) => {
      if (new URL(sent.url()).pathname.endsWith('/rest/v1/rpc/search_patients')) {
        descendingAsked.push((sent.postDataJSON() as { name_descending: boolean }).name_descending);
      }
    });

    await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
    await openPatients(page);
    const table = page.getByRole('table');
    const pages = page.getByRole('navigation', { name: 'Patient pages' });
    await expect(pages.getByText('Showing 1–25 of 30', { exact: true })).toBeVisible();
    await expect(bodyRows(page).first()).toContainText('Sorted Sort00');
    const patientHeader = table.getByRole('columnheader', { name: 'Patient' });
    await expect(patientHeader).toHaveAttribute('aria-sort', 'ascending');

    await patientHeader.getByRole('button', { name: 'Patient' }).click();
    await expect(patientHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(bodyRows(page).first()).toContainText('Sorted Sort29');
    await expect(bodyRows(page).last()).toContainText('Sorted Sort05');
    expect(descendingAsked[0]).toBe(false);
    expect(descendingAsked).toContain(true);
    await expect(pages.getByText('Showing 1–25 of 30', { exact: true })).toBeVisible();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText('Showing 26–30 of 30', { exact: true })).toBeVisible();
    await expect(bodyRows(page).last()).toContainText('Sorted Sort00');
    await expect(pages.getByText('Page 2 of 2', { exact: true })).toBeVisible();

    // A new order starts on its first page.
    await patientHeader.getByRole('button', { name: 'Patient' }).click();
    await expect(patientHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(pages.getByText('Showing 1–25 of 30', { exact: true })).toBeVisible();
    await expect(bodyRows(page).first()).toContainText('Sorted Sort00');

    // Columns: hide Phone, then show it again.
    await expect(table.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
    await page.getByText('Columns', { exact: true }).click();
    const phoneToggle = page.getByRole('checkbox', { name: 'Phone' });
    await expect(phoneToggle).toBeChecked();
    await phoneToggle.uncheck();
    await expect(table.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
    await expect(table.getByText('(555) 234-5678')).toHaveCount(0);
    await expect(table.getByRole('columnheader')).toHaveText(['Patient', 'DOB', 'Insurance', 'Allergies', 'Actions']);
    await phoneToggle.check();
    await expect(table.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
    await expect(table.getByText('(555) 234-5678').first()).toBeVisible();
  });
});
