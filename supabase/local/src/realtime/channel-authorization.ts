/**
 * Private channels, authorized as hosted Realtime authorizes them: by the project's RLS policies on
 * realtime.messages, evaluated with the joining user's role and JWT claims and realtime.topic() set to the
 * channel's topic (select = may receive, insert = may send). The SQL lives in the bootstrap's _realtime
 * helpers (receivable_extensions, may_send); this is the service's side of it. Any error means "not allowed".
 */
import pg from 'pg';
import type { ChannelClaims } from './channel.ts';

export type RealtimeExtension = 'broadcast' | 'presence';

export interface ReadAccess {
  broadcast: boolean;
  presence: boolean;
}

/** The reason hosted Realtime gives for a refused private join (and a refused token refresh). */
export function unauthorizedReadReason(subTopic: string): string {
  return `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;
}

export class ChannelAuthorizer {
  private readonly pool: pg.Pool;

  constructor(dbUrl: string, private readonly log: (line: string) => void) {
    this.pool = new pg.Pool({ connectionString: dbUrl, max: 2, idleTimeoutMillis: 30_000, application_name: 'local_realtime_authorization' });
    this.pool.on('error', (error) => this.log(`authorization connection lost: ${error.message}`));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /**
   * What the user may receive on a private topic. Presence is always asked too (hosted asks only when the
   * join enables it), so a channel that starts tracking later already knows.
   */
  async readAccess(subTopic: string, claims: ChannelClaims): Promise<ReadAccess> {
    const extensions: RealtimeExtension[] = ['broadcast', 'presence'];
    try {
      const result = await this.pool.query<{ readable: string[] }>(
        'select _realtime.receivable_extensions($1, $2, $3, $4) as readable',
        [subTopic, claims.role, claims.claimsJson, extensions],
      );
      const readable = new Set(result.rows[0]?.readable ?? []);
      return { broadcast: readable.has('broadcast'), presence: readable.has('presence') };
    } catch (error) {
      this.log(`private channel read check on ${subTopic} failed: ${(error as Error).message}`);
      return { broadcast: false, presence: false };
    }
  }

  /** Whether the user may send this extension's messages on a private topic. */
  async maySend(subTopic: string, claims: ChannelClaims, extension: RealtimeExtension): Promise<boolean> {
    try {
      const result = await this.pool.query<{ allowed: boolean }>(
        'select _realtime.may_send($1, $2, $3, $4) as allowed',
        [subTopic, claims.role, claims.claimsJson, extension],
      );
      return result.rows[0]?.allowed === true;
    } catch (error) {
      this.log(`private channel write check on ${subTopic} failed: ${(error as Error).message}`);
      return false;
    }
  }
}
