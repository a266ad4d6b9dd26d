/**
 * Two-factor authentication in the browser (Supabase Auth MFA, TOTP): an admin enrols an authenticator app from
 * the account link (QR code and key shown, the app's code typed in), signs out, and signs in again with the
 * password and then the code (a wrong code is refused); an admin of a pharmacy that requires 2FA for admins and
 * who has no app is sent to the enrolment before the app opens. The codes come from the tests' own RFC 6238
 * generator, as an authenticator app would show them.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TOTP_CODE_REFUSED_MESSAGE } from '../../shared/src/security/two-factor.ts';
import { totpCode, totpCodeAtStep } from '../support/totp.ts';
import { staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { fillSignIn, signIn } from './support/sign-in.ts';

/** axe-core's WCAG 2.1 A/AA rules on the page as it is (as tests/e2e/accessibility.spec.ts checks every screen). */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect.soft(violations.map((violation) => `${violation.id}: ${violation.help}`), `axe on ${screen}`).toEqual([]);
}

/** Sets up an authenticator app on the page in front of it; returns the key the page showed. */
async function enrolInBrowser(page: Page, code: (secret: string) => string): Promise<string> {
  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  const qrCode = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qrCode).toBeVisible();
  // The set-up button is gone: focus continues with the steps that replaced it, not at the page's start.
  await expect(page.getByRole('form', { name: 'Set up two-factor authentication' })).toBeFocused();
  expect(await qrCode.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(code(secret));
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  return secret;
}

test('an admin enrols an authenticator app and then signs in with the password and its code', async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  await signIn(page, pharmacy.adminEmail, pharmacy.adminPassword);

  await page.getByRole('link', { name: 'Two-factor authentication' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeVisible();
  // The shared schema refuses anything but six digits before Supabase Auth is asked.
  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill('12ab');
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await expectAccessible(page, 'the two-factor page with its QR code and a refused code');
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You sign in with your password and a code from your authenticator app.' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  const code = page.getByRole('textbox', { name: 'Authentication code' });
  await code.fill(totpCodeAtStep(secret, 5));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: TOTP_CODE_REFUSED_MESSAGE })).toBeVisible();
  await expectAccessible(page, 'the sign-in code step with a refused code');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  // The enrolment used this step's code; the next step's is still inside the window and not used yet.
  await code.fill(totpCodeAtStep(secret, 1));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('an admin without an authenticator app is sent to enrol when the pharmacy requires 2FA for admins', async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  // At another terminal: the admin proves a factor (the policy is turned on only from an aal2 session), turns the
  // policy on, and removes the factor again.
  const terminal = await staffClient(pharmacy.adminEmail, pharmacy.adminPassword);
  const { data: enrolled } = await terminal.auth.mfa.enroll({ factorType: 'totp' });
  expect((await terminal.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: totpCode(enrolled!.totp.secret) })).error).toBeNull();
  const { data: own } = await terminal.from('security_policies').select('id').single();
  const policy = await terminal.from('security_policies').update({ require_2fa_for_admins: true }).eq('id', own!.id).select('require_2fa_for_admins');
  expect(policy.data).toEqual([{ require_2fa_for_admins: true }]);
  expect((await terminal.auth.mfa.unenroll({ factorId: enrolled!.id })).error).toBeNull();

  await page.goto('/login');
  await fillSignIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Set Up Two-Factor Authentication' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectAccessible(page, 'the required enrolment');

  await enrolInBrowser(page, (secret) => totpCode(secret));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
