/**
 * The policies on realtime.messages (migration 20261122001000_realtime_authorization) command by command, as
 * Realtime evaluates them for a private channel: the user's role and JWT claims with realtime.topic() set to
 * the channel's topic. Staff receive (select) and send (insert) broadcast and presence on their own
 * pharmacy's topics `pharmacy:<id>:<purpose>` only; nobody updates or deletes messages. Account topics
 * `pharmacy:<id>:account:<user_id>` (migration 20261124000600_account_notices) are readable by that user only
 * and writable by no client.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';
import { addStaff, createPharmacy, type StaffRole, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let client: pg.Client;
const ROLES: StaffRole[] = ['technician', 'pharmacist', 'admin'];

beforeAll(async () => {
  [a, b] = [await createPharmacy('Realtime Policies A'), await createPharmacy('Realtime Policies B')];
  client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client.end();
  await closeSql();
});

/** Who asks: a user id (authenticated) or null (anon). */
type Caller = string | null;

async function becomeCaller(caller: Caller, topic: string): Promise<void> {
  const role = caller ? 'authenticated' : 'anon';
  const claims = JSON.stringify(caller ? { sub: caller, role } : { role });
  await client.query(
    "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('realtime.topic', $3, true)",
    [role, claims, topic],
  );
}

/** Runs `body` in a transaction that is always rolled back. */
async function inRolledBackTransaction<T>(body: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    return await body();
  } finally {
    await client.query('rollback');
  }
}

/** A message row of the topic, inserted by the superuser (as Realtime does to probe read access). */
async function probe(topic: string, extension: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>('insert into realtime.messages (topic, extension, private) values ($1, $2, true) returning id', [topic, extension]);
  return rows[0]!.id;
}

function canReceive(caller: Caller, topic: string, extension = 'broadcast'): Promise<boolean> {
  return inRolledBackTransaction(async () => {
    const id = await probe(topic, extension);
    await becomeCaller(caller, topic);
    const { rowCount } = await client.query('select 1 from realtime.messages where id = $1', [id]);
    return rowCount === 1;
  });
}

function canSend(caller: Caller, topic: string, extension = 'broadcast'): Promise<boolean> {
  return inRolledBackTransaction(async () => {
    await becomeCaller(caller, topic);
    try {
      await client.query('insert into realtime.messages (topic, extension, private) values ($1, $2, true)', [topic, extension]);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '42501') return false;
      throw error;
    }
  });
}

function rowsChanged(caller: Caller, topic: string, command: 'update' | 'delete'): Promise<number> {
  return inRolledBackTransaction(async () => {
    const id = await probe(topic, 'broadcast');
    await becomeCaller(caller, topic);
    const statement = command === 'update' ? "update realtime.messages set event = 'changed' where id = $1" : 'delete from realtime.messages where id = $1';
    try {
      return (await client.query(statement, [id])).rowCount ?? 0;
    } catch (error) {
      if ((error as { code?: string }).code === '42501') return 0;
      throw error;
    }
  });
}

describe('realtime.messages', () => {
  const own = (pharmacy: TestPharmacy, purpose = 'presence') => `pharmacy:${pharmacy.id}:${purpose}`;

  it("select: staff receive broadcast and presence on their own pharmacy's topics", async () => {
    for (const role of ROLES) {
      expect(await canReceive(a[role].id, own(a), 'broadcast'), role).toBe(true);
      expect(await canReceive(a[role].id, own(a), 'presence'), role).toBe(true);
      expect(await canReceive(a[role].id, own(a, 'queue:sub-purpose'), 'broadcast'), role).toBe(true);
    }
  });

  it("select: nobody receives on another pharmacy's topic, anon nothing, and malformed topics admit no one", async () => {
    for (const role of ROLES) expect(await canReceive(b[role].id, own(a)), role).toBe(false);
    expect(await canReceive(null, own(a))).toBe(false);
    expect(await canReceive(a.technician.id, `pharmacy:${a.id}`)).toBe(false);
    expect(await canReceive(a.technician.id, `pharmacy:${a.id}:`)).toBe(false);
    expect(await canReceive(a.technician.id, `other:${a.id}:presence`)).toBe(false);
    expect(await canReceive(a.technician.id, own(a), 'postgres_changes')).toBe(false);
  });

  it('select and insert: deactivated staff are refused', async () => {
    const leaver = await addStaff(a.id, 'technician', 'Lee', 'Leaver');
    expect(await canReceive(leaver.id, own(a))).toBe(true);
    await sql('update public.staff_profiles set is_active = false where user_id = $1', [leaver.id]);
    expect(await canReceive(leaver.id, own(a))).toBe(false);
    expect(await canSend(leaver.id, own(a))).toBe(false);
  });

  it("insert: staff send broadcast and presence on their own pharmacy's topics", async () => {
    for (const role of ROLES) {
      expect(await canSend(a[role].id, own(a), 'broadcast'), role).toBe(true);
      expect(await canSend(a[role].id, own(a), 'presence'), role).toBe(true);
    }
  });

  it("insert: nobody sends to another pharmacy's topic, anon nothing, nor other extensions", async () => {
    for (const role of ROLES) expect(await canSend(b[role].id, own(a)), role).toBe(false);
    expect(await canSend(null, own(a))).toBe(false);
    expect(await canSend(a.admin.id, `pharmacy:${a.id}`)).toBe(false);
    expect(await canSend(a.admin.id, own(a), 'postgres_changes')).toBe(false);
  });

  it('update and delete: nobody changes or removes messages, not even on their own topics', async () => {
    for (const role of ROLES) {
      expect(await rowsChanged(a[role].id, own(a), 'update'), role).toBe(0);
      expect(await rowsChanged(a[role].id, own(a), 'delete'), role).toBe(0);
    }
    expect(await rowsChanged(null, own(a), 'update')).toBe(0);
  });
});

describe('realtime.messages: account topics pharmacy:<id>:account:<user_id>', () => {
  const accountTopic = (pharmacy: TestPharmacy, userId: string) => `pharmacy:${pharmacy.id}:account:${userId}`;

  it('select: only the user themself receives on their account topic', async () => {
    for (const role of ROLES) {
      expect(await canReceive(a[role].id, accountTopic(a, a[role].id), 'broadcast'), role).toBe(true);
    }
  });

  it("select: no colleague (admins included), other pharmacy or anon receives on someone's account topic", async () => {
    for (const role of ROLES) {
      if (role !== 'technician') expect(await canReceive(a[role].id, accountTopic(a, a.technician.id)), role).toBe(false);
      expect(await canReceive(b[role].id, accountTopic(a, a.technician.id)), role).toBe(false);
      // Their own id under another pharmacy's id is not theirs either.
      expect(await canReceive(b[role].id, accountTopic(a, b[role].id)), role).toBe(false);
    }
    expect(await canReceive(null, accountTopic(a, a.technician.id))).toBe(false);
    expect(await canReceive(a.technician.id, `pharmacy:${a.id}:account:`)).toBe(false);
    expect(await canReceive(a.technician.id, `pharmacy:${a.id}:account`)).toBe(false);
  });

  it('insert: no client sends to an account topic, not even its own user or an admin', async () => {
    for (const role of ROLES) {
      expect(await canSend(a[role].id, accountTopic(a, a[role].id), 'broadcast'), role).toBe(false);
      expect(await canSend(a[role].id, accountTopic(a, a[role].id), 'presence'), role).toBe(false);
      expect(await canSend(a.admin.id, accountTopic(a, a[role].id)), role).toBe(false);
    }
    expect(await canSend(null, accountTopic(a, a.technician.id))).toBe(false);
  });

  it('update and delete: nobody changes or removes account messages', async () => {
    expect(await rowsChanged(a.technician.id, accountTopic(a, a.technician.id), 'update')).toBe(0);
    expect(await rowsChanged(a.technician.id, accountTopic(a, a.technician.id), 'delete')).toBe(0);
  });
});
