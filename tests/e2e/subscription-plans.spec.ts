/** The plans page end to end (part 2 "Subscription Plans"): the server's flat-rate plan and the way to start a trial. */
import { expect, test } from '@playwright/test';

test('the plans page shows the flat-rate plan from the server and starts a 30-day trial', async ({ page }) => {
  await page.goto('/subscription-plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription Plans' })).toBeVisible();
  const plan = page.getByRole('article', { name: 'Pharmacy Pro' });
  await expect(plan).toHaveCount(1);
  await expect(plan.getByText('$150', { exact: true })).toBeVisible();
  await expect(plan.getByRole('list', { name: 'Included features' }).getByText('Unlimited users', { exact: true })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Current subscription' })).toBeVisible();
  await plan.getByRole('link', { name: 'Start 30-Day Trial' }).click();
  await expect(page).toHaveURL(/\/production-onboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pharmacy Account Setup' })).toBeVisible();
});
