/**
 * Playwright end-to-end tests: the real web app (Vite, served by the supervisor) against a fresh local
 * stack started by the global setup. The test stack's web port is TEST_STACK_WEB_PORT, or
 * TEST_STACK_PORT_BASE + 52 (default base 55321), the same rule tests/support/test-stack.ts applies;
 * the global setup passes the port from baseURL below so the two cannot disagree.
 * Chromium is the system's (/usr/bin/chromium, from apt), never a downloaded browser.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const portBase = Number(process.env.TEST_STACK_PORT_BASE || 55321);
const webPort = Number(process.env.TEST_STACK_WEB_PORT || portBase + 52);

export default defineConfig({
  testDir: fileURLToPath(new URL('./e2e', import.meta.url)),
  globalSetup: fileURLToPath(new URL('./e2e/global-setup.ts', import.meta.url)),
  outputDir: fileURLToPath(new URL('../test-results', import.meta.url)),
  workers: 1,
  // One retry in CI only (Playwright's usual CI setting); a test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Live updates cross terminals through the whole stack on a 2-core machine: give them time under load.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${webPort}`,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
        },
      },
    },
  ],
});
