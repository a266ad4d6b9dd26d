/**
 * The migration runner: each file of a migrations folder applies once, in name order, tracked as the
 * Supabase CLI tracks them; a failing file changes nothing and names itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, withClient } from '../../supabase/local/src/db/migrate.ts';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharmacy-migrations-'));

afterAll(async () => {
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
