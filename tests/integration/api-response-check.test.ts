/**
 * The api's own answers are checked against the contract where the environment asks for it: with
 * API_CHECK_RESPONSES=1 (what the local stack's supervisor sets, so dev and every test run check) a handler
 * that answers outside its endpoint's response schema gets a 500 instead of reaching the client; without it
 * (hosted) the answer goes out unchecked. Runs the functions runtime on the fixture tests/fixtures/api-contract-breaker.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFunctionsRuntime, type FunctionsRuntime } from '../support/functions-runtime.ts';
import { repoRoot } from '../support/test-stack.ts';

const fixtures = path.join(repoRoot, 'tests/fixtures/api-contract-breaker');
let runtime: FunctionsRuntime | undefined;

/** Starts the runtime on the fixture with `extraEnv`; resolves with its URL once it listens. */
function startRuntime(extraEnv: Record<string, string>): Promise<string> {
  runtime = startFunctionsRuntime(fixtures, extraEnv);
  return runtime.url;
}

afterEach(async () => {
  const child = runtime?.child;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
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
