/**
 * The System Settings screen as the e2e specs drive it: open it from the sidebar as a signed-in admin, the tab
 * list, the shown tab's panel, and a tab opened until its group's form is loaded.
 */
import { expect, type Page } from '@playwright/test';
import { signIn } from './sign-in.ts';

export async function openSystemSettings(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'System Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
}

export const settingsTabs = (page: Page) => page.getByRole('tablist', { name: 'Settings groups' });
export const settingsPanel = (page: Page) => page.getByRole('tabpanel');

/** Selects the tab and waits until its group is loaded (its form shows). */
export async function openSettingsTab(page: Page, label: string): Promise<void> {
  await settingsTabs(page).getByRole('tab', { name: label, exact: true }).click();
  await expect(settingsTabs(page).getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(settingsPanel(page).getByRole('form', { name: `${label} settings` })).toBeVisible();
}
