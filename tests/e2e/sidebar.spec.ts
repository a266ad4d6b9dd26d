/**
 * The signed-in sidebar on a page longer than the window (spec §2 "Sidebar"): it fills the window's height
 * wherever the page is scrolled, its own entries scroll inside it, and the page never scrolls it away.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/demo-staff-client.ts';
import { signIn } from './support/sign-in.ts';

for (const size of [{ width: 1024, height: 640 }, { width: 1280, height: 900 }]) test(`on a long page the sidebar reaches the bottom of the window, scrolled to the top or to the end (${size.width}×${size.height})`, async ({ page }) => {
  await page.setViewportSize(size);
  await signIn(page, 'rph@demo.pharmacy', DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Management' })).toBeVisible();
  const sidebar = page.locator('aside').filter({ has: page.getByRole('navigation', { name: 'Main' }) });
  // The patient list makes the page long once it has loaded (the heading shows first).
  const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  await expect.poll(pageHeight).toBeGreaterThan(size.height * 1.2);

  for (const scrollY of [0, await pageHeight()]) {
    await page.evaluate((y) => window.scrollTo(0, y), scrollY);
    await page.screenshot({ path: test.info().outputPath(`sidebar-at-${scrollY}.png`) });
    const box = (await sidebar.boundingBox())!;
    expect(box.y).toBeLessThanOrEqual(0);
    expect(box.y + box.height).toBeGreaterThanOrEqual(size.height);
  }
});
