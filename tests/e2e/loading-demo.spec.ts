/**
 * The Loading Demo end to end (spec part 2 "Loading Demo", "Loading overlay", §9), as the demo technician: opened
 * from the sidebar, its six cards each show the loading overlay of their type — a status named for the type, busy,
 * its messages changing — for 5 s, after which it is gone and focus is back on the card's Show button; the migration
 * card's progress bar climbs towards 100. With reduced motion the spinner stands still and the messages still change.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LOADING_OVERLAYS, type LoadingOverlayType } from '../../web/src/components/ui/loading-overlay-messages.ts';
import { DEMO_PASSWORD } from './support/demo-staff-client.ts';
import { signIn } from './support/sign-in.ts';

const CARDS: ReadonlyArray<{ title: string; type: LoadingOverlayType; name: string }> = [
  { title: 'Prescription Entry', type: 'prescription', name: 'Entering prescription' },
  { title: 'Patient Lookup', type: 'patient', name: 'Loading patient information' },
  { title: 'Inventory Update', type: 'inventory', name: 'Updating inventory' },
  { title: 'AI Drug Analysis', type: 'analysis', name: 'Analyzing drug safety' },
  { title: 'Data Migration', type: 'migration', name: 'Importing data' },
  { title: 'Authentication', type: 'auth', name: 'Signing in' },
];

async function openLoadingDemo(page: Page): Promise<void> {
  await signIn(page, 'tech@demo.pharmacy', DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loading Demo', exact: true }).click();
  await expect(page).toHaveURL(/\/loading-demo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Loading animation demo' })).toBeVisible();
}

/** Watches the overlay until it has shown two different messages of its type (rotation every 500 ms). */
async function expectRotatingMessages(overlay: Locator, type: LoadingOverlayType): Promise<void> {
  const messages: readonly string[] = LOADING_OVERLAYS[type].messages;
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const text = await overlay.innerText().catch(() => '');
        const shown = messages.find((message) => text.includes(message));
        if (shown) seen.add(shown);
        return seen.size;
      },
      { intervals: [100], timeout: 4_000 },
    )
    .toBeGreaterThanOrEqual(2);
}

test('the six demo cards each show their overlay for 5 s, then focus returns to Show', async ({ page }) => {
  test.setTimeout(120_000);
  await openLoadingDemo(page);
  await expect(page.getByText('Not yet available', { exact: true })).toHaveCount(0);
  for (const card of CARDS) await expect(page.getByRole('region', { name: card.title, exact: true })).toBeVisible();

  for (const card of CARDS) {
    const show = page.getByRole('region', { name: card.title, exact: true }).getByRole('button', { name: /^Show/ });
    await show.click();
    const startedAt = Date.now();
    const overlay = page.getByRole('status', { name: card.name, exact: true });
    await expect(overlay).toBeVisible();
    await expect(overlay).toHaveAttribute('aria-busy', 'true');
    await expect(overlay.getByText(card.name, { exact: true })).toBeVisible();
    // One overlay at a time: every Show is disabled meanwhile.
    await expect(page.getByRole('button', { name: /^Show/, disabled: false })).toHaveCount(0);
    await expectRotatingMessages(overlay, card.type);

    const bar = overlay.getByRole('progressbar');
    if (card.type === 'migration') {
      await expect(bar).toHaveAccessibleName('Importing data progress');
      const first = Number(await bar.getAttribute('aria-valuenow'));
      expect(first).toBeGreaterThanOrEqual(0);
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { intervals: [100] }).toBeGreaterThan(first);
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { intervals: [100] }).toBeGreaterThanOrEqual(90);
      await expect(overlay.getByText(/^\d{1,3}%$/)).toBeVisible();
    } else {
      await expect(bar).toHaveCount(0);
    }

    await expect(overlay).toBeHidden({ timeout: 8_000 });
    // Shown for the spec's 5 s (measured from after the click, so a little under it at most).
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(4_700);
    await expect(show).toBeEnabled();
    await expect(show).toBeFocused();
  }
});

test('with reduced motion the spinner stands still and the messages still change', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openLoadingDemo(page);
  await page.getByRole('region', { name: 'Patient Lookup', exact: true }).getByRole('button', { name: /^Show/ }).click();
  const overlay = page.getByRole('status', { name: 'Loading patient information', exact: true });
  await expect(overlay).toBeVisible();
  const runningAnimations = () =>
    overlay.evaluate((element) => element.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running').length);
  expect(await runningAnimations()).toBe(0);
  await expectRotatingMessages(overlay, 'patient');
  await expect(overlay).toBeHidden({ timeout: 8_000 });

  // Without the preference, the same spinner turns.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.getByRole('region', { name: 'Patient Lookup', exact: true }).getByRole('button', { name: /^Show/ }).click();
  await expect(overlay).toBeVisible();
  expect(await runningAnimations()).toBeGreaterThan(0);
});
