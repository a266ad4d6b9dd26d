/**
 * Variables reach the edge functions locally as the issue says: from supabase/functions/.env (beside config.toml,
 * as the CLI's `functions serve` reads it) and from the environment the stack was started with, which wins; a
 * SUPABASE_ name in the file is skipped. The runtime runs on a copy of tests/fixtures/functions-env-file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFunctionsRuntime, type FunctionsRuntime } from '../support/functions-runtime.ts';
import { stackEnv } from '../support/stack-env.ts';
import { repoRoot } from '../support/test-stack.ts';

let folder = '';
let runtime: FunctionsRuntime;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-env-file-'));
  fs.cpSync(path.join(repoRoot, 'tests/fixtures/functions-env-file'), folder, { recursive: true });
  fs.mkdirSync(path.join(folder, 'functions'));
  fs.writeFileSync(
    path.join(folder, 'functions', '.env'),
    [
      'OPENFDA_API_URL=http://openfda.from-file',
      'RXNAV_API_URL=http://rxnav.from-file',
      'NPPES_API_URL=http://nppes.from-file',
      'NPPES_TIMEOUT_MS=1000',
      'SUPABASE_URL=http://not-the-runtime',
    ].join('\n'),
  );
  runtime = startFunctionsRuntime(folder, { RXNAV_API_URL: 'http://rxnav.from-shell', NPPES_TIMEOUT_MS: '3000' });
});

afterAll(() => {
  runtime.child.kill('SIGTERM');
  fs.rmSync(folder, { recursive: true, force: true });
});

it("gives functions the .env file's variables, the starting environment winning, SUPABASE_ names skipped", async () => {
  const response = await fetch(`${await runtime.url}/env-echo`);
  expect(await response.json()).toEqual({
    OPENFDA_API_URL: 'http://openfda.from-file',
    RXNAV_API_URL: 'http://rxnav.from-shell',
    NADAC_API_URL: null,
    NPPES_API_URL: 'http://nppes.from-file',
    NPPES_TIMEOUT_MS: '3000',
    SUPABASE_URL: stackEnv().apiUrl,
  });
  expect(runtime.output()).toContain('skipped SUPABASE_URL');
  expect(runtime.output()).not.toContain('http://not-the-runtime');
});
