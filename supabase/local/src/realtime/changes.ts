/**
 * postgres_changes: validates bindings at join, and turns replicated transactions into the events
 * Supabase sends — {ids, data:{schema, table, commit_timestamp, type, columns, record, old_record, errors}}
 * — delivered to a subscriber only when its binding's event and filters match and, for INSERT/UPDATE on a
 * table with row-level security, its own role and claims can select the row. Transactions that arrive
 * while a batch is being checked are checked together in the next batch: one RLS round trip per table per
 * batch for all subscribers, so the cost follows the load instead of the subscriber count times changes.
 */
import type { Catalog, PrimaryKeyColumn } from './catalog.ts';
import type { ChannelMember } from './channel.ts';
import { FilterError, parseFilter, passesFilters, type ColumnFilter, type RecordView } from './filters.ts';
import { formatCommitTimestamp, type RelationMessage, type TupleValues } from './pgoutput.ts';
import { valueJson, type ColumnType } from './pg-values.ts';
import { encodeTextFrameWithRawPayload } from './protocol.ts';
import type { ReplicatedTransaction, ReplicationStream, RowChange } from './replication.ts';
import type { ClaimSet, RlsChecker, RowsToCheck } from './rls.ts';
import type { ChannelClaims } from './channel.ts';

type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

/** STACK_REALTIME_DEBUG=1 logs every subscription and every change's matching and RLS outcome. */
const debug = process.env.STACK_REALTIME_DEBUG === '1';

interface Subscription {
  member: ChannelMember;
  id: number;
  event: ChangeEvent;
  filters: ColumnFilter[];
  /** Columns the role may select, or null when it may select all of them. */
  selectableColumns: Set<string> | null;
}

export type BindingResult =
  | { ok: true; bindings: Record<string, unknown>[] }
  | { ok: false; reason: string };

interface RelationView {
  relation: RelationMessage;
  types: ColumnType[];
  indexByName: Map<string, number>;
}

/** A subscription the change matched, with the claims its member had then (the RLS answer is for those). */
interface Candidate {
  subscription: Subscription;
  claims: ChannelClaims;
  claimsKey: string;
  bypassesRls: boolean;
}

/**
 * Who may see a change: `open` (no row-level security), `checked` (by the RLS answer of its batch), or
 * `closed` (row-level security with nothing to check it on: only roles that bypass RLS see it).
 */
type Access = 'open' | 'checked' | 'closed';

interface PreparedChange {
  change: RowChange;
  view: RelationView;
  commitTimestamp: string;
  rowSecurity: boolean;
  primaryKey: PrimaryKeyColumn[];
  candidates: Candidate[];
  access: Access;
  /** The RLS batch holding the row, and the row's index in it (when access is `checked`). */
  batch: ClaimBatch | null;
  rowIndex: number;
}

/** The claim sets a batch of rows is checked for, and the answer per claim set. */
interface ClaimBatch {
  claimSets: ClaimSet[];
  claimIndex: Map<string, number>;
  visibility: Uint8Array[];
}

/** The changed rows of one table in a batch (what the RLS check reads), and who is to see them. */
interface TableBatch extends RowsToCheck, ClaimBatch {}

/** The deleted rows of one table in a batch: their old values, checked against the SELECT policies. */
interface DeletedBatch extends ClaimBatch {
  tableOid: number;
  oldRows: Record<string, unknown>[];
}

/** A deterministic binding id (like the real server's phash2 of the params): equal bindings share it. */
export function bindingId(params: Record<string, unknown>): number {
  const text = JSON.stringify(Object.keys(params).sort().map((key) => [key, params[key]]));
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0) & 0x7ffffff;
}

function describe(event: string, schema: string, table: string, filters: ColumnFilter[]): string {
  const filterText = filters.map((filter) => `{${filter.column}, ${filter.operator}, ${filter.values.join(',')}}`).join(', ');
  return `[event: ${event}, schema: ${schema}, table: ${table}, filters: [${filterText}]]`;
}

function normalizeEvent(event: unknown): ChangeEvent {
  if (typeof event !== 'string') return '*';
  const upper = event.toUpperCase();
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*';
}

export class PostgresChanges {
  private readonly byTable = new Map<number, Set<Subscription>>();
  private readonly byMember = new Map<ChannelMember, Subscription[]>();
  private readonly relations = new Map<number, RelationView | Promise<RelationView>>();
  private readonly queue: ReplicatedTransaction[] = [];
  private processing = false;

  constructor(
    private readonly catalog: Catalog,
    private readonly rls: RlsChecker,
    replication: ReplicationStream,
    private readonly log: (line: string) => void,
  ) {
    replication.on('relation', (relation) => {
      this.relations.delete(relation.relationOid);
      this.catalog.invalidateTable(relation.relationOid);
    });
    replication.on('transaction', (transaction) => {
      this.queue.push(transaction);
      if (!this.processing) void this.drain();
    });
  }

  get subscriptionCount(): number {
    let count = 0;
    for (const subscriptions of this.byMember.values()) count += subscriptions.length;
    return count;
  }

  /** Validates a channel's bindings; on success they are active and echoed with their ids. */
  async subscribe(member: ChannelMember, bindings: unknown[]): Promise<BindingResult> {
    const created: { subscription: Subscription; tables: number[] }[] = [];
    const echoed: Record<string, unknown>[] = [];
    const role = await this.catalog.role(member.claims.role);
    if (!role.exists) return { ok: false, reason: `Unable to subscribe to changes: role "${member.claims.role}" does not exist` };
    for (const raw of bindings) {
      if (raw === null || raw === undefined) continue;
      if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: 'Unable to subscribe to changes: each postgres_changes binding must be an object' };
      const params = raw as Record<string, unknown>;
      const event = normalizeEvent(params.event);
      const schema = typeof params.schema === 'string' ? params.schema : 'public';
      const table = typeof params.table === 'string' ? params.table : '*';
      if (params.schema === undefined && params.table === undefined) {
        return { ok: false, reason: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}` };
      }
      let filters: ColumnFilter[];
      try {
        filters = parseFilter(typeof params.filter === 'string' ? params.filter : undefined);
      } catch (error) {
        if (error instanceof FilterError) return { ok: false, reason: error.message };
        throw error;
      }
      const described = describe(event, schema, table, filters);
      const tables = await this.catalog.subscriptionTables(member.claims.role, schema, table);
      const wildcard = schema === '*' || table === '*';
      const usable = tables.filter((candidate) => candidate.published && (candidate.canSelect || role.bypassRls));
      if (!wildcard) {
        const found = tables[0];
        if (!found || !found.published) {
          return { ok: false, reason: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${described}` };
        }
        if (!found.canSelect) {
          return { ok: false, reason: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${described}. Exception: permission denied for table ${found.table}` };
        }
        const missing = filters.find((filter) => !found.columnNames.includes(filter.column));
        if (missing) {
          return { ok: false, reason: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${described}. Exception: invalid column for filter ${missing.column}` };
        }
      } else if (usable.length === 0) {
        return { ok: false, reason: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${described}` };
      }
      const id = bindingId(params);
      const restricted = usable.some((candidate) => candidate.selectableColumnNames.length < candidate.columnNames.length);
      const selectableColumns = restricted ? new Set(usable.flatMap((candidate) => candidate.selectableColumnNames)) : null;
      created.push({ subscription: { member, id, event, filters, selectableColumns }, tables: usable.map((candidate) => candidate.oid) });
      echoed.push({ ...params, id });
    }
    if (member.closed) return { ok: true, bindings: echoed };
    const subscriptions: Subscription[] = [];
    for (const { subscription, tables } of created) {
      subscriptions.push(subscription);
      for (const oid of tables) {
        let set = this.byTable.get(oid);
        if (!set) {
          set = new Set();
          this.byTable.set(oid, set);
        }
        set.add(subscription);
      }
    }
    if (subscriptions.length > 0) this.byMember.set(member, subscriptions);
    if (debug) this.log(`debug subscribe ${member.topic} role=${member.claims.role} sub=${(JSON.parse(member.claims.claimsJson) as { sub?: string }).sub} tables=${created.map((entry) => entry.tables.join('+')).join(',')} filters=${created.map((entry) => entry.subscription.filters.map((filter) => `${filter.column}${filter.operator}${filter.values.join('|')}`).join('&')).join(',')}`);
    return { ok: true, bindings: echoed };
  }

  unsubscribe(member: ChannelMember): void {
    const subscriptions = this.byMember.get(member);
    if (!subscriptions) return;
    if (debug) this.log(`debug unsubscribe ${member.topic}`);
    this.byMember.delete(member);
    for (const [oid, set] of this.byTable) {
      for (const subscription of subscriptions) set.delete(subscription);
      if (set.size === 0) this.byTable.delete(oid);
    }
  }

  private async drain(): Promise<void> {
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.queue.length);
        try {
          await this.processBatch(batch);
        } catch (error) {
          this.log(`postgres_changes batch failed: ${(error as Error).stack ?? String(error)}`);
        }
      }
    } finally {
      this.processing = false;
    }
  }

  private relationView(relation: RelationMessage): RelationView | Promise<RelationView> {
    const cached = this.relations.get(relation.relationOid);
    if (cached && (cached instanceof Promise || cached.relation === relation)) return cached;
    const pending = this.catalog.columnTypes(relation.columns.map((column) => column.typeOid)).then((types) => {
      const view: RelationView = {
        relation,
        types: relation.columns.map((column) => types.get(column.typeOid)!),
        indexByName: new Map(relation.columns.map((column, index) => [column.name, index])),
      };
      if (this.relations.get(relation.relationOid) === pending) this.relations.set(relation.relationOid, view);
      return view;
    });
    pending.catch(() => this.relations.delete(relation.relationOid));
    this.relations.set(relation.relationOid, pending);
    return pending;
  }

  private async processBatch(transactions: ReplicatedTransaction[]): Promise<void> {
    const prepared: PreparedChange[] = [];
    const tableBatches = new Map<number, TableBatch>();
    const deletedBatches = new Map<number, DeletedBatch>();
    for (const transaction of transactions) {
      const commitTimestamp = formatCommitTimestamp(transaction.commitTime);
      for (const change of transaction.changes) {
        const subscriptions = this.byTable.get(change.relation.relationOid);
        if (debug) this.log(`debug change ${change.relation.schema}.${change.relation.table} ${change.type} commit=${commitTimestamp} subscribers=${subscriptions?.size ?? 0}`);
        if (!subscriptions || subscriptions.size === 0) continue;
        const view = await this.relationView(change.relation);
        const info = await this.catalog.tableInfo(change.relation.relationOid);
        const record = change.type === 'DELETE' ? recordView(view, change.oldTuple, change.oldKind) : recordView(view, change.newTuple, null);
        const candidates: Candidate[] = [];
        for (const subscription of subscriptions) {
          const { member } = subscription;
          if (member.closed) continue;
          if (subscription.event !== '*' && subscription.event !== change.type) continue;
          if (!passesFilters(subscription.filters, record)) continue;
          // The claims are taken now: whatever the RLS check answers is an answer for these claims only.
          const claims = member.claims;
          candidates.push({ subscription, claims, claimsKey: member.claimsKey, bypassesRls: this.catalog.bypassesRls(claims.role) });
        }
        if (candidates.length === 0) continue;
        const entry: PreparedChange = {
          change,
          view,
          commitTimestamp,
          rowSecurity: info.rowSecurity,
          primaryKey: info.primaryKey,
          candidates,
          access: 'open',
          batch: null,
          rowIndex: -1,
        };
        prepared.push(entry);
        if (!info.rowSecurity) continue;
        const toCheck = candidates.filter((candidate) => !candidate.bypassesRls);
        if (change.type === 'DELETE') {
          if (change.oldKind !== 'O') {
            // Without the old row nothing tells whose row it was: only roles that bypass RLS see it.
            entry.access = 'closed';
            continue;
          }
          entry.access = 'checked';
          if (toCheck.length === 0) continue;
          let batch = deletedBatches.get(change.relation.relationOid);
          if (!batch) {
            batch = { tableOid: change.relation.relationOid, oldRows: [], claimSets: [], claimIndex: new Map(), visibility: [] };
            deletedBatches.set(batch.tableOid, batch);
          }
          entry.batch = batch;
          entry.rowIndex = batch.oldRows.length;
          batch.oldRows.push(oldRowValues(view, change.oldTuple!));
          addClaimSets(batch, toCheck);
        } else if (info.primaryKey.length > 0) {
          entry.access = 'checked';
          if (toCheck.length === 0) continue;
          let batch = tableBatches.get(change.relation.relationOid);
          if (!batch) {
            batch = {
              tableOid: change.relation.relationOid,
              schema: change.relation.schema,
              table: change.relation.table,
              primaryKey: info.primaryKey,
              keys: [],
              xids: [],
              claimSets: [],
              claimIndex: new Map(),
              visibility: [],
            };
            tableBatches.set(batch.tableOid, batch);
          }
          entry.batch = batch;
          entry.rowIndex = batch.keys.length;
          if (!batch.xids.includes(transaction.xid)) batch.xids.push(transaction.xid);
          batch.keys.push(info.primaryKey.map((column) => {
            const index = view.indexByName.get(column.name);
            return (index === undefined ? null : change.newTuple?.[index]) ?? '';
          }));
          addClaimSets(batch, toCheck);
        }
        // A row without a primary key is sent with an error and no record, as Supabase does: nothing to check.
      }
    }
    if (prepared.length === 0) return;
    await Promise.all([
      ...[...tableBatches.values()].map(async (batch) => {
        batch.visibility = await this.rls.visibleRows(batch, batch.claimSets);
      }),
      ...[...deletedBatches.values()].map(async (batch) => {
        batch.visibility = await this.rls.visibleOldRows(batch.tableOid, batch.oldRows, batch.claimSets);
      }),
    ]);
    for (const entry of prepared) {
      const visible = entry.candidates.filter((candidate) => isVisible(entry, candidate)).map((candidate) => candidate.subscription);
      if (debug) this.log(`debug deliver ${entry.change.relation.table} ${entry.change.type} candidates=${entry.candidates.map((candidate) => candidate.subscription.member.topic).join(',')} visible=${visible.map((subscription) => subscription.member.topic).join(',')}`);
      if (visible.length > 0) this.deliver(entry, visible);
    }
  }

  private deliver(entry: PreparedChange, subscriptions: Subscription[]): void {
    // Bindings of one channel that match are reported together, in one message.
    const idsByMember = new Map<ChannelMember, { ids: number[]; selectable: Set<string> | null }>();
    for (const subscription of subscriptions) {
      if (subscription.member.closed) continue;
      const matched = idsByMember.get(subscription.member);
      if (matched) {
        if (!matched.ids.includes(subscription.id)) matched.ids.push(subscription.id);
      } else {
        idsByMember.set(subscription.member, { ids: [subscription.id], selectable: subscription.selectableColumns });
      }
    }
    const dataByColumns = new Map<Set<string> | null, string>();
    const frames = new Map<string, Buffer>();
    for (const [member, { ids, selectable }] of idsByMember) {
      let data = dataByColumns.get(selectable);
      if (data === undefined) {
        data = changeData(entry, selectable);
        dataByColumns.set(selectable, data);
      }
      const idsJson = ids.length === 1 ? `[${ids[0]}]` : JSON.stringify(ids);
      const key = `${member.socket.version}\u0000${member.topic}\u0000${idsJson}\u0000${selectable === null ? '' : [...selectable].join(',')}`;
      let frame = frames.get(key);
      if (!frame) {
        frame = Buffer.from(encodeTextFrameWithRawPayload(null, null, member.topic, 'postgres_changes', `{"ids":${idsJson},"data":${data}}`, member.socket.version));
        frames.set(key, frame);
      }
      member.socket.sendText(frame);
    }
  }
}

function addClaimSets(batch: ClaimBatch, candidates: Candidate[]): void {
  for (const { claims, claimsKey } of candidates) {
    if (batch.claimIndex.has(claimsKey)) continue;
    batch.claimIndex.set(claimsKey, batch.claimSets.length);
    batch.claimSets.push({ role: claims.role, claimsJson: claims.claimsJson });
  }
}

/** Fail closed: a subscriber sees a checked row only with an answer for the very claims it was checked for. */
function isVisible(entry: PreparedChange, candidate: Candidate): boolean {
  if (entry.access === 'open' || candidate.bypassesRls) return true;
  if (entry.access === 'closed' || !entry.batch) return false;
  const claim = entry.batch.claimIndex.get(candidate.claimsKey);
  return claim !== undefined && entry.batch.visibility[claim]?.[entry.rowIndex] === 1;
}

/** A deleted row's old values by column name (text as pgoutput sends it; JSON columns parsed), for the policies. */
function oldRowValues(view: RelationView, tuple: TupleValues): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  view.relation.columns.forEach((column, index) => {
    const value = tuple[index];
    if (value === undefined) return;
    const type = view.types[index]!;
    if (value !== null && type.kind === 'json' && type.elementKind === null) {
      try {
        row[column.name] = JSON.parse(value);
        return;
      } catch {
        // Not JSON after all: handed over as text.
      }
    }
    row[column.name] = value;
  });
  return row;
}

/** A tuple seen through its relation, for filters. */
function recordView(view: RelationView, tuple: TupleValues | null, oldKind: 'K' | 'O' | null): RecordView {
  return {
    indexOf: (column) => view.indexByName.get(column),
    valueAt: (index) => {
      if (!tuple) return undefined;
      // A key-only old tuple carries placeholders (null) for non-key columns.
      if (oldKind === 'K' && !view.relation.columns[index]!.isKey) return undefined;
      return tuple[index];
    },
    kindAt: (index) => view.types[index]!.kind,
    typeNameAt: (index) => view.types[index]!.name,
  };
}

function objectJson(view: RelationView, pick: (index: number) => string | null | undefined, include: (index: number) => boolean): string {
  const parts: string[] = [];
  const { columns } = view.relation;
  for (let index = 0; index < columns.length; index++) {
    if (!include(index)) continue;
    const value = pick(index);
    if (value === undefined) continue;
    parts.push(`${JSON.stringify(columns[index]!.name)}:${valueJson(value, view.types[index]!)}`);
  }
  return `{${parts.join(',')}}`;
}

/** The `data` of a postgres_changes event, as JSON text. */
function changeData(entry: PreparedChange, selectable: Set<string> | null): string {
  const { change, view } = entry;
  const { relation } = view;
  const isSelectable = (index: number) => selectable === null || selectable.has(relation.columns[index]!.name);
  const primaryKeyNames = new Set(entry.primaryKey.map((column) => column.name));
  const isPrimaryKey = (index: number) => primaryKeyNames.has(relation.columns[index]!.name);
  const columns = relation.columns
    .map((column, index) => (isSelectable(index) ? `{"name":${JSON.stringify(column.name)},"type":${JSON.stringify(view.types[index]!.name)}}` : null))
    .filter((column): column is string => column !== null);
  const head = `{"schema":${JSON.stringify(relation.schema)},"table":${JSON.stringify(relation.table)},"commit_timestamp":"${entry.commitTimestamp}","type":"${change.type}"`;
  if (change.type !== 'DELETE' && entry.primaryKey.length === 0) {
    return `${head},"columns":[],"record":{},"errors":["Error 400: Bad Request, no primary key"]}`;
  }
  const parts = [head, `"columns":[${columns.join(',')}]`];
  if (change.type === 'INSERT' || change.type === 'UPDATE') {
    const newTuple = change.newTuple!;
    const oldFull = change.oldKind === 'O' ? change.oldTuple : null;
    // An unchanged TOASTed value is not in the new tuple; the full old row has it when REPLICA IDENTITY FULL.
    parts.push(`"record":${objectJson(view, (index) => (newTuple[index] === undefined ? oldFull?.[index] : newTuple[index]), isSelectable)}`);
  }
  if (change.type === 'UPDATE') {
    const old = change.oldTuple;
    // As on Supabase, the previous values of a row-level-secured table are not sent: its primary key only.
    const oldRecord = entry.rowSecurity
      ? objectJson(view, (index) => (old ?? change.newTuple!)[index], (index) => isSelectable(index) && isPrimaryKey(index))
      : change.oldKind === 'O'
      ? objectJson(view, (index) => old![index], isSelectable)
      : change.oldKind === 'K'
        ? objectJson(view, (index) => old![index], (index) => isSelectable(index) && relation.columns[index]!.isKey)
        : objectJson(view, (index) => change.newTuple![index], (index) => isSelectable(index) && relation.columns[index]!.isKey);
    parts.push(`"old_record":${oldRecord}`);
  } else if (change.type === 'DELETE') {
    const old = change.oldTuple!;
    // As on Supabase, a deleted row of a table with RLS shows only its primary key (even to whom it was visible).
    const include = entry.rowSecurity
      ? (index: number) => isSelectable(index) && isPrimaryKey(index)
      : change.oldKind === 'K'
        ? (index: number) => isSelectable(index) && relation.columns[index]!.isKey
        : isSelectable;
    parts.push(`"old_record":${objectJson(view, (index) => old[index], include)}`);
  }
  parts.push('"errors":null}');
  return parts.join(',');
}
