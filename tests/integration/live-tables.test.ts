/**
 * The tables every terminal follows live (web/src/lib/live-tables.ts) are the supabase_realtime publication's: a
 * table published but not followed (or followed but not published, which Realtime would never announce) fails
 * here, unless it is listed as published-but-unfollowed with its reason. Each followed table can be filtered to the
 * pharmacy (pharmacy_id, or the pharmacy's own id) and logs its whole old row, so a DELETE reaches only the
 * pharmacy's own subscribers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_TABLES, UNFOLLOWED_PUBLISHED_TABLES } from '../../web/src/lib/live-tables.ts';
import { closeSql, sql } from '../support/stack-env.ts';

afterAll(async () => {
  await closeSql();
});

describe('live tables', () => {
  it('are the supabase_realtime publication, but the tables listed as unfollowed', async () => {
    const published = await sql<{ tablename: string; schemaname: string }>(
      `select schemaname, tablename from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime' order by tablename`,
    );
    expect(published.every((row) => row.schemaname === 'public')).toBe(true);
    expect(published.map((row) => row.tablename).sort()).toEqual([...LIVE_TABLES, ...UNFOLLOWED_PUBLISHED_TABLES].sort());
  });

  it('each has the column its filter names and replica identity full', async () => {
    const rows = await sql<{ table_name: string; has_pharmacy_id: boolean; replica_identity: string }>(
      `select c.relname as table_name,
              exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attname = 'pharmacy_id' and not a.attisdropped) as has_pharmacy_id,
              c.relreplident::text as replica_identity
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = any($1::text[])`,
      [[...LIVE_TABLES]],
    );
    expect(rows).toHaveLength(LIVE_TABLES.length);
    for (const row of rows) {
      expect({ table: row.table_name, filterable: row.table_name === 'pharmacies' || row.has_pharmacy_id, identity: row.replica_identity }).toEqual({
        table: row.table_name,
        filterable: true,
        identity: 'f',
      });
    }
  });
});
