/**
 * Playwright global setup: one fresh local stack serving the web app for the whole run, on the port the
 * config's baseURL names. Exports the stack's API URL and anon key (E2E_API_URL, E2E_ANON_KEY) for tests
 * that prepare data through the API, its state file (E2E_STACK_STATE_FILE) and its mail catcher (E2E_MAILPIT_URL, its SMTP port E2E_SMTP_PORT), its database URL (E2E_DB_URL, test setup only), and
 * returns the teardown.
 */
import type { FullConfig } from '@playwright/test';
import { startTestStack } from '../support/test-stack.ts';

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('tests/playwright.config.ts must set use.baseURL');
  const stack = await startTestStack({ withWeb: true, webPort: Number(new URL(baseURL).port) });
  if (stack.env.webUrl !== baseURL) {
    await stack.stop();
    throw new Error(`the test stack serves the web app at ${stack.env.webUrl}, but the tests expect ${baseURL}`);
  }
  // Workers inherit the environment the global setup leaves behind.
  process.env.E2E_API_URL = stack.env.apiUrl;
  process.env.E2E_ANON_KEY = stack.env.anonKey;
  // Tests that cut a part of the stack (to prove a screen catches up) find its pid here.
  process.env.E2E_STACK_STATE_FILE = stack.env.stateFile;
  // Tests that follow an emailed link (an invitation) read the stack's mail catcher (Mailpit's API).
  process.env.E2E_MAILPIT_URL = stack.env.mailpitUrl;
  // Specs that point a pharmacy's SMTP settings at the mail catcher (System Settings → Email) read its SMTP port.
  process.env.E2E_SMTP_PORT = String(stack.env.smtp.port);
  // Test setup that no screen or API may do (backdating a fill) runs SQL as the superuser (support/service-sql.ts).
  process.env.E2E_DB_URL = stack.env.dbUrl;
  // The test wholesaler (X12 over HTTP): the wholesale spec connects a pharmacy to it and asks it for package scans.
  process.env.E2E_WHOLESALER_URL = stack.env.wholesalerUrl;
  // The test claims switch (NCPDP D.0 over HTTP): the billing spec's pharmacy sends its claims there.
  process.env.E2E_CLAIMS_SWITCH_URL = stack.env.claimsSwitchUrl;
  return () => stack.stop();
}
