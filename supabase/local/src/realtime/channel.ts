/**
 * A joined channel: one socket's membership of one topic, with the options it joined with and the
 * claims (role, request.jwt.claims) its postgres_changes are checked against. Topics are shared by
 * every member joined to the same name; private and public channels of one name are distinct topics.
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
  presenceKey: string;
  presenceEnabled: boolean;
  isPrivate: boolean;
}

export interface ChannelClaims {
  role: string;
  /** JSON text of the claims, set as request.jwt.claims. */
  claimsJson: string;
  exp: number;
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

  setClaims(claims: ChannelClaims): void {
    this.claims = claims;
    this.claimsKey = `${claims.role}\u0000${claims.claimsJson}`;
  }
}
