/**
 * The Dashboard end to end, as the demo technician: the header names the signed-in user; the System
 * Information panel, the four stat cards, the recent pending list and the low-stock alerts show what the
 * demo pharmacy's data says (computed here from the rows through the API, not from constants); and a
 * prescription entered at another terminal (POST /api/prescriptions in the background) changes the numbers
 * with no reload.
 */
import { expect, test, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { demoStaffClient, DEMO_PASSWORD, enterLisinoprilThroughApi } from './support/demo-staff-client.ts';
import { signIn } from './support/sign-in.ts';

const TECH_EMAIL = 'tech@demo.pharmacy';

interface ExpectedStats {
  pending: number;
  completedToday: number;
  aiAlerts: number;
  revenueToday: string;
  nextRx: number;
}

/** The stat cards as the dashboard defines them, from the raw rows; "today" is the pharmacy's own day (its time zone). */
async function expectedStats(client: SupabaseClient): Promise<ExpectedStats> {
  const { data, error } = await client
    .from('prescriptions')
    .select('status, completed_at, ai_flags, overridden_at, medication:medications(price)');
  if (error) throw new Error(error.message);
  const rows = data as unknown as Array<{
    status: string; completed_at: string | null; ai_flags: { hasInteractions: boolean }; overridden_at: string | null; medication: { price: number };
  }>;
  const pharmacy = await client.from('pharmacies').select('time_zone').single();
  if (pharmacy.error) throw new Error(pharmacy.error.message);
  const pharmacyDay = new Intl.DateTimeFormat('en-CA', { timeZone: pharmacy.data.time_zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const today = pharmacyDay.format(new Date());
  const completedToday = rows.filter((rx) => rx.status === 'completed' && rx.completed_at !== null && pharmacyDay.format(new Date(rx.completed_at)) === today);
  const cents = completedToday.reduce((sum, rx) => sum + Math.round(Number(rx.medication.price) * 100), 0);
  const counter = await client.from('rx_number_counters').select('last_rx_number').maybeSingle();
  if (counter.error) throw new Error(counter.error.message);
  return {
    pending: rows.filter((rx) => rx.status === 'pending').length,
    completedToday: completedToday.length,
    aiAlerts: rows.filter((rx) => ['pending', 'processing'].includes(rx.status) && rx.ai_flags.hasInteractions && rx.overridden_at === null).length,
    revenueToday: `$${(cents / 100).toFixed(2)}`,
    nextRx: counter.data ? Number(counter.data.last_rx_number) + 1 : 1001,
  };
}

function statValue(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true }).getByTestId('stat-value');
}

async function expectStats(page: Page, expected: ExpectedStats): Promise<void> {
  await expect(statValue(page, 'Pending Prescriptions')).toHaveText(String(expected.pending));
  await expect(statValue(page, 'Completed Today')).toHaveText(String(expected.completedToday));
  await expect(statValue(page, 'AI Alerts')).toHaveText(String(expected.aiAlerts));
  await expect(statValue(page, 'Revenue Today')).toHaveText(expected.revenueToday);
  await expect(page.getByTestId('next-rx-number')).toHaveText(String(expected.nextRx));
}

test('the dashboard shows the signed-in user and the pharmacy\'s real numbers, and follows a new prescription live', async ({ page }) => {
  const tech = await demoStaffClient(TECH_EMAIL);
  const { data: auth } = await tech.auth.getUser();
  const profile = await tech.from('staff_profiles').select('first_name, last_name').eq('user_id', auth.user!.id).single();
  const pharmacy = await tech.from('pharmacies').select('pharmacy_name, dea_number, ncpdp_id, state_license_number').single();
  const lowStock = await tech.from('medications').select('name').eq('is_low_stock', true);
  const staff = await tech.from('staff_profiles').select('role').eq('is_active', true).in('role', ['pharmacist', 'technician']);
  expect(profile.error ?? pharmacy.error ?? lowStock.error ?? staff.error).toBeNull();

  await signIn(page, TECH_EMAIL, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Pharmacy operations overview')).toBeVisible();
  await expect(page.getByTestId('dashboard-user-name')).toHaveText(`${profile.data!.first_name} ${profile.data!.last_name}`);
  await expect(page.getByPlaceholder('Search patients, medications...')).toBeVisible();

  // System Information: staff initials with masked passwords, today's date, the pharmacy's licence record.
  await expect(page.getByTestId('staff-credential')).toHaveCount(staff.data!.length);
  await expect(page.getByTestId('staff-credential').first()).toContainText('****');
  const longDate = new Date().toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  await expect(page.getByText(longDate)).toBeVisible();
  await expect(page.getByTestId('license-pharmacy-name')).toHaveText(pharmacy.data!.pharmacy_name);
  await expect(page.getByTestId('license-dea')).toHaveText(pharmacy.data!.dea_number);
  await expect(page.getByTestId('license-ncpdp')).toHaveText(pharmacy.data!.ncpdp_id);

  const before = await expectedStats(tech);
  await expectStats(page, before);
  await expect(page.getByTestId('recent-prescription')).toHaveCount(Math.min(5, before.pending));
  await expect(page.getByTestId('low-stock-item')).toHaveCount(lowStock.data!.length);
  for (const medication of lowStock.data!) {
    await expect(page.getByTestId('low-stock-item').filter({ hasText: medication.name }).first()).toContainText('Critical');
  }
  await expect(page.getByRole('link', { name: 'Add New Patient' })).toHaveAttribute('href', '/patients');

  // Another terminal enters a prescription: the screen follows with no reload.
  const patient = await tech.from('patients').select('id').order('last_name').limit(1).single();
  const created = await enterLisinoprilThroughApi(tech, patient.data!.id, '0');
  const after = await expectedStats(tech);
  expect(after.pending).toBe(before.pending + 1);
  expect(after.nextRx).toBe(created.rxNumber + 1);
  await expectStats(page, after);
  await expect(page.getByTestId('recent-prescription').first()).toContainText(`RX ${created.rxNumber}`);
});

test('the dashboard lists the prescriber licences and DEA registrations expired or expiring within 90 days, soonest first', async ({ page }) => {
  const tech = await demoStaffClient(TECH_EMAIL);
  const { data, error } = await tech.from('prescribers').select('title, first_name, last_name, license_state, license_number, license_expiration, dea_number, dea_expiration');
  expect(error).toBeNull();
  const pharmacy = await tech.from('pharmacies').select('time_zone').single();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: pharmacy.data!.time_zone }).format(new Date());
  const limit = new Intl.DateTimeFormat('en-CA', { timeZone: pharmacy.data!.time_zone }).format(new Date(Date.now() + 90 * 86_400_000));
  const expiring = data!.flatMap((p) => {
    const name = [p.title, p.first_name, p.last_name].filter(Boolean).join(' ');
    return [
      p.license_expiration && p.license_expiration < limit ? { name, on: p.license_expiration as string, text: `State licence ${p.license_state} ${p.license_number}` } : null,
      p.dea_expiration && p.dea_expiration < limit ? { name, on: p.dea_expiration as string, text: `DEA registration ${p.dea_number}` } : null,
    ].filter((alert) => alert !== null);
  }).sort((x, y) => x.on.localeCompare(y.on) || x.name.localeCompare(y.name));
  // The demo data has some (its expirations are relative to the day it was loaded).
  expect(expiring.length).toBeGreaterThan(0);

  await signIn(page, TECH_EMAIL, DEMO_PASSWORD);
  const card = page.getByRole('region', { name: 'Prescriber Credentials' });
  const items = card.getByTestId('prescriber-credential-alert');
  await expect(items).toHaveCount(Math.min(5, expiring.length));
  for (const [index, alert] of expiring.slice(0, 5).entries()) {
    const [year, month, day] = alert.on.split('-');
    await expect(items.nth(index)).toContainText(alert.name);
    await expect(items.nth(index)).toContainText(`${alert.text} ${alert.on < today ? 'expired' : 'expires'} ${month}/${day}/${year}`);
    await expect(items.nth(index)).toContainText(alert.on < today ? 'Expired' : 'Expiring');
  }
});
