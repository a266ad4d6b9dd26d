/**
 * The migration runner: each file of a migrations folder applies once, in name order, tracked as the
 * Supabase CLI tracks them; a failing file changes nothing and names itself. The seed applies once per
 * database (recorded as the CLI records seeds), also when the first start stopped before it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyBootstrap, applyMigrations, prepareDatabase, withClient } from '../../supabase/local/src/db/migrate.ts';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharmacy-migrations-'));

const databases: string[] = [];

afterAll(async () => {
  for (const name of databases) await sql(`drop database if exists ${name} with (force)`);
  await sql(`drop table if exists public.migration_test_steps; delete from supabase_migrations.schema_migrations where version like '2999%'`);
  await closeSql();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('applies pending files once, in name order, and records them', async () => {
    fs.writeFileSync(path.join(dir, '29990102000000_second.sql'), `insert into public.migration_test_steps (step) values ('second');`);
    fs.writeFileSync(path.join(dir, '29990101000000_first.sql'), `create table public.migration_test_steps (n serial primary key, step text);`);

    const applied = await withClient(stackEnv().dbUrl, (client) => applyMigrations(client, dir));
    expect(applied).toEqual(['29990101000000_first.sql', '29990102000000_second.sql']);
    expect(await sql('select step from public.migration_test_steps order by n')).toEqual([{ step: 'second' }]);

    const again = await withClient(stackEnv().dbUrl, (client) => applyMigrations(client, dir));
    expect(again).toEqual([]);
    expect(await sql(`select version, name from supabase_migrations.schema_migrations where version like '2999%' order by version`)).toEqual([
      { version: '29990101000000', name: 'first' },
      { version: '29990102000000', name: 'second' },
    ]);
  });

  it('rolls back a failing migration and names it', async () => {
    fs.writeFileSync(path.join(dir, '29990103000000_broken.sql'), `insert into public.migration_test_steps (step) values ('broken'); select no_such_function();`);
    await expect(withClient(stackEnv().dbUrl, (client) => applyMigrations(client, dir))).rejects.toThrow(/29990103000000_broken\.sql failed: function no_such_function\(\) does not exist/);
    expect(await sql(`select step from public.migration_test_steps where step = 'broken'`)).toEqual([]);
    expect(await sql(`select 1 from supabase_migrations.schema_migrations where version = '29990103000000'`)).toEqual([]);
  });
});

describe('the seed', () => {
  /** A new, empty database on the test stack's Postgres; its URL. */
  async function newDatabase(): Promise<string> {
    const name = `seed_test_${process.pid}_${databases.length}`;
    await sql(`create database ${name}`);
    databases.push(name);
    return stackEnv().dbUrl.replace(/\/postgres$/, `/${name}`);
  }

  async function prepare(url: string): Promise<string[]> {
    const lines: string[] = [];
    await withClient(url, (client) => prepareDatabase(client, (line) => lines.push(line)));
    return lines;
  }

  async function demoPharmacies(url: string): Promise<number> {
    return withClient(url, async (client) => Number((await client.query('select count(*) from public.pharmacies where is_demo')).rows[0].count));
  }

  it('seeds a new database once and records it; the next start does not seed again', { timeout: 60_000 }, async () => {
    const url = await newDatabase();
    const first = await prepare(url);
    expect(first.at(-1)).toBe('applied supabase/seed.sql');
    expect(first.filter((line) => line.startsWith('applied migration')).length).toBeGreaterThan(0);
    expect(await demoPharmacies(url)).toBe(1);
    const recorded = await withClient(url, async (client) => (await client.query('select path, hash from supabase_migrations.seed_files')).rows);
    expect(recorded).toEqual([{ path: 'supabase/seed.sql', hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);

    expect(await prepare(url)).toEqual([]);
    expect(await demoPharmacies(url)).toBe(1);
  });

  it('seeds a database whose first start stopped after the migrations, before the seed', { timeout: 60_000 }, async () => {
    const url = await newDatabase();
    await withClient(url, async (client) => {
      await applyBootstrap(client);
      await applyMigrations(client);
      await client.query('create table supabase_migrations.seed_files (path text primary key, hash text not null)');
    });
    expect(await prepare(url)).toEqual(['applied supabase/seed.sql']);
    expect(await demoPharmacies(url)).toBe(1);
  });

  it('records, without seeding again, a database migrated before seeds were recorded', { timeout: 60_000 }, async () => {
    const url = await newDatabase();
    await withClient(url, async (client) => {
      await applyBootstrap(client);
      await applyMigrations(client);
    });
    expect(await prepare(url)).toEqual([]);
    expect(await demoPharmacies(url)).toBe(0);
    const recorded = await withClient(url, async (client) => (await client.query('select path from supabase_migrations.seed_files')).rows);
    expect(recorded).toEqual([{ path: 'supabase/seed.sql' }]);
  });
});
