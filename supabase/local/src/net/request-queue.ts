/**
 * The database side of the local pg_net sender: takes queued requests (deleting them, as pg_net's worker does,
 * so each is sent once), records responses, and prunes responses older than pg_net.ttl.
 */
import type pg from 'pg';
import type { QueuedRequest, ResponseRow } from './http-sender.ts';

/** pg_net's defaults: 200 requests per read, responses kept 6 hours. */
export const BATCH_SIZE = 200;
export const DEFAULT_TTL = '6 hours';

/** Whether the database has pg_net enabled (a migration creates the extension). */
export async function pgNetEnabled(client: pg.ClientBase): Promise<boolean> {
  const result = await client.query<{ ready: boolean }>(
    `select to_regclass('net.http_request_queue') is not null and to_regclass('net._http_response') is not null as ready`,
  );
  return result.rows[0]?.ready === true;
}

export async function takeRequests(client: pg.ClientBase, limit = BATCH_SIZE): Promise<QueuedRequest[]> {
  const result = await client.query<{ id: string; method: string; url: string; headers: Record<string, string> | null; body: Buffer | null; timeout_milliseconds: number }>(
    `with taken as (
       select id from net.http_request_queue order by id limit $1 for update skip locked
     )
     delete from net.http_request_queue q using taken where q.id = taken.id
     returning q.id, q.method, q.url, q.headers, q.body, q.timeout_milliseconds`,
    [limit],
  );
  return result.rows
    .map((row) => ({ id: row.id, method: row.method, url: row.url, headers: row.headers, body: row.body, timeoutMilliseconds: row.timeout_milliseconds }))
    .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
}

export async function recordResponse(client: pg.ClientBase, row: ResponseRow): Promise<void> {
  await client.query(
    `insert into net._http_response (id, status_code, content, headers, content_type, timed_out, error_msg)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.id, row.statusCode, row.content, row.headers === null ? null : JSON.stringify(row.headers), row.contentType, row.timedOut, row.errorMsg],
  );
}

/** Deletes responses older than pg_net.ttl (a setting of the database or server; 6 hours when unset). */
export async function pruneResponses(client: pg.ClientBase): Promise<number> {
  const result = await client.query(
    `delete from net._http_response
     where created < now() - coalesce(nullif(current_setting('pg_net.ttl', true), ''), $1)::interval`,
    [DEFAULT_TTL],
  );
  return result.rowCount ?? 0;
}
