/**
 * The logical replication stream behind postgres_changes and Broadcast from the database: a temporary
 * pgoutput slot on the `supabase_realtime` publication and on `supabase_realtime_messages_publication`
 * (realtime.messages, as hosted Realtime's broadcast-changes replication reads it), so every committed
 * change is seen whatever wrote it (PostgREST, functions, plain SQL). A temporary slot never holds WAL back once the service is gone. When the
 * connection drops (Postgres restarting, the network), it reconnects with backoff and a fresh slot.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { decodePgoutput, type RelationMessage, type TupleValues } from './pgoutput.ts';

export interface RowChange {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  relation: RelationMessage;
  newTuple: TupleValues | null;
  oldTuple: TupleValues | null;
  /** 'K': old tuple holds only the replica identity key; 'O': the full old row. */
  oldKind: 'K' | 'O' | null;
}

export interface ReplicatedTransaction {
  /** The transaction id (32 bits, as pgoutput sends it). */
  xid: number;
  /** Microseconds since 2000-01-01 UTC. */
  commitTime: bigint;
  changes: RowChange[];
}

export interface ReplicationEvents {
  transaction: [ReplicatedTransaction];
  relation: [RelationMessage];
  streaming: [];
  interrupted: [Error];
}

/** postgres_changes' publication, and the one whose realtime.messages inserts become broadcasts. */
const PUBLICATIONS = 'supabase_realtime,supabase_realtime_messages_publication';
const STATUS_INTERVAL_MS = 10_000;
const BACKOFF_MS = [250, 500, 1000, 2000, 5000];
/** Microseconds between the Unix epoch and 2000-01-01. */
const POSTGRES_EPOCH_MICROS = 946_684_800_000_000n;

export class ReplicationStream extends EventEmitter<ReplicationEvents> {
  private client: pg.Client | null = null;
  private stopped = true;
  private streaming = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private statusTimer: NodeJS.Timeout | null = null;
  private readonly relations = new Map<number, RelationMessage>();
  private current: ReplicatedTransaction | null = null;
  private confirmedLsn = 0n;
  private slotCounter = 0;

  constructor(private readonly dbUrl: string, private readonly log: (line: string) => void) {
    super();
  }

  /** True while changes are flowing: subscriptions made now will see every later commit. */
  get isStreaming(): boolean {
    return this.streaming;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.dropConnection();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.dbUrl,
      replication: 'database',
      // Text output as Supabase's realtime session sees it: ISO dates, UTC.
      options: '-c DateStyle=ISO -c TimeZone=UTC -c IntervalStyle=postgres -c extra_float_digits=1',
      application_name: 'local_realtime_replication',
    } as pg.ClientConfig);
    this.client = client;
    let failed = false;
    const fail = (error: Error) => {
      if (failed || this.client !== client) return;
      failed = true;
      void this.onInterrupted(client, error);
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('replication connection closed')));
    try {
      await client.connect();
      const slot = `realtime_local_${process.pid}_${++this.slotCounter}`;
      await client.query(`CREATE_REPLICATION_SLOT "${slot}" TEMPORARY LOGICAL pgoutput NOEXPORT_SNAPSHOT`);
      const connection = (client as unknown as { connection: EventEmitter & { sendCopyFromChunk(chunk: Buffer): void } }).connection;
      connection.once('replicationStart', () => {
        if (this.client !== client) return;
        this.attempt = 0;
        this.streaming = true;
        this.relations.clear();
        this.current = null;
        this.statusTimer = setInterval(() => this.sendStatus(false), STATUS_INTERVAL_MS);
        this.log(`replication streaming from publications ${PUBLICATIONS}`);
        this.emit('streaming');
      });
      connection.on('copyData', (message: { chunk: Buffer }) => {
        if (this.client !== client) return;
        try {
          this.onCopyData(message.chunk);
        } catch (error) {
          fail(error instanceof Error ? error : new Error(String(error)));
        }
      });
      // Resolves only when the stream ends; errors surface through the handlers above.
      client.query(`START_REPLICATION SLOT "${slot}" LOGICAL 0/0 (proto_version '1', publication_names '${PUBLICATIONS}')`).catch((error: Error) => fail(error));
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private async onInterrupted(client: pg.Client, error: Error): Promise<void> {
    const wasStreaming = this.streaming;
    if (this.client === client) await this.dropConnection();
    if (this.stopped) return;
    if (wasStreaming) this.emit('interrupted', error);
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]!;
    this.attempt++;
    this.log(`replication unavailable (${error.message}); retrying in ${delay} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private async dropConnection(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.streaming = false;
    this.current = null;
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.statusTimer = null;
    if (!client) return;
    client.removeAllListeners('error');
    client.on('error', () => {});
    await client.end().catch(() => {});
  }

  private onCopyData(chunk: Buffer): void {
    const kind = chunk[0];
    if (kind === 0x77 /* w: XLogData */) {
      this.onMessage(chunk.subarray(25));
    } else if (kind === 0x6b /* k: keepalive */) {
      const walEnd = chunk.readBigUInt64BE(1);
      if (this.current === null && walEnd > this.confirmedLsn) this.confirmedLsn = walEnd;
      if (chunk[17] === 1) this.sendStatus(false);
    }
  }

  private onMessage(data: Buffer): void {
    const message = decodePgoutput(data);
    switch (message.tag) {
      case 'relation':
        this.relations.set(message.relationOid, message);
        this.emit('relation', message);
        return;
      case 'begin':
        this.current = { xid: message.xid, commitTime: message.commitTime, changes: [] };
        return;
      case 'commit': {
        const transaction = this.current;
        this.current = null;
        if (message.endLsn > this.confirmedLsn) this.confirmedLsn = message.endLsn;
        if (transaction && transaction.changes.length > 0) this.emit('transaction', transaction);
        return;
      }
      case 'insert':
      case 'update':
      case 'delete': {
        const relation = this.relations.get(message.relationOid);
        if (!relation || !this.current) throw new Error('pgoutput: change outside a transaction or before its relation');
        if (message.tag === 'insert') {
          this.current.changes.push({ type: 'INSERT', relation, newTuple: message.newTuple, oldTuple: null, oldKind: null });
        } else if (message.tag === 'update') {
          this.current.changes.push({ type: 'UPDATE', relation, newTuple: message.newTuple, oldTuple: message.oldTuple, oldKind: message.oldKind });
        } else {
          this.current.changes.push({ type: 'DELETE', relation, newTuple: null, oldTuple: message.oldTuple, oldKind: message.oldKind });
        }
        return;
      }
      default:
        return;
    }
  }

  /** Standby status update: everything up to confirmedLsn is processed, so Postgres may recycle that WAL. */
  private sendStatus(replyRequested: boolean): void {
    const connection = (this.client as unknown as { connection?: { sendCopyFromChunk(chunk: Buffer): void } } | null)?.connection;
    if (!connection || !this.streaming) return;
    const status = Buffer.alloc(34);
    status[0] = 0x72; // 'r'
    status.writeBigUInt64BE(this.confirmedLsn, 1);
    status.writeBigUInt64BE(this.confirmedLsn, 9);
    status.writeBigUInt64BE(this.confirmedLsn, 17);
    status.writeBigInt64BE(BigInt(Date.now()) * 1000n - POSTGRES_EPOCH_MICROS, 25);
    status[33] = replyRequested ? 1 : 0;
    connection.sendCopyFromChunk(status);
  }
}
