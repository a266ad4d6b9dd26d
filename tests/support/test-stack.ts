/**
 * Starts a fresh local stack for a test run: a new temporary data folder (so bootstrap, migrations and the
 * demo seed are applied from scratch) on its own ports (TEST_STACK_PORT_BASE, default 55321), so tests can
 * run beside a developer's `npm start`. Used by the vitest global setup, the Playwright global setup and
 * the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../supabase/local/src/config.ts';
import { drugProviderEnv } from './drug-provider-server.ts';
import { nppesEnv } from './nppes-server.ts';

export interface StackEnv {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbUrl: string;
  webUrl: string;
  /** The mail catcher's page and Mailpit-compatible API (stack:status MAILPIT_URL). */
  mailpitUrl: string;
  /** The test wholesaler (stack:status WHOLESALER_URL): X12 over HTTP. */
  wholesalerUrl: string;
  /** The test claims switch (stack:status CLAIMS_SWITCH_URL): NCPDP D.0 over HTTP. */
  claimsSwitchUrl: string;
  /** The mail catcher's SMTP server, where the auth service sends its mail (not printed by stack:status, like the CLI). */
  smtp: { host: string; port: number };
  dataDir: string;
  /** The supervisor's state file: pids of every part (tests kill parts through it). */
  stateFile: string;
}

export interface TestStack {
  env: StackEnv;
  /** Everything the supervisor printed so far (for diagnosing a failure). */
  output(): string;
  stop(): Promise<void>;
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function parseStatus(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) values[match[1]!] = match[2]!;
  }
  return values;
}

export async function startTestStack(options: { withWeb?: boolean; portBase?: number; webPort?: number; extraEnv?: Record<string, string> } = {}): Promise<TestStack> {
  const portBase = options.portBase ?? Number(process.env.TEST_STACK_PORT_BASE || 55321);
  const webPort = options.webPort ?? Number(process.env.TEST_STACK_WEB_PORT || portBase + 52);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharmacy-test-stack-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STACK_PORT_BASE: String(portBase),
    STACK_WEB_PORT: String(webPort),
    STACK_DATA_DIR: dataDir,
    // Tests exercise refresh-token reuse detection without waiting out GoTrue's 10 s grace interval.
    STACK_REFRESH_TOKEN_REUSE_INTERVAL: '0',
    STACK_WATCH_FUNCTIONS: 'false',
    // Every test signs in from 127.0.0.1; config.toml's per-IP sign-in limit is exercised by its own test.
    STACK_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
    // MFA tests verify many codes from 127.0.0.1 (GoTrue allows 15 challenges and verifications a minute per address).
    STACK_AUTH_RATE_LIMIT_MFA: '100000',
    // The drug-data providers are a local fixture server a test starts on this port while it needs them
    // (tests/support/drug-provider-server.ts); never the real services, whatever the shell has set.
    ...drugProviderEnv(portBase),
    OPENFDA_API_KEY: '',
    DRUG_PROVIDER_TIMEOUT_MS: '2000',
    // Likewise the NPPES NPI Registry (tests/support/nppes-server.ts), one port above.
    ...nppesEnv(portBase),
    NPPES_TIMEOUT_MS: '2000',
    ...options.extraEnv,
  };
  for (const key of ['STACK_API_PORT', 'STACK_DB_PORT', 'STACK_MAIL_PORT', 'STACK_SMTP_PORT', 'STACK_WHOLESALER_PORT', 'STACK_REST_PORT', 'STACK_REST_ADMIN_PORT', 'STACK_AUTH_PORT', 'STACK_REALTIME_PORT', 'STACK_FUNCTIONS_PORT', 'STACK_INTERNAL_API_PORT', 'STACK_STORAGE_PORT']) {
    delete env[key];
  }
  const cliArgs = ['--import', 'tsx', 'supabase/local/src/cli.ts'];
  const status = await run(process.execPath, [...cliArgs, 'status'], env);
  const values = parseStatus(status);

  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...cliArgs, 'start', ...(options.withWeb ? ['--with-web'] : [])], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // TEST_STACK_LOG_FILE keeps what the stack printed (every part's log) for diagnosing a failed run.
  const logFile = process.env.TEST_STACK_LOG_FILE;
  const record = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (logFile) fs.appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stateFile = path.join(dataDir, 'stack.json');
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the test stack exited (code ${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGINT');
      throw new Error(`the test stack did not become ready in 120 s:\n${output}`);
    }
    try {
      if (JSON.parse(fs.readFileSync(stateFile, 'utf8')).ready === true) break;
    } catch {
      // Not written yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    env: {
      apiUrl: values.API_URL!,
      anonKey: values.ANON_KEY!,
      serviceRoleKey: values.SERVICE_ROLE_KEY!,
      jwtSecret: values.JWT_SECRET!,
      dbUrl: values.DB_URL!,
      webUrl: values.WEB_URL!,
      mailpitUrl: values.MAILPIT_URL!,
      wholesalerUrl: values.WHOLESALER_URL!,
      claimsSwitchUrl: values.CLAIMS_SWITCH_URL!,
      smtp: { host: '127.0.0.1', port: loadConfig(env).ports.smtp },
      dataDir,
      stateFile,
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        const timeout = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timeout);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} failed: ${err}`))));
  });
}
