/**
 * Supabase Vault on the local stack (sql/bootstrap/50-vault.sql, supabase/local/src/db/vault-key.ts): hosted's
 * interface and privileges, secrets encrypted at rest under a root key kept in a file of the stack, and the way
 * issue 12's settings will use it (a security-definer function of `private` storing a pharmacy's secret, the
 * service role reading it back through PostgREST). The functions written here are test fixtures, dropped after.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createServiceClient, createTestClient, eventually, sql, stackEnv } from '../support/stack-env.ts';
import { loadConfig } from '../../supabase/local/src/config.ts';
import { applyBootstrap, withClient } from '../../supabase/local/src/db/migrate.ts';
import { startPostgres } from '../../supabase/local/src/db/postgres.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let counter = 0;
function uniqueName(what: string): string {
  counter += 1;
  return `vault-test-${what}-${Date.now()}-${counter}`;
}

/**
 * Runs the statements in one transaction as a database role (with JWT claims, as PostgREST sets them), each with
 * `params`, then rolls back; returns the last one's rows.
 */
async function asRole<T extends pg.QueryResultRow>(role: string, statements: string | string[], params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [role, JSON.stringify({ role })]);
    let rows: T[] = [];
    for (const text of Array.isArray(statements) ? statements : [statements]) rows = (await client.query<T>(text, params)).rows;
    return rows;
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

async function errorCode(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code ?? 'no code';
  }
}

async function decrypted(id: string): Promise<string | null> {
  const rows = await sql<{ decrypted_secret: string }>('select decrypted_secret from vault.decrypted_secrets where id = $1', [id]);
  return rows[0]?.decrypted_secret ?? null;
}

afterAll(closeSql);

describe('the hosted interface', () => {
  it('create_secret stores the value encrypted and decrypted_secrets gives it back', async () => {
    const name = uniqueName('smtp');
    const plaintext = 'Sm7p-pässword with spaces';
    const [{ id }] = (await sql<{ id: string }>('select vault.create_secret($1, $2) as id', [plaintext, name])) as [{ id: string }];
    const [row] = await sql<{ name: string; description: string; secret: string; key_id: string | null; nonce: Buffer; created_at: Date; updated_at: Date }>(
      'select * from vault.secrets where id = $1',
      [id],
    );
    expect(row).toMatchObject({ name, description: '', key_id: null });
    expect(row!.nonce).toHaveLength(16);
    expect(row!.secret).not.toContain(plaintext);
    const ciphertext = Buffer.from(row!.secret, 'base64');
    expect(ciphertext.length).toBeGreaterThan(0);
    expect(ciphertext.includes(Buffer.from(plaintext, 'utf8'))).toBe(false);
    expect(await decrypted(id)).toBe(plaintext);
    // The same value stored twice gives two different ciphertexts.
    const [{ id: other }] = (await sql<{ id: string }>('select vault.create_secret($1) as id', [plaintext])) as [{ id: string }];
    const secrets = await sql<{ secret: string }>('select secret from vault.secrets where id in ($1, $2)', [id, other]);
    expect(new Set(secrets.map((secret) => secret.secret)).size).toBe(2);
    // An empty secret is a secret too (hosted allows it); a null one is refused.
    const [{ id: empty }] = (await sql<{ id: string }>(`select vault.create_secret('') as id`)) as [{ id: string }];
    expect(await decrypted(empty)).toBe('');
    expect(await errorCode(sql('select vault.create_secret(null)'))).toBe('23502');
  });

  it('update_secret changes what it is given and keeps what it is not', async () => {
    const name = uniqueName('fax');
    const [{ id }] = (await sql<{ id: string }>(`select vault.create_secret('first', $1, 'fax api key') as id`, [name])) as [{ id: string }];
    const [before] = await sql<{ secret: string; updated_at: Date }>('select secret, updated_at from vault.secrets where id = $1', [id]);

    await sql('select vault.update_secret($1, new_description => $2)', [id, 'fax provider key']);
    const [described] = await sql<{ name: string; description: string; secret: string }>('select name, description, secret from vault.secrets where id = $1', [id]);
    expect(described).toEqual({ name, description: 'fax provider key', secret: before!.secret });
    expect(await decrypted(id)).toBe('first');

    await sql('select vault.update_secret($1, $2)', [id, 'second']);
    const [changed] = await sql<{ name: string; description: string; secret: string; updated_at: Date }>('select name, description, secret, updated_at from vault.secrets where id = $1', [id]);
    expect(changed).toMatchObject({ name, description: 'fax provider key' });
    expect(changed!.secret).not.toBe(before!.secret);
    expect(changed!.secret).not.toContain('second');
    expect(changed!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
    expect(await decrypted(id)).toBe('second');

    const renamed = uniqueName('fax-renamed');
    await sql('select vault.update_secret($1, new_name => $2)', [id, renamed]);
    expect((await sql('select 1 from vault.decrypted_secrets where name = $1 and decrypted_secret = $2', [renamed, 'second'])).length).toBe(1);
  });

  it('a name is unique; unnamed secrets may be many', async () => {
    const name = uniqueName('unique');
    await sql('select vault.create_secret($1, $2)', ['one', name]);
    expect(await errorCode(sql('select vault.create_secret($1, $2)', ['two', name]))).toBe('23505');
    const [{ id }] = (await sql<{ id: string }>(`select vault.create_secret('three', $1) as id`, [uniqueName('other')])) as [{ id: string }];
    expect(await errorCode(sql('select vault.update_secret($1, new_name => $2)', [id, name]))).toBe('23505');
    await sql(`select vault.create_secret('a'), vault.create_secret('b')`);
    expect((await sql('select 1 from vault.secrets where name = $1', [name])).length).toBe(1);
  });

  it('a ciphertext decrypts only in the row it was made for', async () => {
    const [{ id: source }] = (await sql<{ id: string }>(`select vault.create_secret('the source') as id`)) as [{ id: string }];
    const [{ id: target }] = (await sql<{ id: string }>(`select vault.create_secret('the target') as id`)) as [{ id: string }];
    await sql('update vault.secrets set secret = (select secret from vault.secrets where id = $1) where id = $2', [source, target]);
    expect(await errorCode(decrypted(target))).toBe('22000');
    await sql('delete from vault.secrets where id = $1', [target]);
    expect(await decrypted(source)).toBe('the source');
  });
});

describe('who may use it (as on hosted)', () => {
  it('the service role creates, updates, reads and deletes secrets', async () => {
    const name = uniqueName('service');
    const rows = await asRole<{ value: string }>(
      'service_role',
      [`select vault.create_secret('by the service role', $1::text)`, 'select decrypted_secret as value from vault.decrypted_secrets where name = $1'],
      [name],
    );
    expect(rows[0]!.value).toBe('by the service role');

    const [{ id }] = (await sql<{ id: string }>(`select vault.create_secret('kept', $1) as id`, [name])) as [{ id: string }];
    const [updated] = await asRole<{ value: string }>(
      'service_role',
      [`select vault.update_secret($1, 'replaced')`, 'select decrypted_secret as value from vault.decrypted_secrets where id = $1'],
      [id],
    );
    expect(updated!.value).toBe('replaced');
    const [deleted] = await asRole<{ count: string }>('service_role', 'with gone as (delete from vault.secrets where id = $1 returning 1) select count(*) from gone', [id]);
    expect(deleted!.count).toBe('1');
    // Writing the table directly is not granted (hosted grants select and delete only).
    expect(await errorCode(asRole('service_role', `insert into vault.secrets (secret) values ('plain')`))).toBe('42501');
    expect(await errorCode(asRole('service_role', `update vault.secrets set description = 'x'`))).toBe('42501');
  });

  it.each(['anon', 'authenticated'])('%s can neither read the vault nor call its functions', async (role) => {
    const [{ id }] = (await sql<{ id: string }>(`select vault.create_secret('not for ${role}') as id`)) as [{ id: string }];
    const attempts = [
      'select * from vault.secrets',
      'select * from vault.decrypted_secrets',
      `select vault.create_secret('x')`,
      `select vault.update_secret('${id}', 'x')`,
      `select vault._crypto_aead_det_decrypt(decode(secret, 'base64'), convert_to(id::text, 'utf8'), 0, 'pgsodium', nonce) from vault.secrets`,
      'delete from vault.secrets',
    ];
    for (const attempt of attempts) expect(await errorCode(asRole(role, attempt)), attempt).toBe('42501');
    expect(await decrypted(id)).toBe(`not for ${role}`);
  });

  it('the privileges are hosted\'s: service_role and postgres read, delete and use the functions; nobody else', async () => {
    const [privileges] = await sql<Record<string, boolean>>(`
      select
        has_schema_privilege('service_role', 'vault', 'usage') as service_usage,
        has_table_privilege('service_role', 'vault.secrets', 'select') and has_table_privilege('service_role', 'vault.secrets', 'delete')
          and has_table_privilege('service_role', 'vault.decrypted_secrets', 'select') as service_read_delete,
        has_table_privilege('service_role', 'vault.secrets', 'insert') or has_table_privilege('service_role', 'vault.secrets', 'update') as service_write,
        has_function_privilege('service_role', 'vault.create_secret(text, text, text, uuid)', 'execute')
          and has_function_privilege('service_role', 'vault.update_secret(uuid, text, text, text, uuid)', 'execute')
          and has_function_privilege('service_role', 'vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea)', 'execute') as service_functions,
        has_function_privilege('service_role', 'vault._crypto_aead_det_encrypt(bytea, bytea, bigint, bytea, bytea)', 'execute')
          or has_function_privilege('service_role', 'vault._local_root_key()', 'execute')
          or has_function_privilege('service_role', 'vault._local_seal_secret(text, uuid, bytea)', 'execute') as service_key,
        (select bool_or(has_schema_privilege(r, 'vault', 'usage')) from unnest(array['anon', 'authenticated', 'public']) r) as api_usage,
        (select bool_or(has_table_privilege(r, c.oid, p))
           from unnest(array['anon', 'authenticated']) r, pg_class c, unnest(array['select', 'insert', 'update', 'delete']) p
          where c.relnamespace = 'vault'::regnamespace and c.relkind in ('r', 'v')) as api_tables,
        (select bool_or(has_function_privilege(r, f.oid, 'execute'))
           from unnest(array['anon', 'authenticated']) r, pg_proc f where f.pronamespace = 'vault'::regnamespace) as api_functions,
        (select bool_and(acl.privilege_type is not null and acl.is_grantable)
           from unnest(array['create_secret', 'update_secret', '_crypto_aead_det_decrypt']) fn
           left join (select p.proname, a.privilege_type, a.is_grantable from pg_proc p, aclexplode(p.proacl) a
                       where p.pronamespace = 'vault'::regnamespace and a.grantee = 'postgres'::regrole) acl on acl.proname = fn) as postgres_grantable
    `);
    expect(privileges).toEqual({
      service_usage: true,
      service_read_delete: true,
      service_write: false,
      service_functions: true,
      service_key: false,
      api_usage: false,
      api_tables: false,
      api_functions: false,
      postgres_grantable: true,
    });
  });
});

describe('through the API, the way issue 12 will use it', () => {
  let pharmacy: TestPharmacy;

  beforeAll(async () => {
    pharmacy = await createPharmacy('Vault Pharmacy');
    // What an issue-12 migration would hold: a private security-definer step that stores the caller's pharmacy's
    // secret and returns only its id, a public (invoker) entry point for admins, and a reader for the service role.
    await sql(`
      create function private.vault_test_store_smtp_password(secret_value text) returns uuid
      language plpgsql security definer set search_path = ''
      as $$
      declare
        pharmacy uuid := private.current_pharmacy_id();
      begin
        if pharmacy is null or not private.is_pharmacy_admin() then
          raise exception 'only an admin may change the pharmacy''s secrets' using errcode = '42501';
        end if;
        return vault.create_secret(secret_value, 'vault-test:' || pharmacy || ':smtp_password', 'SMTP password');
      end
      $$;
      revoke all on function private.vault_test_store_smtp_password(text) from public;
      grant execute on function private.vault_test_store_smtp_password(text) to authenticated;

      create function public.vault_test_save_smtp_password(secret_value text) returns uuid
      language sql security invoker set search_path = ''
      as $$ select private.vault_test_store_smtp_password(secret_value) $$;
      revoke all on function public.vault_test_save_smtp_password(text) from public, anon;
      grant execute on function public.vault_test_save_smtp_password(text) to authenticated;

      create function public.vault_test_read_secret(secret_name text) returns text
      language sql stable security invoker set search_path = ''
      as $$ select decrypted_secret from vault.decrypted_secrets where name = secret_name $$;
      revoke all on function public.vault_test_read_secret(text) from public, anon, authenticated;
      grant execute on function public.vault_test_read_secret(text) to service_role;
      notify pgrst, 'reload schema';`);
    await eventually(async () => (await createServiceClient().rpc('vault_test_read_secret', { secret_name: 'none' })).error === null, 'PostgREST to see the fixtures');
  });

  afterAll(async () => {
    await sql(`
      drop function if exists public.vault_test_save_smtp_password(text);
      drop function if exists public.vault_test_read_secret(text);
      drop function if exists private.vault_test_store_smtp_password(text);
      delete from vault.secrets where name like 'vault-test:%';
      notify pgrst, 'reload schema';`);
  });

  it('an admin stores the pharmacy\'s secret and gets only its id; the service role reads it; staff cannot', async () => {
    const saved = await pharmacy.admin.client.rpc('vault_test_save_smtp_password', { secret_value: 'smtp-s3cret' });
    expect(saved.error).toBeNull();
    expect(saved.data).toMatch(/^[0-9a-f-]{36}$/);
    const name = `vault-test:${pharmacy.id}:smtp_password`;
    const [stored] = await sql<{ id: string; secret: string }>('select id, secret from vault.secrets where name = $1', [name]);
    expect(stored!.id).toBe(saved.data);
    expect(stored!.secret).not.toContain('smtp-s3cret');

    const read = await createServiceClient().rpc('vault_test_read_secret', { secret_name: name });
    expect(read).toMatchObject({ error: null, data: 'smtp-s3cret' });

    // The technician's call is refused by the definer's own check; nobody signed in reads the vault.
    const refused = await pharmacy.technician.client.rpc('vault_test_save_smtp_password', { secret_value: 'x' });
    expect(refused.error?.code).toBe('42501');
    for (const client of [pharmacy.admin.client, createTestClient()]) {
      expect((await client.rpc('vault_test_read_secret', { secret_name: name })).data).toBeNull();
    }
  });

  it('the vault schema is not exposed through PostgREST, even to the service role (as on hosted)', async () => {
    const viaRest = await createServiceClient().schema('vault').from('decrypted_secrets').select('decrypted_secret');
    expect(viaRest.data).toBeNull();
    expect(viaRest.error?.code).toBe('PGRST106');
  });
});

describe('the root key', () => {
  const keyFile = () => path.join(stackEnv().dataDir, 'vault-root.key');
  const fileDigest = () => createHash('sha256').update(fs.readFileSync(keyFile())).digest('hex');

  it('is a 0600 file of the stack owned by the Postgres user, and nowhere in the database', async () => {
    const stat = fs.statSync(keyFile());
    expect(stat.mode & 0o777).toBe(0o600);
    const cluster = fs.statSync(path.join(stackEnv().dataDir, 'pg'));
    expect([stat.uid, stat.gid]).toEqual([cluster.uid, cluster.gid]);
    const key = fs.readFileSync(keyFile(), 'utf8').trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const [found] = await sql<{ settings: boolean; role_settings: boolean; function_text: boolean }>(
      `select exists (select from pg_settings where setting like '%' || $1 || '%') as settings,
              exists (select from pg_db_role_setting where array_to_string(setconfig, ' ') like '%' || $1 || '%') as role_settings,
              exists (select from pg_proc where prosrc like '%' || $1 || '%') as function_text`,
      [key],
    );
    expect(found).toEqual({ settings: false, role_settings: false, function_text: false });
  });

  it('is kept when Postgres restarts (the supervisor runs the same start and bootstrap), and old secrets still decrypt', async () => {
    const name = uniqueName('restart');
    const [{ id }] = (await sql<{ id: string }>(`select vault.create_secret('survives restarts', $1) as id`, [name])) as [{ id: string }];
    const digest = fileDigest();
    const inode = fs.statSync(keyFile()).ino;
    const partPid = () => (JSON.parse(fs.readFileSync(stackEnv().stateFile, 'utf8')) as { parts: Record<string, number> }).parts.postgres!;
    const before = partPid();
    // A fast shutdown (the stack runs with asynchronous commit, so a killed server could lose the new row).
    process.kill(before, 'SIGINT');
    await eventually(() => partPid() !== before, 'postgres to be restarted', 50_000);
    const value = await eventually(async () => await decrypted(id), 'the secret to decrypt after the restart', 50_000);
    expect(value).toBe('survives restarts');
    expect(fileDigest()).toBe(digest);
    expect(fs.statSync(keyFile()).ino).toBe(inode);
  }, 120_000);

  it('is made by the first start of a new stack and reused by the next one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-restart-'));
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const config = loadConfig({ STACK_DATA_DIR: dataDir, STACK_DB_PORT: String(port) });
    // The stack's own database start (key file, server) and bootstrap, twice on the same data folder.
    const startAndBootstrap = async () => {
      const server = await startPostgres(config, () => undefined);
      await withClient(config.dbUrl, applyBootstrap);
      return server;
    };
    try {
      const first = await startAndBootstrap();
      const key = fs.readFileSync(path.join(dataDir, 'vault-root.key'), 'utf8');
      const id = await withClient(config.dbUrl, async (client) => (await client.query<{ id: string }>(`select vault.create_secret('across stacks') as id`)).rows[0]!.id);
      await first.stop();
      const second = await startAndBootstrap();
      try {
        expect(fs.readFileSync(path.join(dataDir, 'vault-root.key'), 'utf8')).toBe(key);
        const value = await withClient(config.dbUrl, async (client) => (await client.query('select decrypted_secret from vault.decrypted_secrets where id = $1', [id])).rows[0]?.decrypted_secret);
        expect(value).toBe('across stacks');
        // Without its key file the vault says which file is missing (its path, never a key).
        fs.renameSync(path.join(dataDir, 'vault-root.key'), path.join(dataDir, 'moved.key'));
        const failure = await withClient(config.dbUrl, (client) => client.query('select decrypted_secret from vault.decrypted_secrets').then(() => null, (error: Error) => error.message));
        expect(failure).toMatch(/vault-root\.key/);
        expect(failure).not.toContain(key.trim());
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
