/**
 * `npm run bench -- bundle`: builds the web app (vite build, the project's own config, pointed at the bench's
 * stack) into a temporary folder, serves it, and follows a first visitor in Chromium, adding up the JavaScript
 * downloaded gzip-compressed (level 9, as Vite's report):
 *   1. the sign-in page: /login until the form (and the demo panel) shows — the entry, the chunks index.html
 *      modulepreloads and the chunks the app imports on its way. Goal ≤ 200 kB, and no screen code or
 *      screen-only library (tests/support/sign-in-page-code.ts).
 *   2. the signed-in first visit: the same page signs in as the demo technician and lands on the dashboard, until
 *      it has shown its data; every script of the whole visit counts. Goal ≤ 200 kB, and only the shell's and
 *      the dashboard's code and libraries (tests/support/signed-in-first-visit-code.ts).
 * It prints the chunks of both and the largest chunks of the build.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from '@playwright/test';
import { build, type Plugin } from 'vite';
import { screenOnlyReason, sourceOfBuiltModule } from '../support/sign-in-page-code.ts';
import { notOnSignedInFirstVisitReason } from '../support/signed-in-first-visit-code.ts';
import { repoRoot, type StackEnv } from '../support/test-stack.ts';

export const FIRST_VISIT_GOAL_BYTES = 200_000;
export const SIGNED_IN_FIRST_VISIT_GOAL_BYTES = 200_000;
const DEMO_TECHNICIAN = { email: 'tech@demo.pharmacy', password: 'demo-password' };
const webRoot = path.join(repoRoot, 'web');

interface BuiltChunk {
  fileName: string;
  moduleIds: string[];
  gzipBytes: number;
}

/** Where a module comes from, for the report: its package, or the app file's path from the repo root. */
function originOf(moduleId: string): string {
  const source = sourceOfBuiltModule(moduleId);
  if (moduleId.replaceAll('\\', '/').includes('/node_modules/')) return /^(@[^/]+\/)?[^/]+/.exec(source)?.[0] ?? source;
  return source;
}

async function buildWebApp(outDir: string, env: StackEnv): Promise<Map<string, BuiltChunk>> {
  const chunks = new Map<string, BuiltChunk>();
  const collect: Plugin = {
    name: 'bench:collect-chunks',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, { fileName: output.fileName, moduleIds: output.moduleIds, gzipBytes: gzipSync(output.code, { level: 9 }).length });
      }
    },
  };
  // Vite lets the environment win over .env files (and the content security policy names this API URL).
  const saved = { url: process.env.VITE_SUPABASE_URL, anonKey: process.env.VITE_SUPABASE_ANON_KEY };
  process.env.VITE_SUPABASE_URL = env.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = env.anonKey;
  try {
    await build({ root: webRoot, logLevel: 'warn', plugins: [collect], build: { outDir, emptyOutDir: true } });
  } finally {
    restoreEnv('VITE_SUPABASE_URL', saved.url);
    restoreEnv('VITE_SUPABASE_ANON_KEY', saved.anonKey);
  }
  return chunks;
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** Serves the build as a host serving web/dist would: files, and index.html for every app path. */
async function serveBuild(outDir: string): Promise<{ server: Server; origin: string }> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(outDir, path.normalize(pathname));
    const inBuild = file.startsWith(outDir + path.sep) && path.extname(file) !== '';
    readFile(inBuild ? file : path.join(outDir, 'index.html'))
      .then((body) => {
        response.writeHead(200, { 'content-type': types[path.extname(inBuild ? file : 'index.html')] ?? 'application/octet-stream' });
        response.end(body);
      })
      .catch(() => {
        response.writeHead(404);
        response.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The script files a page downloads from the build, in request order (each once), from now on. */
function recordScripts(page: Page, origin: string): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const fileName = url.pathname.replace(/^\//, '');
    if (request.resourceType() === 'script' && url.origin === origin && !scripts.includes(fileName)) scripts.push(fileName);
  });
  return scripts;
}

/**
 * Follows the page's requests from now on (websockets aside); `settled()` resolves once none has been in flight for
 * `quietMs`. After a client-side navigation, as signing in is, Playwright's 'networkidle' load state has long been
 * reached, so it cannot say this.
 */
function followRequests(page: Page): { settled: (quietMs?: number, timeoutMs?: number) => Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async settled(quietMs = 500, timeoutMs = 30_000) {
      try {
        const deadline = Date.now() + timeoutMs;
        while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
          if (Date.now() > deadline) throw new Error(`the page kept loading for ${timeoutMs / 1000} s: ${[...inFlight].map((r) => r.url()).join(', ')}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        page.off('request', started);
        page.off('requestfinished', ended);
        page.off('requestfailed', ended);
      }
    },
  };
}

/** Runs a step of the visit; a build that breaks at run time (a chunk cycle, say) says why instead of timing out. */
async function visitStep(page: Page, what: string, step: () => Promise<void>): Promise<void> {
  const pageErrors: Error[] = [];
  const onError = (error: Error) => pageErrors.push(error);
  page.on('pageerror', onError);
  try {
    await step();
  } catch (error) {
    throw pageErrors.length > 0 ? new Error(`the built app failed ${what}: ${pageErrors.map((e) => e.stack ?? e.message).join('\n')}`) : error;
  } finally {
    page.off('pageerror', onError);
  }
}

/** A first visit to /login, until the sign-in form and the demo panel (the server's answer) show. */
async function openSignInPage(page: Page, origin: string): Promise<void> {
  await visitStep(page, 'on /login', async () => {
    await page.goto(`${origin}/login`);
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Demo pharmacy' }).waitFor({ timeout: 30_000 });
    // Whatever the page imports after the form shows (nothing, today) counts too.
    await page.waitForLoadState('networkidle');
  });
}

/** Signs in on the open sign-in page and waits until the dashboard has shown its data (every card's answer). */
async function signInToDashboard(page: Page): Promise<void> {
  await visitStep(page, 'signing in to the dashboard', async () => {
    const requests = followRequests(page);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_TECHNICIAN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_TECHNICIAN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30_000 });
    const main = page.getByRole('main');
    // The four stat cards, the next Rx number, and no card still loading (staff, recent prescriptions, low stock).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="stat-value"]').length === 4, undefined, { timeout: 30_000 });
    await page.getByTestId('next-rx-number').filter({ hasText: /^\d+$/ }).waitFor({ timeout: 30_000 });
    await main.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 30_000 });
    const stats = await page.getByTestId('stat-value').allInnerTexts();
    if (stats.some((value) => value === '—')) throw new Error(`the dashboard could not load its stats (${stats.join(', ')})`);
    // Whatever the dashboard imports after its data shows counts too.
    await requests.settled();
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The largest contributors of a chunk, by rendered module count, for a one-line description. */
function describeChunk(chunk: BuiltChunk): string {
  const origins = new Map<string, number>();
  for (const id of chunk.moduleIds) {
    const origin = originOf(id).replace(/^(web\/src\/(?:features|app\/routes|components)\/[^/]+).*/, '$1');
    origins.set(origin, (origins.get(origin) ?? 0) + 1);
  }
  const names = [...origins.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  return names.slice(0, 4).join(', ') + (names.length > 4 ? `, … (${names.length} sources)` : '');
}

interface VisitFigures {
  bytes: number;
  /** Modules the visit must not download, with the chunk and the reason. */
  disallowed: string[];
}

/** Prints the scripts of a visit with their gzip size and what makes them up; checks each module by `reasonAgainst`. */
async function reportScripts(
  scripts: string[],
  chunks: Map<string, BuiltChunk>,
  outDir: string,
  reasonAgainst: (source: string) => string | null,
): Promise<VisitFigures> {
  let bytes = 0;
  const disallowed: string[] = [];
  for (const fileName of scripts) {
    const chunk = chunks.get(fileName);
    const gzipBytes = chunk?.gzipBytes ?? gzipSync(await readFile(path.join(outDir, fileName)), { level: 9 }).length;
    bytes += gzipBytes;
    console.log(`  ${kB(gzipBytes).padStart(9)}  ${fileName}  ${chunk ? describeChunk(chunk) : ''}`);
    for (const id of chunk?.moduleIds ?? []) {
      const reason = reasonAgainst(sourceOfBuiltModule(id));
      if (reason) disallowed.push(`${fileName}: ${reason}`);
    }
  }
  return { bytes, disallowed };
}

function printVerdicts(name: string, figures: VisitFigures, files: number, goalBytes: number, codeGoal: string): boolean {
  const sizeMet = figures.bytes <= goalBytes;
  console.log(`${name}: ${kB(figures.bytes)} gzip in ${files} files (goal ≤ ${kB(goalBytes)}): ${sizeMet ? 'met' : 'MISSED'}`);
  const codeMet = figures.disallowed.length === 0;
  console.log(`${codeGoal}: ${codeMet ? 'none (goal: none): met' : `${figures.disallowed.length} modules: MISSED`}`);
  for (const line of [...new Set(figures.disallowed.map((entry) => entry.replace(/ (web|shared)\/src\/.*/, ' …')))].slice(0, 10)) console.log(`  ${line}`);
  return sizeMet && codeMet;
}

export interface BundleBenchResult {
  firstVisitBytes: number;
  signedInFirstVisitBytes: number;
  met: boolean;
}

export async function runBundleBench(env: StackEnv): Promise<BundleBenchResult> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'pharmacy-web-build-'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  let served: { server: Server; origin: string } | undefined;
  try {
    const chunks = await buildWebApp(outDir, env);
    served = await serveBuild(outDir);
    const page = await browser.newPage();
    const scripts = recordScripts(page, served.origin);

    await openSignInPage(page, served.origin);
    const signInScripts = [...scripts];
    console.log('JavaScript of a first visit to /login (gzip):');
    const signInPage = await reportScripts(signInScripts, chunks, outDir, screenOnlyReason);
    const signInMet = printVerdicts('First visit', signInPage, signInScripts.length, FIRST_VISIT_GOAL_BYTES, 'Screen code or screen-only libraries downloaded');

    await signInToDashboard(page);
    const visitScripts = [...scripts];
    console.log('\nJavaScript of a signed-in first visit (/login, sign in as the demo technician, the dashboard with its data; gzip):');
    console.log(`  ${kB(signInPage.bytes).padStart(9)}  the ${signInScripts.length} files of the sign-in page (above)`);
    const afterSignIn = await reportScripts(visitScripts.slice(signInScripts.length), chunks, outDir, () => null);
    const signedIn: VisitFigures = {
      bytes: signInPage.bytes + afterSignIn.bytes,
      disallowed: visitScripts.flatMap((fileName) =>
        (chunks.get(fileName)?.moduleIds ?? []).flatMap((id) => {
          const reason = notOnSignedInFirstVisitReason(sourceOfBuiltModule(id));
          return reason ? [`${fileName}: ${reason}`] : [];
        }),
      ),
    };
    const signedInMet = printVerdicts(
      'Signed-in first visit',
      signedIn,
      visitScripts.length,
      SIGNED_IN_FIRST_VISIT_GOAL_BYTES,
      'Code beyond the shell and the dashboard downloaded',
    );

    const largest = [...chunks.values()].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 10);
    console.log(`Largest chunks (of ${chunks.size}, gzip):`);
    for (const chunk of largest) {
      const when = signInScripts.includes(chunk.fileName) ? 'sign-in page' : visitScripts.includes(chunk.fileName) ? 'signed-in first visit' : 'on demand';
      console.log(`  ${kB(chunk.gzipBytes).padStart(9)}  ${chunk.fileName}  [${when}]  ${describeChunk(chunk)}`);
    }
    console.log(`Sign-in page ${kB(signInPage.bytes)} (goal ≤ ${kB(FIRST_VISIT_GOAL_BYTES)}), signed-in first visit ${kB(signedIn.bytes)} `
      + `(goal ≤ ${kB(SIGNED_IN_FIRST_VISIT_GOAL_BYTES)}): ${signInMet && signedInMet ? 'met' : 'MISSED'}`);
    return { firstVisitBytes: signInPage.bytes, signedInFirstVisitBytes: signedIn.bytes, met: signInMet && signedInMet };
  } finally {
    await browser.close();
    if (served) await new Promise((resolve) => served!.server.close(resolve));
    await rm(outDir, { recursive: true, force: true });
  }
}
