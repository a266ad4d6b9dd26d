/**
 * A joined channel: one socket's membership of one topic, with the options it joined with and the
 * claims (role, request.jwt.claims) its postgres_changes and private-channel rights are checked against.
 * Topics are shared by every member joined to the same name; private and public channels of one name are
 * distinct topics.
 */
import type { ProtocolVersion } from './protocol.ts';

/** What a channel needs from its socket. */
export interface ChannelSocket {
  readonly version: ProtocolVersion;
  /** Sends a text frame (a string or its UTF-8 bytes). */
  sendText(frame: string | Buffer): void;
  sendBinary(frame: Buffer): void;
}

export interface ChannelOptions {
  ack: boolean;
  self: boolean;
  /** The key presence is tracked under (see presenceKeyFor). */
  presenceKey: string;
  /** The key the client asked for at join (or a random one): used only for tokens without a user id. */
  requestedPresenceKey: string;
  presenceEnabled: boolean;
  isPrivate: boolean;
}

/**
 * What a private channel's member may do, per realtime.messages' policies for its current claims: receive
 * presence (decided at join; broadcast receipt is the join itself), and send — checked at the first send
 * and remembered until the claims change (null = not checked yet).
 */
export interface PrivateAccess {
  presenceReadable: boolean;
  mayBroadcast: boolean | null;
  mayTrack: boolean | null;
}

export interface ChannelClaims {
  role: string;
  /** JSON text of the claims, set as request.jwt.claims. */
  claimsJson: string;
  exp: number;
}

/** The presence key: the user's id (JWT `sub`) when the token has one, never a value the client chose. */
export function presenceKeyFor(claims: { sub?: unknown }, requested: string): string {
  return typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : requested;
}

export function topicKey(topic: string, isPrivate: boolean): string {
  return isPrivate ? `private:${topic}` : `public:${topic}`;
}

export class ChannelMember {
  readonly topicKey: string;
  /** The topic without its `realtime:` prefix, as `system` messages name it. */
  readonly subTopic: string;
  claims: ChannelClaims;
  /** role + claims: subscribers with equal keys share one RLS check. */
  claimsKey: string;
  closed = false;
  expiryTimer: NodeJS.Timeout | null = null;
  /** Set for private channels once authorized; public channels have no restrictions of their own. */
  privateAccess: PrivateAccess | null = null;

  constructor(
    readonly socket: ChannelSocket,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly options: ChannelOptions,
    claims: ChannelClaims,
  ) {
    this.topicKey = topicKey(topic, options.isPrivate);
    this.subTopic = topic.replace(/^realtime:/i, '');
    this.claims = claims;
    this.claimsKey = `${claims.role}\u0000${claims.claimsJson}`;
  }

  /** Whether presence state and diffs may reach this member. */
  get receivesPresence(): boolean {
    return this.options.presenceEnabled && (this.privateAccess === null || this.privateAccess.presenceReadable);
  }

  setClaims(claims: ChannelClaims): void {
    this.claims = claims;
    this.claimsKey = `${claims.role}\u0000${claims.claimsJson}`;
  }
}
