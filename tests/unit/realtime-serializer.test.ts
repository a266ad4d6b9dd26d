/**
 * The realtime service's frame encoding checked against the installed realtime-js serializer itself:
 * what the client encodes, the server decodes, and what the server encodes, the client decodes.
 */
import Serializer from '@supabase/realtime-js/dist/main/lib/serializer.js';
import { describe, expect, it } from 'vitest';
import {
  decodeBinaryFrame,
  decodeTextFrame,
  encodeTextFrame,
  encodeTextFrameWithRawPayload,
  encodeUserBroadcastFrame,
  encodeUserBroadcastPushFrame,
  ProtocolError,
} from '../../supabase/local/src/realtime/protocol.ts';

const clientSerializer = new Serializer();

function clientEncode(message: { join_ref: string | null; ref: string | null; topic: string; event: string; payload: Record<string, unknown> }): ArrayBuffer | string {
  let encoded: ArrayBuffer | string = '';
  clientSerializer.encode(message, (result: ArrayBuffer | string) => {
    encoded = result;
  });
  return encoded;
}

function clientDecode(raw: ArrayBuffer | string): { join_ref: unknown; ref: unknown; topic: string; event: string; payload: Record<string, unknown> } {
  let decoded: unknown;
  clientSerializer.decode(raw, (result: unknown) => {
    decoded = result;
  });
  return decoded as { join_ref: unknown; ref: unknown; topic: string; event: string; payload: Record<string, unknown> };
}

function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

describe('realtime protocol 2.0.0 binary frames', () => {
  it('decodes a JSON broadcast push (kind 3) exactly as realtime-js encodes it, multi-byte text included', () => {
    const frame = clientEncode({
      join_ref: '12',
      ref: '345',
      topic: 'realtime:salle-été-🚀',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'curseur-é', payload: { x: 1, label: 'ünïcødé 🚀' } },
    });
    expect(frame).toBeInstanceOf(ArrayBuffer);
    const decoded = decodeBinaryFrame(new Uint8Array(frame as ArrayBuffer));
    expect(decoded.join_ref).toBe('12');
    expect(decoded.ref).toBe('345');
    expect(decoded.topic).toBe('realtime:salle-été-🚀');
    expect(decoded.broadcast.event).toBe('curseur-é');
    expect(decoded.broadcast.payload.encoding).toBe('json');
    expect(JSON.parse((decoded.broadcast.payload as { json: string }).json)).toEqual({ x: 1, label: 'ünïcødé 🚀' });
    expect(decoded.broadcast.meta).toBeNull();
  });

  it('decodes a binary-payload push and the allowed metadata', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const frame = clientEncode({
      join_ref: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'blob', payload: bytes.buffer, persist: true },
    });
    const decoded = decodeBinaryFrame(new Uint8Array(frame as ArrayBuffer));
    expect(decoded.broadcast.payload.encoding).toBe('binary');
    expect([...(decoded.broadcast.payload as { bytes: Uint8Array }).bytes]).toEqual([0, 1, 2, 250, 255]);
    expect(JSON.parse(decoded.broadcast.meta!)).toEqual({ persist: true });
  });

  it('encodes broadcasts (kind 4) that realtime-js decodes to {type, event, payload, meta}', () => {
    const json = encodeUserBroadcastFrame('realtime:chambre-ñ', { event: 'évènement', payload: { encoding: 'json', json: '{"a":[1,"ß"]}' }, meta: null });
    expect(clientDecode(toArrayBuffer(json))).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:chambre-ñ',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'évènement', payload: { a: [1, 'ß'] } },
    });

    const binary = encodeUserBroadcastFrame('realtime:room', { event: 'bin', payload: { encoding: 'binary', bytes: new Uint8Array([9, 8, 7]) }, meta: '{"id":"x"}' });
    const decoded = clientDecode(toArrayBuffer(binary));
    expect(decoded.payload.event).toBe('bin');
    expect(decoded.payload.meta).toEqual({ id: 'x' });
    expect([...new Uint8Array(decoded.payload.payload as unknown as ArrayBuffer)]).toEqual([9, 8, 7]);
  });

  it('encodes kind 3 pushes byte for byte like realtime-js', () => {
    const ours = encodeUserBroadcastPushFrame('3', '4', 'realtime:é', { event: 'ping', payload: { encoding: 'json', json: '{"n":1}' }, meta: null });
    const theirs = clientEncode({ join_ref: '3', ref: '4', topic: 'realtime:é', event: 'broadcast', payload: { type: 'broadcast', event: 'ping', payload: { n: 1 } } });
    expect([...ours]).toEqual([...new Uint8Array(theirs as ArrayBuffer)]);
  });

  it('refuses truncated frames, unknown kinds and invalid JSON payloads', () => {
    const frame = encodeUserBroadcastPushFrame('1', '2', 'realtime:room', { event: 'e', payload: { encoding: 'json', json: '{"a":1}' }, meta: null });
    expect(() => decodeBinaryFrame(frame.subarray(0, 10))).toThrow(ProtocolError);
    const otherKind = Buffer.from(frame);
    otherKind[0] = 4;
    expect(() => decodeBinaryFrame(otherKind)).toThrow(ProtocolError);
    const badJson = encodeUserBroadcastPushFrame('1', '2', 'realtime:room', { event: 'e', payload: { encoding: 'binary', bytes: Buffer.from('{oops') }, meta: null });
    badJson[6] = 1;
    expect(() => decodeBinaryFrame(badJson)).toThrow(ProtocolError);
  });
});

describe('realtime protocol text frames', () => {
  it('reads 2.0.0 arrays as realtime-js writes them and writes arrays it reads', () => {
    const heartbeat = clientEncode({ join_ref: null, ref: '26', topic: 'phoenix', event: 'heartbeat', payload: {} });
    expect(decodeTextFrame(heartbeat as string, '2.0.0')).toEqual({ join_ref: null, ref: '26', topic: 'phoenix', event: 'heartbeat', payload: {} });
    const reply = encodeTextFrame({ join_ref: null, ref: '26', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } }, '2.0.0');
    expect(clientDecode(reply)).toEqual({ join_ref: null, ref: '26', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
  });

  it('reads and writes 1.0.0 objects', () => {
    const message = { topic: 'realtime:a', event: 'phx_join', payload: { config: {} }, ref: '1', join_ref: '1' };
    expect(decodeTextFrame(JSON.stringify(message), '1.0.0')).toEqual({ join_ref: '1', ref: '1', topic: 'realtime:a', event: 'phx_join', payload: { config: {} } });
    expect(JSON.parse(encodeTextFrame({ join_ref: '1', ref: '1', topic: 'realtime:a', event: 'phx_reply', payload: { status: 'ok' } }, '1.0.0'))).toEqual({
      topic: 'realtime:a',
      event: 'phx_reply',
      payload: { status: 'ok' },
      ref: '1',
      join_ref: '1',
    });
  });

  it('frames an already-serialized payload identically to serializing the whole message', () => {
    const payload = { ids: [12], data: { type: 'INSERT', record: { id: 1 } } };
    for (const version of ['1.0.0', '2.0.0'] as const) {
      const raw = encodeTextFrameWithRawPayload(null, null, 'realtime:t', 'postgres_changes', JSON.stringify(payload), version);
      const whole = encodeTextFrame({ join_ref: null, ref: null, topic: 'realtime:t', event: 'postgres_changes', payload }, version);
      expect(JSON.parse(raw)).toEqual(JSON.parse(whole));
    }
  });

  it('refuses frames that are not Phoenix messages of the socket version', () => {
    expect(() => decodeTextFrame('not json', '2.0.0')).toThrow(ProtocolError);
    expect(() => decodeTextFrame('{"topic":"a","event":"b"}', '2.0.0')).toThrow(ProtocolError);
    expect(() => decodeTextFrame('[null,"1","phoenix","heartbeat",{}]', '1.0.0')).toThrow(ProtocolError);
  });
});
