/**
 * The files `npm run db:types` generates from supabase/migrations, generated here from a new database on the
 * test stack holding the bootstrap and the migrations, and compared with the committed ones:
 * shared/src/database/database.types.ts (the official Supabase CLI's `supabase gen types --lang typescript
 * --schema public`) and supabase/schema.sql (the schema's reading copy, supabase/local/src/db/schema-dump.ts).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../../supabase/local/src/db/database-types.ts';
import { applyBootstrap, applyMigrations, withClient } from '../../supabase/local/src/db/migrate.ts';
import { readSchemaCatalog } from '../../supabase/local/src/db/schema-catalog.ts';
import { generateSchemaDump, SCHEMA_FILE } from '../../supabase/local/src/db/schema-dump.ts';
import { formatSchemaDump } from '../../supabase/local/src/db/schema-sql.ts';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';

const database = `types_test_${process.pid}`;
const databaseUrl = () => stackEnv().dbUrl.replace(/\/postgres$/, `/${database}`);

/** A table's or view's block of a dump: from its `-- <name> ---` line to the next such line or section. */
function block(dump: string, name: string): string {
  const start = dump.indexOf(`\n-- ${name} -`);
  expect(start, `the dump has no block for ${name}`).toBeGreaterThan(0);
  const end = dump.slice(start + 1).search(/\n-- (\S+ -|=)/);
  return end < 0 ? dump.slice(start) : dump.slice(start, start + 1 + end);
}

/** A section of a dump: from its banner's title to the next banner. */
function section(dump: string, title: string): string {
  const start = dump.indexOf(`\n-- ${title}\n-- ===`);
  expect(start, `the dump has no section ${title}`).toBeGreaterThan(0);
  const body = dump.indexOf('\n', dump.indexOf('\n-- ===', start) + 1);
  const end = dump.indexOf('\n-- ===', body);
  return end < 0 ? dump.slice(start) : dump.slice(start, end);
}

beforeAll(async () => {
  await sql(`create database ${database}`);
  await withClient(databaseUrl(), async (client) => {
    await applyBootstrap(client);
    await applyMigrations(client);
  });
});

afterAll(async () => {
  await sql(`drop database if exists ${database} with (force)`);
  await closeSql();
});

describe('generated database types', () => {
  it('the committed database.types.ts is what `supabase gen types` makes of the migrations (else run npm run db:types)', { timeout: 60_000 }, async () => {
    const generated = await generateDatabaseTypes(databaseUrl());
    expect(generated, 'shared/src/database/database.types.ts is stale: run npm run db:types').toBe(fs.readFileSync(DATABASE_TYPES_FILE, 'utf8'));
  });

  it('follows the database: a new column appears in the generated row, insert and update types', { timeout: 60_000 }, async () => {
    await withClient(databaseUrl(), (client) => client.query('alter table public.patients add column preferred_name text'));
    try {
      const generated = await generateDatabaseTypes(databaseUrl());
      expect(generated).not.toBe(fs.readFileSync(DATABASE_TYPES_FILE, 'utf8'));
      const patients = generated.slice(generated.indexOf('      patients: {'), generated.indexOf('Relationships', generated.indexOf('      patients: {')));
      expect(patients).toContain('preferred_name: string | null;');
      expect(patients).toContain('preferred_name?: string | null;');
    } finally {
      await withClient(databaseUrl(), (client) => client.query('alter table public.patients drop column preferred_name'));
    }
  });
});

describe('supabase/schema.sql', () => {
  it('the committed supabase/schema.sql is what the migrations make (else run npm run db:types)', async () => {
    const generated = await generateSchemaDump(databaseUrl());
    expect(generated, 'supabase/schema.sql is stale: run npm run db:types').toBe(fs.readFileSync(SCHEMA_FILE, 'utf8'));
  });

  it("shows what the migrations add outside public and private, not the bootstrap's or the extensions' own objects", async () => {
    const dump = await generateSchemaDump(databaseUrl());
    expect(dump).toContain('create extension if not exists pg_trgm with schema extensions;');
    expect(dump).toContain('create policy "Pharmacy admins upload the pharmacy logo" on storage.objects');
    expect(dump).toContain('CREATE TRIGGER sync_two_factor_enabled AFTER INSERT OR DELETE OR UPDATE OF status ON auth.mfa_factors');
    expect(dump).toContain('alter publication supabase_realtime add table public.prescriptions;');
    // The bootstrap's extension, storage trigger, realtime publication member and tables; pg_cron's own policy.
    for (const absent of ['pgcrypto', 'protect_buckets_delete', 'messages_default', 'create table auth.', 'cron_job_policy']) {
      expect(dump, absent).not.toContain(absent);
    }
    const staff = block(dump, 'public.staff_profiles');
    expect(staff).toContain('alter table public.staff_profiles enable row level security;');
    expect(staff).toMatch(/grant select \(user_id, pharmacy_id, role, [^)]*\) on table public\.staff_profiles to authenticated;/);
    expect(staff).not.toMatch(/grant select\b[^(]*on table public\.staff_profiles to [^;]*authenticated/);
    expect(block(dump, 'public.prescriptions')).toContain('alter table public.prescriptions enable always trigger count_queue_inserts;');
  });

  it('follows the database: a column, type, view, function grant and a policy on storage.objects appear where they belong', async () => {
    const dump = await withClient(databaseUrl(), async (client) => {
      await client.query('begin');
      try {
        await client.query(`
          alter table public.patients add column preferred_name text;
          comment on column public.patients.preferred_name is 'What the patient likes to be called';
          create type public.delivery_window as enum ('morning', 'evening');
          create view public.ready_prescriptions with (security_invoker = true) as
            select id from public.prescriptions where status = 'ready';
          revoke all on public.ready_prescriptions from anon;
          create function private.schema_dump_probe() returns integer language sql as 'select 1';
          grant execute on function private.schema_dump_probe() to authenticated;
          create policy "Schema dump probe" on storage.objects for select to authenticated using (bucket_id = 'probe');`);
        return formatSchemaDump(await readSchemaCatalog(client));
      } finally {
        await client.query('rollback');
      }
    });
    const patients = block(dump, 'public.patients');
    expect(patients).toMatch(/\n {2}preferred_name +text,\n/);
    expect(patients).toContain("comment on column public.patients.preferred_name is 'What the patient likes to be called';");
    expect(section(dump, 'Types')).toContain("create type public.delivery_window as enum ('morning', 'evening');");
    const view = block(dump, 'public.ready_prescriptions');
    expect(view).toContain('create view public.ready_prescriptions with (security_invoker=true) as');
    expect(view).toContain('grant all on table public.ready_prescriptions to authenticated, service_role;');
    expect(section(dump, 'Views')).toContain('-- public.ready_prescriptions ');
    expect(section(dump, 'Functions in schema private')).toContain(
      'CREATE OR REPLACE FUNCTION private.schema_dump_probe()\n RETURNS integer\n LANGUAGE sql\nAS $function$select 1$function$;\n' +
        'grant execute on function private.schema_dump_probe() to authenticated;',
    );
    expect(block(dump, 'storage.objects')).toContain('create policy "Schema dump probe" on storage.objects\n  for select to authenticated\n  using (bucket_id = \'probe\'::text);');
    expect(dump).not.toBe(fs.readFileSync(SCHEMA_FILE, 'utf8'));
  });
});
