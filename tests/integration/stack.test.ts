/**
 * The supervisor's promises: status output, refusing a second start, clear port errors, and parts that
 * come back after being killed while clients keep working.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createServiceClient, createTestClient, eventually, signedInClient, sql, stackEnv } from '../support/stack-env.ts';
import { repoRoot } from '../support/test-stack.ts';

function runCli(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/src/cli.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function partPid(name: string): number {
  const state = JSON.parse(fs.readFileSync(stackEnv().stateFile, 'utf8')) as { parts: Record<string, number> };
  const pid = state.parts[name];
  if (!pid) throw new Error(`no pid for part ${name}`);
  return pid;
}

/** The port base the test stack runs on, derived from its API URL. */
function portBase(): string {
  return new URL(stackEnv().apiUrl).port;
}

afterAll(closeSql);

describe('stack commands', () => {
  it('prints the env lines of the architecture brief', async () => {
    const { code, output } = await runCli(['status'], { STACK_PORT_BASE: portBase(), STACK_DATA_DIR: stackEnv().dataDir });
    expect(code).toBe(0);
    const env = stackEnv();
    for (const line of [`API_URL=${env.apiUrl}`, `DB_URL=${env.dbUrl}`, `ANON_KEY=${env.anonKey}`, `SERVICE_ROLE_KEY=${env.serviceRoleKey}`, `JWT_SECRET=${env.jwtSecret}`]) {
      expect(output.split('\n')).toContain(line);
    }
    expect(output).toMatch(/^WEB_URL=http:\/\/127\.0\.0\.1:\d+$/m);
    // The mail catcher, as `supabase status -o env` prints it: the gateway's port + 3.
    expect(output.split('\n')).toContain(`MAILPIT_URL=http://127.0.0.1:${Number(portBase()) + 3}`);
    expect(output.split('\n')).toContain(`STORAGE_URL=${env.apiUrl}/storage/v1`);
    // The test wholesaler on the port base + 5.
    expect(output.split('\n')).toContain(`WHOLESALER_URL=http://127.0.0.1:${Number(portBase()) + 5}`);
    // The test claims switch on the port base + 6.
    expect(output.split('\n')).toContain(`CLAIMS_SWITCH_URL=http://127.0.0.1:${Number(portBase()) + 6}`);
  });

  it('says so when a stack is already running on the same data folder', async () => {
    const { code, output } = await runCli(['start'], { STACK_PORT_BASE: portBase(), STACK_DATA_DIR: stackEnv().dataDir });
    expect(code).toBe(1);
    expect(output).toContain('The local stack is already running');
    // The running stack is untouched.
    const { error } = await createTestClient().from('no_such_table').select();
    expect(error?.code).not.toBe(undefined);
    expect(JSON.parse(fs.readFileSync(stackEnv().stateFile, 'utf8')).ready).toBe(true);
  });

  it('names the taken port when another program holds it', async () => {
    const otherData = fs.mkdtempSync(path.join(os.tmpdir(), 'pharmacy-port-clash-'));
    try {
      const { code, output } = await runCli(['start'], { STACK_PORT_BASE: portBase(), STACK_DATA_DIR: otherData });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${portBase()} (API gateway) is already in use`);
    } finally {
      fs.rmSync(otherData, { recursive: true, force: true });
    }
  });
});

describe('a killed part comes back and clients recover', () => {
  beforeAll(async () => {
    // Proves JWT → role → auth.uid() end to end through the gateway and PostgREST.
    await sql(`
      create or replace function public.stack_test_whoami() returns uuid language sql stable set search_path = '' as $$ select auth.uid() $$;
      notify pgrst, 'reload schema';`);
    await eventually(async () => (await createTestClient().rpc('stack_test_whoami')).error === null, 'PostgREST to see the function');
  });

  afterAll(() => sql('drop function if exists public.stack_test_whoami()'));

  it.each(['rest', 'gateway', 'auth'])('%s', async (part) => {
    const { client } = await signedInClient(`recover-${part}`);
    const before = partPid(part);
    process.kill(before, 'SIGKILL');
    await eventually(() => partPid(part) !== before, `${part} to be restarted`, 20_000);
    // The same client keeps working once the part is back.
    await eventually(async () => {
      const { data, error } = await client.auth.getUser();
      if (error) return false;
      const rest = await client.rpc('stack_test_whoami');
      return !rest.error && rest.data === data.user?.id;
    }, `${part} to serve again`, 20_000);
  });

  it('storage', async () => {
    const storage = createServiceClient().storage;
    expect((await storage.listBuckets()).error).toBeNull();
    const before = partPid('storage');
    process.kill(before, 'SIGKILL');
    await eventually(() => partPid('storage') !== before, 'storage to be restarted', 20_000);
    await eventually(async () => (await storage.listBuckets()).error === null, 'storage to serve again', 20_000);
  });

  it('postgres', async () => {
    const { client, user } = await signedInClient('recover-postgres');
    const before = partPid('postgres');
    process.kill(before, 'SIGKILL');
    await eventually(() => partPid('postgres') !== before, 'postgres to be restarted', 30_000);
    await eventually(async () => {
      const { data, error } = await client.rpc('stack_test_whoami');
      return !error && data === user.id;
    }, 'PostgREST to reach the restarted database', 30_000);
  });
});

