/** Signing in through the /login page, as a user does. */
import { expect, type Page } from '@playwright/test';

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}
