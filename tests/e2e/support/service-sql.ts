/**
 * SQL as the database superuser, for test SETUP that no screen or API may do (backdating when a fill was filled, so
 * a refill is due); what a test asserts is read through the app or as a staff member, never here.
 */
import pg from 'pg';

export async function serviceSql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const connectionString = process.env.E2E_DB_URL;
  if (!connectionString) throw new Error('E2E_DB_URL is set by tests/e2e/global-setup.ts');
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}
