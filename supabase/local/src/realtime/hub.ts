/**
 * Topic membership and fan-out for broadcast and presence. A broadcast is framed once per protocol
 * version and the same bytes go to every member: 2.0.0 members get binary kind 4 frames, 1.0.0 members
 * JSON objects (binary payloads cannot travel over 1.0.0 and are skipped for those members).
 */
import { ChannelMember } from './channel.ts';
import { TopicPresence, type PresenceDiff, type PresenceState } from './presence.ts';
import { broadcastPayloadJson, encodeTextFrameWithRawPayload, encodeUserBroadcastFrame, ProtocolError, type ProtocolVersion, type UserBroadcast } from './protocol.ts';

export class TopicHub {
  private readonly topics = new Map<string, Set<ChannelMember>>();
  private readonly presences = new Map<string, TopicPresence<ChannelMember>>();

  add(member: ChannelMember): void {
    let members = this.topics.get(member.topicKey);
    if (!members) {
      members = new Set();
      this.topics.set(member.topicKey, members);
    }
    members.add(member);
  }

  /** Removes a member, announcing its presence leave to the others. */
  remove(member: ChannelMember): void {
    this.untrack(member);
    const members = this.topics.get(member.topicKey);
    if (!members) return;
    members.delete(member);
    if (members.size === 0) this.topics.delete(member.topicKey);
  }

  memberCount(key: string): number {
    return this.topics.get(key)?.size ?? 0;
  }

  /** Delivers a broadcast to the topic's members; `sender` is skipped unless it asked for `self`. */
  broadcast(key: string, topic: string, broadcast: UserBroadcast, sender: ChannelMember | null): void {
    const members = this.topics.get(key);
    if (!members) return;
    let binaryFrame: Buffer | null | undefined;
    const jsonFrames: Partial<Record<ProtocolVersion, Buffer | null>> = {};
    for (const member of members) {
      if (member === sender && !member.options.self) continue;
      const version = member.socket.version;
      if (version === '2.0.0') {
        if (binaryFrame === undefined) binaryFrame = binaryBroadcastFrame(topic, broadcast);
        if (binaryFrame) {
          member.socket.sendBinary(binaryFrame);
          continue;
        }
      }
      let frame = jsonFrames[version];
      if (frame === undefined) frame = jsonFrames[version] = jsonBroadcastFrame(topic, broadcast, version);
      if (frame) member.socket.sendText(frame);
    }
  }

  presenceState(member: ChannelMember): PresenceState {
    return this.presences.get(member.topicKey)?.state() ?? {};
  }

  track(member: ChannelMember, payload: Record<string, unknown>): void {
    let presence = this.presences.get(member.topicKey);
    if (!presence) {
      presence = new TopicPresence();
      this.presences.set(member.topicKey, presence);
    }
    this.sendPresenceDiff(member, presence.track(member, member.options.presenceKey, payload));
  }

  untrack(member: ChannelMember): void {
    const presence = this.presences.get(member.topicKey);
    if (!presence) return;
    const diff = presence.untrack(member);
    if (presence.isEmpty) this.presences.delete(member.topicKey);
    if (diff) this.sendPresenceDiff(member, diff);
  }

  private sendPresenceDiff(origin: ChannelMember, diff: PresenceDiff): void {
    const members = this.topics.get(origin.topicKey);
    if (!members) return;
    const payload = JSON.stringify(diff);
    const frames = new Map<string, Buffer>();
    for (const member of members) {
      if (!member.receivesPresence || member.closed) continue;
      const version = member.socket.version;
      let frame = frames.get(version);
      if (!frame) {
        frame = Buffer.from(encodeTextFrameWithRawPayload(null, null, origin.topic, 'presence_diff', payload, version));
        frames.set(version, frame);
      }
      member.socket.sendText(frame);
    }
  }
}

function binaryBroadcastFrame(topic: string, broadcast: UserBroadcast): Buffer | null {
  try {
    return encodeUserBroadcastFrame(topic, broadcast);
  } catch (error) {
    if (error instanceof ProtocolError) return null;
    throw error;
  }
}

function jsonBroadcastFrame(topic: string, broadcast: UserBroadcast, version: ProtocolVersion): Buffer | null {
  const payload = broadcastPayloadJson(broadcast);
  if (payload === null) return null;
  return Buffer.from(encodeTextFrameWithRawPayload(null, null, topic, 'broadcast', payload, version));
}
