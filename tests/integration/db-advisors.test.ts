/**
 * Supabase's database advisors (the splinter lints) report no ERROR or WARN on the schema: our own catalog
 * queries for the same conditions (tests/integration/db-advisor-lints.ts) run against a database made only
 * of the bootstrap (what hosted Supabase provides) and every migration, in a fresh database of the test
 * stack's cluster, so objects other tests create for themselves do not count. Each query is first shown to
 * catch its condition: the demonstration creates it in a transaction, the lint must report it, and the
 * transaction is rolled back.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBootstrap, applyMigrations } from '../../supabase/local/src/db/migrate.ts';
import { repoRoot } from '../support/test-stack.ts';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';
import { LINTS, anonymousSignInFindings, exposedSchemas, type Lint } from './db-advisor-lints.ts';

const configToml = fs.readFileSync(path.join(repoRoot, 'supabase', 'config.toml'), 'utf8');
const database = `advisors_${process.pid}_${Date.now()}`;
let client: pg.Client;

beforeAll(async () => {
  await sql(`create database ${database}`);
  const url = new URL(stackEnv().dbUrl);
  url.pathname = `/${database}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await applyBootstrap(client);
  await applyMigrations(client);
  // What PostgREST exposes (hosted Supabase keeps the same list in pgrst.db_schemas).
  await client.query(`select set_config('pgrst.db_schemas', $1, false)`, [exposedSchemas(configToml).join(',')]);
}, 120_000);

afterAll(async () => {
  await client?.end();
  await sql(`drop database if exists ${database} with (force)`);
  await closeSql();
});

async function applies(lint: Lint): Promise<boolean> {
  if (!lint.requires) return true;
  return (await client.query<{ applies: boolean }>(`select (${lint.requires}) as applies`)).rows[0]!.applies;
}

async function findings(lint: Lint): Promise<string[]> {
  if (!(await applies(lint))) return [];
  return (await client.query<{ finding: string }>(lint.query)).rows.map((row) => row.finding);
}

it('the migrated schema exposes what config.toml says PostgREST serves', () => {
  expect(exposedSchemas(configToml)).toContain('public');
});

describe.each(LINTS.map((lint) => [lint.id, lint] as const))('%s', (_id, lint) => {
  it(`catches its condition: ${lint.title}`, async () => {
    await client.query('begin');
    try {
      for (const statement of lint.demonstration.setup) await client.query(statement);
      expect(await findings(lint)).toContain(lint.demonstration.finding);
    } finally {
      await client.query('rollback');
    }
  });

  it(`reports nothing on the migrated schema (${lint.level})`, async () => {
    expect(await findings(lint)).toEqual([]);
  });
});

describe('0012_auth_allow_anonymous_sign_ins', () => {
  it('catches anonymous sign-ins turned on or left unset', () => {
    expect(anonymousSignInFindings(configToml.replace(/enable_anonymous_sign_ins\s*=\s*false/, 'enable_anonymous_sign_ins = true')))
      .toEqual(['[auth] enable_anonymous_sign_ins = true']);
    expect(anonymousSignInFindings(configToml.replace(/^enable_anonymous_sign_ins.*$/m, ''))).toEqual(['[auth] enable_anonymous_sign_ins = (unset)']);
  });

  it('reports nothing for supabase/config.toml', () => {
    expect(anonymousSignInFindings(configToml)).toEqual([]);
  });
});
