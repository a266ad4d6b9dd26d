/**
 * Brings a database up to date: the bootstrap (what hosted Supabase provides), then each migration of
 * supabase/migrations once, in name order, tracked in supabase_migrations.schema_migrations as the
 * Supabase CLI tracks them; then supabase/seed.sql when asked.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { supabaseDir } from '../config.ts';

const bootstrapDir = path.resolve(supabaseDir, 'local', 'sql', 'bootstrap');
const migrationsDir = path.join(supabaseDir, 'migrations');
const seedFile = path.join(supabaseDir, 'seed.sql');

async function sqlFiles(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function withClient<T>(dbUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs one SQL file in a transaction so that a failing file changes nothing. */
async function runFile(client: pg.Client, file: string, after?: () => Promise<void>): Promise<void> {
  const sql = await fs.readFile(file, 'utf8');
  await client.query('begin');
  try {
    await client.query(sql);
    if (after) await after();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${path.relative(supabaseDir, file)} failed: ${message}`, { cause: error });
  }
}

export async function applyBootstrap(client: pg.Client): Promise<void> {
  for (const name of await sqlFiles(bootstrapDir)) await runFile(client, path.join(bootstrapDir, name));
}

/** Applies pending migrations (from supabase/migrations unless told otherwise); returns the file names applied. */
export async function applyMigrations(client: pg.Client, dir = migrationsDir): Promise<string[]> {
  await client.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text not null primary key,
      statements text[],
      name text
    );`);
  const done = new Set(
    (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((row) => row.version),
  );
  const applied: string[] = [];
  for (const file of await sqlFiles(dir)) {
    const match = /^(\d+)_(.*)\.sql$/.exec(file);
    if (!match) throw new Error(`${path.relative(supabaseDir, path.join(dir, file))}: name must be <timestamp>_<name>.sql`);
    const [, version, name] = match as unknown as [string, string, string];
    if (done.has(version)) continue;
    await runFile(client, path.join(dir, file), async () => {
      await client.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, name]);
    });
    applied.push(file);
  }
  // PostgREST caches the schema; tell it to reload after any change.
  if (applied.length > 0) await client.query(`notify pgrst, 'reload schema'`);
  return applied;
}

export async function applySeed(client: pg.Client): Promise<boolean> {
  try {
    await fs.access(seedFile);
  } catch {
    return false;
  }
  await runFile(client, seedFile);
  await client.query(`notify pgrst, 'reload schema'`);
  return true;
}
