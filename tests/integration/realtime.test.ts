/**
 * Realtime through the gateway with the official supabase-js client: postgres_changes (payloads, filters,
 * row-level security per subscriber, refused bindings, recovery after the realtime process or Postgres
 * restarts), broadcast (self, ack, binary, REST) and presence, on protocol versions 1.0.0 and 2.0.0.
 */
import fs from 'node:fs';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/src/jwt.ts';
import { closeSql, createTestClient, eventually, signedInClient, sql, stackEnv } from '../support/stack-env.ts';

type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown>; schema: string; table: string; commit_timestamp: string; errors: unknown };

const clients: SupabaseClient[] = [];

function track<T extends SupabaseClient>(client: T): T {
  clients.push(client);
  return client;
}

/** Subscribes and resolves on SUBSCRIBED; rejects with the client's error on CHANNEL_ERROR or TIMED_OUT. */
function subscribe(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

/** A channel on `realtime_notes` collecting its changes and `system` messages. */
function notesChannel(client: SupabaseClient, name: string, binding: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string }) {
  const changes: Change[] = [];
  const system: { status: string; message: string }[] = [];
  const statuses: string[] = [];
  const channel = client
    .channel(name)
    .on('postgres_changes' as never, { ...binding, schema: 'public', table: 'realtime_notes' }, (payload: Change) => changes.push(payload))
    .on('system' as never, {}, (payload: { status: string; message: string }) => system.push(payload));
  const ready = new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
  // "Subscribed to PostgreSQL" means changes committed from now on are streamed to this binding.
  const live = ready.then(() => eventually(() => system.some((message) => message.message === 'Subscribed to PostgreSQL'), 'the postgres_changes subscription'));
  return { channel, changes, system, statuses, live };
}

function partPid(name: string): number {
  const state = JSON.parse(fs.readFileSync(stackEnv().stateFile, 'utf8')) as { parts: Record<string, number> };
  const pid = state.parts[name];
  if (!pid) throw new Error(`no pid for part ${name}`);
  return pid;
}

async function insertNote(ownerId: string, values: { body: string; priority?: number; status?: string }): Promise<number> {
  const [row] = await sql<{ id: string }>(
    'insert into public.realtime_notes (owner_id, body, priority, status) values ($1, $2, $3, $4) returning id',
    [ownerId, values.body, values.priority ?? 0, values.status ?? 'open'],
  );
  return Number(row!.id);
}

beforeAll(async () => {
  await sql(`
    drop table if exists public.realtime_notes;
    create table public.realtime_notes (
      id bigint generated always as identity primary key,
      owner_id uuid not null references auth.users (id) on delete cascade,
      body text not null,
      priority integer not null default 0,
      status text not null default 'open',
      tags text[] not null default '{}',
      meta jsonb not null default '{}',
      done boolean not null default false,
      created_at timestamptz not null default now()
    );
    alter table public.realtime_notes enable row level security;
    create policy "Owners read their notes" on public.realtime_notes for select to authenticated using ((select auth.uid()) = owner_id);
    create policy "Anyone reads public notes" on public.realtime_notes for select to anon using (status = 'public');
    -- The whole old row in the WAL: a DELETE then goes to whoever could select that row.
    alter table public.realtime_notes replica identity full;
    alter publication supabase_realtime add table public.realtime_notes;
    drop table if exists public.realtime_unpublished;
    create table public.realtime_unpublished (id bigint primary key);
    drop table if exists public.realtime_secret;
    create table public.realtime_secret (id bigint primary key);
    revoke all on public.realtime_secret from anon, authenticated;
    alter publication supabase_realtime add table public.realtime_secret;
    notify pgrst, 'reload schema';
  `);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  await sql(`
    drop table if exists public.realtime_notes;
    drop table if exists public.realtime_unpublished;
    drop table if exists public.realtime_secret;
  `);
  await closeSql();
});

describe('postgres_changes', () => {
  it('delivers INSERT, UPDATE and DELETE with Supabase payloads', async () => {
    const alice = await signedInClient('rt-payload');
    track(alice.client);
    const notes = notesChannel(alice.client, 'payload', { event: '*' });
    await notes.live;

    const id = await insertNote(alice.user.id, { body: 'first', priority: 3 });
    await sql(`update public.realtime_notes set body = 'second', tags = '{a,"b c"}', meta = '{"k": [1, 2]}', done = true where id = $1`, [id]);
    // As on Supabase, RLS is checked against the row as it is when the change is processed: a row deleted
    // before then is no longer visible, so the test lets the INSERT and UPDATE arrive first.
    await eventually(() => notes.changes.length >= 2, 'the insert and the update');
    await sql('delete from public.realtime_notes where id = $1', [id]);
    await eventually(() => notes.changes.length >= 3, 'the delete');
    const [inserted, updated, deleted] = notes.changes as [Change, Change, Change];
    expect(inserted).toMatchObject({
      schema: 'public',
      table: 'realtime_notes',
      eventType: 'INSERT',
      errors: null,
      old: {},
      new: { id, owner_id: alice.user.id, body: 'first', priority: 3, status: 'open', tags: [], meta: {}, done: false },
    });
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(inserted.new.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/);
    expect(updated).toMatchObject({
      eventType: 'UPDATE',
      new: { id, body: 'second', tags: ['a', 'b c'], meta: { k: [1, 2] }, done: true },
      old: { id },
    });
    // As on Supabase, an updated row of a table with RLS shows none of its previous values (replica identity full).
    expect(Object.keys(updated.old)).toEqual(['id']);
    // As on Supabase, a deleted row of a table with RLS reveals only its primary key.
    expect(deleted).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });
    expect(Object.keys(deleted.old)).toEqual(['id']);
    expect(notes.changes).toHaveLength(3);
  });

  it('honours event types and filters (eq, neq, lt, lte, gt, gte, in)', async () => {
    const owner = await signedInClient('rt-filters');
    track(owner.client);
    const bindings = {
      eq: notesChannel(owner.client, 'f-eq', { event: 'INSERT', filter: 'status=eq.ready' }),
      neq: notesChannel(owner.client, 'f-neq', { event: 'INSERT', filter: 'status=neq.open' }),
      lt: notesChannel(owner.client, 'f-lt', { event: 'INSERT', filter: 'priority=lt.5' }),
      lte: notesChannel(owner.client, 'f-lte', { event: 'INSERT', filter: 'priority=lte.5' }),
      gt: notesChannel(owner.client, 'f-gt', { event: 'INSERT', filter: 'priority=gt.5' }),
      gte: notesChannel(owner.client, 'f-gte', { event: 'INSERT', filter: 'priority=gte.5' }),
      in: notesChannel(owner.client, 'f-in', { event: 'INSERT', filter: 'status=in.(ready,"on hold")' }),
      updates: notesChannel(owner.client, 'f-updates', { event: 'UPDATE' }),
      all: notesChannel(owner.client, 'f-all', { event: '*' }),
    };
    await Promise.all(Object.values(bindings).map((binding) => binding.live));

    await insertNote(owner.user.id, { body: 'p1-open', priority: 1, status: 'open' });
    await insertNote(owner.user.id, { body: 'p5-ready', priority: 5, status: 'ready' });
    await insertNote(owner.user.id, { body: 'p10-hold', priority: 10, status: 'on hold' });
    const last = await insertNote(owner.user.id, { body: 'p7-done', priority: 7, status: 'done' });
    await sql(`update public.realtime_notes set status = 'closed' where id = $1`, [last]);

    // The unfiltered binding sees everything; once it has the final UPDATE, every earlier event was delivered.
    await eventually(() => bindings.all.changes.length === 5, 'all five events');
    await eventually(() => bindings.updates.changes.length === 1, 'the update');
    const bodies = (name: keyof typeof bindings) => bindings[name].changes.map((change) => change.new.body);
    expect(bodies('eq')).toEqual(['p5-ready']);
    expect(bodies('neq')).toEqual(['p5-ready', 'p10-hold', 'p7-done']);
    expect(bodies('lt')).toEqual(['p1-open']);
    expect(bodies('lte')).toEqual(['p1-open', 'p5-ready']);
    expect(bodies('gt')).toEqual(['p10-hold', 'p7-done']);
    expect(bodies('gte')).toEqual(['p5-ready', 'p10-hold', 'p7-done']);
    expect(bodies('in')).toEqual(['p5-ready', 'p10-hold']);
    expect(bindings.updates.changes[0]).toMatchObject({ eventType: 'UPDATE', new: { id: last, status: 'closed' } });
  });

  it("delivers a row only to subscribers whose own RLS lets them select it", async () => {
    const alice = await signedInClient('rt-alice');
    const bob = await signedInClient('rt-bob');
    track(alice.client);
    track(bob.client);
    const anon = track(createTestClient());
    const aliceNotes = notesChannel(alice.client, 'rls', { event: '*' });
    const bobNotes = notesChannel(bob.client, 'rls', { event: '*' });
    const anonNotes = notesChannel(anon, 'rls', { event: '*' });
    await Promise.all([aliceNotes.live, bobNotes.live, anonNotes.live]);

    const aliceRow = await insertNote(alice.user.id, { body: "alice's secret" });
    const bobRow = await insertNote(bob.user.id, { body: "bob's secret" });
    await sql(`update public.realtime_notes set body = 'still secret' where id = $1`, [aliceRow]);
    const bobLast = await insertNote(bob.user.id, { body: "bob's last" });

    // Changes arrive in commit order: once each has its own last change, anything else would have come first.
    await eventually(() => aliceNotes.changes.some((change) => change.eventType === 'UPDATE'), "alice's update");
    await eventually(() => bobNotes.changes.some((change) => change.new.id === bobLast), "bob's last row");
    expect(aliceNotes.changes.map((change) => [change.eventType, change.new.id])).toEqual([['INSERT', aliceRow], ['UPDATE', aliceRow]]);
    expect(bobNotes.changes.map((change) => [change.eventType, change.new.id])).toEqual([['INSERT', bobRow], ['INSERT', bobLast]]);

    // A DELETE goes to those whose policies admitted the old row, not to every subscriber of the table.
    await sql('delete from public.realtime_notes where id = $1', [aliceRow]);
    await sql('delete from public.realtime_notes where id = $1', [bobRow]);
    const deletes = (changes: Change[]) => changes.filter((change) => change.eventType === 'DELETE').map((change) => change.old);
    await eventually(() => deletes(bobNotes.changes).length > 0, "bob's delete");
    await eventually(() => deletes(aliceNotes.changes).length > 0, "alice's delete");
    expect(deletes(aliceNotes.changes)).toEqual([{ id: aliceRow }]);
    expect(deletes(bobNotes.changes)).toEqual([{ id: bobRow }]);

    // anon may subscribe (it may select the table); its policy admits only public notes, and no delete above.
    const publicRow = await insertNote(bob.user.id, { body: 'for everyone', status: 'public' });
    await eventually(() => anonNotes.changes.length > 0, 'the public note to reach anon');
    expect(anonNotes.changes.map((change) => [change.eventType, change.new.id])).toEqual([['INSERT', publicRow]]);
  });

  it('sends the DELETE of a row-level-secured table without its old row only to roles that bypass RLS', async () => {
    await sql('alter table public.realtime_notes replica identity default');
    try {
      const owner = await signedInClient('rt-no-old-row');
      track(owner.client);
      const ownerNotes = notesChannel(owner.client, 'no-old-row', { event: '*' });
      const service = track(createTestClient({ key: stackEnv().serviceRoleKey }));
      const serviceNotes = notesChannel(service, 'no-old-row', { event: '*' });
      await Promise.all([ownerNotes.live, serviceNotes.live]);
      const id = await insertNote(owner.user.id, { body: 'deleted without its old row' });
      await eventually(() => ownerNotes.changes.length > 0, 'the insert');
      await sql('delete from public.realtime_notes where id = $1', [id]);
      const marker = await insertNote(owner.user.id, { body: 'after the delete' });
      await eventually(() => ownerNotes.changes.some((change) => change.new.id === marker), 'the marker');
      await eventually(() => serviceNotes.changes.some((change) => change.new.id === marker), 'the marker for the service role');
      expect(ownerNotes.changes.map((change) => change.eventType)).toEqual(['INSERT', 'INSERT']);
      expect(serviceNotes.changes.map((change) => change.eventType)).toEqual(['INSERT', 'DELETE', 'INSERT']);
    } finally {
      await sql('alter table public.realtime_notes replica identity full');
    }
  });

  it('checks row visibility only once the replicated transaction is visible to other sessions', async () => {
    // A commit reaches the replication stream a moment before other sessions see it; the RLS check waits for it.
    const writer = new pg.Client({ connectionString: stackEnv().dbUrl });
    await writer.connect();
    try {
      await writer.query('begin');
      const xid = (await writer.query<{ xid: string }>('select (pg_current_xact_id()::text::bigint % 4294967296)::text as xid')).rows[0]!.xid;
      const [pending] = await sql<{ visible: boolean }>("select _realtime.await_visible_transactions($1, interval '150 milliseconds') as visible", [[xid]]);
      expect(pending!.visible).toBe(false);
      const waiting = sql<{ visible: boolean }>("select _realtime.await_visible_transactions($1, interval '10 seconds') as visible", [[xid]]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await writer.query('commit');
      const [committed] = await waiting;
      expect(committed!.visible).toBe(true);
    } finally {
      await writer.end();
    }
  });

  it('refuses bindings to unpublished, missing or unselectable tables and bad filters', async () => {
    const { client } = await signedInClient('rt-refused');
    track(client);
    const attempt = (name: string, table: string, filter?: string) =>
      subscribe(client.channel(name).on('postgres_changes' as never, { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) }, () => {}));
    await expect(attempt('refused-unpublished', 'realtime_unpublished')).rejects.toThrow(/Unable to subscribe to changes with given parameters.*table: realtime_unpublished/);
    await expect(attempt('refused-missing', 'no_such_table')).rejects.toThrow(/Unable to subscribe to changes with given parameters/);
    await expect(attempt('refused-secret', 'realtime_secret')).rejects.toThrow(/permission denied for table realtime_secret/);
    await expect(attempt('refused-column', 'realtime_notes', 'nope=eq.1')).rejects.toThrow(/invalid column for filter nope/);
    await expect(attempt('refused-operator', 'realtime_notes', 'status=like.x')).rejects.toThrow(/Error parsing `filter` params/);
  });

  it('refuses an expired access token', async () => {
    const client = track(createTestClient());
    const expired = signJwt({ sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 }, stackEnv().jwtSecret);
    await client.realtime.setAuth(expired);
    await expect(subscribe(client.channel('expired'))).rejects.toThrow(/InvalidJWTToken: Token has expired \d+ seconds ago/);
  });

  it('applies a new access token to a joined channel (access_token)', async () => {
    const alice = await signedInClient('rt-token');
    track(alice.client);
    const { data } = await alice.client.auth.getSession();
    const anonClient = track(createTestClient());
    const notes = notesChannel(anonClient, 'token-swap', { event: '*' });
    await notes.live;

    // As anon, alice's row is invisible; a public note (anon's policy admits it) comes after it.
    const hidden = await insertNote(alice.user.id, { body: 'before the token' });
    const marker = await insertNote(alice.user.id, { body: 'marker', status: 'public' });
    await eventually(() => notes.changes.some((change) => change.new.id === marker), 'the public marker');
    expect(notes.changes.map((change) => change.new.id)).toEqual([marker]);

    // The client pushes access_token to its joined channels; from then on alice's rows are delivered.
    await anonClient.realtime.setAuth(data.session!.access_token);
    await eventually(async () => {
      await insertNote(alice.user.id, { body: 'after the token' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      return notes.changes.some((change) => change.new.body === 'after the token');
    }, 'a row delivered under the new token');
    expect(notes.changes.some((change) => change.new.id === hidden)).toBe(false);
  });

  it('resumes delivery after the realtime process restarts (the client reconnects by itself)', { timeout: 60_000 }, async () => {
    const owner = await signedInClient('rt-restart');
    track(owner.client);
    const notes = notesChannel(owner.client, 'restart', { event: 'INSERT' });
    await notes.live;
    await insertNote(owner.user.id, { body: 'before restart' });
    await eventually(() => notes.changes.length === 1, 'the change before the restart');

    const before = partPid('realtime');
    process.kill(before, 'SIGKILL');
    await eventually(() => partPid('realtime') !== before, 'realtime to be restarted', 20_000);
    // realtime-js reconnects and rejoins; the new server confirms the subscription again.
    await eventually(() => notes.statuses.filter((status) => status === 'SUBSCRIBED').length >= 2, 'the channel to rejoin', 30_000);
    await eventually(() => notes.system.filter((message) => message.message === 'Subscribed to PostgreSQL').length >= 2, 'the new subscription', 20_000);

    await insertNote(owner.user.id, { body: 'after restart' });
    await eventually(() => notes.changes.some((change) => change.new.body === 'after restart'), 'the change after the restart');
  });

  it('resumes delivery after Postgres restarts', { timeout: 90_000 }, async () => {
    const owner = await signedInClient('rt-pg-restart');
    track(owner.client);
    const notes = notesChannel(owner.client, 'pg-restart', { event: 'INSERT' });
    await notes.live;

    // The stack commits asynchronously: make sure the new user survives the crash. Idle pooled connections
    // would die with the server; the pool is reopened on the next query.
    await sql('checkpoint');
    await closeSql();
    const before = partPid('postgres');
    process.kill(before, 'SIGKILL');
    await eventually(() => partPid('postgres') !== before, 'postgres to be restarted', 30_000);
    // Until replication is back, inserts may be missed, as on Supabase; keep inserting until one arrives.
    let attempt = 0;
    await eventually(async () => {
      attempt += 1;
      try {
        await insertNote(owner.user.id, { body: `after postgres restart ${attempt}` });
      } catch {
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      return notes.changes.some((change) => String(change.new.body).startsWith('after postgres restart'));
    }, 'a change after the database restart', 40_000);
  });
});

describe.each(['1.0.0', '2.0.0'])('broadcast and presence on protocol %s', (vsn) => {
  const room = () => `room-${vsn}-${Math.random().toString(36).slice(2)}`;
  const client = () => track(createTestClient({ realtime: { vsn } }));

  it('delivers broadcasts to the other members, to the sender only with self, and acknowledges with ack', async () => {
    const name = room();
    const aReceived: unknown[] = [];
    const bReceived: unknown[] = [];
    const a = client()
      .channel(name, { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'note' }, (message) => aReceived.push(message));
    const b = client()
      .channel(name)
      .on('broadcast', { event: 'note' }, (message) => bReceived.push(message));
    await Promise.all([subscribe(a), subscribe(b)]);

    expect(await a.send({ type: 'broadcast', event: 'note', payload: { from: 'a', text: 'héllo 🚀' } })).toBe('ok');
    await eventually(() => bReceived.length === 1 && aReceived.length === 1, 'a broadcast to reach both members');
    expect(bReceived[0]).toMatchObject({ type: 'broadcast', event: 'note', payload: { from: 'a', text: 'héllo 🚀' } });
    expect(aReceived[0]).toMatchObject({ type: 'broadcast', event: 'note', payload: { from: 'a' } });

    // b has neither self nor ack: its message reaches a but not b, and a's next one reaches b after it.
    expect(await b.send({ type: 'broadcast', event: 'note', payload: { from: 'b' } })).toBe('ok');
    await eventually(() => aReceived.length === 2, "b's broadcast to reach a");
    await a.send({ type: 'broadcast', event: 'note', payload: { from: 'a', n: 2 } });
    await eventually(() => bReceived.length === 2, "a's second broadcast");
    expect(bReceived.map((message) => (message as { payload: { from: string } }).payload.from)).toEqual(['a', 'a']);
  });

  it('relays broadcasts sent over REST (httpSend and the /api/broadcast fallback)', async () => {
    const name = room();
    const received: { event: string; payload: unknown }[] = [];
    const listener = client()
      .channel(name)
      .on('broadcast', { event: '*' }, (message) => received.push(message as unknown as { event: string; payload: unknown }));
    await subscribe(listener);

    const sender = client().channel(name);
    expect(await sender.httpSend('rest-event', { via: 'httpSend' })).toEqual({ success: true });
    // Not joined: send() falls back to POST /api/broadcast.
    expect(await sender.send({ type: 'broadcast', event: 'fallback', payload: { via: 'fallback' } })).toBe('ok');
    await eventually(() => received.length === 2, 'both REST broadcasts');
    expect(received).toEqual([
      expect.objectContaining({ event: 'rest-event', payload: { via: 'httpSend' } }),
      expect.objectContaining({ event: 'fallback', payload: { via: 'fallback' } }),
    ]);
  });

  it('syncs presence: state on join, joins and leaves as members track, untrack and leave', async () => {
    const name = room();
    const watcher = client().channel(name, { config: { presence: { key: 'watcher' } } });
    const events: string[] = [];
    watcher
      .on('presence', { event: 'join' }, ({ key }) => events.push(`join:${key}`))
      .on('presence', { event: 'leave' }, ({ key }) => events.push(`leave:${key}`));
    const first = client().channel(name, { config: { presence: { key: 'first' } } });
    await subscribe(first);
    expect(await first.track({ name: 'First', status: 'online' })).toBe('ok');

    // Joining later, the watcher learns of `first` from presence_state.
    await subscribe(watcher);
    await eventually(() => watcher.presenceState().first?.length === 1, 'the initial presence state');
    expect(watcher.presenceState().first![0]).toMatchObject({ name: 'First', status: 'online', presence_ref: expect.any(String) });

    const second = client().channel(name, { config: { presence: { key: 'second' } } });
    await subscribe(second);
    await second.track({ name: 'Second' });
    await eventually(() => watcher.presenceState().second?.length === 1, 'the second member');
    expect(events).toContain('join:second');

    await second.untrack();
    await eventually(() => watcher.presenceState().second === undefined, 'the untrack');
    await first.unsubscribe();
    await eventually(() => watcher.presenceState().first === undefined, 'the leave');
    expect(events).toEqual(expect.arrayContaining(['join:first', 'join:second', 'leave:second', 'leave:first']));
  });
});

describe('mixed protocol versions and binary payloads', () => {
  it('relays between 1.0.0 and 2.0.0 members, and binary payloads between 2.0.0 members', async () => {
    const name = `mixed-${Math.random().toString(36).slice(2)}`;
    const v1Received: unknown[] = [];
    const v2Received: { payload: unknown }[] = [];
    const v1 = track(createTestClient({ realtime: { vsn: '1.0.0' } }))
      .channel(name)
      .on('broadcast', { event: '*' }, (message) => v1Received.push(message));
    const v2 = track(createTestClient({ realtime: { vsn: '2.0.0' } }))
      .channel(name)
      .on('broadcast', { event: '*' }, (message) => v2Received.push(message as unknown as { payload: unknown }));
    const v2Sender = track(createTestClient({ realtime: { vsn: '2.0.0' } })).channel(name);
    await Promise.all([subscribe(v1), subscribe(v2), subscribe(v2Sender)]);

    await v1.send({ type: 'broadcast', event: 'from-v1', payload: { n: 1 } });
    await eventually(() => v2Received.length === 1, 'v1 → v2');
    expect(v2Received[0]).toMatchObject({ event: 'from-v1', payload: { n: 1 } });

    await v2Sender.send({ type: 'broadcast', event: 'json', payload: { n: 2 } });
    await v2Sender.send({ type: 'broadcast', event: 'bytes', payload: new Uint8Array([1, 2, 250]).buffer });
    await eventually(() => v2Received.length === 3, 'both v2 broadcasts');
    expect(v2Received[1]).toMatchObject({ event: 'json', payload: { n: 2 } });
    expect([...new Uint8Array(v2Received[2]!.payload as ArrayBuffer)]).toEqual([1, 2, 250]);
    // A 1.0.0 socket cannot carry binary payloads: it gets the JSON ones only (in order, so none is pending).
    await v2Sender.send({ type: 'broadcast', event: 'final', payload: { n: 3 } });
    await eventually(() => v1Received.some((message) => (message as { event: string }).event === 'final'), 'v2 → v1');
    expect(v1Received.map((message) => (message as { event: string }).event)).toEqual(['json', 'final']);
  });
});

describe('the wire protocol', () => {
  function rawSocket(vsn: string | null): Promise<{ socket: WebSocket; frames: unknown[] }> {
    const url = new URL('/realtime/v1/websocket', stackEnv().apiUrl);
    url.protocol = 'ws:';
    url.searchParams.set('apikey', stackEnv().anonKey);
    if (vsn) url.searchParams.set('vsn', vsn);
    const socket = new WebSocket(url);
    const frames: unknown[] = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8'))));
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve({ socket, frames }));
      socket.once('error', reject);
    });
  }

  it('speaks 1.0.0 objects when vsn is absent, and answers heartbeats and unjoined topics', async () => {
    const { socket, frames } = await rawSocket(null);
    socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7', join_ref: null }));
    socket.send(JSON.stringify({ topic: 'realtime:nowhere', event: 'broadcast', payload: { type: 'broadcast', event: 'x', payload: {} }, ref: '8', join_ref: null }));
    await eventually(() => frames.length === 2, 'two replies');
    expect(frames[0]).toEqual({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '7', join_ref: null });
    expect(frames[1]).toMatchObject({ topic: 'realtime:nowhere', event: 'phx_reply', ref: '8', payload: { status: 'error', response: { reason: 'unmatched topic' } } });
    socket.close();
  });

  it('speaks 2.0.0 arrays and leaves channels on phx_leave', async () => {
    const { socket, frames } = await rawSocket('2.0.0');
    socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    socket.send(JSON.stringify(['2', '2', 'realtime:raw-room', 'phx_join', { config: { broadcast: { ack: true } } }]));
    socket.send(JSON.stringify(['2', '3', 'realtime:raw-room', 'broadcast', { type: 'broadcast', event: 'e', payload: { a: 1 } }]));
    socket.send(JSON.stringify(['2', '4', 'realtime:raw-room', 'phx_leave', {}]));
    socket.send(JSON.stringify(['2', '5', 'realtime:raw-room', 'broadcast', { type: 'broadcast', event: 'e', payload: { a: 2 } }]));
    await eventually(() => frames.length === 5, 'five replies');
    expect(frames).toEqual([
      [null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }],
      ['2', '2', 'realtime:raw-room', 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }],
      ['2', '3', 'realtime:raw-room', 'phx_reply', { status: 'ok', response: {} }],
      ['2', '4', 'realtime:raw-room', 'phx_reply', { status: 'ok', response: {} }],
      ['2', '5', 'realtime:raw-room', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }],
    ]);
    socket.close();
  });

  it('refuses a connection without a valid apikey', async () => {
    const url = new URL('/realtime/v1/websocket?vsn=2.0.0', stackEnv().apiUrl.replace('http', 'ws'));
    url.searchParams.set('apikey', signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 60 }, 'not-the-secret-not-the-secret-not-the-secret'));
    const socket = new WebSocket(url);
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });
});
