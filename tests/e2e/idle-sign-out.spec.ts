/**
 * Automatic logoff of an idle terminal: after the pharmacy's session timeout (30 minutes by the demo
 * pharmacy's security policy) without activity the app signs out, having warned during the last minute;
 * "Stay Signed In" keeps the session. The browser's clock is Playwright's fake clock, moved forward by hand.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/demo-staff-client.ts';
import { signIn } from './support/sign-in.ts';

test('an idle terminal is warned a minute before the timeout and then signed out', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
  const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });

  await page.clock.fastForward('28:30');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(warning).toHaveCount(0);

  await page.clock.fastForward('01:00');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('To protect patient information you will be signed out in');
  await warning.getByRole('button', { name: 'Stay Signed In' }).click();
  await expect(warning).toHaveCount(0);

  // Activity keeps postponing the timeout.
  await page.clock.fastForward('20:00');
  await page.mouse.move(200, 200);
  await page.keyboard.press('Shift');
  await page.clock.fastForward('20:00');
  await expect(warning).toHaveCount(0);

  await page.clock.fastForward('09:30');
  await expect(warning).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'You were signed out after 30 minutes without activity. Sign in again to continue.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});
