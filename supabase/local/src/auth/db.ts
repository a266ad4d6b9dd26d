/**
 * The auth service's Postgres access: a small pool on the superuser URL (GoTrue connects as
 * supabase_auth_admin, which owns the auth schema; locally the superuser plays that part) and a
 * transaction helper.
 */
import pg from 'pg';

export type Queryable = Pick<pg.PoolClient, 'query'>;

export function createPool(dbUrl: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4, idleTimeoutMillis: 30_000, application_name: 'stack-auth' });
  // An idle client losing its connection (database restart) must not crash the service.
  pool.on('error', (error) => console.error(`[auth] idle database connection failed: ${error.message}`));
  return pool;
}

export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
