/**
 * supabase/schema.sql: the schema the migrations make, in one file for reading (the migrations are history:
 * later ones redefine functions and policies). `npm run db:types` writes it beside the database types, from the
 * same throwaway database; tests/integration/database-types.test.ts fails when it is stale. Written from the
 * catalog here (schema-catalog.ts reads, schema-sql.ts formats) because no pg_dump on the machine reads Postgres
 * 17, and because pg_dump's output (every object of the bootstrap, creation order) is not meant for reading.
 */
import path from 'node:path';
import { supabaseDir } from '../config.ts';
import { withClient } from './migrate.ts';
import { readSchemaCatalog } from './schema-catalog.ts';
import { formatSchemaDump } from './schema-sql.ts';

export const SCHEMA_FILE = path.join(supabaseDir, 'schema.sql');

/** The file's text for the database at `dbUrl` (bootstrap and migrations applied). */
export function generateSchemaDump(dbUrl: string): Promise<string> {
  return withClient(dbUrl, async (client) => formatSchemaDump(await readSchemaCatalog(client)));
}
