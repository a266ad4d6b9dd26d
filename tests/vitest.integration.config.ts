import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Integration tests share one fresh stack and run one file at a time: some of them stop and restart
// parts of the stack, which would disturb tests running beside them.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
