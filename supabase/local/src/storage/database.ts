/**
 * Storage's Postgres access. Every object and bucket query a caller makes runs in a transaction that first takes on
 * the caller's role and JWT claims (transaction-local, as Supabase Storage and PostgREST do), so the RLS policies on
 * storage.objects and storage.buckets decide; the service role bypasses RLS as a Postgres role. Lookups Storage makes
 * as its own admin (a bucket's limits, a signed URL's object) use `asService`. Its deletes carry
 * storage.allow_delete_query, which the bootstrap's trigger requires of any DELETE on the storage tables.
 */
import type pg from 'pg';
import { createServicePool, withTransaction, type Queryable } from '../db/service-pool.ts';
import type { Caller } from './caller.ts';
import { errors, StorageError } from './errors.ts';

export type { Queryable };

export function createPool(dbUrl: string): pg.Pool {
  return createServicePool(dbUrl, { max: 6, applicationName: 'stack-storage', logPrefix: '' });
}

/** Postgres errors a caller can cause, in Storage's words; anything else stays an internal error. */
export function storageErrorFromDatabase(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  const code = (error as { code?: string }).code;
  if (code === '42501') return errors.rlsDenied();
  if (code === '23505') return errors.keyAlreadyExists();
  if (code === '23503') return errors.noSuchBucket();
  return error;
}

async function inTransaction<T>(pool: pg.Pool, prepare: (client: pg.PoolClient) => Promise<void>, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  try {
    return await withTransaction(pool, async (client) => {
      await prepare(client);
      return work(client);
    });
  } catch (error) {
    throw storageErrorFromDatabase(error);
  }
}

/**
 * Runs `work` as the caller. `beforeRole` runs first in the same transaction with Storage's own rights (e.g. locking
 * the row an upsert replaces, to learn which stored file it frees).
 */
export function asCaller<T>(
  pool: pg.Pool,
  caller: Caller,
  operation: string,
  work: (client: pg.PoolClient) => Promise<T>,
  beforeRole?: (client: pg.PoolClient) => Promise<void>,
): Promise<T> {
  return inTransaction(
    pool,
    async (client) => {
      if (beforeRole) await beforeRole(client);
      await client.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
                set_config('storage.operation', $4, true), set_config('storage.allow_delete_query', 'true', true)`,
        [caller.role, JSON.stringify(caller.claims), caller.sub ?? '', operation],
      );
    },
    work,
  );
}

const ROLLED_BACK = Symbol('rolled back');

/** Hosted Storage's testPermission: runs `work` as the caller and rolls it back; throws what the caller may not do. */
export async function testAsCaller(pool: pg.Pool, caller: Caller, operation: string, work: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  try {
    await asCaller(pool, caller, operation, async (client) => {
      await work(client);
      throw ROLLED_BACK;
    });
  } catch (error) {
    if (error !== ROLLED_BACK) throw error;
  }
}

/** Runs `work` with Storage's own rights (no RLS). */
export function asService<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async () => undefined, work);
}

export interface BucketLimits {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** The bucket's limits, read as Storage itself (the caller may not see buckets under RLS); NoSuchBucket if absent. */
export async function bucketLimits(client: Queryable, bucketId: string): Promise<BucketLimits> {
  const { rows } = await client.query<{ id: string; public: boolean | null; file_size_limit: string | null; allowed_mime_types: string[] | null }>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [bucketId],
  );
  const row = rows[0];
  if (!row) throw errors.noSuchBucket();
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}
