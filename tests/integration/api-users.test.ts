/**
 * GET/POST /api/users and /api/users/{id}/{toggle-status,reset-password,unlock} (spec part 2 §7 "Security
 * manager", contract shared/src/api/users.ts) through supabase-js as the web app calls them (the typed invoker)
 * and raw: the admin of pharmacy A manages its staff; its pharmacist and technician are refused 403 at every
 * endpoint; pharmacy B's admin gets 404 for A's staff; an admin never deactivates themselves (409); deactivation
 * ends the user's sessions; unlock clears the lock; an invitation is an email whose link lets the person set a
 * password and sign in as staff of this pharmacy only; a reset is an email too.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listUsersEndpoint, toggleUserStatusEndpoint, unlockUserEndpoint,
} from '../../shared/src/api/users.ts';
import { STAFF_ACCOUNT_MESSAGES, STAFF_USER_MESSAGES, type StaffUser } from '../../shared/src/schemas/staff-user.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createApiInvoker } from '../../web/src/lib/api-invoker.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { addStaff, createPharmacy, signIn, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;

const ADMIN_ONLY_MESSAGE = STAFF_ACCOUNT_MESSAGES.adminOnly;
const NOT_FOUND = { error: STAFF_ACCOUNT_MESSAGES.notFound };
const ACTIONS = ['toggle-status', 'reset-password', 'unlock'] as const;

beforeAll(async () => {
  [a, b] = [await createPharmacy('Users API Pharmacy A'), await createPharmacy('Users API Pharmacy B')];
}, 120_000);

afterAll(closeSql);

const invoke = (client: SupabaseClient) => createApiInvoker(client);
const action = (client: SupabaseClient, id: string, name: (typeof ACTIONS)[number]) => callApi(client, `users/${id}/${name}`, { method: 'POST' });

async function stored(userId: string) {
  return (await sql<{ is_active: boolean; failed_login_count: number; locked_until: Date | null }>(
    'select is_active, failed_login_count, locked_until from public.staff_profiles where user_id = $1', [userId]))[0];
}

function newcomer(tag: string) {
  return {
    email: `invited-${tag}-${Date.now()}@example.test`,
    firstName: 'Ivy',
    lastName: `Invited ${tag}`,
    role: 'technician' as const,
    licenseNumber: 'CPhT-1234',
    licenseState: 'IL',
    licenseExpiration: '2028-06-30',
    licenseType: 'CPhT',
  };
}

describe('GET /api/users', () => {
  it('gives the admin every staff member of their pharmacy with every field of §3 User', async () => {
    const users = await invoke(a.admin.client)(listUsersEndpoint);
    expect(new Set(users.map((user) => user.id))).toEqual(new Set([a.admin.id, a.pharmacist.id, a.technician.id]));
    const pharmacist = users.find((user) => user.id === a.pharmacist.id);
    expect(pharmacist).toEqual({
      id: a.pharmacist.id,
      firstName: 'Phil',
      lastName: 'Pharmacist of Users API Pharmacy A',
      email: a.pharmacist.email,
      role: 'pharmacist',
      isActive: true,
      licenseNumber: expect.stringMatching(/^RPH-/),
      licenseState: 'IL',
      licenseExpiration: null,
      licenseType: null,
      loginAttempts: 0,
      lockedUntil: null,
      lastLogin: expect.any(String),
      twoFactorEnabled: false,
      createdAt: expect.any(String),
      permissions: expect.arrayContaining(['prescriptions:verify', 'interactions:override']),
    } satisfies StaffUser);
    expect(pharmacist?.permissions).not.toContain('staff:manage');
  });

  it('refuses the pharmacist and the technician (403) and a caller who is not signed in (401); B\'s admin sees only B', async () => {
    for (const role of ['pharmacist', 'technician'] as const) {
      expect(await callApi(a[role].client, 'users'), role).toEqual({ status: 403, body: { error: ADMIN_ONLY_MESSAGE } });
    }
    expect(await callApi(createTestClient(), 'users')).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    const other = await invoke(b.admin.client)(listUsersEndpoint);
    expect(new Set(other.map((user) => user.id))).toEqual(new Set([b.admin.id, b.pharmacist.id, b.technician.id]));
  });
});

describe('the account actions: who may call them', () => {
  it('refuses the pharmacist and the technician every action (403), changing nothing', async () => {
    await sql(`update public.staff_profiles set failed_login_count = 3, locked_until = now() + interval '30 minutes' where user_id = $1`, [a.technician.id]);
    for (const role of ['pharmacist', 'technician'] as const) {
      for (const name of ACTIONS) {
        expect(await action(a[role].client, a.technician.id, name), `${role} ${name}`).toEqual({ status: 403, body: { error: ADMIN_ONLY_MESSAGE } });
      }
    }
    expect(await stored(a.technician.id)).toMatchObject({ is_active: true, failed_login_count: 3 });
    await sql('update public.staff_profiles set failed_login_count = 0, locked_until = null where user_id = $1', [a.technician.id]);
  });

  it('answers another pharmacy\'s admin 404 for this pharmacy\'s staff, as for an unknown or malformed id', async () => {
    for (const name of ACTIONS) {
      for (const id of [a.technician.id, a.admin.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        expect(await action(b.admin.client, id, name), `${name} ${id}`).toEqual({ status: 404, body: NOT_FOUND });
      }
    }
    expect(await stored(a.technician.id)).toMatchObject({ is_active: true });
  });
});

describe('POST /api/users/{id}/toggle-status', () => {
  it('deactivates a staff member, ending their sessions (their refresh fails), and activates them again', async () => {
    const staff = await addStaff(a.id, 'technician', 'Soon', 'Gone');
    const session = (await staff.client.auth.getSession()).data.session!;
    const off = await invoke(a.admin.client)(toggleUserStatusEndpoint, { id: staff.id });
    expect(off).toMatchObject({ id: staff.id, isActive: false, role: 'technician' });
    const refresh = await createTestClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.data.session).toBeNull();
    expect(refresh.error).not.toBeNull();
    expect((await staff.client.from('pharmacies').select('id')).data).toEqual([]);

    const on = await invoke(a.admin.client)(toggleUserStatusEndpoint, { id: staff.id });
    expect(on).toMatchObject({ id: staff.id, isActive: true });
    const back = await signIn(staff.email, staff.password);
    expect((await back.from('pharmacies').select('id')).data).toEqual([{ id: a.id }]);
  });

  it('refuses the admin themselves with 409 and the reason', async () => {
    expect(await action(a.admin.client, a.admin.id, 'toggle-status')).toEqual({
      status: 409, body: { error: STAFF_ACCOUNT_MESSAGES.ownStatus },
    });
    const viaInvoker = await invoke(a.admin.client)(toggleUserStatusEndpoint, { id: a.admin.id }).catch((error: unknown) => error);
    expect(viaInvoker).toBeInstanceOf(ApiError);
    expect(viaInvoker).toMatchObject({ status: 409 });
    expect(await stored(a.admin.id)).toMatchObject({ is_active: true });
  });
});

describe('POST /api/users/{id}/unlock', () => {
  it('clears the lock and the failed attempts, and the staff member signs in again', async () => {
    const staff = await addStaff(a.id, 'pharmacist', 'Locked', 'Out');
    await sql(`update public.staff_profiles set failed_login_count = 3, locked_until = now() + interval '30 minutes' where user_id = $1`, [staff.id]);
    const refused = await createTestClient().auth.signInWithPassword({ email: staff.email, password: staff.password });
    expect(refused.error?.message).toMatch(/^Account locked/);

    const unlocked = await invoke(a.admin.client)(unlockUserEndpoint, { id: staff.id });
    expect(unlocked).toMatchObject({ id: staff.id, loginAttempts: 0, lockedUntil: null });
    expect(await stored(staff.id)).toMatchObject({ failed_login_count: 0, locked_until: null });
    await signIn(staff.email, staff.password);
  });
});

describe('POST /api/users', () => {
  it('refuses the pharmacist and the technician (403) before anything is sent or created', async () => {
    for (const role of ['pharmacist', 'technician'] as const) {
      const body = newcomer(role);
      expect(await callApi(a[role].client, 'users', { body }), role).toEqual({ status: 403, body: { error: ADMIN_ONLY_MESSAGE } });
      expect(await sql('select 1 from auth.users where email = $1', [body.email])).toEqual([]);
    }
  });

  it('refuses a bad form with the shared schema\'s messages (400)', async () => {
    const answer = await callApi(a.admin.client, 'users', { body: { ...newcomer('bad'), email: 'nope', role: 'owner', firstName: ' ' } });
    expect(answer).toEqual({
      status: 400,
      body: { error: 'Validation failed', errors: [STAFF_USER_MESSAGES.email, STAFF_USER_MESSAGES.firstName, STAFF_USER_MESSAGES.role] },
    });
  });

  it('answers 409 for an email that already has an account, creating nothing', async () => {
    const before = await sql('select count(*)::int as n from public.staff_profiles where pharmacy_id = $1', [a.id]);
    const answer = await callApi(a.admin.client, 'users', { body: { ...newcomer('taken'), email: b.technician.email.toUpperCase() } });
    expect(answer).toEqual({ status: 409, body: { error: STAFF_ACCOUNT_MESSAGES.emailExists } });
    expect(await sql('select count(*)::int as n from public.staff_profiles where pharmacy_id = $1', [a.id])).toEqual(before);
    expect(await stored(b.technician.id)).toMatchObject({ is_active: true });
  });
});

