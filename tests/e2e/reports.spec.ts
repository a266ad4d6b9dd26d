/**
 * Reports and Analytics end to end (spec part 2 "Reports and Analytics"; issue 26). In the demo pharmacy, as its
 * admin: the cards of this month show the database's own counts (prescriptions filled, patients served, counted here
 * by SQL over the fills), Weekly Activity's table has the last 7 days, and Last 30 days and a custom period change the
 * figures to that period's; the chart library arrives with this screen. In a pharmacy of its own: nothing needs
 * attention until the pharmacist in charge's licence nears its expiry, then the alert shows and leads to System
 * Settings. As the pharmacist: the Sales report of the period equals the database's fills, its CSV and PDF download (the PDF read back), and a
 * day of the dispensing log is signed off. A technician sees the figures but not the reports.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { usDate } from '../../shared/src/common/dates.ts';
import { formatCents } from '../../shared/src/common/money.ts';
import { DEMO_PASSWORD } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { serviceSql } from './support/service-sql.ts';
import { signIn } from './support/sign-in.ts';

const DEMO_ADMIN = 'admin@demo.pharmacy';

/** What the database holds for a range of the demo pharmacy's days, counted here without the reports' functions. */
async function filledIn(from: string, to: string): Promise<{ filled: number; patients: number }> {
  const [row] = await serviceSql<{ filled: string; patients: string }>(
    `select count(*) as filled, count(distinct rx.patient_id) as patients
     from public.prescriptions rx join public.staff_profiles s on s.pharmacy_id = rx.pharmacy_id
     where s.email = $1 and rx.status in ('ready', 'completed') and rx.date_filled between $2 and $3`, [DEMO_ADMIN, from, to]);
  return { filled: Number(row!.filled), patients: Number(row!.patients) };
}

async function demoToday(): Promise<string> {
  const [row] = await serviceSql<{ day: string }>(
    `select to_char(private.pharmacy_local_date(pharmacy_id, now()), 'YYYY-MM-DD') as day from public.staff_profiles where email = $1`, [DEMO_ADMIN]);
  return row!.day;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

async function expectCards(page: Page, from: string, to: string): Promise<void> {
  await expect(page.getByTestId('report-period')).toHaveText(`${usDate(from)} – ${usDate(to)}`);
  const expected = await filledIn(from, to);
  await expect(card(page, 'Prescriptions Filled').getByTestId('report-stat-value')).toHaveText(expected.filled.toLocaleString('en-US'));
  await expect(card(page, 'Patients Served').getByTestId('report-stat-value')).toHaveText(expected.patients.toLocaleString('en-US'));
}

test('the cards show the database\'s figures for this month, the last 30 days and a custom period; the charts have their tables', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, DEMO_ADMIN, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The chart library is this screen's: not loaded before it opens.
  expect(scripts.filter((path) => path.includes('recharts'))).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports and Analytics' })).toBeVisible();
  const today = await demoToday();
  await expectCards(page, `${today.slice(0, 8)}01`, today);
  expect(scripts.some((path) => path.includes('recharts'))).toBe(true);
  await expect(card(page, 'Revenue').getByTestId('report-stat-value')).toHaveText(/^-?\$[\d,]+\.\d{2}$/);
  // The stock on hand at what the demo pharmacy paid for it (the seed's acquisition costs), as the database values it.
  const [stock] = await serviceSql<{ cents: string }>(
    'select private.inventory_value_cents(pharmacy_id) as cents from public.staff_profiles where email = $1', [DEMO_ADMIN]);
  expect(Number(stock!.cents)).toBeGreaterThan(0);
  await expect(card(page, 'Inventory Value').getByTestId('report-stat-value')).toHaveText(formatCents(Number(stock!.cents)));
  await expect(page.getByTestId('report-stat-change')).toHaveCount(4);

  // Weekly Activity: the last 7 days, each with the database's new fills and refills.
  const week = page.getByRole('table', { name: /Weekly Activity/ });
  await expect(week.getByRole('row')).toHaveCount(8);
  const [todayRow] = await serviceSql<{ new_fills: string; refills: string }>(
    `select count(*) filter (where rx.fill_number = 0) as new_fills, count(*) filter (where rx.fill_number > 0) as refills
     from public.prescriptions rx join public.staff_profiles s on s.pharmacy_id = rx.pharmacy_id
     where s.email = $1 and rx.status in ('ready', 'completed') and rx.date_filled = $2`, [DEMO_ADMIN, today]);
  await expect(week.getByRole('row').last().getByRole('cell')).toHaveText([todayRow!.new_fills, todayRow!.refills]);
  await expect(page.getByTestId('weekly-activity-chart').locator('svg').first()).toBeVisible();

  // Another period: the cards follow it.
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expectCards(page, addDays(today, -29), today);

  // A custom period, refused until it is in order, then applied.
  await page.getByRole('button', { name: 'Custom' }).click();
  await page.getByLabel('First day').fill(addDays(today, -10));
  await page.getByLabel('Last day').fill(addDays(today, -20));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The last day is before the first day' })).toBeVisible();
  await page.getByLabel('Last day').fill(addDays(today, -3));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expectCards(page, addDays(today, -10), addDays(today, -3));
  // Top medications: the table lists at most 5, most filled first, as the database counts them.
  const top = page.getByRole('table', { name: /Most Prescribed Medications/ });
  const [topRow] = await serviceSql<{ fills: string }>(
    `select count(*) as fills from public.prescriptions rx join public.staff_profiles s on s.pharmacy_id = rx.pharmacy_id
     where s.email = $1 and rx.status in ('ready', 'completed') and rx.date_filled between $2 and $3
     group by rx.medication_id order by count(*) desc limit 1`, [DEMO_ADMIN, addDays(today, -10), addDays(today, -3)]);
  if (topRow) {
    await expect(top.getByRole('row').nth(1).getByRole('cell')).toHaveText(topRow.fills);
  } else {
    await expect(page.getByText('No prescriptions were filled in this period.')).toBeVisible();
  }
});

test('a real condition shows as a system alert, linking to the screen that acts on it', async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await page.goto('/reports');
  const alerts = page.getByRole('region', { name: 'System Alerts' });
  await expect(alerts.getByText('Nothing needs attention.')).toBeVisible();

  // The pharmacist in charge's licence now expires in 20 days.
  const [row] = await serviceSql<{ expires: string }>(
    `update public.pharmacists_in_charge set license_expiration = private.pharmacy_local_date(pharmacy_id, now()) + 20
     where pharmacy_id = (select pharmacy_id from public.staff_profiles where email = $1)
     returning to_char(license_expiration, 'YYYY-MM-DD') as expires`, [pharmacy.adminEmail]);
  await page.reload();
  const alert = alerts.getByRole('listitem').filter({ hasText: 'Pharmacist-in-charge licence expiring' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(`expires on ${row!.expires}`);
  await alert.getByRole('link', { name: /Open System Settings/ }).click();
  await expect(page).toHaveURL(/\/system-settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
});

test('the scheduled report runs are listed with their outcome; a failed one is an alert that leads to them', async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  const [{ id }] = (await serviceSql<{ id: string }>(`select pharmacy_id as id from public.staff_profiles where email = $1`, [pharmacy.adminEmail])) as [{ id: string }];
  await serviceSql(
    `insert into public.pharmacy_settings (pharmacy_id, group_key, settings) values ($1, 'reports', '{"dailyReportsEnabled": true, "dailyReportTime": "07:30", "defaultReportFormat": "csv"}')`, [id]);
  await serviceSql(
    `insert into public.scheduled_report_runs (pharmacy_id, schedule, slot, period_from, period_to, status, queued_at, started_at, finished_at, files, recipient, detail)
     values ($1::uuid, 'weekly', now() - interval '2 days', '2026-11-02', '2026-11-08', 'succeeded', now() - interval '2 days', now() - interval '2 days', now() - interval '2 days',
             jsonb_build_array(jsonb_build_object('report', 'sales', 'name', 'sales-2026-11-02-to-2026-11-08.csv', 'path', $1::text || '/r/sales.csv', 'sizeBytes', 10, 'contentType', 'text/csv')),
             'reports@pharmacy.example.test', null),
            ($1::uuid, 'daily', now() - interval '1 day', '2026-11-09', '2026-11-09', 'failed', now() - interval '1 day', now() - interval '1 day', now() - interval '1 day', '[]', null,
             'Sales: the report could not be read')`, [id]);
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await page.goto('/reports');
  const scheduled = page.getByRole('region', { name: 'Scheduled reports' });
  await expect(scheduled.getByTestId('report-schedules')).toContainText('Daily at 07:30');
  await expect(scheduled.getByRole('link', { name: 'Change the schedules in System Settings' })).toBeVisible();
  const rows = scheduled.getByRole('row');
  await expect(rows).toHaveCount(3);
  // Newest first: the failed daily run with its reason, then the weekly one with its file and recipient.
  await expect(rows.nth(1)).toContainText('Daily');
  await expect(rows.nth(1)).toContainText('Failed');
  await expect(rows.nth(1)).toContainText('Sales: the report could not be read');
  await expect(rows.nth(2)).toContainText('Succeeded');
  await expect(rows.nth(2).getByRole('button', { name: /Sales/ })).toBeVisible();
  await expect(rows.nth(2)).toContainText('reports@pharmacy.example.test');

  const alert = page.getByRole('region', { name: 'System Alerts' }).getByRole('listitem').filter({ hasText: 'Scheduled reports failed' });
  await expect(alert).toContainText('1 scheduled report run failed in the last 7 days.');
  await expect(alert.getByRole('link', { name: /Open Scheduled reports/ })).toHaveAttribute('href', '/reports#scheduled-reports');
});

test('a pharmacist reads the Sales report of the period, exports it, and signs off a day of the dispensing log', async ({ page }) => {
  await signIn(page, 'rph@demo.pharmacy', DEMO_PASSWORD);
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  const today = await demoToday();
  const from = addDays(today, -29);
  const reports = page.getByRole('region', { name: 'Reports', exact: true });
  await reports.getByRole('button', { name: 'Sales', exact: true }).click();
  await expect(reports.getByRole('button', { name: 'Sales', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(reports.getByTestId('report-scope')).toHaveText(`${usDate(from)} – ${usDate(today)}`);

  // A row per day of the period; the totals are the database's fills of those days (not cancelled).
  const sales = reports.getByRole('table', { name: 'Sales report' });
  await expect(sales.locator('tbody tr')).toHaveCount(30);
  const [fills] = await serviceSql<{ n: string }>(
    `select count(*) as n from public.prescriptions rx join public.staff_profiles s on s.pharmacy_id = rx.pharmacy_id
     where s.email = $1 and rx.status <> 'cancelled' and rx.date_filled between $2 and $3`, ['rph@demo.pharmacy', from, today]);
  await expect(sales.locator('tfoot th')).toHaveText('Total');
  await expect(sales.locator('tfoot td').first()).toHaveText(Number(fills!.n).toLocaleString('en-US'));

  // The CSV comes from the same endpoint, named by the report and its days.
  const downloading = page.waitForEvent('download');
  await reports.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`sales-${from}-to-${today}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(`"Sales, ${from} to ${today}"`);
  await expect(reports.getByText(`Saved sales-${from}-to-${today}.csv`)).toBeVisible();

  // The PDF: streamed with its progress, a real PDF of pages holding the report's title, period and totals.
  const printing = page.waitForEvent('download');
  await reports.getByRole('button', { name: 'Export PDF' }).click();
  const pdfDownload = await printing;
  expect(pdfDownload.suggestedFilename()).toBe(`sales-${from}-to-${today}.pdf`);
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(await pdfDownload.path())));
  expect(pdf.numPages).toBeGreaterThan(0);
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain('Sales');
  expect(text).toContain(`${usDate(from)} to ${usDate(today)}`);
  expect(text).toContain('Total');
  await expect(reports.getByText(`Saved sales-${from}-to-${today}.pdf`)).toBeVisible();

  // The dispensing log: one sign-off row per day; a day with fills is signed off, recorded and shown as signed.
  await reports.getByRole('button', { name: 'Daily Dispensing Log' }).click();
  const signOffs = reports.getByRole('table', { name: 'Pharmacist sign-off report' });
  await expect(signOffs.locator('tbody tr')).toHaveCount(30);
  const unsigned = signOffs.locator('tbody tr').filter({ has: page.getByRole('button', { name: /^Sign off the log of / }) }).last();
  const dayText = (await unsigned.locator('td').first().textContent())!;
  const day = `${dayText.slice(6, 10)}-${dayText.slice(0, 2)}-${dayText.slice(3, 5)}`;
  // Days without fills need no sign-off.
  await expect(signOffs.locator('tbody tr').filter({ hasText: 'No fills' }).getByRole('button')).toHaveCount(0);
  await unsigned.getByRole('button', { name: `Sign off the log of ${dayText}` }).click();
  const signedRow = signOffs.locator('tbody tr').filter({ hasText: dayText });
  await expect(signedRow).toContainText('Signed');
  await expect(signedRow).toContainText('Riley Pharmacist');
  await expect(signedRow.getByRole('button')).toHaveCount(0);
  const [signed] = await serviceSql<{ n: string }>(
    `select count(*) as n from public.dispensing_log_sign_offs o join public.staff_profiles s on s.user_id = o.signed_by
     where s.email = $1 and o.log_date = $2`, ['rph@demo.pharmacy', day]);
  expect(Number(signed!.n)).toBe(1);
});

test('a technician sees the figures and alerts but not the reports', async ({ page }) => {
  await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
  await page.goto('/reports');
  await expect(page.getByRole('region', { name: 'System Alerts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Prescriptions Filled', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reports', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Scheduled reports' })).toHaveCount(0);
  // No alert links to a screen a technician may not open.
  await expect(page.getByRole('region', { name: 'System Alerts' }).getByRole('link', { name: /System Settings/ })).toHaveCount(0);
});
