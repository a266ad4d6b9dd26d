/**
 * Postgres access shared by the stack's Node services (auth, storage): a small pool that survives an idle
 * connection dropping (database restart) and a transaction helper.
 */
import pg from 'pg';

export type Queryable = Pick<pg.PoolClient, 'query'>;

export function createServicePool(dbUrl: string, options: { max: number; applicationName: string; logPrefix: string }): pg.Pool {
  const pool = new pg.Pool({ connectionString: dbUrl, max: options.max, idleTimeoutMillis: 30_000, application_name: options.applicationName });
  // An idle client losing its connection (database restart) must not crash the service.
  pool.on('error', (error) => console.error(`${options.logPrefix}idle database connection failed: ${error.message}`));
  return pool;
}

/** Runs `work` in a transaction on one client: committed when it resolves, rolled back when it throws. */
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
