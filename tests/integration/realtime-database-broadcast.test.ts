/**
 * Broadcast from the database: realtime.send() (the local stack's bootstrap, shaped as hosted Realtime's)
 * reaches the members of the private channel `realtime:<topic>` that realtime.messages' policies admitted,
 * once its transaction commits — never after a rollback — and the account notices of migration
 * 20261124000600_account_notices use it: deactivation, removal and role changes reach the user's own
 * `pharmacy:<id>:account:<user_id>` channel at once.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createTestClient, eventually, sql, stackEnv } from '../support/stack-env.ts';
import { addStaff, createPharmacy, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';

type Received = { type: string; event: string; payload: Record<string, unknown> };

let a: TestPharmacy;
let b: TestPharmacy;
const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];

beforeAll(async () => {
  [a, b] = [await createPharmacy('Database Broadcast A'), await createPharmacy('Database Broadcast B')];
}, 120_000);

afterAll(async () => {
  await Promise.all(channels.map(({ client, channel }) => client.removeChannel(channel)));
  await closeSql();
});

/** Joins `topic` (private unless said otherwise); resolves with the join status and what arrives on it. */
async function listen(client: SupabaseClient, topic: string, isPrivate = true): Promise<{ status: string; received: Received[] }> {
  const received: Received[] = [];
  const channel = client.channel(topic, { config: { private: isPrivate } }).on('broadcast', { event: '*' }, (message) => received.push(message as Received));
  channels.push({ client, channel });
  const status = await new Promise<string>((resolve) => {
    channel.subscribe((state, error) => {
      if (state === 'SUBSCRIBED') resolve(state);
      else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') resolve(error?.message ?? state);
    });
  });
  return { status, received };
}

const unauthorized = (topic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;

describe('realtime.send()', () => {
  it('reaches the admitted private subscriber as a broadcast, not another pharmacy nor a public channel of that name', async () => {
    const topic = `pharmacy:${a.id}:db-send`;
    const admitted = await listen(a.pharmacist.client, topic);
    expect(admitted.status).toBe('SUBSCRIBED');
    // Pharmacy B is refused A's topic, and its own topic of the same purpose hears nothing of A's.
    expect((await listen(b.pharmacist.client, topic)).status).toBe(unauthorized(topic));
    const otherPharmacy = await listen(b.pharmacist.client, `pharmacy:${b.id}:db-send`);
    expect(otherPharmacy.status).toBe('SUBSCRIBED');
    const publicNamesake = await listen(createTestClient(), topic, false);
    expect(publicNamesake.status).toBe('SUBSCRIBED');

    await sql("select realtime.send(jsonb_build_object('n', 1, 'text', 'from SQL'), 'db-event', $1)", [topic]);

    const [message] = await eventually(() => (admitted.received.length > 0 ? admitted.received : null), 'the broadcast from SQL');
    expect(message).toMatchObject({ type: 'broadcast', event: 'db-event', payload: { n: 1, text: 'from SQL' } });
    // A later committed message to B proves B's channel was live: it got that one only.
    await sql("select realtime.send('{}'::jsonb, 'for-b', $1)", [`pharmacy:${b.id}:db-send`]);
    await eventually(() => otherPharmacy.received.length > 0, "B's own broadcast");
    expect(otherPharmacy.received.map((received) => received.event)).toEqual(['for-b']);
    expect(publicNamesake.received).toEqual([]);
    expect(admitted.received.map((received) => received.event)).toEqual(['db-event']);
  });

  it('delivers nothing for a rolled-back transaction', async () => {
    const topic = `pharmacy:${a.id}:db-rollback`;
    const listener = await listen(a.technician.client, topic);
    expect(listener.status).toBe('SUBSCRIBED');
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query("select realtime.send('{\"n\": 1}'::jsonb, 'rolled-back', $1)", [topic]);
      await client.query('rollback');
      await client.query("select realtime.send('{\"n\": 2}'::jsonb, 'committed', $1)", [topic]);
    } finally {
      await client.end();
    }
    await eventually(() => listener.received.some((message) => message.event === 'committed'), 'the committed broadcast');
    expect(listener.received.map((message) => message.event)).toEqual(['committed']);
  });

  it('sends to a public channel when private is false', async () => {
    const topic = `db-public-${Date.now()}`;
    const listener = await listen(createTestClient(), topic, false);
    expect(listener.status).toBe('SUBSCRIBED');
    await sql("select realtime.send('{\"hello\": \"world\"}'::jsonb, 'public-event', $1, false)", [topic]);
    const [message] = await eventually(() => (listener.received.length > 0 ? listener.received : null), 'the public broadcast');
    expect(message).toMatchObject({ event: 'public-event', payload: { hello: 'world' } });
  });
});

describe('account notices on pharmacy:<id>:account:<user_id>', () => {
  const accountTopic = (staff: SignedInStaff) => `pharmacy:${a.id}:account:${staff.id}`;

  it('only the user themself joins their account channel', async () => {
    const topic = accountTopic(a.technician);
    expect((await listen(a.admin.client, topic)).status).toBe(unauthorized(topic));
    expect((await listen(b.admin.client, topic)).status).toBe(unauthorized(topic));
    expect((await listen(a.technician.client, topic)).status).toBe('SUBSCRIBED');
  });

  it("deactivation through the admin's toggle_staff_status tells the open terminal at once", async () => {
    const leaver = await addStaff(a.id, 'technician', 'Dee', 'Activated');
    const own = await listen(leaver.client, accountTopic(leaver));
    expect(own.status).toBe('SUBSCRIBED');
    const { data, error } = await a.admin.client.rpc('toggle_staff_status', { staff_user_id: leaver.id });
    expect(error).toBeNull();
    expect(data).toBe(false);
    const [message] = await eventually(() => (own.received.length > 0 ? own.received : null), 'account_deactivated');
    expect(message).toMatchObject({ event: 'account_deactivated', payload: { userId: leaver.id, reason: 'deactivated' } });
    // Reactivation is no notice.
    expect((await a.admin.client.rpc('toggle_staff_status', { staff_user_id: leaver.id })).data).toBe(true);
    await sql("select realtime.send('{}'::jsonb, 'marker', $1)", [accountTopic(leaver)]);
    await eventually(() => own.received.some((received) => received.event === 'marker'), 'the marker');
    expect(own.received.map((received) => received.event)).toEqual(['account_deactivated', 'marker']);
  });

  it('a role change sends account_changed, a removal account_deactivated; a refused change sends nothing', async () => {
    const member = await addStaff(a.id, 'technician', 'Rho', 'Changer');
    const own = await listen(member.client, accountTopic(member));
    expect(own.status).toBe('SUBSCRIBED');
    // The member cannot promote themself: refused, rolled back, no notice.
    const refused = await member.client.from('staff_profiles').update({ role: 'admin' }).eq('user_id', member.id).select();
    expect(refused.error !== null || (refused.data ?? []).length === 0).toBe(true);
    // Any path that changes the role notifies (the trigger is on the row): here plain SQL.
    await sql("update public.staff_profiles set role = 'pharmacist' where user_id = $1", [member.id]);
    await eventually(() => own.received.length > 0, 'account_changed');
    expect(own.received[0]).toMatchObject({ event: 'account_changed', payload: { userId: member.id, role: 'pharmacist' } });

    await sql('delete from public.staff_profiles where user_id = $1', [member.id]);
    await eventually(() => own.received.length > 1, 'account_deactivated on removal');
    expect(own.received.map((received) => [received.event, received.payload.reason ?? received.payload.role])).toEqual([
      ['account_changed', 'pharmacist'],
      ['account_deactivated', 'removed'],
    ]);
  });
});
