/**
 * The hosted deploy path: the official Supabase CLI (`supabase db push`, the command that applies
 * supabase/migrations to a hosted project) accepts the migrations. Here it pushes them to a new database on
 * the test stack that holds only the bootstrap (what hosted Supabase provides), reading supabase/config.toml
 * without a warning; the result is the database the local stack's own migration runner makes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { supabaseDir } from '../../supabase/local/src/config.ts';
import { applyBootstrap, applyMigrations, withClient } from '../../supabase/local/src/db/migrate.ts';
import { cliDatabaseUrl, runSupabaseCli } from '../../supabase/local/src/db/supabase-cli.ts';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';

const pushed = `cli_push_${process.pid}`;
const migratedLocally = `local_runner_${process.pid}`;
const urlOf = (database: string) => stackEnv().dbUrl.replace(/\/postgres$/, `/${database}`);
const migrationFiles = fs.readdirSync(path.join(supabaseDir, 'migrations')).filter((name) => name.endsWith('.sql')).sort();

afterAll(async () => {
  for (const database of [pushed, migratedLocally]) await sql(`drop database if exists ${database} with (force)`);
  await closeSql();
});

function push(database: string) {
  return runSupabaseCli(['db', 'push', `--remote=${cliDatabaseUrl(urlOf(database))}`, '--yes']);
}

/** What the migrations made: functions (definition and grants), tables (grants, RLS), policies, triggers, indexes, constraints, rows per public table. */
const FINGERPRINT = `
  select 'function' as kind, p.oid::regprocedure::text as name, md5(pg_get_functiondef(p.oid) || coalesce(p.proacl::text, '')) as digest
    from pg_proc p where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace) and p.prokind in ('f', 'p')
  union all
  select 'table', c.oid::regclass::text, md5(coalesce(c.relacl::text, '') || c.relrowsecurity::text || c.relreplident::text)
    from pg_class c where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace) and c.relkind in ('r', 'v', 'm', 'p')
  union all
  select 'policy', schemaname || '.' || tablename || '.' || policyname, md5(cmd || array_to_string(roles, ',') || coalesce(qual, '') || coalesce(with_check, ''))
    from pg_policies
  union all
  select 'trigger', tgrelid::regclass::text || '.' || tgname, md5(pg_get_triggerdef(oid)) from pg_trigger where not tgisinternal
  union all
  select 'index', schemaname || '.' || indexname, md5(indexdef) from pg_indexes where schemaname in ('public', 'private')
  union all
  select 'constraint', conrelid::regclass::text || '.' || conname, md5(pg_get_constraintdef(oid))
    from pg_constraint where connamespace in ('public'::regnamespace, 'private'::regnamespace)
  union all
  select 'rows', table_name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.%I', table_name), false, true, '')))[1]::text
    from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
  order by 1, 2`;

async function fingerprint(database: string): Promise<{ kind: string; name: string; digest: string }[]> {
  return withClient(urlOf(database), async (client) => (await client.query(FINGERPRINT)).rows);
}

describe('supabase db push (the deploy path to hosted Supabase)', () => {
  it('applies every migration, in order, to a bootstrapped database, and warns about nothing in config.toml', { timeout: 60_000 }, async () => {
    await sql(`create database ${pushed}`);
    await withClient(urlOf(pushed), applyBootstrap);

    const result = await push(pushed);
    const output = `${result.stdout}${result.stderr}`;
    expect(result.code, output).toBe(0);
    expect(output.split('\n').filter((line) => line.startsWith('Applying migration'))).toEqual(migrationFiles.map((file) => `Applying migration ${file}...`));
    expect(output).toContain('Finished supabase db push.');
    // Deprecated or misread config.toml keys and stray files in supabase/migrations are reported on these lines.
    expect(output.split('\n').filter((line) => /warn|deprecated|skipping|unknown|invalid/i.test(line))).toEqual([]);

    const history = await withClient(urlOf(pushed), async (client) => (await client.query('select version, name from supabase_migrations.schema_migrations order by version')).rows);
    expect(history).toEqual(migrationFiles.map((file) => ({ version: file.split('_')[0], name: file.replace(/^\d+_/, '').replace(/\.sql$/, '') })));
  });

  it('makes the same database as the local stack\'s migration runner', { timeout: 60_000 }, async () => {
    await sql(`create database ${migratedLocally}`);
    await withClient(urlOf(migratedLocally), async (client) => {
      await applyBootstrap(client);
      await applyMigrations(client);
    });
    const [viaCli, viaLocalRunner] = await Promise.all([fingerprint(pushed), fingerprint(migratedLocally)]);
    expect(viaCli.length).toBeGreaterThan(300);
    expect(viaCli).toEqual(viaLocalRunner);
  });

  it('shares the migration history with the local runner: neither applies anything twice', { timeout: 60_000 }, async () => {
    expect(await withClient(urlOf(pushed), (client) => applyMigrations(client))).toEqual([]);
    const again = await push(migratedLocally);
    expect(again.code, again.stderr).toBe(0);
    expect(`${again.stdout}${again.stderr}`).toContain('Remote database is up to date.');
    expect(`${again.stdout}${again.stderr}`).not.toContain('Applying migration');
  });
});
