/**
 * pg_net on the local stack (supabase/local/sql/extensions/pg_net--*.sql, the `net` part in supabase/local/src/net/):
 * migrations enable it as on hosted; net.http_post / http_get / http_delete queue a request that the stack's sender
 * delivers to a real HTTP server (this test's), recording the answer, a timeout or a failure in net._http_response
 * and removing the queue row; the Content-Type rule; hosted's grants; responses expire after pg_net.ttl; and
 * database code reaches the stack's own API through Vault's project_url and service_role_key (written by the
 * supervisor), as Supabase's docs show.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackConfig } from '../../supabase/local/src/config.ts';
import { withClient } from '../../supabase/local/src/db/migrate.ts';
import { writeProjectSecrets } from '../../supabase/local/src/db/project-secrets.ts';
import { closeSql, eventually, sql, stackEnv } from '../support/stack-env.ts';

interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface ResponseRow {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

const received: ReceivedRequest[] = [];
let server: http.Server;
let baseUrl: string;
let closedPortUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/slow')) {
        // Answers long after any timeout the tests set (the request is aborted first).
        const timer = setTimeout(() => res.end('late'), 5000);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Answered-By': 'pg-net-test' });
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: bound, then released.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPortUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/nobody`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  // What a migration says, on hosted as here; twice, as `if not exists` makes it safe.
  await sql('create extension if not exists pg_net with schema extensions');
  await sql('create extension if not exists pg_net with schema extensions');
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeSql();
});

async function response(id: string, timeoutMs = 15_000): Promise<ResponseRow> {
  return eventually(async () => (await sql<ResponseRow>('select * from net._http_response where id = $1', [id]))[0], `the response of request ${id}`, timeoutMs);
}

async function requestId(statement: string, params: unknown[] = []): Promise<string> {
  const rows = await sql<{ id: string }>(statement, params);
  return rows[0]!.id;
}

function lastReceived(path: string): ReceivedRequest | undefined {
  return received.filter((request) => request.url === path).at(-1);
}

describe('the extension', () => {
  it('is a real extension that migrations enable, its objects in schema net', async () => {
    const [extension] = await sql<{ extname: string; schema: string }>(
      `select extname, extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_net'`,
    );
    expect(extension).toEqual({ extname: 'pg_net', schema: 'extensions' });
    const functions = await sql<{ signature: string }>(
      `select p.oid::regprocedure::text as signature from pg_proc p where p.pronamespace = 'net'::regnamespace and p.proname like 'http_%' order by 1`,
    );
    expect(functions.map((row) => row.signature)).toEqual([
      'net.http_collect_response(bigint,boolean)',
      'net.http_delete(text,jsonb,jsonb,integer,jsonb)',
      'net.http_get(text,jsonb,jsonb,integer)',
      'net.http_post(text,jsonb,jsonb,jsonb,integer)',
    ]);
    const tables = await sql<{ relname: string; relpersistence: string }>(
      `select relname, relpersistence from pg_class where relnamespace = 'net'::regnamespace and relkind = 'r' order by 1`,
    );
    expect(tables).toEqual([
      { relname: '_http_response', relpersistence: 'u' },
      { relname: 'http_request_queue', relpersistence: 'u' },
    ]);
  });

  it('the sender is connected (net.check_worker_is_up)', async () => {
    await expect(sql('select net.check_worker_is_up()')).resolves.toBeDefined();
  });
});

describe('sending', () => {
  it('http_post sends the JSON body with its headers and records the answer; the queue row is gone', async () => {
    const id = await requestId(
      `select net.http_post(url => $1, body => $2::jsonb, params => '{"pharmacy": "A & B", "n": "1"}', headers => '{"Content-Type": "application/json", "X-Job": "weekly-prices"}') as id`,
      [`${baseUrl}/hook`, JSON.stringify({ ndcNumbers: ['00071015523'], note: 'é' })],
    );
    const row = await response(id);
    expect(row).toMatchObject({ status_code: 201, content_type: 'application/json', timed_out: false, error_msg: null });
    expect(JSON.parse(row.content!)).toEqual({ ok: true, path: '/hook?n=1&pharmacy=A%20%26%20B' });
    expect(row.headers).toMatchObject({ 'content-type': 'application/json', 'x-answered-by': 'pg-net-test' });

    const request = lastReceived('/hook?n=1&pharmacy=A%20%26%20B');
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-job']).toBe('weekly-prices');
    expect(request?.headers['user-agent']).toMatch(/^pg_net\//);
    expect(JSON.parse(request!.body)).toEqual({ ndcNumbers: ['00071015523'], note: 'é' });
    expect(await sql('select 1 from net.http_request_queue where id = $1', [id])).toEqual([]);
  });

  it('http_get sends params and no body; http_delete may carry a body', async () => {
    const getId = await requestId(`select net.http_get($1, params => '{"q": "x y"}', headers => '{"X-A": "1"}') as id`, [`${baseUrl}/lookup?page=2`]);
    const deleteId = await requestId(`select net.http_delete($1, body => '{"id": 7}') as id`, [`${baseUrl}/items`]);
    expect((await response(getId)).status_code).toBe(201);
    expect((await response(deleteId)).status_code).toBe(201);
    const get = lastReceived('/lookup?page=2&q=x%20y');
    expect(get).toMatchObject({ method: 'GET', body: '' });
    expect(get?.headers['x-a']).toBe('1');
    expect(lastReceived('/items')).toMatchObject({ method: 'DELETE' });
    expect(JSON.parse(lastReceived('/items')!.body)).toEqual({ id: 7 });
  });

  it('a request is sent only after its transaction commits, and never when it rolls back', async () => {
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      const rolledBack = (await client.query<{ id: string }>('select net.http_post($1) as id', [`${baseUrl}/rolled-back`])).rows[0]!.id;
      await client.query('rollback');
      await client.query('begin');
      const committed = (await client.query<{ id: string }>('select net.http_post($1) as id', [`${baseUrl}/committed`])).rows[0]!.id;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lastReceived('/committed')).toBeUndefined();
      await client.query('commit');
      expect((await response(committed)).status_code).toBe(201);
      expect(lastReceived('/rolled-back')).toBeUndefined();
      expect(await sql('select 1 from net._http_response where id = $1', [rolledBack])).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('a request that outlives timeout_milliseconds is recorded as timed out', async () => {
    const id = await requestId('select net.http_get($1, timeout_milliseconds => 300) as id', [`${baseUrl}/slow`]);
    const row = await response(id);
    expect(row).toMatchObject({ status_code: null, content: null, timed_out: true });
    expect(row.error_msg).toMatch(/^Timeout of 300 ms reached\. Total time: \d+\.\d+ ms/);
  });

  it('an unreachable address and a URL that is not http(s) are recorded with the error', async () => {
    const refused = await requestId('select net.http_post($1) as id', [closedPortUrl]);
    expect(await response(refused)).toMatchObject({ status_code: null, timed_out: false, error_msg: "Couldn't connect to server" });
    const notHttp = await requestId(`select net.http_get('file:///etc/passwd') as id`);
    expect(await response(notHttp)).toMatchObject({ status_code: null, content: null, error_msg: 'Unsupported protocol' });
  });

  it('a slow request does not hold back the ones queued after it', async () => {
    const slow = await requestId('select net.http_get($1, timeout_milliseconds => 4000) as id', [`${baseUrl}/slow-blocker`]);
    const quick = await requestId('select net.http_get($1) as id', [`${baseUrl}/after-slow`]);
    expect((await response(quick, 3000)).status_code).toBe(201);
    expect((await sql('select 1 from net._http_response where id = $1', [slow])).length).toBe(0);
    expect((await response(slow)).timed_out).toBe(true);
  });
});

describe('the Content-Type rule of http_post', () => {
  it('adds application/json when missing, keeps it when given, refuses any other', async () => {
    const added = await requestId(`select net.http_post($1, headers => '{"X-Only": "this"}') as id`, [`${baseUrl}/ct-added`]);
    await response(added);
    expect(lastReceived('/ct-added')?.headers['content-type']).toBe('application/json');

    const lower = await requestId(`select net.http_post($1, headers => '{"content-type": "application/json"}') as id`, [`${baseUrl}/ct-lower`]);
    await response(lower);
    expect(lastReceived('/ct-lower')?.headers['content-type']).toBe('application/json');

    const before = await sql<{ n: string }>('select count(*) as n from net.http_request_queue');
    await expect(sql(`select net.http_post($1, headers => '{"Content-Type": "text/plain"}')`, [`${baseUrl}/ct-text`])).rejects.toThrow(
      'Content-Type header must be "application/json"',
    );
    expect(await sql<{ n: string }>('select count(*) as n from net.http_request_queue')).toEqual(before);
  });
});

describe('privileges, as hosted', () => {
  it('anon, authenticated and service_role may use the schema, call the functions and read the responses', async () => {
    const [grants] = await sql<Record<string, boolean>>(`
      select bool_and(has_schema_privilege(r, 'net', 'usage')) as usage,
             bool_and(has_function_privilege(r, 'net.http_post(text,jsonb,jsonb,jsonb,integer)', 'execute')) as post,
             bool_and(has_function_privilege(r, 'net.http_get(text,jsonb,jsonb,integer)', 'execute')) as get,
             bool_and(has_table_privilege(r, 'net._http_response', 'select')) as responses,
             bool_and(has_table_privilege(r, 'net.http_request_queue', 'insert')) as queue
      from unnest(array['anon', 'authenticated', 'service_role']) as r`);
    expect(grants).toEqual({ usage: true, post: true, get: true, responses: true, queue: true });
  });

  it('an authenticated session (as PostgREST runs it) queues a request that is sent', async () => {
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    let id: string;
    try {
      await client.query('begin');
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '{"role":"authenticated"}', true)`);
      id = (await client.query<{ id: string }>('select net.http_post($1) as id', [`${baseUrl}/as-authenticated`])).rows[0]!.id;
      await client.query('commit');
    } finally {
      await client.end();
    }
    expect((await response(id)).status_code).toBe(201);
  });
});

describe('expiry', () => {
  it('responses older than pg_net.ttl (6 hours) are deleted; newer ones stay', async () => {
    const [{ id: old }] = (await sql<{ id: string }>(
      `insert into net._http_response (id, status_code, created) values (-1001, 200, now() - interval '6 hours 1 minute') returning id`,
    )) as [{ id: string }];
    await sql(`insert into net._http_response (id, status_code, created) values (-1002, 200, now() - interval '5 hours 59 minutes')`);
    await eventually(async () => (await sql('select 1 from net._http_response where id = $1', [old])).length === 0, 'the expired response to be deleted');
    expect((await sql('select 1 from net._http_response where id = -1002')).length).toBe(1);
    await sql('delete from net._http_response where id = -1002');
  });
});

describe('calling the project API from the database (Vault project_url and service_role_key)', () => {
  it('the supervisor stored both secrets; project_url is the gateway edge functions use, reachable from the sender', async () => {
    const secrets = await sql<{ name: string; decrypted_secret: string }>(
      `select name, decrypted_secret from vault.decrypted_secrets where name in ('project_url', 'service_role_key') order by name`,
    );
    expect(secrets.map((secret) => secret.name)).toEqual(['project_url', 'service_role_key']);
    const projectUrl = secrets[0]!.decrypted_secret;
    expect(secrets[1]!.decrypted_secret).toBe(stackEnv().serviceRoleKey);
    expect(projectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(projectUrl).not.toBe(stackEnv().apiUrl);

    // As Supabase's docs call an edge function from SQL.
    const id = await requestId(`
      select net.http_get(
        url => (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/api/health',
        headers => jsonb_build_object(
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'),
          'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'))
      ) as id`);
    const row = await response(id, 20_000);
    expect(row.error_msg).toBeNull();
    expect(row.status_code).toBe(200);
    expect(JSON.parse(row.content!)).toMatchObject({ status: 'ok', service: 'api' });
  });
});

describe('the sender as a part of the stack', () => {
  it('comes back after it is killed, and sends what was queued meanwhile', async () => {
    const pidOf = () => (JSON.parse(fs.readFileSync(stackEnv().stateFile, 'utf8')) as { parts: Record<string, number> }).parts.net!;
    const before = pidOf();
    process.kill(before, 'SIGKILL');
    const id = await requestId('select net.http_get($1) as id', [`${baseUrl}/while-down`]);
    expect((await response(id, 20_000)).status_code).toBe(201);
    expect(pidOf()).not.toBe(before);
  });
});

describe('the supervisor\'s Vault secrets', () => {
  it('are upserted: writing them again updates the one row of each name', async () => {
    const current = await sql<{ name: string; decrypted_secret: string }>(
      `select name, decrypted_secret from vault.decrypted_secrets where name in ('project_url', 'service_role_key') order by name`,
    );
    const restore = { internalApiUrl: current[0]!.decrypted_secret, serviceRoleKey: current[1]!.decrypted_secret } as StackConfig;
    try {
      await withClient(stackEnv().dbUrl, (client) => writeProjectSecrets(client, { internalApiUrl: 'http://127.0.0.1:1', serviceRoleKey: 'other-key' } as StackConfig));
      expect(
        await sql(`select name, decrypted_secret from vault.decrypted_secrets where name in ('project_url', 'service_role_key') order by name`),
      ).toEqual([
        { name: 'project_url', decrypted_secret: 'http://127.0.0.1:1' },
        { name: 'service_role_key', decrypted_secret: 'other-key' },
      ]);
    } finally {
      await withClient(stackEnv().dbUrl, (client) => writeProjectSecrets(client, restore));
    }
    expect(await sql(`select name, decrypted_secret from vault.decrypted_secrets where name in ('project_url', 'service_role_key') order by name`)).toEqual(current);
  });
});
