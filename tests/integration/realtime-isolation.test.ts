/**
 * Cross-pharmacy isolation of Realtime (issue 9), tried as an attacker would against the running stack: a
 * subscriber swapping its access token must never see another pharmacy's rows; only the roles anon,
 * authenticated and service_role are accepted from a JWT; DELETE events of tenant tables reach only the
 * pharmacy's own subscribers; private channels `pharmacy:<id>:<purpose>` are authorized by the policies on
 * realtime.messages (select = receive, insert = send) with the joining user's claims, and the presence key
 * is the user's id from the JWT.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/src/jwt.ts';
import { closeSql, createTestClient, eventually, sql, stackEnv } from '../support/stack-env.ts';
import { addPatient } from './db-clinical-support.ts';
import { createPharmacy, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';

type PhoenixFrame = { topic: string; event: string; payload: Record<string, unknown>; ref: string | null; join_ref: string | null };

let a: TestPharmacy;
let b: TestPharmacy;
const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  [a, b] = [await createPharmacy('Realtime Isolation A'), await createPharmacy('Realtime Isolation B')];
  // A topic the tests' own policy lets staff receive on but not send to (the insert check is separate).
  await sql(`
    drop policy if exists "Test: staff may receive on read-only topics" on realtime.messages;
    create policy "Test: staff may receive on read-only topics" on realtime.messages
      for select to authenticated using (realtime.topic() like 'rt-test-readonly:%');
  `);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(channels.map(({ client, channel }) => client.removeChannel(channel)));
  await sql('drop policy if exists "Test: staff may receive on read-only topics" on realtime.messages');
  await closeSql();
});

async function accessToken(staff: SignedInStaff): Promise<string> {
  const { data } = await staff.client.auth.getSession();
  return data.session!.access_token;
}

/** A websocket speaking protocol 1.0.0 directly, as an attacker's script would. */
async function rawSocket(): Promise<{ socket: WebSocket; frames: PhoenixFrame[]; send: (topic: string, event: string, payload: unknown, ref?: string) => void }> {
  const url = new URL('/realtime/v1/websocket', stackEnv().apiUrl);
  url.protocol = 'ws:';
  url.searchParams.set('apikey', stackEnv().anonKey);
  url.searchParams.set('vsn', '1.0.0');
  const socket = new WebSocket(url);
  sockets.push(socket);
  const frames: PhoenixFrame[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as PhoenixFrame));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let ref = 0;
  const send = (topic: string, event: string, payload: unknown, explicitRef?: string) => {
    ref += 1;
    socket.send(JSON.stringify({ topic, event, payload, ref: explicitRef ?? String(ref), join_ref: '1' }));
  };
  return { socket, frames, send };
}

function joinReply(frames: PhoenixFrame[], topic: string, ref: string): PhoenixFrame | undefined {
  return frames.find((frame) => frame.topic === topic && frame.event === 'phx_reply' && frame.ref === ref);
}

/** Subscribes; resolves with the status the client reports (SUBSCRIBED, or the error's message). */
function subscribe(client: SupabaseClient, channel: RealtimeChannel): Promise<string> {
  channels.push({ client, channel });
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(status);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(error?.message ?? status);
    });
  });
}

type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> };

/** An unfiltered postgres_changes channel on patients for `client`, live once it resolves. */
async function patientChanges(client: SupabaseClient, name: string): Promise<Change[]> {
  const changes: Change[] = [];
  let live = false;
  const channel = client
    .channel(name)
    .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'patients' }, (change: Change) => changes.push(change))
    .on('system' as never, {}, (message: { message: string }) => {
      if (message.message === 'Subscribed to PostgreSQL') live = true;
    });
  expect(await subscribe(client, channel)).toBe('SUBSCRIBED');
  await eventually(() => live, `${name} to be subscribed to PostgreSQL`);
  return changes;
}

describe('postgres_changes across pharmacies', () => {
  it("never hands another pharmacy's rows to a subscriber that keeps swapping its access token", { timeout: 90_000 }, async () => {
    const own = await accessToken(b.technician);
    const { frames, send } = await rawSocket();
    const topic = 'realtime:token-swap-attack';
    send(topic, 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'patients' }] }, access_token: own }, 'join');
    await eventually(() => frames.some((frame) => frame.topic === topic && frame.event === 'system' && frame.payload.message === 'Subscribed to PostgreSQL'), 'the subscription');

    // The attacker alternates its own JWT and the anon key as fast as it can while pharmacy A adds patients.
    let swapping = true;
    let turn = 0;
    const swap = async () => {
      while (swapping) {
        send(topic, 'access_token', { access_token: turn++ % 2 === 0 ? stackEnv().anonKey : own });
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const swapper = swap();
    const inserted: string[] = [];
    for (let i = 0; i < 25; i++) inserted.push((await addPatient(a.technician.client, `Swap ${i}`)).id);
    swapping = false;
    await swapper;
    send(topic, 'access_token', { access_token: own });
    // Changes are checked with the claims the channel holds when they arrive, so B's marker must wait until the
    // server has worked through the swaps (thousands are queued) and taken the last token: a heartbeat sent
    // after it is answered only then, since a socket's messages are handled in order.
    send('phoenix', 'heartbeat', {}, 'after-swaps');
    await eventually(() => joinReply(frames, 'phoenix', 'after-swaps'), 'the server to handle the swaps', 30_000);
    const marker = (await addPatient(b.technician.client, 'Swap marker')).id;

    const records = () => frames.filter((frame) => frame.event === 'postgres_changes').map((frame) => (frame.payload.data as { record: { id: string; pharmacy_id: string } }).record);
    // Changes arrive in commit order: once B's own later row is here, any of A's would have come first.
    await eventually(() => records().some((record) => record.id === marker), "pharmacy B's own marker row", 30_000);
    expect(records().filter((record) => inserted.includes(record.id) || record.pharmacy_id === a.id)).toEqual([]);
  });

  it('accepts only the roles anon, authenticated and service_role from a JWT', async () => {
    const exp = Math.floor(Date.now() / 1000) + 300;
    const { frames, send } = await rawSocket();
    const bindings = { postgres_changes: [{ event: '*', schema: 'public', table: 'patients' }] };
    for (const role of ['postgres', 'supabase_admin', 'supabase_auth_admin', 'authenticator', 'pg_read_all_data']) {
      const topic = `realtime:role-${role}`;
      send(topic, 'phx_join', { config: bindings, access_token: signJwt({ role, exp }, stackEnv().jwtSecret) }, `join-${role}`);
      const reply = await eventually(() => joinReply(frames, topic, `join-${role}`), `the reply to ${role}`);
      expect(reply.payload, role).toMatchObject({ status: 'error', response: { reason: expect.stringMatching(/^InvalidJWTToken: /) } });
    }

    // A joined channel handed such a token is shut down rather than switched to that role.
    const topic = 'realtime:role-swap';
    send(topic, 'phx_join', { config: bindings, access_token: await accessToken(b.technician) }, 'join-swap');
    expect((await eventually(() => joinReply(frames, topic, 'join-swap'), 'the join')).payload.status).toBe('ok');
    send(topic, 'access_token', { access_token: signJwt({ role: 'postgres', exp }, stackEnv().jwtSecret) });
    await eventually(() => frames.some((frame) => frame.topic === topic && frame.event === 'phx_close'), 'the channel to close');
    expect(frames.find((frame) => frame.topic === topic && frame.event === 'system' && frame.payload.status === 'error')?.payload).toMatchObject({ message: expect.stringMatching(/^InvalidJWTToken: /) });
  });

  it("sends a tenant table's DELETE only to subscribers of that pharmacy", async () => {
    const aChanges = await patientChanges(a.technician.client, 'delete-a');
    const bChanges = await patientChanges(b.technician.client, 'delete-b');
    const aPatient = (await addPatient(a.technician.client, 'Deleted in A')).id;
    const bPatient = (await addPatient(b.technician.client, 'Deleted in B')).id;
    expect((await a.admin.client.from('patients').delete().eq('id', aPatient).select('id')).data).toHaveLength(1);
    expect((await b.admin.client.from('patients').delete().eq('id', bPatient).select('id')).data).toHaveLength(1);

    const deletes = (changes: Change[]) => changes.filter((change) => change.eventType === 'DELETE').map((change) => change.old.id);
    // B's own delete was committed after A's: once B has it, A's would have arrived first.
    await eventually(() => deletes(bChanges).includes(bPatient), "B's own delete");
    await eventually(() => deletes(aChanges).includes(aPatient), "A's own delete");
    expect(deletes(bChanges)).toEqual([bPatient]);
    expect(deletes(aChanges)).toEqual([aPatient]);
  });
});

describe('private channels pharmacy:<id>:<purpose>', () => {
  const unauthorized = (topic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;

  it('refuse anon and other pharmacies, admit the pharmacy\'s staff', async () => {
    const topic = `pharmacy:${a.id}:presence`;
    const anon = createTestClient();
    expect(await subscribe(anon, anon.channel(topic, { config: { private: true } }))).toBe(unauthorized(topic));
    expect(await subscribe(b.technician.client, b.technician.client.channel(topic, { config: { private: true } }))).toBe(unauthorized(topic));
    expect(await subscribe(a.technician.client, a.technician.client.channel(topic, { config: { private: true } }))).toBe('SUBSCRIBED');
  });

  it("key presence by the user's id from the JWT, whatever key the client asks for", async () => {
    const topic = `pharmacy:${a.id}:presence-keys`;
    const watcher = a.pharmacist.client.channel(topic, { config: { private: true, presence: { key: 'watcher' } } });
    watcher.on('presence', { event: 'sync' }, () => {});
    const spoofer = a.technician.client.channel(topic, { config: { private: true, presence: { key: a.admin.id } } });
    expect(await subscribe(a.pharmacist.client, watcher)).toBe('SUBSCRIBED');
    expect(await subscribe(a.technician.client, spoofer)).toBe('SUBSCRIBED');
    expect(await spoofer.track({ name: 'Someone Else' })).toBe('ok');
    await eventually(() => watcher.presenceState()[a.technician.id]?.length === 1, "the technician's presence under their own id");
    expect(watcher.presenceState()[a.admin.id]).toBeUndefined();
    expect(watcher.presenceState()['watcher']).toBeUndefined();
  });

  it("carry broadcasts only among the pharmacy's staff, over the socket and over REST", async () => {
    const topic = `pharmacy:${a.id}:queue`;
    const received: { event: string; payload: Record<string, unknown> }[] = [];
    const listener = a.pharmacist.client
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, (message) => received.push(message as never));
    expect(await subscribe(a.pharmacist.client, listener)).toBe('SUBSCRIBED');
    // A public channel of the same name is another topic: it hears nothing of the private one.
    const publicReceived: unknown[] = [];
    const anon = createTestClient();
    const eavesdropper = anon.channel(topic).on('broadcast', { event: '*' }, (message) => publicReceived.push(message));
    expect(await subscribe(anon, eavesdropper)).toBe('SUBSCRIBED');

    const sender = a.technician.client.channel(topic, { config: { private: true } });
    expect(await subscribe(a.technician.client, sender)).toBe('SUBSCRIBED');
    await sender.send({ type: 'broadcast', event: 'socket', payload: { from: 'A' } });

    // Over REST: pharmacy B's JWT (and anon) are dropped (202), pharmacy A's is delivered.
    const post = async (token: string, event: string) => {
      const response = await fetch(`${stackEnv().apiUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: stackEnv().anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic, event, payload: { event }, private: true }] }),
      });
      expect(response.status).toBe(202);
    };
    await post(await accessToken(b.technician), 'rest-from-b');
    await post(stackEnv().anonKey, 'rest-from-anon');
    await post(await accessToken(a.technician), 'rest-from-a');
    await eventually(() => received.some((message) => message.event === 'rest-from-a'), "A's REST broadcast");
    expect(received.map((message) => message.event)).toEqual(['socket', 'rest-from-a']);
    expect(publicReceived).toEqual([]);
  });

  it('check sends against the insert policy: a topic staff may only receive on drops broadcasts and refuses presence', async () => {
    const topic = `rt-test-readonly:${a.id}`;
    const received: unknown[] = [];
    const channel = a.technician.client
      .channel(topic, { config: { private: true, broadcast: { self: true } } })
      .on('broadcast', { event: '*' }, (message) => received.push(message));
    expect(await subscribe(a.technician.client, channel)).toBe('SUBSCRIBED');
    await channel.send({ type: 'broadcast', event: 'not-allowed', payload: {} });
    expect(await channel.track({ name: 'x' })).toBe('error');

    // The allowed topic proves the socket still delivers: its broadcast comes after the refused one.
    const allowed = a.technician.client
      .channel(`pharmacy:${a.id}:readonly-check`, { config: { private: true, broadcast: { self: true } } })
      .on('broadcast', { event: '*' }, (message) => received.push(message));
    expect(await subscribe(a.technician.client, allowed)).toBe('SUBSCRIBED');
    await allowed.send({ type: 'broadcast', event: 'allowed', payload: {} });
    await eventually(() => received.length > 0, 'the allowed broadcast');
    expect(received).toEqual([expect.objectContaining({ event: 'allowed' })]);
  });

  it("re-authorize on a new access token: another pharmacy's token closes the channel", async () => {
    const { frames, send } = await rawSocket();
    const topic = `pharmacy:${a.id}:presence`;
    send(`realtime:${topic}`, 'phx_join', { config: { private: true }, access_token: await accessToken(a.technician) }, 'join');
    expect((await eventually(() => joinReply(frames, `realtime:${topic}`, 'join'), 'the join')).payload.status).toBe('ok');
    send(`realtime:${topic}`, 'access_token', { access_token: await accessToken(b.technician) });
    await eventually(() => frames.some((frame) => frame.event === 'phx_close'), 'the channel to close');
    expect(frames.find((frame) => frame.event === 'system')?.payload).toMatchObject({ status: 'error', message: unauthorized(topic) });
  });
});
