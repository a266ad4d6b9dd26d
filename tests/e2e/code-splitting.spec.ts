/**
 * Code splitting end to end: a first visit to the sign-in page requests no screen code and no screen-only
 * library (the rule: tests/support/sign-in-page-code.ts); signed in, the shell and the dashboard with its data add
 * only their own code and the shell's libraries (tests/support/signed-in-first-visit-code.ts); each other screen's
 * code arrives when it is opened. Vite's dev server serves module by module, so the requests name exactly the
 * modules the page ran; `npm run bench -- bundle` measures the same on the production build.
 */
import { expect, test, type Page } from '@playwright/test';
import { screenOnlyReason, sourceOfDevScript } from '../support/sign-in-page-code.ts';
import { notOnSignedInFirstVisitReason } from '../support/signed-in-first-visit-code.ts';
import { DEMO_PASSWORD } from './support/demo-staff-client.ts';
import { fillSignIn } from './support/sign-in.ts';

/** The sources of every script the page requests from now on. */
function recordScriptSources(page: Page): string[] {
  const sources: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    const source = sourceOfDevScript(new URL(request.url()).pathname);
    if (source !== null) sources.push(source);
  });
  return sources;
}

const screenOnly = (sources: string[]) => sources.flatMap((source) => screenOnlyReason(source) ?? []);

test('the sign-in page loads no screen code; the dashboard loads its own once signed in', async ({ page }) => {
  const sources = recordScriptSources(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Demo pharmacy' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sources).toContain('web/src/features/auth/components/login-form.tsx');
  expect(screenOnly(sources)).toEqual([]);

  await fillSignIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The dashboard has shown its data: no card is still loading.
  await expect(page.getByTestId('stat-value')).toHaveCount(4);
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
  expect(sources).toContain('web/src/app/routes/app/dashboard.tsx');
  expect(sources).toContain('web/src/features/dashboard/components/dashboard.tsx');
  expect(sources).toContain('@supabase/supabase-js');
  expect(sources.flatMap((source) => notOnSignedInFirstVisitReason(source) ?? [])).toEqual([]);
  // The dashboard is not the patients screen: its code, and its table library, wait until it opens.
  expect(sources.filter((source) => source.startsWith('web/src/features/patients/'))).toEqual([]);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Management' })).toBeVisible();
  expect(sources).toContain('web/src/features/patients/components/patient-management.tsx');
  expect(screenOnly(sources)).toContain('screen-only library @tanstack/react-table');
});
