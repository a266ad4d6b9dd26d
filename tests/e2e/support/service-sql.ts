/**
 * Setup SQL as the test stack's database superuser, for what no screen or api does: time passing (a fill's date
 * filled moved into the past). One connection per call; never used to check what a screen shows.
 */
import pg from 'pg';

export async function serviceSql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const url = process.env.E2E_DB_URL;
  if (!url) throw new Error('E2E_DB_URL is set by tests/e2e/global-setup.ts');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}
