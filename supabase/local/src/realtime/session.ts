/**
 * One websocket connection speaking the Phoenix channel protocol realtime-js uses: heartbeats on topic
 * `phoenix`, and per topic phx_join / phx_leave / access_token / broadcast / presence. Messages are handled
 * in arrival order; a join (which may query the database) holds back the socket's later messages until it
 * has replied, so replies and pushes reach the client in the order Phoenix guarantees.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { checkAccessToken } from './auth.ts';
import { ChannelMember, presenceKeyFor, type ChannelClaims, type ChannelSocket } from './channel.ts';
import { unauthorizedReadReason, type ChannelAuthorizer } from './channel-authorization.ts';
import type { PostgresChanges } from './changes.ts';
import type { TopicHub } from './hub.ts';
import {
  decodeBinaryFrame,
  decodeTextFrame,
  encodeTextFrame,
  ProtocolError,
  type PhoenixMessage,
  type ProtocolVersion,
  type UserBroadcast,
} from './protocol.ts';
import type { ReplicationStream } from './replication.ts';

export interface SessionContext {
  jwtSecret: string;
  hub: TopicHub;
  authorizer: ChannelAuthorizer;
  changes: PostgresChanges;
  replication: ReplicationStream;
  log: (line: string) => void;
}

/** Most a socket may have queued before it is treated as stalled and closed. */
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
/** Longest a timer can wait (setTimeout's limit). */
const MAX_TIMER_MS = 2_147_483_647;

type Incoming = { kind: 'message'; message: PhoenixMessage } | { kind: 'broadcast'; joinRef: string | null; ref: string | null; topic: string; broadcast: UserBroadcast };

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export class Session implements ChannelSocket {
  private readonly channels = new Map<string, ChannelMember>();
  private readonly backlog: Incoming[] = [];
  private busy = false;
  private closed = false;
  lastSeen = Date.now();

  constructor(
    private readonly ws: WebSocket,
    readonly version: ProtocolVersion,
    private readonly apiKey: string,
    private readonly context: SessionContext,
  ) {
    ws.on('message', (data, isBinary) => this.onFrame(data as Buffer | Buffer[] | ArrayBuffer, isBinary));
    ws.on('close', () => this.onClose());
    ws.on('error', () => this.onClose());
  }

  sendText(frame: string | Buffer): void {
    if (this.closed) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.context.log('closing a socket that stopped reading');
      this.ws.terminate();
      return;
    }
    this.ws.send(frame, { binary: false });
  }

  sendBinary(frame: Buffer): void {
    if (this.closed) return;
    this.ws.send(frame, { binary: true });
  }

  /** Closes the connection (used by the server's shutdown and idle checks). */
  close(code = 1000, reason = ''): void {
    this.ws.close(code, reason);
  }

  terminate(): void {
    this.ws.terminate();
  }

  private push(message: PhoenixMessage): void {
    this.sendText(encodeTextFrame(message, this.version));
  }

  private reply(message: PhoenixMessage, status: 'ok' | 'error', response: unknown): void {
    this.push({ join_ref: message.join_ref, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } });
  }

  private onFrame(data: Buffer | Buffer[] | ArrayBuffer, isBinary: boolean): void {
    this.lastSeen = Date.now();
    const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let incoming: Incoming;
    try {
      if (isBinary) {
        if (this.version !== '2.0.0') throw new ProtocolError('binary frames need protocol 2.0.0');
        const decoded = decodeBinaryFrame(buffer);
        incoming = { kind: 'broadcast', joinRef: decoded.join_ref, ref: decoded.ref, topic: decoded.topic, broadcast: decoded.broadcast };
      } else {
        incoming = { kind: 'message', message: decodeTextFrame(buffer.toString('utf8'), this.version) };
      }
    } catch (error) {
      if (error instanceof ProtocolError) {
        this.context.log(`dropping a malformed frame: ${error.message}`);
        return;
      }
      throw error;
    }
    if (this.busy) {
      this.backlog.push(incoming);
      return;
    }
    this.handle(incoming);
  }

  private handle(incoming: Incoming): void {
    let pending: Promise<void> | void;
    try {
      pending = incoming.kind === 'broadcast' ? this.onBinaryBroadcast(incoming) : this.onMessage(incoming.message);
    } catch (error) {
      // One bad message must not take the service (and every other socket) down.
      this.context.log(`channel error: ${(error as Error).stack ?? String(error)}`);
      return;
    }
    if (pending) {
      this.busy = true;
      void pending
        .catch((error: unknown) => this.context.log(`channel error: ${(error as Error).stack ?? String(error)}`))
        .finally(() => {
          this.busy = false;
          while (!this.busy && this.backlog.length > 0) this.handle(this.backlog.shift()!);
        });
    }
  }

  private onMessage(message: PhoenixMessage): Promise<void> | void {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.reply(message, 'ok', {});
      return;
    }
    if (message.event === 'phx_join') return this.join(message);
    if (message.event === 'phx_leave') return this.leave(message);
    if (!this.channels.has(message.topic)) {
      // As Phoenix answers a push to a topic this socket has not joined.
      this.reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (message.event) {
      case 'access_token':
        return this.refreshToken(message);
      case 'broadcast':
        return this.onJsonBroadcast(message);
      case 'presence':
        return this.onPresence(message);
      default:
        return;
    }
  }

  private async join(message: PhoenixMessage): Promise<void> {
    const payload = asObject(message.payload);
    const config = asObject(payload.config);
    const broadcastConfig = asObject(config.broadcast);
    const presenceConfig = asObject(config.presence);
    const topic = message.topic;
    if (!topic.startsWith('realtime:') || topic === 'realtime:') {
      this.reply(message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return;
    }
    // A second join of a topic replaces the first, as in Phoenix.
    const existing = this.channels.get(topic);
    if (existing) {
      this.removeChannel(existing);
      this.push({ join_ref: existing.joinRef, ref: null, topic, event: 'phx_close', payload: {} });
    }
    const token = typeof payload.access_token === 'string' && payload.access_token !== '' && !payload.access_token.startsWith('sb_')
      ? payload.access_token
      : this.apiKey;
    const checked = checkAccessToken(token, this.context.jwtSecret);
    if (!checked.ok) {
      this.reply(message, 'error', { reason: checked.reason });
      return;
    }
    const isPrivate = config.private === true;
    const claims: ChannelClaims = { role: checked.role, claimsJson: JSON.stringify(checked.claims), exp: checked.exp };
    const presenceEnabled = presenceConfig.enabled === true;
    const requestedPresenceKey = typeof presenceConfig.key === 'string' && presenceConfig.key !== '' ? presenceConfig.key : randomUUID();
    // Private channels: the policies on realtime.messages decide, with this user's claims, as on hosted Supabase.
    const access = isPrivate ? await this.context.authorizer.readAccess(topic.slice('realtime:'.length), claims) : null;
    if (this.closed) return;
    if (access && !access.broadcast) {
      this.reply(message, 'error', { reason: unauthorizedReadReason(topic.slice('realtime:'.length)) });
      return;
    }
    const member = new ChannelMember(
      this,
      topic,
      message.join_ref,
      {
        ack: broadcastConfig.ack === true,
        self: broadcastConfig.self === true,
        presenceKey: presenceKeyFor(checked.claims, requestedPresenceKey),
        requestedPresenceKey,
        presenceEnabled,
        isPrivate,
      },
      claims,
    );
    if (access) member.privateAccess = { presenceReadable: access.presence, mayBroadcast: null, mayTrack: null };
    const bindings = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : [];
    let echoed: Record<string, unknown>[] = [];
    if (bindings.length > 0) {
      this.channels.set(topic, member);
      let result;
      try {
        result = await this.context.changes.subscribe(member, bindings);
      } catch (error) {
        this.channels.delete(topic);
        member.closed = true;
        this.context.changes.unsubscribe(member);
        this.context.log(`postgres_changes subscription failed: ${(error as Error).message}`);
        this.reply(message, 'error', { reason: 'UnableToConnectToProject: Realtime was unable to connect to the project database' });
        return;
      }
      if (this.closed || this.channels.get(topic) !== member) {
        this.context.changes.unsubscribe(member);
        return;
      }
      if (!result.ok) {
        this.channels.delete(topic);
        member.closed = true;
        this.reply(message, 'error', { reason: `RealtimeDisabledForConfiguration: ${result.reason}` });
        return;
      }
      echoed = result.bindings;
    }
    this.channels.set(topic, member);
    this.context.hub.add(member);
    this.scheduleExpiry(member);
    this.reply(message, 'ok', { postgres_changes: echoed });
    if (echoed.length > 0) this.announceSubscribed(member);
    if (member.receivesPresence) this.pushPresenceState(member);
  }

  /** "Subscribed to PostgreSQL" once replication is streaming, so later commits are sure to be seen. */
  private announceSubscribed(member: ChannelMember): void {
    const send = () => {
      if (member.closed) return;
      this.push({
        join_ref: member.joinRef,
        ref: null,
        topic: member.topic,
        event: 'system',
        payload: { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: member.subTopic },
      });
    };
    if (this.context.replication.isStreaming) send();
    else this.context.replication.once('streaming', send);
  }

  private pushPresenceState(member: ChannelMember): void {
    this.push({ join_ref: member.joinRef, ref: null, topic: member.topic, event: 'presence_state', payload: this.context.hub.presenceState(member) });
  }

  private scheduleExpiry(member: ChannelMember): void {
    if (member.expiryTimer) clearTimeout(member.expiryTimer);
    const remaining = member.claims.exp * 1000 - Date.now();
    member.expiryTimer = setTimeout(() => {
      member.expiryTimer = null;
      // A refreshed token (access_token) moves the expiry; only a token really past it ends the channel.
      const now = Date.now();
      if (member.claims.exp * 1000 <= now) this.shutdown(member, `Token has expired ${Math.floor(now / 1000) - member.claims.exp} seconds ago`);
      else this.scheduleExpiry(member);
    }, Math.min(Math.max(remaining, 0), MAX_TIMER_MS));
    member.expiryTimer.unref();
  }

  /** Ends a channel from the server side: a `system` error then phx_close, as the real server's shutdown does. */
  private shutdown(member: ChannelMember, reason: string): void {
    if (member.closed) return;
    this.push({ join_ref: member.joinRef, ref: null, topic: member.topic, event: 'system', payload: { extension: 'system', status: 'error', message: reason, channel: member.subTopic } });
    this.removeChannel(member);
    this.push({ join_ref: member.joinRef, ref: null, topic: member.topic, event: 'phx_close', payload: {} });
  }

  private leave(message: PhoenixMessage): void {
    const member = this.channels.get(message.topic);
    if (member) this.removeChannel(member);
    this.reply(message, 'ok', {});
  }

  private async refreshToken(message: PhoenixMessage): Promise<void> {
    const member = this.channels.get(message.topic);
    if (!member) return;
    const token = asObject(message.payload).access_token;
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_')) return;
    const checked = checkAccessToken(token, this.context.jwtSecret);
    if (!checked.ok) {
      this.shutdown(member, checked.reason);
      return;
    }
    const claims: ChannelClaims = { role: checked.role, claimsJson: JSON.stringify(checked.claims), exp: checked.exp };
    if (member.privateAccess) {
      // New claims, new rights: a private channel is authorized again, as on a join.
      const access = await this.context.authorizer.readAccess(member.subTopic, claims);
      if (member.closed) return;
      if (!access.broadcast) {
        this.shutdown(member, unauthorizedReadReason(member.subTopic));
        return;
      }
      member.privateAccess = { presenceReadable: access.presence, mayBroadcast: null, mayTrack: null };
    }
    const presenceKey = presenceKeyFor(checked.claims, member.options.requestedPresenceKey);
    if (presenceKey !== member.options.presenceKey) {
      // Another user now: what the previous one tracked leaves with them.
      this.context.hub.untrack(member);
      member.options.presenceKey = presenceKey;
    }
    member.setClaims(claims);
    this.scheduleExpiry(member);
  }

  /** Whether the member may send this kind of message (always on public channels; by policy on private ones). */
  private async maySend(member: ChannelMember, extension: 'broadcast' | 'presence'): Promise<boolean> {
    const access = member.privateAccess;
    if (!access) return true;
    const cached = extension === 'broadcast' ? access.mayBroadcast : access.mayTrack;
    if (cached !== null) return cached;
    const claims = member.claims;
    const allowed = await this.context.authorizer.maySend(member.subTopic, claims, extension);
    // Remembered only while the claims it was checked for are still the member's.
    if (member.claims === claims && member.privateAccess === access) {
      if (extension === 'broadcast') access.mayBroadcast = allowed;
      else access.mayTrack = allowed;
    }
    return allowed && member.claims === claims;
  }

  private onJsonBroadcast(message: PhoenixMessage): Promise<void> | void {
    const member = this.channels.get(message.topic);
    if (!member) return;
    const payload = asObject(message.payload);
    const event = typeof payload.event === 'string' ? payload.event : '';
    const body = payload.payload === undefined ? {} : payload.payload;
    const relay = () => {
      this.context.hub.broadcast(member.topicKey, member.topic, { event, payload: { encoding: 'json', json: JSON.stringify(body) }, meta: null }, member);
      if (member.options.ack) this.reply(message, 'ok', {});
    };
    return this.whenAllowed(member, 'broadcast', relay);
  }

  private onBinaryBroadcast(incoming: Extract<Incoming, { kind: 'broadcast' }>): Promise<void> | void {
    const member = this.channels.get(incoming.topic);
    if (!member) return;
    const relay = () => {
      // Client metadata (e.g. `persist`) concerns storage this stack does not offer; it is not relayed.
      this.context.hub.broadcast(member.topicKey, member.topic, { ...incoming.broadcast, meta: null }, member);
      if (member.options.ack) {
        this.push({ join_ref: incoming.joinRef, ref: incoming.ref, topic: incoming.topic, event: 'phx_reply', payload: { status: 'ok', response: {} } });
      }
    };
    return this.whenAllowed(member, 'broadcast', relay);
  }

  /**
   * Runs `send` if the member may send; a refused private broadcast is dropped without a reply, as hosted
   * Realtime drops it. Synchronous once the answer is known, so broadcasts keep their pace.
   */
  private whenAllowed(member: ChannelMember, extension: 'broadcast' | 'presence', send: () => void, refused?: () => void): Promise<void> | void {
    const access = member.privateAccess;
    const known = !access ? true : extension === 'broadcast' ? access.mayBroadcast : access.mayTrack;
    if (known === true) return send();
    if (known === false) return refused?.();
    return this.maySend(member, extension).then((allowed) => {
      if (member.closed) return;
      if (allowed) send();
      else refused?.();
    });
  }

  private onPresence(message: PhoenixMessage): Promise<void> | void {
    const member = this.channels.get(message.topic);
    if (!member) return;
    const payload = asObject(message.payload);
    if (payload.event === 'track') {
      const meta = payload.payload === undefined ? {} : payload.payload;
      if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
        this.reply(message, 'error', { reason: 'Presence track payload must be a map' });
        return;
      }
      const track = () => {
        // Tracking turns presence on for this channel, which then needs the current state.
        const enabledNow = !member.options.presenceEnabled;
        member.options.presenceEnabled = true;
        this.reply(message, 'ok', {});
        if (enabledNow && member.receivesPresence) this.pushPresenceState(member);
        this.context.hub.track(member, meta as Record<string, unknown>);
      };
      return this.whenAllowed(member, 'presence', track, () => this.reply(message, 'error', { reason: 'You do not have permissions to track presence on this Channel topic' }));
    } else if (payload.event === 'untrack') {
      this.reply(message, 'ok', {});
      this.context.hub.untrack(member);
    } else {
      this.reply(message, 'error', { reason: 'unknown presence event' });
    }
  }

  private removeChannel(member: ChannelMember): void {
    if (member.closed) return;
    member.closed = true;
    if (member.expiryTimer) clearTimeout(member.expiryTimer);
    member.expiryTimer = null;
    if (this.channels.get(member.topic) === member) this.channels.delete(member.topic);
    this.context.changes.unsubscribe(member);
    this.context.hub.remove(member);
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    if (process.env.STACK_REALTIME_DEBUG === '1') this.context.log(`debug socket closed with ${[...this.channels.keys()].join(',')}`);
    this.backlog.length = 0;
    for (const member of [...this.channels.values()]) this.removeChannel(member);
  }
}
