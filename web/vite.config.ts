/**
 * Vite configuration of the web app. The root is pinned to this folder so the supervisor can start Vite
 * from the repository root; the dev server binds 127.0.0.1 on STACK_WEB_PORT (default 5173) and fails
 * rather than drifting to another port, because the stack prints and tests use that exact URL.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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

const server = { host: '127.0.0.1', port: webPort(), strictPort: true };

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  // Transform the entry and the app shell at start-up, so the first page load (often a test's) is quick.
  server: { ...server, warmup: { clientFiles: ['./src/app/main.tsx', './src/app/app.tsx'] } },
  preview: server,
  build: { outDir: 'dist', emptyOutDir: true },
});
