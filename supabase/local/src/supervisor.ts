/**
 * The supervisor: one process tree for the whole local stack.
 *
 * Starts Postgres (bootstrap, migrations, the seed on a new database, then Vault's project_url and service_role_key),
 * then the gateway, the mail catcher, the test wholesaler, the test claims switch, PostgREST, Auth, Realtime, Storage, the edge-function runtime, the pg_net
 * sender and the pg_cron scheduler, and optionally the web app, each as a child process.
 * A part that exits unexpectedly is logged and restarted with backoff; SIGINT/SIGTERM stop everything.
 * The state file (<dataDir>/stack.json) tells tools and tests the supervisor's and each part's pid and
 * whether the stack is ready; it also makes a second start say that a stack is already running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { repoRoot, statusLines, type StackConfig } from './config.ts';
import { startPostgres, type PostgresServer } from './db/postgres.ts';
import { prepareDatabase, withClient } from './db/migrate.ts';
import { postgrestBinary, postgrestEnv } from './rest/postgrest.ts';
import { loadMailConfig } from './mail/mail-config.ts';
import { connectDemoClaimsSwitch } from './db/demo-claims-switch.ts';
import { connectDemoWholesaler } from './db/demo-wholesaler.ts';
import { writeProjectSecrets } from './db/project-secrets.ts';

export interface StackState {
  pid: number;
  ready: boolean;
  startedAt: string;
  apiUrl: string;
  webUrl: string | null;
  parts: Record<string, number | null>;
}

interface PartSpec {
  name: string;
  port: number;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Resolves once the part answers; defaults to its port accepting connections. */
  ready?: () => Promise<boolean>;
}

const nodeBinary = process.execPath;
const denoBinary = path.join(repoRoot, 'node_modules', '.bin', 'deno');

export function stateFile(config: StackConfig): string {
  return path.join(config.dataDir, 'stack.json');
}

export function readState(config: StackConfig): StackState | null {
  try {
    return JSON.parse(fs.readFileSync(stateFile(config), 'utf8')) as StackState;
  } catch {
    return null;
  }
}

export function isAlive(pid: number | null | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The environment every part gets: the STACK_* variables that make loadConfig() agree everywhere. */
function stackEnvironment(config: StackConfig): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined) env[key] = value;
  }
  return {
    ...env,
    STACK_DATA_DIR: config.dataDir,
    STACK_API_PORT: String(config.ports.api),
    STACK_DB_PORT: String(config.ports.db),
    STACK_MAIL_PORT: String(config.ports.mail),
    STACK_SMTP_PORT: String(config.ports.smtp),
    STACK_WHOLESALER_PORT: String(config.ports.wholesaler),
    STACK_CLAIMS_SWITCH_PORT: String(config.ports.claimsSwitch),
    STACK_REST_PORT: String(config.ports.rest),
    STACK_REST_ADMIN_PORT: String(config.ports.restAdmin),
    STACK_AUTH_PORT: String(config.ports.auth),
    STACK_REALTIME_PORT: String(config.ports.realtime),
    STACK_FUNCTIONS_PORT: String(config.ports.functions),
    STACK_INTERNAL_API_PORT: String(config.ports.internalApi),
    STACK_STORAGE_PORT: String(config.ports.storage),
    STACK_WEB_PORT: String(config.ports.web),
    STACK_JWT_SECRET: config.jwtSecret,
  };
}

function nodePart(name: string, port: number, entry: string, config: StackConfig): PartSpec {
  return {
    name,
    port,
    command: nodeBinary,
    args: ['--import', 'tsx', path.join('supabase', 'local', 'src', entry)],
    env: stackEnvironment(config),
  };
}

export interface SupervisorOptions {
  /** Also serve the web app (npm start). */
  withWeb: boolean;
  /** Reload edge functions when their code changes (development; tests run without it). */
  watchFunctions: boolean;
}

/**
 * Where a change reloads the functions runtime: each function folder, shared code and config.toml.
 * Named one by one because Deno writes into edge-functions/node_modules at start, which would restart it forever.
 */
function functionSourcePaths(): string[] {
  const folders = fs
    .readdirSync(path.join(repoRoot, 'edge-functions'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .map((entry) => `edge-functions/${entry.name}/`);
  // The functions' .env (when there is one): an edited variable restarts the runtime, which reads it again.
  const envFile = fs.existsSync(path.join(repoRoot, 'supabase', 'functions', '.env')) ? ['supabase/functions/.env'] : [];
  return [...folders, 'shared/src/', 'supabase/config.toml', ...envFile];
}

function partSpecs(config: StackConfig, options: SupervisorOptions): PartSpec[] {
  const env = stackEnvironment(config);
  const parts: PartSpec[] = [
    // The gateway first: its public port lies in the ephemeral range, so bind it before the other parts open
    // their connections (it answers 502 for a part that is not up yet).
    nodePart('gateway', config.ports.api, 'gateway/main.ts', config),
    // The mail catcher's ports are public too (in the ephemeral range under test port bases): bound early as well.
    ...(loadMailConfig(config).catcherEnabled
      ? [
          {
            ...nodePart('mail', config.ports.mail, 'mail/main.ts', config),
            ready: async () => (await httpOk(`http://127.0.0.1:${config.ports.mail}/api/v1/messages?limit=1`)) && (await portAcceptsConnections(config.ports.smtp)),
          },
        ]
      : []),
    // The test wholesaler (X12 over HTTP): public as well, so bound early too.
    { ...nodePart('wholesaler', config.ports.wholesaler, 'wholesaler/main.ts', config), ready: () => httpOk(`${config.wholesalerUrl}/health`) },
    // The test claims switch (NCPDP D.0 over HTTP): public as well.
    { ...nodePart('claims-switch', config.ports.claimsSwitch, 'claims-switch/main.ts', config), ready: () => httpOk(`${config.claimsSwitchUrl}/health`) },
    {
      name: 'rest',
      port: config.ports.rest,
      command: postgrestBinary(),
      args: [],
      env: { ...env, ...postgrestEnv(config) },
      ready: () => httpOk(`http://127.0.0.1:${config.ports.restAdmin}/ready`),
    },
    nodePart('auth', config.ports.auth, 'auth/main.ts', config),
    nodePart('realtime', config.ports.realtime, 'realtime/main.ts', config),
    nodePart('storage', config.ports.storage, 'storage/main.ts', config),
    {
      name: 'functions',
      port: config.ports.functions,
      command: denoBinary,
      args: [
        'run',
        '--allow-all',
        ...(options.watchFunctions ? [`--watch=${functionSourcePaths().join(',')}`] : []),
        '--config',
        path.join('edge-functions', 'deno.json'),
        path.join('supabase', 'local', 'src', 'functions', 'main.ts'),
      ],
      env: {
        ...env,
        FUNCTIONS_PORT: String(config.ports.functions),
        JWT_SECRET: config.jwtSecret,
        SUPABASE_URL: config.internalApiUrl,
        SUPABASE_ANON_KEY: config.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
        SUPABASE_DB_URL: config.dbUrl,
        // The api checks its success bodies against the shared contract here (dev and tests), not on hosted.
        API_CHECK_RESPONSES: '1',
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
      },
    },
  ];
  // Hosted's background workers, as parts: they connect to Postgres (no port) and are ready once connected.
  parts.push(
    { ...nodePart('net', 0, 'net/main.ts', config), ready: () => databaseClientConnected(config, 'pg_net worker') },
    { ...nodePart('cron', 0, 'cron/main.ts', config), ready: () => databaseClientConnected(config, 'pg_cron scheduler') },
  );
  if (options.withWeb) {
    parts.push({
      name: 'web',
      port: config.ports.web,
      command: nodeBinary,
      args: [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), '--config', path.join('web', 'vite.config.ts')],
      env: {
        ...env,
        VITE_SUPABASE_URL: config.apiUrl,
        VITE_SUPABASE_ANON_KEY: config.anonKey,
      },
    });
  }
  return parts;
}

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether a part's database session (named by its application_name) is connected. */
async function databaseClientConnected(config: StackConfig, applicationName: string): Promise<boolean> {
  try {
    return await withClient(config.dbUrl, async (client) => {
      const result = await client.query('select 1 from pg_stat_activity where application_name = $1', [applicationName]);
      return (result.rowCount ?? 0) > 0;
    });
  } catch {
    return false;
  }
}

async function httpOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    return response.ok;
  } catch {
    return false;
  }
}

/** Fails with a clear message when a port of the stack is taken by something else. */
async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${what}) is already in use by another program. Stop it, or move the stack with STACK_PORT_BASE=<port>.`
            : `Cannot listen on port ${port} (${what}): ${error.message}`,
        ),
      );
    });
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve()));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Supervisor {
  private readonly children = new Map<string, ChildProcess>();
  private postgres: PostgresServer | null = null;
  private stopping = false;
  /** Set once this supervisor has written the state file; a refused start must leave another stack's file alone. */
  private ownsState = false;
  private readonly restarts = new Map<string, number>();
  private state: StackState;

  constructor(
    private readonly config: StackConfig,
    private readonly options: SupervisorOptions,
  ) {
    this.state = {
      pid: process.pid,
      ready: false,
      startedAt: new Date().toISOString(),
      apiUrl: config.apiUrl,
      webUrl: options.withWeb ? config.webUrl : null,
      parts: {},
    };
  }

  private log(part: string, line: string): void {
    process.stdout.write(`[${part}] ${line}\n`);
  }

  private writeState(): void {
    fs.mkdirSync(this.config.dataDir, { recursive: true });
    const file = stateFile(this.config);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(this.state, null, 2));
    fs.renameSync(`${file}.tmp`, file);
    this.ownsState = true;
  }

  /** Refuses to start beside a running stack; cleans up after a supervisor that was killed outright. */
  private async checkNotRunning(): Promise<void> {
    const previous = readState(this.config);
    if (previous && previous.pid !== process.pid && isAlive(previous.pid)) {
      throw new Error(
        `The local stack is already running (pid ${previous.pid}, API ${previous.apiUrl}${previous.webUrl ? `, web ${previous.webUrl}` : ''}). ` +
          'Use it, or stop it with Ctrl-C in its terminal first.',
      );
    }
    if (previous) {
      // The previous supervisor died without cleaning up: stop the parts it left behind.
      for (const [name, pid] of Object.entries(previous.parts)) {
        if (!pid || !isAlive(pid)) continue;
        this.log('stack', `stopping ${name} (pid ${pid}) left behind by a stack that did not shut down`);
        // Postgres gets a fast shutdown so its data folder stays consistent; the rest hold no state.
        process.kill(pid, name === 'postgres' ? 'SIGINT' : 'SIGKILL');
        for (let waited = 0; isAlive(pid) && waited < 10_000; waited += 100) await sleep(100);
      }
    }
    const ports: Array<[number, string]> = [
      [this.config.ports.api, 'API gateway'],
      [this.config.ports.internalApi, 'API gateway (internal)'],
      [this.config.ports.db, 'Postgres'],
      [this.config.ports.mail, 'mail catcher (HTTP)'],
      [this.config.ports.smtp, 'mail catcher (SMTP)'],
      [this.config.ports.wholesaler, 'test wholesaler'],
      [this.config.ports.claimsSwitch, 'test claims switch'],
      [this.config.ports.rest, 'PostgREST'],
      [this.config.ports.restAdmin, 'PostgREST admin'],
      [this.config.ports.auth, 'auth'],
      [this.config.ports.realtime, 'realtime'],
      [this.config.ports.functions, 'edge functions'],
      [this.config.ports.storage, 'storage'],
    ];
    if (this.options.withWeb) ports.push([this.config.ports.web, 'web app']);
    for (const [port, what] of ports) await assertPortFree(port, what);
  }

  async start(): Promise<void> {
    await this.checkNotRunning();
    this.writeState();
    process.once('SIGINT', () => void this.shutdown(0));
    process.once('SIGTERM', () => void this.shutdown(0));

    await this.startPostgres();
    for (const spec of partSpecs(this.config, this.options)) {
      if (this.stopping) return;
      this.launch(spec);
      await this.waitReady(spec);
    }
    this.state.ready = true;
    this.writeState();
  }

  private async startPostgres(): Promise<void> {
    this.postgres = await startPostgres(this.config, (line) => {
      if (!this.stopping) this.log('postgres', line);
    });
    this.state.parts.postgres = this.postgres.process.pid ?? null;
    this.writeState();
    await withClient(this.config.dbUrl, async (client) => {
      await prepareDatabase(client, (line) => this.log('db', line));
      // After the migrations: Vault's project_url and service_role_key, for database code calling the API.
      await writeProjectSecrets(client, this.config);
      await connectDemoWholesaler(client, this.config);
      await connectDemoClaimsSwitch(client, this.config);
    });
    const server = this.postgres;
    server.process.once('exit', (code, signal) => {
      if (this.stopping) return;
      this.log('postgres', `exited unexpectedly (${signal ?? `code ${code}`}); restarting`);
      void this.restartPostgres();
    });
  }

  private async restartPostgres(): Promise<void> {
    await sleep(500);
    if (this.stopping) return;
    try {
      await this.startPostgres();
      this.log('postgres', 'restarted');
    } catch (error) {
      this.log('postgres', `restart failed: ${(error as Error).message}`);
      await sleep(2000);
      void this.restartPostgres();
    }
  }

  private launch(spec: PartSpec): void {
    const child = spawn(spec.command, spec.args, {
      cwd: repoRoot,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a terminal's Ctrl-C reaches the supervisor only, which stops parts in order.
      detached: true,
    });
    this.children.set(spec.name, child);
    this.state.parts[spec.name] = child.pid ?? null;
    this.writeState();
    const forward = (chunk: Buffer) => {
      // While stopping, parts only report losing each other; that is expected and not worth showing.
      if (this.stopping) return;
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.log(spec.name, line);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    child.once('error', (error) => this.log(spec.name, `could not start: ${error.message}`));
    child.once('exit', (code, signal) => {
      if (this.children.get(spec.name) === child) this.children.delete(spec.name);
      if (this.stopping) return;
      const count = (this.restarts.get(spec.name) ?? 0) + 1;
      this.restarts.set(spec.name, count);
      const delay = Math.min(250 * 2 ** Math.min(count - 1, 4), 4000);
      this.log(spec.name, `exited unexpectedly (${signal ?? `code ${code}`}); restarting in ${delay} ms (restart #${count})`);
      setTimeout(() => {
        if (this.stopping) return;
        this.launch(spec);
        void this.waitReady(spec).then(() => {
          this.log(spec.name, 'back up');
          // A part that stays up resets its backoff.
          setTimeout(() => this.restarts.set(spec.name, 0), 30_000).unref();
        }, (error: Error) => this.log(spec.name, error.message));
      }, delay);
    });
  }

  private async waitReady(spec: PartSpec, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const check = spec.ready ?? (() => portAcceptsConnections(spec.port));
    while (Date.now() < deadline) {
      if (this.stopping) return;
      if (!this.children.has(spec.name)) throw new Error(`${spec.name} exited before it was ready`);
      if (await check()) return;
      await sleep(100);
    }
    throw new Error(`${spec.name} did not become ready within ${timeoutMs / 1000} s`);
  }

  /** Stops parts in reverse order, then Postgres; removes the state file. */
  async shutdown(exitCode: number): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.log('stack', 'stopping…');
    const running = [...this.children.entries()].reverse();
    await Promise.all(running.map(([name, child]) => stopChild(name, child)));
    if (this.postgres) {
      await Promise.race([this.postgres.stop(), sleep(10_000)]);
    }
    if (this.ownsState) {
      try {
        fs.rmSync(stateFile(this.config), { force: true });
      } catch {
        // The data folder may already be gone (a test removed it).
      }
    }
    this.log('stack', 'stopped');
    process.exit(exitCode);
  }

  printBanner(): void {
    const lines = [
      '',
      'Local stack is running.',
      ...statusLines(this.config).map((line) => `  ${line}`),
      '',
      ...(this.options.withWeb
        ? [
            `  Web app:  ${this.config.webUrl}`,
            '  Demo sign-ins (password demo-password): admin@demo.pharmacy, rph@demo.pharmacy, tech@demo.pharmacy',
            '',
          ]
        : []),
      'Press Ctrl-C to stop.',
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
}

async function stopChild(name: string, child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const result = await Promise.race([exited.then(() => 'exited'), sleep(5000).then(() => 'timeout')]);
  if (result === 'timeout') {
    process.stdout.write(`[${name}] did not stop within 5 s; killing\n`);
    child.kill('SIGKILL');
    await exited;
  }
}
