/**
 * Row-level security of every tenancy and subscription table, command by command, as real users through
 * supabase-js: anon; the admin, pharmacist and technician of pharmacy A; and the admin of pharmacy B
 * (the most privileged outsider). Denied reads return nothing of A; denied writes fail or touch no row,
 * and the row is checked unchanged with the service role.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createServiceClient, createTestClient, createUser, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
const service = () => createServiceClient();

type Actor = 'anon' | 'adminA' | 'pharmacistA' | 'technicianA' | 'adminB';
const ALL: Actor[] = ['anon', 'adminA', 'pharmacistA', 'technicianA', 'adminB'];
const STAFF_A: Actor[] = ['adminA', 'pharmacistA', 'technicianA'];

function client(actor: Actor): SupabaseClient {
  switch (actor) {
    case 'anon': return anon;
    case 'adminA': return a.admin.client;
    case 'pharmacistA': return a.pharmacist.client;
    case 'technicianA': return a.technician.client;
    case 'adminB': return b.admin.client;
  }
}

/** A write that RLS or a privilege refused: an error, or no row touched. */
function expectNoRowWritten(result: { data: unknown[] | null; error: unknown }): void {
  if (result.error === null) expect(result.data ?? []).toEqual([]);
}

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('RLS Pharmacy A'), await createPharmacy('RLS Pharmacy B')];
}, 120_000);

afterAll(async () => {
  await closeSql();
});

describe('pharmacies', () => {
  it('select: staff see only their own pharmacy; anon and other pharmacies see nothing of A', async () => {
    for (const actor of STAFF_A) {
      const { data, error } = await client(actor).from('pharmacies').select('id, pharmacy_name');
      expect(error).toBeNull();
      expect(data).toEqual([{ id: a.id, pharmacy_name: 'RLS Pharmacy A' }]);
    }
    const other = await client('adminB').from('pharmacies').select('id').eq('id', a.id);
    expect(other.data).toEqual([]);
    const fromAnon = await anon.from('pharmacies').select('id');
    expect(fromAnon.data ?? []).toEqual([]);
  });

  it('insert: nobody creates a pharmacy through the API (onboarding does)', async () => {
    for (const actor of ALL) {
      const result = await client(actor).from('pharmacies').insert({ pharmacy_name: `By ${actor}`, ncpdp_id: `9${actor.length}00000`, dea_number: `ZZ${actor.length}000000` }).select();
      expect(result.error, actor).not.toBeNull();
    }
    expect(await sql(`select 1 from public.pharmacies where pharmacy_name like 'By %'`)).toEqual([]);
  });

  it('update: only the admin of the pharmacy changes its details', async () => {
    for (const actor of ['anon', 'pharmacistA', 'technicianA', 'adminB'] as Actor[]) {
      expectNoRowWritten(await client(actor).from('pharmacies').update({ phone: `(000) 000-000${actor.length}` }).eq('id', a.id).select());
    }
    expect((await sql(`select phone from public.pharmacies where id = $1`, [a.id]))[0]?.phone).toBe('(309) 555-0100');
    const allowed = await a.admin.client.from('pharmacies').update({ phone: '(309) 555-0199' }).eq('id', a.id).select('phone');
    expect(allowed.error).toBeNull();
    expect(allowed.data).toEqual([{ phone: '(309) 555-0199' }]);
  });

  it('update: nobody flips is_demo or the id', async () => {
    const demo = await a.admin.client.from('pharmacies').update({ is_demo: true }).eq('id', a.id).select();
    expect(demo.error?.message).toBe('Only the project can mark a demo pharmacy');
  });

  it('delete: nobody deletes a pharmacy through the API', async () => {
    for (const actor of ALL) expectNoRowWritten(await client(actor).from('pharmacies').delete().eq('id', a.id).select());
    expect(await sql(`select id from public.pharmacies where id = $1`, [a.id])).toHaveLength(1);
  });
});

describe('pharmacy_operating_hours', () => {
  it('select: staff see their seven days; others see none of A', async () => {
    for (const actor of STAFF_A) {
      const { data } = await client(actor).from('pharmacy_operating_hours').select('weekday').eq('pharmacy_id', a.id);
      expect(data, actor).toHaveLength(7);
    }
    expect((await client('adminB').from('pharmacy_operating_hours').select('weekday').eq('pharmacy_id', a.id)).data).toEqual([]);
    expect((await anon.from('pharmacy_operating_hours').select('weekday')).data ?? []).toEqual([]);
  });

  it('update: only the admin changes hours', async () => {
    for (const actor of ['anon', 'pharmacistA', 'technicianA', 'adminB'] as Actor[]) {
      expectNoRowWritten(await client(actor).from('pharmacy_operating_hours').update({ is_closed: true }).eq('pharmacy_id', a.id).eq('weekday', 'monday').select());
    }
    expect((await sql(`select is_closed from public.pharmacy_operating_hours where pharmacy_id = $1 and weekday = 'monday'`, [a.id]))[0]?.is_closed).toBe(false);
    const allowed = await a.admin.client.from('pharmacy_operating_hours').update({ opens_at: '08:00' }).eq('weekday', 'monday').select('opens_at');
    expect(allowed.data).toEqual([{ opens_at: '08:00:00' }]);
  });

  it('delete and insert: only the admin removes and adds a day, in their own pharmacy', async () => {
    for (const actor of ['anon', 'pharmacistA', 'technicianA', 'adminB'] as Actor[]) {
      expectNoRowWritten(await client(actor).from('pharmacy_operating_hours').delete().eq('pharmacy_id', a.id).eq('weekday', 'sunday').select());
    }
    expect(await sql(`select 1 from public.pharmacy_operating_hours where pharmacy_id = $1 and weekday = 'sunday'`, [a.id])).toHaveLength(1);
    const removed = await a.admin.client.from('pharmacy_operating_hours').delete().eq('weekday', 'sunday').select('weekday');
    expect(removed.data).toEqual([{ weekday: 'sunday' }]);

    for (const actor of ['anon', 'pharmacistA', 'technicianA'] as Actor[]) {
      const denied = await client(actor).from('pharmacy_operating_hours').insert({ weekday: 'sunday', opens_at: '10:00', closes_at: '14:00' }).select();
      expect(denied.error, actor).not.toBeNull();
    }
    const foreign = await b.admin.client.from('pharmacy_operating_hours').insert({ pharmacy_id: a.id, weekday: 'sunday', opens_at: '10:00', closes_at: '14:00' }).select();
    expect(foreign.error?.message).toBe('Rows can only be added to your own pharmacy');
    expect(await sql(`select 1 from public.pharmacy_operating_hours where pharmacy_id = $1 and weekday = 'sunday'`, [a.id])).toEqual([]);

    const added = await a.admin.client.from('pharmacy_operating_hours').insert({ weekday: 'sunday', opens_at: '10:00', closes_at: '14:00' }).select('pharmacy_id, weekday');
    expect(added.error).toBeNull();
    expect(added.data).toEqual([{ pharmacy_id: a.id, weekday: 'sunday' }]);
  });

  it('update: pharmacy_id never changes', async () => {
    const moved = await a.admin.client.from('pharmacy_operating_hours').update({ pharmacy_id: b.id }).eq('weekday', 'tuesday').select();
    expect(moved.error?.message).toBe('The pharmacy of a row cannot be changed');
  });
});

describe('staff_profiles', () => {
  it('select: staff see their pharmacy\'s staff; others see none of A', async () => {
    for (const actor of STAFF_A) {
      const { data } = await client(actor).from('staff_profiles').select('user_id');
      expect(new Set(data?.map((row) => row.user_id)), actor).toEqual(new Set([a.admin.id, a.pharmacist.id, a.technician.id]));
    }
    expect((await client('adminB').from('staff_profiles').select('user_id').eq('pharmacy_id', a.id)).data).toEqual([]);
    expect((await anon.from('staff_profiles').select('user_id')).data ?? []).toEqual([]);
  });

  it('insert: only the admin adds staff, to their own pharmacy', async () => {
    const newcomer = await createUser('newcomer');
    const row = { user_id: newcomer.id, role: 'technician', first_name: 'New', last_name: 'Comer', email: newcomer.email };
    for (const actor of ['anon', 'pharmacistA', 'technicianA'] as Actor[]) {
      expect((await client(actor).from('staff_profiles').insert(row).select()).error, actor).not.toBeNull();
    }
    const foreign = await b.admin.client.from('staff_profiles').insert({ ...row, pharmacy_id: a.id }).select('user_id');
    expect(foreign.error?.message).toBe('Rows can only be added to your own pharmacy');
    expect(await sql(`select 1 from public.staff_profiles where user_id = $1`, [newcomer.id])).toEqual([]);

    const presetLock = await a.admin.client.from('staff_profiles').insert({ ...row, failed_login_count: 2 }).select('user_id');
    expect(presetLock.error?.message).toBe('Sign-in state is recorded by sign-in, not set by hand');

    const added = await a.admin.client.from('staff_profiles').insert(row).select('user_id, pharmacy_id, role');
    expect(added.error).toBeNull();
    expect(added.data).toEqual([{ user_id: newcomer.id, pharmacy_id: a.id, role: 'technician' }]);
  });

  it('update: staff change their own name and phone, nothing else of theirs', async () => {
    for (const staff of [a.pharmacist, a.technician]) {
      const own = await staff.client.from('staff_profiles').update({ first_name: 'Renamed', phone: '(309) 555-0111' }).eq('user_id', staff.id).select('first_name, phone');
      expect(own.data).toEqual([{ first_name: 'Renamed', phone: '(309) 555-0111' }]);
      const license = await staff.client.from('staff_profiles').update({ license_number: 'FORGED' }).eq('user_id', staff.id).select('user_id');
      expect(license.error?.message).toBe('You can change only your own name and phone; ask a pharmacy admin for anything else');
    }
  });

  it('update: nobody changes their own role, active flag or pharmacy', async () => {
    for (const staff of [a.admin, a.pharmacist, a.technician]) {
      const role = await staff.client.from('staff_profiles').update({ role: staff === a.admin ? 'pharmacist' : 'admin' }).eq('user_id', staff.id).select('user_id');
      expect(role.error?.message).toBe('You cannot change your own role');
      const moved = await staff.client.from('staff_profiles').update({ pharmacy_id: b.id }).eq('user_id', staff.id).select();
      expect(moved.error).not.toBeNull();
    }
    const deactivateSelf = await a.admin.client.from('staff_profiles').update({ is_active: false }).eq('user_id', a.admin.id).select('user_id');
    expect(deactivateSelf.error?.message).toBe('You cannot activate or deactivate your own account');
    const roles = await sql(`select user_id, role, pharmacy_id, is_active from public.staff_profiles where pharmacy_id = $1 and user_id = any($2)`, [a.id, [a.admin.id, a.pharmacist.id, a.technician.id]]);
    expect(roles.map((row) => [row.role, row.is_active]).sort()).toEqual([['admin', true], ['pharmacist', true], ['technician', true]]);
  });

  it('update: non-admins cannot manage other staff; the admin can', async () => {
    // RLS hides other staff's rows from a non-admin's update: nothing is touched.
    expectNoRowWritten(await a.pharmacist.client.from('staff_profiles').update({ role: 'pharmacist' }).eq('user_id', a.technician.id).select());
    expectNoRowWritten(await a.technician.client.from('staff_profiles').update({ last_name: 'X' }).eq('user_id', a.pharmacist.id).select());
    expectNoRowWritten(await b.admin.client.from('staff_profiles').update({ is_active: false }).eq('user_id', a.technician.id).select());
    expectNoRowWritten(await anon.from('staff_profiles').update({ is_active: false }).eq('user_id', a.technician.id).select());
    expect((await sql(`select role, is_active, last_name from public.staff_profiles where user_id = $1`, [a.technician.id]))[0]).toEqual({ role: 'technician', is_active: true, last_name: 'Technician of RLS Pharmacy A' });

    const promoted = await a.admin.client.from('staff_profiles').update({ license_type: 'CPhT', license_number: 'T-77' }).eq('user_id', a.technician.id).select('license_type, license_number');
    expect(promoted.data).toEqual([{ license_type: 'CPhT', license_number: 'T-77' }]);
  });

  it('delete: only the admin removes other staff, never themselves', async () => {
    const leaver = await createUser('leaver');
    await service().from('staff_profiles').insert({ user_id: leaver.id, pharmacy_id: a.id, role: 'technician', first_name: 'Lee', last_name: 'Ver', email: leaver.email });
    for (const actor of ['anon', 'pharmacistA', 'technicianA', 'adminB'] as Actor[]) {
      expectNoRowWritten(await client(actor).from('staff_profiles').delete().eq('user_id', leaver.id).select());
    }
    expectNoRowWritten(await a.admin.client.from('staff_profiles').delete().eq('user_id', a.admin.id).select());
    expect(await sql(`select user_id from public.staff_profiles where user_id = any($1)`, [[leaver.id, a.admin.id]])).toHaveLength(2);
    const removed = await a.admin.client.from('staff_profiles').delete().eq('user_id', leaver.id).select('user_id');
    expect(removed.data).toEqual([{ user_id: leaver.id }]);
  });
});

describe('pharmacists_in_charge', () => {
  it('select: staff see their pharmacist in charge; others none of A', async () => {
    for (const actor of STAFF_A) {
      expect((await client(actor).from('pharmacists_in_charge').select('pharmacy_id, last_name')).data, actor).toEqual([{ pharmacy_id: a.id, last_name: 'Incharge' }]);
    }
    expect((await client('adminB').from('pharmacists_in_charge').select('id').eq('pharmacy_id', a.id)).data).toEqual([]);
    expect((await anon.from('pharmacists_in_charge').select('id')).data ?? []).toEqual([]);
  });

  it('update: only the admin', async () => {
    for (const actor of ['anon', 'pharmacistA', 'technicianA', 'adminB'] as Actor[]) {
      expectNoRowWritten(await client(actor).from('pharmacists_in_charge').update({ license_number: 'X' }).eq('pharmacy_id', a.id).select());
    }
    expect((await sql(`select license_number from public.pharmacists_in_charge where pharmacy_id = $1`, [a.id]))[0]?.license_number).toBe('PIC-1');
    expect((await a.admin.client.from('pharmacists_in_charge').update({ license_number: 'PIC-2' }).eq('pharmacy_id', a.id).select('license_number')).data).toEqual([{ license_number: 'PIC-2' }]);
  });

  it('delete and insert: only the admin, in their own pharmacy', async () => {
    for (const actor of ['anon', 'pharmacistA', 'technicianA', 'adminB'] as Actor[]) {
      expectNoRowWritten(await client(actor).from('pharmacists_in_charge').delete().eq('pharmacy_id', a.id).select());
    }
    expect(await sql(`select 1 from public.pharmacists_in_charge where pharmacy_id = $1`, [a.id])).toHaveLength(1);
    expect((await a.admin.client.from('pharmacists_in_charge').delete().eq('pharmacy_id', a.id).select('last_name')).data).toEqual([{ last_name: 'Incharge' }]);

    const row = { first_name: 'Quinn', last_name: 'Newpic', license_number: 'PIC-9' };
    for (const actor of ['anon', 'pharmacistA', 'technicianA'] as Actor[]) {
      expect((await client(actor).from('pharmacists_in_charge').insert(row).select()).error, actor).not.toBeNull();
    }
    expect((await b.admin.client.from('pharmacists_in_charge').insert({ ...row, pharmacy_id: a.id }).select()).error?.message).toBe('Rows can only be added to your own pharmacy');
    const added = await a.admin.client.from('pharmacists_in_charge').insert(row).select('pharmacy_id, last_name');
    expect(added.data).toEqual([{ pharmacy_id: a.id, last_name: 'Newpic' }]);
  });
});

describe('security_policies', () => {
  it('select: staff read their policy (the spec defaults); others none of A', async () => {
    for (const actor of STAFF_A) {
      expect((await client(actor).from('security_policies').select('pharmacy_id, max_failed_logins, lockout_minutes, session_timeout_minutes')).data, actor)
        .toEqual([{ pharmacy_id: a.id, max_failed_logins: 3, lockout_minutes: 30, session_timeout_minutes: 30 }]);
    }
    expect((await client('adminB').from('security_policies').select('pharmacy_id').eq('pharmacy_id', a.id)).data).toEqual([]);
    expect((await anon.from('security_policies').select('pharmacy_id')).data ?? []).toEqual([]);
  });

  it('update: only the admin', async () => {
    for (const actor of ['anon', 'pharmacistA', 'technicianA', 'adminB'] as Actor[]) {
      expectNoRowWritten(await client(actor).from('security_policies').update({ max_failed_logins: 99 }).eq('pharmacy_id', a.id).select());
    }
    expect((await sql(`select max_failed_logins from public.security_policies where pharmacy_id = $1`, [a.id]))[0]?.max_failed_logins).toBe(3);
    expect((await a.admin.client.from('security_policies').update({ session_timeout_minutes: 45 }).eq('pharmacy_id', a.id).select('session_timeout_minutes')).data).toEqual([{ session_timeout_minutes: 45 }]);
  });

  it('delete: nobody removes the policy', async () => {
    for (const actor of ALL) expectNoRowWritten(await client(actor).from('security_policies').delete().eq('pharmacy_id', a.id).select());
    expect(await sql(`select 1 from public.security_policies where pharmacy_id = $1`, [a.id])).toHaveLength(1);
  });

  it('insert: only the admin creates a missing policy, for their own pharmacy', async () => {
    // Every onboarded pharmacy has one; remove B's (as the superuser) to exercise the insert.
    await sql(`delete from public.security_policies where pharmacy_id = $1`, [b.id]);
    for (const actor of ['anon', 'adminA'] as Actor[]) {
      expect((await client(actor).from('security_policies').insert({ pharmacy_id: b.id }).select()).error, actor).not.toBeNull();
    }
    const added = await b.admin.client.from('security_policies').insert({}).select('pharmacy_id, max_failed_logins');
    expect(added.data).toEqual([{ pharmacy_id: b.id, max_failed_logins: 3 }]);
  });
});

describe('audit_log', () => {
  it('select: only admins read their pharmacy\'s entries', async () => {
    const own = await a.admin.client.from('audit_log').select('pharmacy_id, action');
    expect(own.data?.length).toBeGreaterThan(0);
    expect(new Set(own.data?.map((row) => row.pharmacy_id))).toEqual(new Set([a.id]));
    expect(own.data?.some((row) => row.action === 'onboarding')).toBe(true);
    for (const actor of ['pharmacistA', 'technicianA'] as Actor[]) expect((await client(actor).from('audit_log').select('id')).data, actor).toEqual([]);
    expect((await client('adminB').from('audit_log').select('id').eq('pharmacy_id', a.id)).data).toEqual([]);
    expect((await anon.from('audit_log').select('id')).data ?? []).toEqual([]);
  });

  it('insert, update, delete: refused to everyone, the service role included', async () => {
    const [entry] = await sql<{ id: string; description: string }>(`select id, description from public.audit_log where pharmacy_id = $1 order by id limit 1`, [a.id]);
    for (const target of [...ALL.map(client), service()]) {
      expect((await target.from('audit_log').insert({ action: 'forged', entity_type: 'x', description: 'forged' }).select()).error).not.toBeNull();
      expectNoRowWritten(await target.from('audit_log').update({ description: 'rewritten' }).eq('id', entry!.id).select());
      expectNoRowWritten(await target.from('audit_log').delete().eq('id', entry!.id).select());
    }
    expect((await sql(`select description from public.audit_log where id = $1`, [entry!.id]))[0]?.description).toBe(entry!.description);
    expect(await sql(`select 1 from public.audit_log where action = 'forged'`)).toEqual([]);
  });

  it('is append-only even for the database owner', async () => {
    await expect(sql(`update public.audit_log set description = 'x' where pharmacy_id = $1`, [a.id])).rejects.toThrow('The audit log is append-only');
    await expect(sql(`delete from public.audit_log where pharmacy_id = $1`, [a.id])).rejects.toThrow('The audit log is append-only');
    await expect(sql(`truncate public.audit_log`)).rejects.toThrow('The audit log is append-only');
  });

  it('records staff changes with the actor and the changed columns', async () => {
    await a.pharmacist.client.from('staff_profiles').update({ phone: '(309) 555-0177' }).eq('user_id', a.pharmacist.id);
    const rows = await sql(`select actor_user_id, action, entity_type, entity_id, details -> 'changed' as changed, success
                              from public.audit_log where entity_type = 'staff_profiles' and entity_id = $1 and action = 'update'
                              order by id desc limit 1`, [a.pharmacist.id]);
    expect(rows).toEqual([{ actor_user_id: a.pharmacist.id, action: 'update', entity_type: 'staff_profiles', entity_id: a.pharmacist.id, changed: ['phone'], success: true }]);
  });
});

describe('subscription_plans', () => {
  it('select: anyone reads the flat monthly plan', async () => {
    for (const actor of ALL) {
      const { data } = await client(actor).from('subscription_plans').select('id, price, currency, billing_cycle, trial_days, features');
      expect(data, actor).toEqual([expect.objectContaining({ id: 'flat-monthly', price: 150, currency: 'USD', billing_cycle: 'monthly', trial_days: 30 })]);
      expect((data?.[0]?.features as { maxUsers: number }).maxUsers).toBe(-1);
    }
  });

  it('insert, update, delete: refused to everyone but the service role', async () => {
    for (const actor of ALL) {
      expect((await client(actor).from('subscription_plans').insert({ id: `x-${actor}`, name: 'x', description: 'x', price: 1, billing_cycle: 'monthly' }).select()).error, actor).not.toBeNull();
      expectNoRowWritten(await client(actor).from('subscription_plans').update({ price: 1 }).eq('id', 'flat-monthly').select());
      expectNoRowWritten(await client(actor).from('subscription_plans').delete().eq('id', 'flat-monthly').select());
    }
    expect((await sql(`select price::float8 as price from public.subscription_plans where id = 'flat-monthly'`))[0]?.price).toBe(150);
  });
});

describe('subscriptions', () => {
  it("select: A's admin reads its trial subscription; A's pharmacist and technician and everyone else none", async () => {
    expect((await client('adminA').from('subscriptions').select('pharmacy_id, plan_id, status')).data).toEqual([{ pharmacy_id: a.id, plan_id: 'flat-monthly', status: 'trialing' }]);
    for (const actor of STAFF_A.filter((name) => name !== 'adminA')) {
      expect((await client(actor).from('subscriptions').select('pharmacy_id')).data, actor).toEqual([]);
    }
    expect((await client('adminB').from('subscriptions').select('id').eq('pharmacy_id', a.id)).data).toEqual([]);
    expect((await anon.from('subscriptions').select('id')).data ?? []).toEqual([]);
  });

  it('insert, update, delete: refused to every end user, the admin included', async () => {
    for (const actor of ALL) {
      expect((await client(actor).from('subscriptions').insert({ plan_id: 'flat-monthly', status: 'active' }).select()).error, actor).not.toBeNull();
      expectNoRowWritten(await client(actor).from('subscriptions').update({ status: 'active' }).eq('pharmacy_id', a.id).select());
      expectNoRowWritten(await client(actor).from('subscriptions').delete().eq('pharmacy_id', a.id).select());
    }
    expect(await sql(`select status from public.subscriptions where pharmacy_id = $1`, [a.id])).toEqual([{ status: 'trialing' }]);
  });
});

describe('realtime publication', () => {
  it('publishes staff_profiles and pharmacies for live screens', async () => {
    const rows = await sql(`select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename in ('staff_profiles', 'pharmacies') order by tablename`);
    expect(rows).toEqual([{ tablename: 'pharmacies' }, { tablename: 'staff_profiles' }]);
  });
});
