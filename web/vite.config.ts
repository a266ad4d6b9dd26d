/**
 * Vite configuration of the web app. The root is pinned to this folder so the supervisor can start Vite
 * from the repository root; the dev server binds 127.0.0.1 on STACK_WEB_PORT (default 5173) and fails
 * rather than drifting to another port, because the stack prints and tests use that exact URL.
 *
 * Content-Security-Policy (the rule: src/config/content-security-policy.ts): the dev and preview servers
 * send it as a header; `vite build` writes it into index.html as a <meta> tag. Hosts serving web/dist
 * should also send it as a header, to add frame-ancestors, which a meta tag cannot carry.
 *
 * Chunks: the router loads every screen as its own chunk (src/app/router.tsx); the libraries below get
 * chunks of their own, so they stay cached across releases of the app code, and a screen-only library
 * (forms, tables) is downloaded by the screens that use it, never by the sign-in page. zod is left to the
 * automatic split on purpose: the first visit needs only zod/mini's core, the screens add classic zod (classic
 * zod anywhere still grows that core by ~7 kB gzip: a module is never split between chunks). supabase-js comes
 * without the parts the app never calls and with Storage on demand (build/supabase-parts.ts, dev server included).
 * No modulepreload polyfill: a browser without modulepreload (Safari before 17) still loads every module, only
 * without the early fetch.
 * `npm run bench -- bundle` prints what a first visit downloads, to the sign-in page and signed in to the dashboard
 * (goal ≤ 200 kB gzip each).
 * OCR's worker, WebAssembly core and English model are the app's own files under /ocr/ (build/ocr-assets.ts).
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { appContentSecurityPolicy } from './src/config/content-security-policy.ts';
import { supabaseParts } from './build/supabase-parts.ts';
import { ocrAssets } from './build/ocr-assets.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

function webPort(): number {
  const raw = process.env.STACK_WEB_PORT;
  if (raw === undefined || raw === '') return 5173;
  const port = Number.parseInt(raw, 10);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`STACK_WEB_PORT must be a port number, got "${raw}"`);
  }
  return port;
}

/** One chunk per library (or family), matched on its node_modules path. */
const LIBRARY_CHUNKS: readonly { name: string; packages: RegExp }[] = [
  { name: 'react', packages: /^(react|react-dom|scheduler)$/ },
  { name: 'router', packages: /^react-router(-dom)?$/ },
  // Storage is imported on demand (build/supabase-parts.ts): a chunk of its own, not part of the client's.
  { name: 'supabase-storage', packages: /^(@supabase\/storage-js|iceberg-js)$/ },
  { name: 'supabase', packages: /^@supabase\/.+$/ },
  { name: 'react-query', packages: /^@tanstack\/(query-core|react-query)$/ },
  { name: 'forms', packages: /^(react-hook-form|@hookform\/resolvers)$/ },
  { name: 'table', packages: /^@tanstack\/(table-core|react-table)$/ },
];

/** The package a module comes from ('@scope/name' or 'name'), or null for the app's own code. */
function packageOfModule(moduleId: string): string | null {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleId);
  return match ? match[1]!.replaceAll("\\", "/") : null;
}

function sha256Source(code: string): string {
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
}

/** The build's index.html carries the policy as its first head element. */
function contentSecurityPolicyMeta(policy: string): Plugin {
  return {
    name: 'pharmacy:content-security-policy-meta',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }],
  };
}

export default defineConfig(({ mode }) => {
  const port = webPort();
  const server = { host: '127.0.0.1', port, strictPort: true };
  const supabaseUrl = loadEnv(mode, webRoot, 'VITE_').VITE_SUPABASE_URL;
  // The dev server adds one inline script, React Refresh's fixed preamble: allowed by its hash alone.
  const devPolicy = appContentSecurityPolicy({
    supabaseUrl,
    inlineScriptHashes: [sha256Source(react.preambleCode.replace('__BASE__', '/'))],
    extraConnectSources: [`ws://127.0.0.1:${port}`],
    forHeader: true,
  });
  return {
    root: webRoot,
    plugins: [supabaseParts(), ocrAssets(), react(), tailwindcss(), contentSecurityPolicyMeta(appContentSecurityPolicy({ supabaseUrl, forHeader: false }))],
    // Transform the entry and the app shell at start-up, so the first page load (often a test's) is quick.
    server: { ...server, headers: { 'Content-Security-Policy': devPolicy }, warmup: { clientFiles: ['./src/app/main.tsx', './src/app/app.tsx'] } },
    // The dev server pre-bundles supabase-js: the same redirects apply there.
    // OCR's libraries are imported on demand: pre-bundled at start, so their first use does not reload the page.
    optimizeDeps: { include: ['tesseract.js', 'unpdf'], rolldownOptions: { plugins: [supabaseParts()] } },
    preview: { ...server, headers: { 'Content-Security-Policy': appContentSecurityPolicy({ supabaseUrl, forHeader: true }) } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: LIBRARY_CHUNKS.map(({ name, packages }) => ({
              name,
              test: (moduleId: string) => packages.test(packageOfModule(moduleId) ?? ''),
              // A group takes its library's dependencies too (tslib into supabase); React is listed first, so
              // the libraries built on it find it already in its own chunk.
            })),
          },
        },
      },
    },
  };
});
