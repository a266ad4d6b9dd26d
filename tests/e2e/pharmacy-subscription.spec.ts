/**
 * A signed-in pharmacy's subscription end to end (issue 28; part 2 "Subscription Plans"): its admin opens the plans
 * page from the account block, inside the shell, and sees the plan card with 'Current Plan' and the current
 * subscription box with what the database holds (plan, status, trial days left, trial end, next billing date); a
 * trial ending in 3 days shows on the admin's dashboard with the way to that page. Its technician sees neither: no
 * link, no notice, and the address says "Not available for your role" (the database refuses them the subscription).
 */
import { expect, test, type Page } from '@playwright/test';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { onboardPharmacyWithTeam } from './support/pharmacy-team.ts';
import { serviceSql } from './support/service-sql.ts';
import { signIn } from './support/sign-in.ts';

interface TrialFacts {
  plan_name: string;
  trial_ends: string;
  next_billing: string;
}

/** Moves the pharmacy's trial to end at noon three of its local days from today; answers the facts as MM/DD/YYYY. */
async function trialEndingInThreeDays(adminEmail: string): Promise<TrialFacts> {
  const [facts] = await serviceSql<TrialFacts>(
    `update public.subscriptions s
        set trial_ends_at = ((private.pharmacy_local_date(s.pharmacy_id, now()) + 3) + time '12:00') at time zone p.time_zone,
            next_billing_date = private.pharmacy_local_date(s.pharmacy_id, now()) + 3
       from public.pharmacies p
      where p.id = s.pharmacy_id and s.pharmacy_id = (select pharmacy_id from public.staff_profiles where email = $1)
      returning (select name from public.subscription_plans where id = s.plan_id) as plan_name,
                to_char((s.trial_ends_at at time zone p.time_zone)::date, 'MM/DD/YYYY') as trial_ends,
                to_char(s.next_billing_date, 'MM/DD/YYYY') as next_billing`,
    [adminEmail],
  );
  if (!facts) throw new Error(`no subscription for ${adminEmail}`);
  return facts;
}

const trialNotice = (page: Page) => page.getByRole('status', { name: 'Free trial' });
const accountLink = (page: Page) => page.getByRole('link', { name: 'Subscription', exact: true });

test('the admin sees the subscription signed in, and the technician does not', async ({ page, browser, request }) => {
  // Onboarding and two invitations accepted, then two sign-ins.
  test.setTimeout(120_000);
  const team = await onboardPharmacyWithTeam(request);
  const trial = await trialEndingInThreeDays(team.admin.email);

  await signIn(page, team.admin.email, team.admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(trialNotice(page)).toContainText('Your free trial ends in 3 days.');
  await trialNotice(page).getByRole('link', { name: 'View subscription' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/subscription-plans');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription Plans' })).toBeVisible();

  const plan = page.getByRole('article', { name: trial.plan_name });
  await expect(plan.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(plan.getByRole('link', { name: /Start \d+-Day Trial/ })).toHaveCount(0);

  const box = page.getByRole('region', { name: 'Current subscription' });
  await expect(box.getByRole('term')).toHaveText(['Plan', 'Status', 'Trial days left', 'Trial ends', 'Next billing date']);
  await expect(box.getByRole('definition')).toHaveText([trial.plan_name, 'Free trial', '3 days left', trial.trial_ends, trial.next_billing]);

  // The account block leads here from any screen.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports and Analytics' })).toBeVisible();
  await accountLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription Plans' })).toBeVisible();

  // The technician of the same pharmacy, whose trial ends in 3 days: no notice, no link, no page.
  const technicianContext = await browser.newContext();
  const technicianPage = await technicianContext.newPage();
  const subscriptionCalls: string[] = [];
  technicianPage.on('request', (sent) => {
    if (sent.url().includes('/api/subscription/current')) subscriptionCalls.push(sent.url());
  });
  await signIn(technicianPage, team.technician.email, team.technician.password);
  await expect(technicianPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(technicianPage.getByRole('link', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(accountLink(technicianPage)).toHaveCount(0);
  await technicianPage.goto('/subscription-plans');
  await expect(technicianPage.getByRole('heading', { level: 1, name: 'Not available for your role' })).toBeVisible();
  await expect(technicianPage.getByText('Subscription Plans is open to admins only. You are signed in as a technician; ask a pharmacy admin if you need it.')).toBeVisible();
  await expect(technicianPage.getByRole('region', { name: 'Current subscription' })).toHaveCount(0);
  await technicianPage.getByRole('link', { name: 'Go to the Dashboard' }).click();
  await expect(technicianPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Give the dashboard its data before saying no notice shows; the technician's app never asks for the subscription.
  await technicianPage.waitForLoadState('networkidle');
  await expect(trialNotice(technicianPage)).toHaveCount(0);
  expect(subscriptionCalls).toEqual([]);
  await technicianContext.close();
});

test("no notice on an admin's dashboard while the trial has more than 7 days left", async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await accountLink(page).click();
  // A new pharmacy's trial: 30 days. The dashboard then shows from the same cached answer, so no wait hides a notice.
  await expect(page.getByRole('region', { name: 'Current subscription' }).getByRole('definition').nth(2)).toHaveText('30 days left');
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(trialNotice(page)).toHaveCount(0);
});
