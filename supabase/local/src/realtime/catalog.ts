/**
 * What the realtime service needs to know about the database: which tables a postgres_changes binding
 * resolves to (and whether the subscriber may select them), a table's row-level security and primary key,
 * column type names, and which roles bypass RLS. Reads go through the _realtime helpers of the bootstrap.
 */
import pg from 'pg';
import { valueKindOf, type ColumnType } from './pg-values.ts';

export interface SubscriptionTable {
  oid: number;
  schema: string;
  table: string;
  published: boolean;
  canSelect: boolean;
  columnNames: string[];
  selectableColumnNames: string[];
}

export interface PrimaryKeyColumn {
  name: string;
  /** SQL type as format_type prints it, for casts. */
  sqlType: string;
}

export interface TableInfo {
  rowSecurity: boolean;
  primaryKey: PrimaryKeyColumn[];
}

export class Catalog {
  private readonly pool: pg.Pool;
  private readonly tables = new Map<number, Promise<TableInfo>>();
  private readonly types = new Map<number, ColumnType>();
  private readonly roles = new Map<string, { exists: boolean; bypassRls: boolean; checkedAt: number }>();

  constructor(dbUrl: string, private readonly log: (line: string) => void) {
    this.pool = new pg.Pool({ connectionString: dbUrl, max: 2, idleTimeoutMillis: 30_000, application_name: 'local_realtime_catalog' });
    // An idle connection lost to a Postgres restart must not crash the service; the pool replaces it.
    this.pool.on('error', (error) => this.log(`catalog connection lost: ${error.message}`));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  async role(name: string): Promise<{ exists: boolean; bypassRls: boolean }> {
    const cached = this.roles.get(name);
    if (cached && Date.now() - cached.checkedAt < 60_000) return cached;
    const result = await this.pool.query<{ rolbypassrls: boolean }>('select rolbypassrls from pg_catalog.pg_roles where rolname = $1', [name]);
    const entry = { exists: result.rowCount === 1, bypassRls: result.rows[0]?.rolbypassrls ?? false, checkedAt: Date.now() };
    this.roles.set(name, entry);
    return entry;
  }

  /** Cached answer for the dispatcher (roles were checked when their subscriptions were made). */
  bypassesRls(role: string): boolean {
    return this.roles.get(role)?.bypassRls ?? false;
  }

  async subscriptionTables(role: string, schema: string, table: string): Promise<SubscriptionTable[]> {
    const result = await this.pool.query<{
      table_oid: number;
      schema_name: string;
      table_name: string;
      published: boolean;
      can_select: boolean;
      column_names: string[];
      selectable_column_names: string[];
    }>('select * from _realtime.subscription_tables($1, $2, $3)', [role, schema, table]);
    return result.rows.map((row) => ({
      oid: Number(row.table_oid),
      schema: row.schema_name,
      table: row.table_name,
      published: row.published,
      canSelect: row.can_select,
      columnNames: row.column_names,
      selectableColumnNames: row.selectable_column_names,
    }));
  }

  tableInfo(oid: number): Promise<TableInfo> {
    let info = this.tables.get(oid);
    if (!info) {
      info = this.pool
        .query<{ row_security: boolean; primary_key_names: string[]; primary_key_types: string[] }>('select * from _realtime.table_info($1)', [oid])
        .then((result) => {
          const row = result.rows[0];
          if (!row) return { rowSecurity: false, primaryKey: [] };
          return {
            rowSecurity: row.row_security,
            primaryKey: row.primary_key_names.map((name, i) => ({ name, sqlType: row.primary_key_types[i]! })),
          };
        });
      info.catch(() => this.tables.delete(oid));
      this.tables.set(oid, info);
    }
    return info;
  }

  /** Forgets a table's facts; called when replication announces its (possibly changed) definition. */
  invalidateTable(oid: number): void {
    this.tables.delete(oid);
  }

  /** Column types by oid, fetching the unknown ones in one query. */
  async columnTypes(oids: number[]): Promise<Map<number, ColumnType>> {
    const missing = [...new Set(oids.filter((oid) => !this.types.has(oid)))];
    if (missing.length > 0) {
      const result = await this.pool.query<{ type_oid: number; type_name: string; base_type_name: string; element_type_name: string | null }>(
        'select * from _realtime.type_info($1::oid[])',
        [missing],
      );
      for (const row of result.rows) {
        this.types.set(Number(row.type_oid), {
          name: row.type_name,
          kind: valueKindOf(row.base_type_name),
          elementKind: row.element_type_name === null ? null : valueKindOf(row.element_type_name),
        });
      }
    }
    const answer = new Map<number, ColumnType>();
    for (const oid of oids) answer.set(oid, this.types.get(oid) ?? { name: 'text', kind: 'string', elementKind: null });
    return answer;
  }
}
