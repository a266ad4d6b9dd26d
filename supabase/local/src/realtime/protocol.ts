/**
 * Phoenix channel wire formats as @supabase/realtime-js speaks them (lib/serializer.ts):
 * - vsn 1.0.0: JSON objects {join_ref, ref, topic, event, payload};
 * - vsn 2.0.0: JSON arrays [join_ref, ref, topic, event, payload], plus binary frames — the client sends
 *   broadcast pushes as kind 3 ("user broadcast push") and the server sends broadcasts as kind 4
 *   ("user broadcast"). Lengths in the binary headers are UTF-8 byte counts, one byte each.
 */

export type ProtocolVersion = '1.0.0' | '2.0.0';

export const SUPPORTED_VERSIONS: readonly ProtocolVersion[] = ['1.0.0', '2.0.0'];

export interface PhoenixMessage {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A user broadcast: what travels between members of a topic, whichever frame format carried it. */
export interface UserBroadcast {
  event: string;
  /** JSON text of the user payload (encoding "json") or raw bytes (encoding "binary"). */
  payload: { encoding: 'json'; json: string } | { encoding: 'binary'; bytes: Uint8Array };
  /** JSON text of metadata, or null. */
  meta: string | null;
}

export const BINARY_KIND_USER_BROADCAST_PUSH = 3;
export const BINARY_KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

export class ProtocolError extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function nullableString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

/** Decodes a text frame of the given version. Throws ProtocolError when it is not a Phoenix message. */
export function decodeTextFrame(text: string, version: ProtocolVersion): PhoenixMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (version === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new ProtocolError('a 2.0.0 frame must be a 5-element array');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new ProtocolError('topic and event must be strings');
    return { join_ref: nullableString(joinRef), ref: nullableString(ref), topic, event, payload };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ProtocolError('a 1.0.0 frame must be an object');
  const message = parsed as Record<string, unknown>;
  if (typeof message.topic !== 'string' || typeof message.event !== 'string') throw new ProtocolError('topic and event must be strings');
  return {
    join_ref: nullableString(message.join_ref),
    ref: nullableString(message.ref),
    topic: message.topic,
    event: message.event,
    payload: message.payload,
  };
}

/** Encodes a server message as a text frame of the given version. */
export function encodeTextFrame(message: PhoenixMessage, version: ProtocolVersion): string {
  if (version === '2.0.0') {
    return JSON.stringify([message.join_ref, message.ref, message.topic, message.event, message.payload]);
  }
  return JSON.stringify({ topic: message.topic, event: message.event, payload: message.payload, ref: message.ref, join_ref: message.join_ref });
}

/**
 * Builds a text frame around a payload that is already JSON text, so that one change or broadcast is
 * serialized once and only framed per topic.
 */
export function encodeTextFrameWithRawPayload(
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payloadJson: string,
  version: ProtocolVersion,
): string {
  const head = version === '2.0.0'
    ? `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},`
    : `{"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"ref":${JSON.stringify(ref)},"join_ref":${JSON.stringify(joinRef)},"payload":`;
  return version === '2.0.0' ? `${head}${payloadJson}]` : `${head}${payloadJson}}`;
}

export interface DecodedBroadcastPush {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  broadcast: UserBroadcast;
}

/** Decodes a binary frame from a client: only kind 3 (user broadcast push) is defined. */
export function decodeBinaryFrame(frame: Uint8Array): DecodedBroadcastPush {
  if (frame.length < 7) throw new ProtocolError('binary frame is too short');
  const kind = frame[0];
  if (kind !== BINARY_KIND_USER_BROADCAST_PUSH) throw new ProtocolError(`unsupported binary frame kind ${kind}`);
  const joinRefLength = frame[1]!;
  const refLength = frame[2]!;
  const topicLength = frame[3]!;
  const eventLength = frame[4]!;
  const metaLength = frame[5]!;
  const encoding = frame[6]!;
  let offset = 7;
  const take = (length: number): string => {
    if (offset + length > frame.length) throw new ProtocolError('binary frame is truncated');
    let text: string;
    try {
      text = utf8.decode(frame.subarray(offset, offset + length));
    } catch {
      throw new ProtocolError('binary frame header is not UTF-8');
    }
    offset += length;
    return text;
  };
  const joinRef = take(joinRefLength);
  const ref = take(refLength);
  const topic = take(topicLength);
  const event = take(eventLength);
  const meta = take(metaLength);
  const body = frame.subarray(offset);
  let payload: UserBroadcast['payload'];
  if (encoding === ENCODING_JSON) {
    let json: string;
    try {
      json = utf8.decode(body);
      JSON.parse(json);
    } catch {
      throw new ProtocolError('broadcast payload is not JSON');
    }
    payload = { encoding: 'json', json };
  } else if (encoding === ENCODING_BINARY) {
    payload = { encoding: 'binary', bytes: body };
  } else {
    throw new ProtocolError(`unsupported payload encoding ${encoding}`);
  }
  if (meta !== '') {
    try {
      JSON.parse(meta);
    } catch {
      throw new ProtocolError('broadcast metadata is not JSON');
    }
  }
  return {
    join_ref: joinRef === '' ? null : joinRef,
    ref: ref === '' ? null : ref,
    topic,
    broadcast: { event, payload, meta: meta === '' ? null : meta },
  };
}

/** Encodes a broadcast to a 2.0.0 client as binary kind 4: kind, topicLen, eventLen, metaLen, encoding, strings, payload. */
export function encodeUserBroadcastFrame(topic: string, broadcast: UserBroadcast): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(broadcast.event, 'utf8');
  const metaBytes = Buffer.from(broadcast.meta ?? '', 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) {
    throw new ProtocolError('topic, event and metadata must each fit in 255 bytes');
  }
  const body = broadcast.payload.encoding === 'json' ? Buffer.from(broadcast.payload.json, 'utf8') : broadcast.payload.bytes;
  const frame = Buffer.allocUnsafe(5 + topicBytes.length + eventBytes.length + metaBytes.length + body.length);
  frame[0] = BINARY_KIND_USER_BROADCAST;
  frame[1] = topicBytes.length;
  frame[2] = eventBytes.length;
  frame[3] = metaBytes.length;
  frame[4] = broadcast.payload.encoding === 'json' ? ENCODING_JSON : ENCODING_BINARY;
  let offset = 5;
  topicBytes.copy(frame, offset);
  offset += topicBytes.length;
  eventBytes.copy(frame, offset);
  offset += eventBytes.length;
  metaBytes.copy(frame, offset);
  offset += metaBytes.length;
  frame.set(body, offset);
  return frame;
}

/** Encodes a kind 3 push exactly as realtime-js does; used by load generators and tests. */
export function encodeUserBroadcastPushFrame(joinRef: string | null, ref: string | null, topic: string, broadcast: UserBroadcast): Buffer {
  const parts = [joinRef ?? '', ref ?? '', topic, broadcast.event, broadcast.meta ?? ''].map((part) => Buffer.from(part, 'utf8'));
  if (parts.some((part) => part.length > 255)) throw new ProtocolError('header fields must each fit in 255 bytes');
  const body = broadcast.payload.encoding === 'json' ? Buffer.from(broadcast.payload.json, 'utf8') : broadcast.payload.bytes;
  const header = Buffer.from([
    BINARY_KIND_USER_BROADCAST_PUSH,
    ...parts.map((part) => part.length),
    broadcast.payload.encoding === 'json' ? ENCODING_JSON : ENCODING_BINARY,
  ]);
  return Buffer.concat([header, ...parts, body]);
}

/** The JSON payload of a broadcast as a 1.0.0 client (or a JSON frame) receives it, or null if it cannot carry it. */
export function broadcastPayloadJson(broadcast: UserBroadcast): string | null {
  if (broadcast.payload.encoding !== 'json') return null;
  const meta = broadcast.meta === null ? '' : `,"meta":${broadcast.meta}`;
  return `{"type":"broadcast","event":${JSON.stringify(broadcast.event)},"payload":${broadcast.payload.json}${meta}}`;
}
