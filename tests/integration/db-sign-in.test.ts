/**
 * Sign-in rules kept by the database, seen through supabase-js: the password verification hook (account
 * lockout after the policy's failed attempts, the locked and deactivated refusals, last login, an audit
 * entry per attempt, GoTrue's 500 when the hook fails), the admin's unlock, current_staff_context with the
 * role's permissions, and the sign-in page's demo panel for anon.
 */
import { isAuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createServiceClient, createTestClient, createUser, sql } from '../support/stack-env.ts';
import { addStaff, createPharmacy, signIn, type TestPharmacy } from './db-fixtures.ts';

const LOCKED_MESSAGE = /^Account locked due to too many failed sign-in attempts\. Try again after \d{4}-\d\d-\d\d \d\d:\d\d UTC or ask your pharmacy administrator to unlock it\.$/;
const DEACTIVATED_MESSAGE = 'This account has been deactivated. Contact your pharmacy administrator.';

let pharmacy: TestPharmacy;

beforeAll(async () => {
  pharmacy = await createPharmacy('Sign-in Rules Pharmacy');
}, 60_000);

afterAll(async () => {
  await closeSql();
});

async function attempt(email: string, password: string) {
  return createTestClient().auth.signInWithPassword({ email, password });
}

async function signInState(userId: string) {
  const [row] = await sql<{ failed_login_count: number; locked_until: Date | null; last_login_at: Date | null }>(
    `select failed_login_count, locked_until, last_login_at from public.staff_profiles where user_id = $1`,
    [userId],
  );
  return row!;
}

async function signInAudit(userId: string) {
  return sql<{ success: boolean; description: string }>(
    `select success, description from public.audit_log where action = 'sign_in' and entity_id = $1 order by id`,
    [userId],
  );
}

describe('password verification hook', () => {
  it('locks the account at the third failed sign-in, refuses it while locked, and the admin can unlock it', async () => {
    const staff = await addStaff(pharmacy.id, 'technician', 'Lock', 'Target');
    // A session that exists before the lock: the lock only stops new sign-ins, so it goes on.
    const { data: before } = await attempt(staff.email, staff.password);
    const refreshToken = before.session!.refresh_token;
    const auditBefore = (await signInAudit(staff.id)).length;

    for (const count of [1, 2]) {
      const { error } = await attempt(staff.email, 'wrong-password');
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
      expect((await signInState(staff.id)).failed_login_count).toBe(count);
    }
    // The locking attempt answers as any wrong password: the lock is no oracle for someone guessing.
    const third = await attempt(staff.email, 'wrong-password');
    expect(isAuthApiError(third.error)).toBe(true);
    expect(third.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    const locked = await signInState(staff.id);
    expect(locked.failed_login_count).toBe(3);
    const lockMinutes = (locked.locked_until!.getTime() - Date.now()) / 60_000;
    expect(lockMinutes).toBeGreaterThan(29);
    expect(lockMinutes).toBeLessThanOrEqual(30);
    expect((await createTestClient().auth.refreshSession({ refresh_token: refreshToken })).error).toBeNull();

    // The right password does not get past the lock; it alone learns of it.
    const whileLocked = await attempt(staff.email, staff.password);
    expect(whileLocked.error?.message).toMatch(LOCKED_MESSAGE);
    expect(whileLocked.data.session).toBeNull();

    const audit = (await signInAudit(staff.id)).slice(auditBefore);
    expect(audit.map((row) => row.success)).toEqual([false, false, false, false]);
    expect(audit[2]?.description).toBe('Failed sign-in: wrong password; account locked after 3 failed attempts');
    expect(audit[3]?.description).toBe('Sign-in refused: account locked');

    // Only an admin unlocks, and only by clearing the count and the lock.
    const notAdmin = await pharmacy.pharmacist.client.from('staff_profiles').update({ failed_login_count: 0, locked_until: null }).eq('user_id', staff.id).select();
    if (notAdmin.error === null) expect(notAdmin.data).toEqual([]);
    const extend = await pharmacy.admin.client.from('staff_profiles').update({ locked_until: new Date(Date.now() + 86_400_000).toISOString() }).eq('user_id', staff.id).select('user_id');
    expect(extend.error?.message).toBe('Sign-in state is recorded by sign-in; an admin may only unlock another staff member');
    const unlock = await pharmacy.admin.client.from('staff_profiles').update({ failed_login_count: 0, locked_until: null }).eq('user_id', staff.id).select('user_id');
    expect(unlock.data).toEqual([{ user_id: staff.id }]);
    // End users cannot select the sign-in state; admins read it through staff_sign_in_activity (migration …0200_screen_access).
    const activity = await pharmacy.admin.client.rpc('staff_sign_in_activity');
    expect(activity.data?.find((row: { user_id: string }) => row.user_id === staff.id)).toMatchObject({ failed_login_count: 0, locked_until: null });
    const unlockAudit = await sql(`select actor_user_id from public.audit_log where entity_type = 'staff_profiles' and entity_id = $1 and action = 'update' order by id desc limit 1`, [staff.id]);
    expect(unlockAudit).toEqual([{ actor_user_id: pharmacy.admin.id }]);

    const afterUnlock = await attempt(staff.email, staff.password);
    expect(afterUnlock.error).toBeNull();
    expect(afterUnlock.data.session).not.toBeNull();
  });

  it('records the last login and clears failed attempts on success, with an audit entry per attempt', async () => {
    const staff = await addStaff(pharmacy.id, 'pharmacist', 'Good', 'Memory');
    const auditBefore = (await signInAudit(staff.id)).length;
    expect((await attempt(staff.email, 'nope-nope')).error?.message).toBe('Invalid login credentials');
    expect((await signInState(staff.id)).failed_login_count).toBe(1);

    const startedAt = Date.now();
    const { error } = await attempt(staff.email, staff.password);
    expect(error).toBeNull();
    const state = await signInState(staff.id);
    expect(state.failed_login_count).toBe(0);
    expect(state.locked_until).toBeNull();
    expect(state.last_login_at!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);

    expect((await signInAudit(staff.id)).slice(auditBefore)).toEqual([
      { success: false, description: 'Failed sign-in: wrong password' },
      { success: true, description: 'Signed in' },
    ]);
  });

  it('locks for the pharmacy policy\'s time after its number of failures', async () => {
    const other = await createPharmacy('Strict Policy Pharmacy');
    await other.admin.client.from('security_policies').update({ max_failed_logins: 2, lockout_minutes: 5 }).eq('pharmacy_id', other.id);
    const staff = other.technician;
    expect((await attempt(staff.email, 'bad-one')).error?.message).toBe('Invalid login credentials');
    expect((await attempt(staff.email, 'bad-two')).error?.message).toBe('Invalid login credentials');
    expect((await attempt(staff.email, staff.password)).error?.message).toMatch(LOCKED_MESSAGE);
    const minutes = ((await signInState(staff.id)).locked_until!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5);
  });

  it('refuses a deactivated staff member with the deactivation message', async () => {
    const staff = await addStaff(pharmacy.id, 'technician', 'Gone', 'Away');
    const deactivated = await pharmacy.admin.client.from('staff_profiles').update({ is_active: false }).eq('user_id', staff.id).select('is_active');
    expect(deactivated.data).toEqual([{ is_active: false }]);
    const { data, error } = await attempt(staff.email, staff.password);
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: DEACTIVATED_MESSAGE });
    expect(data.session).toBeNull();
    // Signed-in sessions of a deactivated user see nothing of the pharmacy.
    expect((await staff.client.from('pharmacies').select('id')).data).toEqual([]);
  });

  it('lets users without a staff profile through to the normal password check', async () => {
    const user = await createUser('no-staff');
    expect((await attempt(user.email, 'wrong-password')).error?.message).toBe('Invalid login credentials');
    expect((await attempt(user.email, user.password)).error).toBeNull();
  });

  it('answers 500 "Error running hook URI" when the hook function fails, as GoTrue does', async () => {
    const [original] = await sql<{ definition: string }>(`select pg_get_functiondef('public.hook_password_verification_attempt(jsonb)'::regprocedure) as definition`);
    await sql(`create or replace function public.hook_password_verification_attempt(event jsonb) returns jsonb language plpgsql as $$ begin raise exception 'hook is broken'; end $$`);
    try {
      const { error } = await attempt(pharmacy.technician.email, pharmacy.technician.password);
      expect(error).toMatchObject({ status: 500, message: 'Error running hook URI: pg-functions://postgres/public/hook_password_verification_attempt' });
    } finally {
      await sql(original!.definition);
    }
    expect((await attempt(pharmacy.technician.email, pharmacy.technician.password)).error).toBeNull();
  });

  it('is executable by the auth service only', async () => {
    for (const caller of [createTestClient(), pharmacy.admin.client, createServiceClient()]) {
      const { error } = await caller.rpc('hook_password_verification_attempt', { event: { user_id: pharmacy.admin.id, valid: true } });
      expect(error?.code).toBe('42501');
    }
  });
});

describe('current_staff_context', () => {
  it('describes the signed-in user, their pharmacy and the permissions of their role', async () => {
    const { data, error } = await pharmacy.pharmacist.client.rpc('current_staff_context');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      user: { id: pharmacy.pharmacist.id, email: pharmacy.pharmacist.email, firstName: 'Phil', lastName: 'Pharmacist of Sign-in Rules Pharmacy', role: 'pharmacist' },
      pharmacy: { id: pharmacy.id, pharmacyName: 'Sign-in Rules Pharmacy', city: 'Peoria', state: 'IL', deaNumber: pharmacy.deaNumber, ncpdpId: pharmacy.ncpdpId, stateInternationalizeNumber: `PHY-${pharmacy.ncpdpId}` },
      securityPolicy: { maxFailedLogins: 3, lockoutMinutes: 30, sessionTimeoutMinutes: 30 },
    });
  });

  it('derives permissions from the role alone (private.role_permissions)', async () => {
    const expected = async (role: string) => (await sql<{ permissions: string[] }>(`select private.role_permissions($1) as permissions`, [role]))[0]!.permissions;
    const permissionsOf = async (staff: TestPharmacy['admin']) => ((await staff.client.rpc('current_staff_context')).data as { permissions: string[] }).permissions;

    const admin = await permissionsOf(pharmacy.admin);
    const pharmacist = await permissionsOf(pharmacy.pharmacist);
    const technician = await permissionsOf(pharmacy.technician);
    expect(admin).toEqual(await expected('admin'));
    expect(pharmacist).toEqual(await expected('pharmacist'));
    expect(technician).toEqual(await expected('technician'));

    expect(admin).toEqual(expect.arrayContaining(['staff:manage', 'pharmacy:manage', 'audit:read', 'prescriptions:verify']));
    expect(pharmacist).toEqual(expect.arrayContaining(['prescriptions:verify', 'interactions:override', 'prescriptions:enter']));
    expect(pharmacist).not.toContain('staff:manage');
    expect(technician).toEqual(expect.arrayContaining(['prescriptions:enter', 'prescribers:manage', 'drugs:read']));
    // The catalogue is the pharmacist's and admin's to edit (the medications policies ask for drugs:manage).
    expect(technician).not.toContain('drugs:manage');
    expect(pharmacist).toEqual(expect.arrayContaining(['drugs:read', 'drugs:manage']));
    expect(admin).toEqual(expect.arrayContaining(['drugs:read', 'drugs:manage']));
    expect(technician).not.toContain('prescriptions:verify');
    expect(technician).not.toContain('interactions:override');
    expect(technician).not.toContain('audit:read');
  });

  it('is null for a signed-in user without a staff profile and refused to anon', async () => {
    const user = await createUser('context-less');
    const client = await signIn(user.email, user.password);
    const { data, error } = await client.rpc('current_staff_context');
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect((await createTestClient().rpc('current_staff_context')).error?.code).toBe('42501');
  });
});

describe('demo_sign_in_panel', () => {
  it('shows anon the demo pharmacy\'s pharmacist and technician initials and licensee', async () => {
    const { data, error } = await createTestClient().rpc('demo_sign_in_panel');
    expect(error).toBeNull();
    const [counter] = await sql<{ next: string }>(
      `select c.last_rx_number + 1 as next from public.rx_number_counters c join public.pharmacies p on p.id = c.pharmacy_id where p.is_demo`,
    );
    expect(data).toEqual({
      pharmacistInitials: 'RP',
      technicianInitials: 'TT',
      licensee: { pharmacyName: 'Demo Pharmacy', city: 'Springfield', state: 'IL' },
      nextRxNumber: Number(counter!.next),
    });
  });
});
