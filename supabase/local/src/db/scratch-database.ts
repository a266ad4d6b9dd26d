/**
 * A throwaway Postgres holding the bootstrap and the migrations only (no seed, nothing left over from local
 * work): `npm run db:types` generates from it, so the result depends on supabase/migrations alone, whether or
 * not a local stack is running.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { applyBootstrap, applyMigrations, withClient } from './migrate.ts';
import { startPostgres } from './postgres.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function withMigratedScratchDatabase<T>(work: (dbUrl: string) => Promise<T>): Promise<T> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pharmacy-scratch-db-'));
  const config = loadConfig({ STACK_DATA_DIR: dataDir, STACK_DB_PORT: String(await freePort()) });
  const server = await startPostgres(config, (line) => process.stderr.write(`postgres: ${line}\n`));
  // Ctrl-C must not leave the server running.
  const interrupted = () => void server.stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  try {
    await withClient(config.dbUrl, async (client) => {
      await applyBootstrap(client);
      await applyMigrations(client);
    });
    return await work(config.dbUrl);
  } finally {
    process.off('SIGINT', interrupted);
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
