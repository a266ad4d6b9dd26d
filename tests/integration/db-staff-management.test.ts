/**
 * The staff account rules of the AI Security Manager in the database (migration 20261124000400_staff_management),
 * as real users through supabase-js (PostgREST) and, for the other paths, the service role and SQL: the admin of
 * pharmacy A, its pharmacist and technician, a second admin, and the staff of pharmacy B. Only an active admin
 * reads the staff list with sign-in state and permissions and acts on an account of their own pharmacy
 * (anyone else: 42501; an account of another pharmacy: P0002); nobody deactivates or demotes themselves or the
 * pharmacy's last active admin (P0001), whichever path the change takes; each action is audited.
 */
import pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ACCOUNT_MESSAGES } from '../../shared/src/staff/staff-user.ts';
import { closeSql, createServiceClient, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import { addStaff, createPharmacy, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;

const {
  ownStatus: SELF_DEACTIVATION_MESSAGE, ownRole: SELF_ROLE_MESSAGE, lastAdmin: LAST_ADMIN_MESSAGE, adminOnly: ADMIN_ONLY_MESSAGE,
  notFound: NOT_FOUND_MESSAGE,
} = STAFF_ACCOUNT_MESSAGES;

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Staff Rules Pharmacy A'), await createPharmacy('Staff Rules Pharmacy B')];
}, 120_000);

afterAll(closeSql);

async function stored(userId: string) {
  return (await sql<{ role: string; is_active: boolean; failed_login_count: number; locked_until: Date | null }>(
    'select role, is_active, failed_login_count, locked_until from public.staff_profiles where user_id = $1', [userId]))[0];
}

async function lock(userId: string): Promise<void> {
  await sql(`update public.staff_profiles set failed_login_count = 3, locked_until = now() + interval '30 minutes' where user_id = $1`, [userId]);
}

async function auditEntries(entityId: string, action: string) {
  return await sql<{ actor_user_id: string | null; description: string; details: Record<string, unknown> }>(
    `select actor_user_id, description, details from public.audit_log where entity_id = $1 and action = $2 order by id`, [entityId, action]);
}

describe('staff_users()', () => {
  it('gives an admin every staff member of their pharmacy with every §3 field, the sign-in state and the permissions', async () => {
    await lock(a.technician.id);
    const { data, error } = await a.admin.client.rpc('staff_users');
    expect(error).toBeNull();
    expect(new Set(data.map((row: { user_id: string }) => row.user_id))).toEqual(new Set([a.admin.id, a.pharmacist.id, a.technician.id]));
    const technician = data.find((row: { user_id: string }) => row.user_id === a.technician.id);
    expect(technician).toEqual({
      user_id: a.technician.id,
      first_name: 'Tess',
      last_name: 'Technician of Staff Rules Pharmacy A',
      email: a.technician.email,
      role: 'technician',
      is_active: true,
      license_number: null,
      license_state: 'IL',
      license_expiration: null,
      license_type: null,
      failed_login_count: 3,
      locked_until: expect.any(String),
      last_login_at: expect.any(String),
      two_factor_enabled: false,
      created_at: expect.any(String),
      permissions: (await sql<{ p: string[] }>(`select private.role_permissions('technician') as p`))[0]!.p,
    });
    expect(data.find((row: { user_id: string }) => row.user_id === a.admin.id).permissions).toContain('staff:manage');
    await sql('update public.staff_profiles set failed_login_count = 0, locked_until = null where user_id = $1', [a.technician.id]);
  });

  it('refuses pharmacists, technicians and anon; another pharmacy\'s admin sees only their own staff', async () => {
    for (const role of ['pharmacist', 'technician'] as const) {
      const { data, error } = await a[role].client.rpc('staff_users');
      expect(error, role).toMatchObject({ code: '42501', message: ADMIN_ONLY_MESSAGE });
      expect(data, role).toBeNull();
    }
    expect((await anon.rpc('staff_users')).error).not.toBeNull();
    const { data } = await b.admin.client.rpc('staff_users');
    expect(new Set(data.map((row: { user_id: string }) => row.user_id))).toEqual(new Set([b.admin.id, b.pharmacist.id, b.technician.id]));
  });
});

describe('toggle_staff_status()', () => {
  it('lets the admin deactivate and reactivate a staff member (ban lifted again), audited with the admin as actor', async () => {
    const staff = await addStaff(a.id, 'technician', 'Toggle', 'Me');
    const off = await a.admin.client.rpc('toggle_staff_status', { staff_user_id: staff.id });
    expect(off).toMatchObject({ error: null, data: false });
    expect((await stored(staff.id))?.is_active).toBe(false);
    expect((await sql('select banned_until from auth.users where id = $1', [staff.id]))[0]?.banned_until).not.toBeNull();
    const on = await a.admin.client.rpc('toggle_staff_status', { staff_user_id: staff.id });
    expect(on).toMatchObject({ error: null, data: true });
    expect((await sql('select banned_until from auth.users where id = $1', [staff.id]))[0]?.banned_until).toBeNull();
    expect((await auditEntries(staff.id, 'deactivate')).map((entry) => entry.actor_user_id)).toEqual([a.admin.id]);
    expect((await auditEntries(staff.id, 'reactivate')).map((entry) => entry.actor_user_id)).toEqual([a.admin.id]);
  });

  it('refuses pharmacists and technicians (42501) and another pharmacy\'s admin (not found), changing nothing', async () => {
    for (const role of ['pharmacist', 'technician'] as const) {
      const { error } = await a[role].client.rpc('toggle_staff_status', { staff_user_id: a.pharmacist.id === a[role].id ? a.technician.id : a.pharmacist.id });
      expect(error, role).toMatchObject({ code: '42501', message: ADMIN_ONLY_MESSAGE });
    }
    const foreign = await b.admin.client.rpc('toggle_staff_status', { staff_user_id: a.technician.id });
    expect(foreign.error).toMatchObject({ code: 'P0002', message: NOT_FOUND_MESSAGE });
    const unknown = await a.admin.client.rpc('toggle_staff_status', { staff_user_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.error).toMatchObject({ code: 'P0002', message: NOT_FOUND_MESSAGE });
    expect((await anon.rpc('toggle_staff_status', { staff_user_id: a.technician.id })).error).not.toBeNull();
    for (const staff of [a.pharmacist, a.technician]) expect((await stored(staff.id))?.is_active).toBe(true);
  });

  it('refuses the admin themselves (P0001, a rule of the account), through the function and through PostgREST', async () => {
    const viaFunction = await a.admin.client.rpc('toggle_staff_status', { staff_user_id: a.admin.id });
    expect(viaFunction.error).toMatchObject({ code: 'P0001', message: SELF_DEACTIVATION_MESSAGE });
    const viaRest = await a.admin.client.from('staff_profiles').update({ is_active: false }).eq('user_id', a.admin.id).select('user_id');
    expect(viaRest.error).toMatchObject({ code: 'P0001', message: SELF_DEACTIVATION_MESSAGE });
    expect((await stored(a.admin.id))?.is_active).toBe(true);
  });
});

describe('a pharmacy keeps an active admin', () => {
  let pharmacy: TestPharmacy;
  let secondAdmin: SignedInStaff;

  beforeAll(async () => {
    pharmacy = await createPharmacy('Staff Rules Two Admins');
    secondAdmin = await addStaff(pharmacy.id, 'admin', 'Second', 'Admin');
  }, 120_000);

  it('an admin never demotes themselves (P0001) but may demote or deactivate another admin while one stays', async () => {
    const self = await secondAdmin.client.from('staff_profiles').update({ role: 'pharmacist' }).eq('user_id', secondAdmin.id).select('user_id');
    expect(self.error).toMatchObject({ code: 'P0001', message: SELF_ROLE_MESSAGE });
    expect((await stored(secondAdmin.id))?.role).toBe('admin');

    const demoted = await pharmacy.admin.client.from('staff_profiles').update({ role: 'pharmacist' }).eq('user_id', secondAdmin.id).select('role');
    expect(demoted).toMatchObject({ error: null, data: [{ role: 'pharmacist' }] });
    await sql(`update public.staff_profiles set role = 'admin' where user_id = $1`, [secondAdmin.id]);
    const deactivated = await pharmacy.admin.client.rpc('toggle_staff_status', { staff_user_id: secondAdmin.id });
    expect(deactivated).toMatchObject({ error: null, data: false });
    await sql('update public.staff_profiles set is_active = true where user_id = $1', [secondAdmin.id]);
  });

  it('the service role and SQL cannot deactivate or demote the last active admin either', async () => {
    await sql('update public.staff_profiles set is_active = false where user_id = $1', [secondAdmin.id]);
    const viaService = await createServiceClient().from('staff_profiles').update({ is_active: false }).eq('user_id', pharmacy.admin.id).select('user_id');
    expect(viaService.error).toMatchObject({ code: 'P0001', message: LAST_ADMIN_MESSAGE });
    await expect(sql(`update public.staff_profiles set role = 'technician' where user_id = $1`, [pharmacy.admin.id])).rejects.toThrow(LAST_ADMIN_MESSAGE);
    await expect(sql('update public.staff_profiles set is_active = false where user_id = $1', [pharmacy.admin.id])).rejects.toThrow(LAST_ADMIN_MESSAGE);
    expect(await stored(pharmacy.admin.id)).toMatchObject({ role: 'admin', is_active: true });
    await sql('update public.staff_profiles set is_active = true where user_id = $1', [secondAdmin.id]);
  });

  it('two admins deactivating each other at once: the second to commit is refused, one admin stays', async () => {
    const asAdmin = async (actor: SignedInStaff) => {
      const client = new pg.Client({ connectionString: stackEnv().dbUrl });
      await client.connect();
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: actor.id, role: 'authenticated' })]);
      await client.query('set local role authenticated');
      return client;
    };
    const first = await asAdmin(pharmacy.admin);
    const second = await asAdmin(secondAdmin);
    try {
      await first.query('select public.toggle_staff_status($1)', [secondAdmin.id]);
      // The second waits for the first (one admin change per pharmacy at a time), then sees it.
      const secondDone = second.query('select public.toggle_staff_status($1)', [pharmacy.admin.id]).then(() => null, (error: Error) => error.message);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.query('commit');
      expect(await secondDone).toBe(LAST_ADMIN_MESSAGE);
    } finally {
      await second.query('rollback').catch(() => undefined);
      await Promise.all([first.end(), second.end()]);
    }
    expect(await stored(pharmacy.admin.id)).toMatchObject({ role: 'admin', is_active: true });
    expect((await stored(secondAdmin.id))?.is_active).toBe(false);
  });
});

describe('unlock_staff_account()', () => {
  it('lets the admin clear a colleague\'s lock and failed attempts, audited with the admin as actor', async () => {
    const staff = await addStaff(a.id, 'pharmacist', 'Locked', 'Out');
    await lock(staff.id);
    const { error } = await a.admin.client.rpc('unlock_staff_account', { staff_user_id: staff.id });
    expect(error).toBeNull();
    expect(await stored(staff.id)).toMatchObject({ failed_login_count: 0, locked_until: null });
    const [entry] = await auditEntries(staff.id, 'update');
    expect(entry?.actor_user_id).toBe(a.admin.id);
    expect(entry?.details).toMatchObject({ changed: ['failed_login_count', 'locked_until'], new: { failed_login_count: 0, locked_until: null } });
  });

  it('refuses pharmacists, technicians (42501), another pharmacy\'s admin (not found) and the admin\'s own lock', async () => {
    const staff = await addStaff(a.id, 'technician', 'Still', 'Locked');
    await lock(staff.id);
    for (const role of ['pharmacist', 'technician'] as const) {
      expect((await a[role].client.rpc('unlock_staff_account', { staff_user_id: staff.id })).error, role).toMatchObject({ code: '42501', message: ADMIN_ONLY_MESSAGE });
    }
    expect((await b.admin.client.rpc('unlock_staff_account', { staff_user_id: staff.id })).error).toMatchObject({ code: 'P0002' });
    expect((await anon.rpc('unlock_staff_account', { staff_user_id: staff.id })).error).not.toBeNull();
    expect(await stored(staff.id)).toMatchObject({ failed_login_count: 3, locked_until: expect.any(Date) });

    await lock(a.admin.id);
    expect((await a.admin.client.rpc('unlock_staff_account', { staff_user_id: a.admin.id })).error?.code).toBe('42501');
    expect((await stored(a.admin.id))?.failed_login_count).toBe(3);
    await sql('update public.staff_profiles set failed_login_count = 0, locked_until = null where user_id = $1', [a.admin.id]);
  });
});

describe('request_staff_password_reset()', () => {
  it('gives the admin the account\'s sign-in email and audits the request', async () => {
    const { data, error } = await a.admin.client.rpc('request_staff_password_reset', { staff_user_id: a.pharmacist.id });
    expect(error).toBeNull();
    expect(data).toBe(a.pharmacist.email);
    const entries = await auditEntries(a.pharmacist.id, 'password_reset');
    expect(entries.at(-1)).toMatchObject({
      actor_user_id: a.admin.id,
      description: 'Password reset requested for staff member Phil Pharmacist of Staff Rules Pharmacy A',
    });
  });

  it('refuses pharmacists, technicians (42501), another pharmacy\'s admin (not found) and anon, auditing nothing', async () => {
    const before = (await auditEntries(a.technician.id, 'password_reset')).length;
    for (const role of ['pharmacist', 'technician'] as const) {
      expect((await a[role].client.rpc('request_staff_password_reset', { staff_user_id: a.technician.id })).error, role).toMatchObject({ code: '42501' });
    }
    expect((await b.admin.client.rpc('request_staff_password_reset', { staff_user_id: a.technician.id })).error).toMatchObject({ code: 'P0002', message: NOT_FOUND_MESSAGE });
    expect((await anon.rpc('request_staff_password_reset', { staff_user_id: a.technician.id })).error).not.toBeNull();
    expect((await auditEntries(a.technician.id, 'password_reset')).length).toBe(before);
  });
});
