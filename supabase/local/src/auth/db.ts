/**
 * The auth service's Postgres access: a small pool on the superuser URL (GoTrue connects as
 * supabase_auth_admin, which owns the auth schema; locally the superuser plays that part) and a
 * transaction helper (db/service-pool.ts, shared with the storage service).
 */
import type pg from 'pg';
import { createServicePool } from '../db/service-pool.ts';

export { withTransaction, type Queryable } from '../db/service-pool.ts';

export function createPool(dbUrl: string): pg.Pool {
  return createServicePool(dbUrl, { max: 4, applicationName: 'stack-auth', logPrefix: '[auth] ' });
}
