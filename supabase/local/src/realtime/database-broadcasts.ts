/**
 * Broadcast from the database (`realtime.send()`), as hosted Realtime's broadcast-changes replication does
 * it: every committed insert into realtime.messages (its partitions publish as `messages_*` through
 * `supabase_realtime_messages_publication`) becomes a broadcast {type:'broadcast', event, payload} on the
 * channel `realtime:<topic>` — private or public per the row's `private` — to the members that joined it.
 * A private member was admitted by realtime.messages' select policies with its own claims at join (and
 * again on every access_token), which is where hosted checks them too; the delivery itself re-checks
 * nothing, so a message about a user who just lost access (deactivated) still reaches them.
 * Rolled-back transactions never reach the stream, so their messages are never delivered. Delivery waits
 * until the transaction is visible to new snapshots, so a client that re-reads on the message sees it.
 */
import pg from 'pg';
import { topicKey } from './channel.ts';
import type { TopicHub } from './hub.ts';
import type { ReplicatedTransaction, ReplicationStream, RowChange } from './replication.ts';

const MESSAGES_SCHEMA = 'realtime';
const MESSAGES_TABLE = 'messages';
/** How long delivery waits for a streamed commit to become visible before sending anyway. */
const VISIBILITY_WAIT = '2 seconds';

/** One realtime.messages row to broadcast. */
export interface DatabaseBroadcast {
  id: string | null;
  topic: string;
  event: string;
  /** JSON text of the payload. */
  payloadJson: string;
  isPrivate: boolean;
}

function isMessagesRelation(change: RowChange): boolean {
  const { schema, table } = change.relation;
  return schema === MESSAGES_SCHEMA && (table === MESSAGES_TABLE || table.startsWith(`${MESSAGES_TABLE}_`));
}

/** The broadcast a replicated realtime.messages insert stands for, or null when it carries none. */
export function broadcastOfInsert(change: RowChange): DatabaseBroadcast | null {
  if (change.type !== 'INSERT' || !change.newTuple || !isMessagesRelation(change)) return null;
  const value = (name: string): string | null => {
    const index = change.relation.columns.findIndex((column) => column.name === name);
    const text = index < 0 ? null : change.newTuple![index];
    return typeof text === 'string' ? text : null;
  };
  const topic = value('topic');
  const event = value('event');
  const payloadJson = value('payload');
  // Only Broadcast rows travel; binary payloads (binary_payload) are not sent from SQL by realtime.send.
  if (value('extension') !== 'broadcast' || topic === null || event === null || payloadJson === null) return null;
  return { id: value('id'), topic, event, payloadJson, isPrivate: value('private') === 't' };
}

export class DatabaseBroadcasts {
  private readonly pool: pg.Pool;
  private readonly queue: ReplicatedTransaction[] = [];
  private draining = false;

  constructor(dbUrl: string, replication: ReplicationStream, private readonly hub: TopicHub, private readonly log: (line: string) => void) {
    this.pool = new pg.Pool({ connectionString: dbUrl, max: 1, idleTimeoutMillis: 30_000, application_name: 'local_realtime_database_broadcasts' });
    this.pool.on('error', (error) => this.log(`database broadcast connection lost: ${error.message}`));
    replication.on('transaction', (transaction) => {
      if (!transaction.changes.some((change) => change.type === 'INSERT' && isMessagesRelation(change))) return;
      this.queue.push(transaction);
      if (!this.draining) void this.drain();
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** Delivers in commit order, one transaction after the other. */
  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        const transaction = this.queue.shift()!;
        await this.awaitVisible(transaction.xid);
        for (const change of transaction.changes) {
          const message = broadcastOfInsert(change);
          if (message) this.deliver(message);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async awaitVisible(xid: number): Promise<void> {
    try {
      await this.pool.query(`select _realtime.await_visible_transactions($1, interval '${VISIBILITY_WAIT}')`, [[xid]]);
    } catch (error) {
      this.log(`database broadcast visibility wait failed: ${(error as Error).message}`);
    }
  }

  private deliver(message: DatabaseBroadcast): void {
    const topic = `realtime:${message.topic}`;
    const meta = message.id === null ? null : JSON.stringify({ id: message.id });
    this.hub.broadcast(topicKey(topic, message.isPrivate), topic, { event: message.event, payload: { encoding: 'json', json: message.payloadJson }, meta }, null);
  }
}
