/**
 * Command line of the local stack: `start [--with-web]`, `status`, `db-reset`, `db-types [--check] [--db-url <url>]`.
 * Run through the root package.json scripts (npm start, npm run stack, stack:status, db:reset, db:types).
 * `db-types` writes the generated files that follow the migrations: the database types and supabase/schema.sql.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, repoRoot, statusLines } from './config.ts';
import { postgresDataDir, startPostgres } from './db/postgres.ts';
import { prepareDatabase, withClient } from './db/migrate.ts';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from './db/database-types.ts';
import { SCHEMA_FILE, generateSchemaDump } from './db/schema-dump.ts';
import { withMigratedScratchDatabase } from './db/scratch-database.ts';
import { isAlive, readState, Supervisor } from './supervisor.ts';

async function start(withWeb: boolean): Promise<void> {
  const supervisor = new Supervisor(loadConfig(), { withWeb, watchFunctions: process.env.STACK_WATCH_FUNCTIONS !== 'false' });
  try {
    await supervisor.start();
  } catch (error) {
    process.stderr.write(`\nThe local stack could not start: ${(error as Error).message}\n`);
    await supervisor.shutdown(1);
    return;
  }
  supervisor.printBanner();
}

function status(): void {
  process.stdout.write(statusLines(loadConfig()).join('\n') + '\n');
}

/**
 * Drops local data and re-applies bootstrap, migrations and seed. With the stack running, the database is
 * dropped and recreated in place (its services reconnect); otherwise the data folder is recreated.
 */
async function dbReset(): Promise<void> {
  const config = loadConfig();
  const state = readState(config);
  if (state && isAlive(state.pid)) {
    const adminUrl = config.dbUrl.replace(/\/postgres$/, '/template1');
    await withClient(adminUrl, async (client) => {
      // Realtime's replication slot pins the database: end its connections, then drop the slot.
      await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = 'postgres' and pid <> pg_backend_pid()`);
      await client.query(`select pg_drop_replication_slot(slot_name) from pg_replication_slots where database = 'postgres' and not active`);
      await client.query('drop database if exists postgres with (force)');
      await client.query('create database postgres');
    });
    await withClient(config.dbUrl, async (client) => {
      await migrateAndSeed(client);
    });
    process.stdout.write('Database reset: bootstrap, migrations and seed re-applied on the running stack.\n');
    return;
  }
  await fs.rm(postgresDataDir(config), { recursive: true, force: true });
  const server = await startPostgres(config, () => undefined);
  try {
    await withClient(config.dbUrl, migrateAndSeed);
  } finally {
    await server.stop();
  }
  process.stdout.write('Database reset: bootstrap, migrations and seed applied to a new database.\n');
}

function migrateAndSeed(client: pg.Client): Promise<void> {
  return prepareDatabase(client, (line) => process.stdout.write(`${line}\n`));
}

/** The files `db-types` writes from one database: each generator reads the database at a postgresql:// URL. */
const GENERATED_FILES = [
  { file: DATABASE_TYPES_FILE, generate: generateDatabaseTypes },
  { file: SCHEMA_FILE, generate: generateSchemaDump },
];

async function generateAll(dbUrl: string): Promise<string[]> {
  const texts: string[] = [];
  for (const { generate } of GENERATED_FILES) texts.push(await generate(dbUrl));
  return texts;
}

/**
 * Writes shared/src/database/database.types.ts (the Supabase CLI's `gen types`) and supabase/schema.sql (the
 * schema's reading copy, db/schema-dump.ts) from one throwaway database holding the bootstrap and
 * supabase/migrations (or from `--db-url <url>`). `--check` writes nothing and fails when either file differs.
 */
async function dbTypes(flags: string[]): Promise<void> {
  const urlAt = flags.indexOf('--db-url');
  const dbUrl = urlAt >= 0 ? flags[urlAt + 1] : undefined;
  if (urlAt >= 0 && !dbUrl) throw new Error('--db-url needs a postgresql:// URL');
  const generated = dbUrl ? await generateAll(dbUrl) : await withMigratedScratchDatabase(generateAll);
  const check = flags.includes('--check');
  let stale = false;
  for (const [index, { file }] of GENERATED_FILES.entries()) {
    const text = generated[index]!;
    const current = await fs.readFile(file, 'utf8').catch(() => '');
    const relative = path.relative(repoRoot, file);
    if (current === text) {
      process.stdout.write(`${relative} is up to date.\n`);
    } else if (check) {
      process.stderr.write(`${relative} differs from what the migrations generate: run npm run db:types\n`);
      stale = true;
    } else {
      await fs.writeFile(file, text);
      process.stdout.write(`Wrote ${relative}.\n`);
    }
  }
  if (stale) process.exit(1);
}

const [command, ...flags] = process.argv.slice(2);
switch (command) {
  case 'start':
    await start(flags.includes('--with-web'));
    break;
  case 'status':
    status();
    break;
  case 'db-reset':
    await dbReset();
    break;
  case 'db-types':
    await dbTypes(flags);
    break;
  default:
    process.stderr.write(
      [
        'usage: cli.ts start [--with-web] | status | db-reset | db-types [--check] [--db-url <url>]',
        '  db-types: writes shared/src/database/database.types.ts and supabase/schema.sql from the migrations',
        '            (--check only compares; --db-url reads that database instead of a throwaway one)',
        '',
      ].join('\n'),
    );
    process.exit(2);
}
