/**
 * Vite configuration of the web app. The root is pinned to this folder so the supervisor can start Vite
 * from the repository root; the dev server binds 127.0.0.1 on STACK_WEB_PORT (default 5173) and fails
 * rather than drifting to another port, because the stack prints and tests use that exact URL.
 *
 * Content-Security-Policy (the rule: src/config/content-security-policy.ts): the dev and preview servers
 * send it as a header; `vite build` writes it into index.html as a <meta> tag. Hosts serving web/dist
 * should also send it as a header, to add frame-ancestors, which a meta tag cannot carry.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { appContentSecurityPolicy } from './src/config/content-security-policy.ts';

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
    plugins: [react(), tailwindcss(), contentSecurityPolicyMeta(appContentSecurityPolicy({ supabaseUrl, forHeader: false }))],
    // Transform the entry and the app shell at start-up, so the first page load (often a test's) is quick.
    server: { ...server, headers: { 'Content-Security-Policy': devPolicy }, warmup: { clientFiles: ['./src/app/main.tsx', './src/app/app.tsx'] } },
    preview: { ...server, headers: { 'Content-Security-Policy': appContentSecurityPolicy({ supabaseUrl, forHeader: true }) } },
    build: { outDir: 'dist', emptyOutDir: true },
  };
});
