/**
 * The api's own answers are checked against the contract where the environment asks for it: with
 * API_CHECK_RESPONSES=1 (what the local stack's supervisor sets, so dev and every test run check) a handler
 * that answers outside its endpoint's response schema gets a 500 instead of reaching the client; without it
 * (hosted) the answer goes out unchecked. Runs the functions runtime on the fixture tests/fixtures/api-contract-breaker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stackEnv } from '../support/stack-env.ts';
import { repoRoot } from '../support/test-stack.ts';

const fixtures = path.join(repoRoot, 'tests/fixtures/api-contract-breaker');
let runtime: ChildProcess | undefined;

/** Starts the runtime on a free port with `extraEnv`; resolves with its URL once it prints its listening line. */
function startRuntime(extraEnv: Record<string, string>): Promise<string> {
  const env = stackEnv();
  let output = '';
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/deno'),
    ['run', '--allow-all', '--config', 'edge-functions/deno.json', 'supabase/local/src/functions/main.ts'],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        FUNCTIONS_PORT: '0',
        JWT_SECRET: env.jwtSecret,
        SUPABASE_URL: env.apiUrl,
        SUPABASE_ANON_KEY: env.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: env.serviceRoleKey,
        SUPABASE_DB_URL: env.dbUrl,
        FUNCTIONS_DIR: fixtures,
        FUNCTIONS_CONFIG_TOML: path.join(fixtures, 'config.toml'),
        NO_COLOR: '1',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  runtime = child;
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`the functions runtime exited (code ${code}):\n${output}`)));
  });
}

afterEach(async () => {
  if (!runtime || runtime.exitCode !== null) return;
  const exited = new Promise((resolve) => runtime!.once('exit', resolve));
  runtime.kill('SIGTERM');
  await exited;
});

async function health(baseUrl: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/api/health`);
  return { status: response.status, body: await response.json() };
}

describe('response check', () => {
  it('with API_CHECK_RESPONSES=1 an answer outside the contract becomes a 500', async () => {
    const baseUrl = await startRuntime({ API_CHECK_RESPONSES: '1' });
    expect(await health(baseUrl)).toEqual({ status: 500, body: { error: 'Internal server error' } });
  });

  it('without it the answer goes out as the handler made it', async () => {
    const baseUrl = await startRuntime({});
    expect(await health(baseUrl)).toMatchObject({ status: 200, body: { status: 'down' } });
  });
});
