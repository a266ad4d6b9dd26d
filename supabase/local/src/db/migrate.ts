/**
 * Brings a database up to date: the bootstrap (what hosted Supabase provides), then each migration of
 * supabase/migrations once, in name order, tracked in supabase_migrations.schema_migrations as the
 * Supabase CLI tracks them; then supabase/seed.sql once, recorded in supabase_migrations.seed_files as
 * the CLI records seeds.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { supabaseDir } from '../config.ts';
import { installLocalExtensions } from './extensions.ts';

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
  // pg_net and pg_cron become available (not created): migrations enable them as on hosted.
  await installLocalExtensions(client);
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

const SEED_PATH = 'supabase/seed.sql';

/**
 * Bootstrap, pending migrations, then the seed unless it is recorded as applied. So a first start that
 * stopped before seeding seeds on the next start, and a seeded database is never seeded twice. A database
 * whose migrations predate the record was seeded when it was made: it is recorded without seeding again.
 */
export async function prepareDatabase(client: pg.Client, report: (line: string) => void): Promise<void> {
  await applyBootstrap(client);
  const tracking = await client.query<{ migrations: boolean; seeds: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as migrations,
            to_regclass('supabase_migrations.seed_files') is not null as seeds`,
  );
  const { migrations: migrationsTracked, seeds: seedsTracked } = tracking.rows[0]!;
  const hadMigrations = migrationsTracked && ((await client.query('select 1 from supabase_migrations.schema_migrations limit 1')).rowCount ?? 0) > 0;
  for (const name of await applyMigrations(client)) report(`applied migration ${name}`);

  await client.query('create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null)');
  const recorded = await client.query('select 1 from supabase_migrations.seed_files where path = $1', [SEED_PATH]);
  if ((recorded.rowCount ?? 0) > 0) return;
  let seed: string;
  try {
    seed = await fs.readFile(seedFile, 'utf8');
  } catch {
    return;
  }
  const record = async () => {
    await client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [SEED_PATH, createHash('sha256').update(seed).digest('hex')]);
  };
  if (!seedsTracked && hadMigrations) {
    await record();
    return;
  }
  await runFile(client, seedFile, record);
  await client.query(`notify pgrst, 'reload schema'`);
  report('applied supabase/seed.sql');
}
