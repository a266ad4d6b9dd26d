/**
 * `npm run bench -- bundle`: builds the web app (vite build, the project's own config) into a temporary
 * folder, serves it, opens /login in Chromium as a first visitor and adds up the JavaScript the page
 * downloaded — the entry, the chunks index.html modulepreloads and the chunks the app imports on its way to
 * the sign-in form — gzip-compressed (level 9, as Vite's report). Goal: ≤ 200 kB. It also names any screen
 * code or screen-only library among those chunks (there should be none) and lists the largest chunks.
 * Needs no stack: the build points at an address nothing listens on, and the sign-in page's JavaScript does
 * not depend on the answers.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { build, type Plugin } from 'vite';
import { screenOnlyReason, sourceOfBuiltModule } from '../support/sign-in-page-code.ts';
import { repoRoot } from '../support/test-stack.ts';

export const FIRST_VISIT_GOAL_BYTES = 200_000;
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

async function buildWebApp(outDir: string): Promise<Map<string, BuiltChunk>> {
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
  // Vite lets the environment win over .env files: the build needs settings, and this one's need not answer.
  process.env.VITE_SUPABASE_URL = 'http://127.0.0.1:9';
  process.env.VITE_SUPABASE_ANON_KEY = 'bench-anon-key';
  await build({ root: webRoot, logLevel: 'warn', plugins: [collect], build: { outDir, emptyOutDir: true } });
  return chunks;
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

/** The script files the sign-in page downloads on a first visit, in request order. */
async function scriptsOfFirstVisit(page: Page, origin: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.origin === origin) scripts.push(url.pathname.replace(/^\//, ''));
  });
  // A build that breaks at run time (a chunk cycle, say) shows no form: say why instead of timing out.
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${origin}/login`);
  await page
    .getByRole('heading', { level: 1, name: 'Sign In' })
    .waitFor({ timeout: 30_000 })
    .catch((error: unknown) => {
      throw pageErrors.length > 0 ? new Error(`the built app failed on /login: ${pageErrors.map((e) => e.stack ?? e.message).join('\n')}`) : error;
    });
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  // Whatever the page imports after the form shows (nothing, today) counts too.
  await page.waitForLoadState('networkidle');
  return [...new Set(scripts)];
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

export async function runBundleBench(): Promise<{ firstVisitBytes: number; screenCode: string[]; met: boolean }> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'pharmacy-web-build-'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  let served: { server: Server; origin: string } | undefined;
  try {
    const chunks = await buildWebApp(outDir);
    served = await serveBuild(outDir);
    const page = await browser.newPage();
    const scripts = await scriptsOfFirstVisit(page, served.origin);

    console.log('JavaScript of a first visit to /login (gzip):');
    let firstVisitBytes = 0;
    const screenCode: string[] = [];
    for (const fileName of scripts) {
      const chunk = chunks.get(fileName);
      const gzipBytes = chunk?.gzipBytes ?? gzipSync(await readFile(path.join(outDir, fileName)), { level: 9 }).length;
      firstVisitBytes += gzipBytes;
      console.log(`  ${kB(gzipBytes).padStart(9)}  ${fileName}  ${chunk ? describeChunk(chunk) : ''}`);
      for (const id of chunk?.moduleIds ?? []) {
        const reason = screenOnlyReason(sourceOfBuiltModule(id));
        if (reason) screenCode.push(`${fileName}: ${reason}`);
      }
    }
    const met = firstVisitBytes <= FIRST_VISIT_GOAL_BYTES && screenCode.length === 0;
    console.log(`First visit: ${kB(firstVisitBytes)} gzip in ${scripts.length} files (goal ≤ ${kB(FIRST_VISIT_GOAL_BYTES)}): ${firstVisitBytes <= FIRST_VISIT_GOAL_BYTES ? 'met' : 'MISSED'}`);
    console.log(`Screen code or screen-only libraries downloaded: ${screenCode.length === 0 ? 'none (goal: none): met' : `${screenCode.length} modules: MISSED`}`);
    for (const line of [...new Set(screenCode.map((entry) => entry.replace(/ web\/src\/.*/, ' …')))].slice(0, 10)) console.log(`  ${line}`);

    const largest = [...chunks.values()].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 10);
    console.log(`Largest chunks (of ${chunks.size}, gzip):`);
    for (const chunk of largest) {
      const onFirstVisit = scripts.includes(chunk.fileName) ? 'first visit' : 'on demand';
      console.log(`  ${kB(chunk.gzipBytes).padStart(9)}  ${chunk.fileName}  [${onFirstVisit}]  ${describeChunk(chunk)}`);
    }
    return { firstVisitBytes, screenCode, met };
  } finally {
    await browser.close();
    if (served) await new Promise((resolve) => served!.server.close(resolve));
    await rm(outDir, { recursive: true, force: true });
  }
}
