/**
 * shared/src/database/database.types.ts is what the official Supabase CLI (`supabase gen types --lang typescript
 * --schema public`, through `npm run db:types`) makes of supabase/migrations: generated here from a new
 * database on the test stack holding the bootstrap and the migrations, and compared with the committed file.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../../supabase/local/src/db/database-types.ts';
import { applyBootstrap, applyMigrations, withClient } from '../../supabase/local/src/db/migrate.ts';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';

const database = `types_test_${process.pid}`;
const databaseUrl = () => stackEnv().dbUrl.replace(/\/postgres$/, `/${database}`);

afterAll(async () => {
  await sql(`drop database if exists ${database} with (force)`);
  await closeSql();
});

describe('generated database types', () => {
  it('the committed database.types.ts is what `supabase gen types` makes of the migrations (else run npm run db:types)', { timeout: 60_000 }, async () => {
    await sql(`create database ${database}`);
    await withClient(databaseUrl(), async (client) => {
      await applyBootstrap(client);
      await applyMigrations(client);
    });
    const generated = await generateDatabaseTypes(databaseUrl());
    expect(generated, 'shared/src/database/database.types.ts is stale: run npm run db:types').toBe(fs.readFileSync(DATABASE_TYPES_FILE, 'utf8'));
  });

  it('follows the database: a new column appears in the generated row, insert and update types', { timeout: 60_000 }, async () => {
    await withClient(databaseUrl(), (client) => client.query('alter table public.patients add column preferred_name text'));
    const generated = await generateDatabaseTypes(databaseUrl());
    expect(generated).not.toBe(fs.readFileSync(DATABASE_TYPES_FILE, 'utf8'));
    const patients = generated.slice(generated.indexOf('      patients: {'), generated.indexOf('Relationships', generated.indexOf('      patients: {')));
    expect(patients).toContain('preferred_name: string | null;');
    expect(patients).toContain('preferred_name?: string | null;');
  });
});
