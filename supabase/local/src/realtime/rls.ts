/**
 * Row-level security checks for postgres_changes, batched: one call of _realtime.visible_rows checks a
 * batch of changed rows of one table for many (role, claims) pairs, each evaluated as PostgREST evaluates
 * a request. The per-row lookup is a statement prepared once per connection and table, so Postgres plans
 * it once and only executes it per subscriber. Large batches are split across two connections so both
 * cores can work.
 */
import pg from 'pg';
import type { PrimaryKeyColumn } from './catalog.ts';

export interface ClaimSet {
  role: string;
  /** The JWT claims as JSON text, set as request.jwt.claims. */
  claimsJson: string;
}

export interface RowsToCheck {
  tableOid: number;
  schema: string;
  table: string;
  primaryKey: PrimaryKeyColumn[];
  /** Per changed row, its primary-key values as text, in primaryKey order. */
  keys: string[][];
  /** The replicated transactions the rows come from: the check waits until they are visible. */
  xids: number[];
}

interface Connection {
  client: pg.Client;
  ready: Promise<void>;
  broken: boolean;
  prepared: Set<string>;
}

const SPLIT_THRESHOLD = 48;

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(36);
}

export class RlsChecker {
  private readonly connections: (Connection | null)[];

  constructor(private readonly dbUrl: string, private readonly log: (line: string) => void, connectionCount = 2) {
    this.connections = new Array(connectionCount).fill(null);
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection?.client.end().catch(() => {})));
    this.connections.fill(null);
  }

  private connection(index: number): Connection {
    const existing = this.connections[index];
    if (existing && !existing.broken) return existing;
    const client = new pg.Client({ connectionString: this.dbUrl, application_name: 'local_realtime_rls' });
    const connection: Connection = { client, ready: client.connect().then(() => undefined), broken: false, prepared: new Set() };
    const markBroken = () => {
      connection.broken = true;
    };
    client.on('error', (error) => {
      markBroken();
      this.log(`rls connection lost: ${error.message}`);
    });
    client.on('end', markBroken);
    connection.ready.catch(markBroken);
    this.connections[index] = connection;
    return connection;
  }

  /**
   * For each claim set, which rows (by index) it may select. Returns one Uint8Array per claim set with
   * 1 for visible rows. A claim set whose check fails sees nothing (logged).
   */
  async visibleRows(rows: RowsToCheck, claimSets: ClaimSet[]): Promise<Uint8Array[]> {
    const visibility = claimSets.map(() => new Uint8Array(rows.keys.length));
    if (claimSets.length === 0 || rows.keys.length === 0) return visibility;
    // Grouping by role keeps role switches (and plan changes) to a minimum.
    const order = claimSets.map((_, i) => i).sort((a, b) => (claimSets[a]!.role < claimSets[b]!.role ? -1 : claimSets[a]!.role > claimSets[b]!.role ? 1 : a - b));
    const parts = claimSets.length >= SPLIT_THRESHOLD && this.connections.length > 1
      ? this.connections.map((_, part) => order.filter((_, position) => position % this.connections.length === part))
      : [order];
    await Promise.all(parts.map((indexes, part) => this.checkOn(part, rows, indexes, claimSets, visibility)));
    return visibility;
  }

  /**
   * For each claim set, which deleted rows (by index) its SELECT policies admitted, evaluated on the old
   * rows. One call per table and batch; a failing check shows nothing to anyone in it (logged).
   */
  async visibleOldRows(tableOid: number, oldRows: Record<string, unknown>[], claimSets: ClaimSet[]): Promise<Uint8Array[]> {
    const visibility = claimSets.map(() => new Uint8Array(oldRows.length));
    if (claimSets.length === 0 || oldRows.length === 0) return visibility;
    try {
      const connection = this.connection(0);
      await connection.ready;
      const result = await connection.client.query<{ claim_index: number; row_index: number }>(
        'select claim_index, row_index from _realtime.visible_old_rows($1, $2::jsonb, $3, $4)',
        [tableOid, JSON.stringify(oldRows), claimSets.map((set) => set.role), claimSets.map((set) => set.claimsJson)],
      );
      for (const row of result.rows) visibility[row.claim_index - 1]![row.row_index - 1] = 1;
    } catch (error) {
      this.log(`rls check of deleted rows of table ${tableOid} failed (${(error as Error).message}); nobody sees them`);
    }
    return visibility;
  }

  private async checkOn(part: number, rows: RowsToCheck, indexes: number[], claimSets: ClaimSet[], visibility: Uint8Array[]): Promise<void> {
    if (indexes.length === 0) return;
    const roles = indexes.map((i) => claimSets[i]!.role);
    const claims = indexes.map((i) => claimSets[i]!.claimsJson);
    try {
      const result = await this.run(part, rows, roles, claims);
      for (const row of result) visibility[indexes[row.claim_index - 1]!]![row.row_index - 1] = 1;
    } catch (error) {
      // One subscriber's failing policy must not hide the row from the others: retry one by one.
      this.log(`rls check on ${rows.schema}.${rows.table} failed (${(error as Error).message}); checking subscribers one by one`);
      for (let k = 0; k < indexes.length; k++) {
        try {
          const result = await this.run(part, rows, [roles[k]!], [claims[k]!]);
          for (const row of result) visibility[indexes[k]!]![row.row_index - 1] = 1;
        } catch {
          // Not visible to this subscriber.
        }
      }
    }
  }

  private async run(part: number, rows: RowsToCheck, roles: string[], claims: string[]): Promise<{ claim_index: number; row_index: number }[]> {
    const connection = this.connection(part);
    await connection.ready;
    const signature = `${rows.schema}.${rows.table}(${rows.primaryKey.map((column) => `${column.name}:${column.sqlType}`).join(',')})`;
    const name = `rt_chk_${rows.tableOid}_${hash(signature)}`;
    if (!connection.prepared.has(name)) {
      const params = rows.primaryKey.map((_, i) => `$${i + 1}::text[]`).join(', ');
      const aliases = rows.primaryKey.map((_, i) => `c${i + 1}`).join(', ');
      const conditions = rows.primaryKey
        .map((column, i) => `t.${quoteIdent(column.name)} = k.c${i + 1}::${column.sqlType}`)
        .join(' and ');
      await connection.client.query(
        `prepare ${name}(${rows.primaryKey.map(() => 'text[]').join(', ')}) as ` +
          `select k.i::integer from unnest(${params}) with ordinality as k(${aliases}, i) ` +
          `where exists (select 1 from ${quoteIdent(rows.schema)}.${quoteIdent(rows.table)} t where ${conditions})`,
      );
      connection.prepared.add(name);
    }
    const columns = rows.primaryKey.map((_, column) => quoteLiteral(arrayLiteral(rows.keys.map((key) => key[column]!))));
    const statement = `execute ${name}(${columns.join(', ')})`;
    try {
      const result = await connection.client.query<{ claim_index: number; row_index: number }>(
        'select claim_index, row_index from _realtime.visible_rows($1, $2, $3, $4, $5)',
        [rows.tableOid, statement, roles, claims, rows.xids],
      );
      return result.rows;
    } catch (error) {
      // The table may have been altered or dropped: the statement is re-prepared next time.
      connection.prepared.delete(name);
      await connection.client.query(`deallocate ${name}`).catch(() => {});
      throw error;
    }
  }
}
