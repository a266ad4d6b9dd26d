/**
 * Two-factor authentication in the database (migration 20261124000200_two_factor), as real users through
 * supabase-js: staff_profiles.two_factor_enabled follows the staff member's verified TOTP factor and nobody sets it;
 * with the pharmacy's "Require 2FA for admins" on, admin-only data and actions need an aal2 session (a TOTP code
 * verified in this session), while staff rights stay; the policy is turned on only from an aal2 session.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_FLAG_MESSAGE, TWO_FACTOR_POLICY_NEEDS_AAL2_MESSAGE } from '../../shared/src/security/two-factor.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createServiceClient, sql, stackEnv } from '../support/stack-env.ts';
import { totpCodeAtStep } from '../support/totp.ts';
import { addStaff, createPharmacy, signIn, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
/** Pharmacy A's second admin, who never enrols a factor. */
let otherAdmin: SignedInStaff;

beforeAll(async () => {
  [a, b] = [await createPharmacy('Two Factor Pharmacy A'), await createPharmacy('Two Factor Pharmacy B')];
  otherAdmin = await addStaff(a.id, 'admin', 'Second', 'Admin');
}, 120_000);

afterAll(async () => {
  await sql(`update public.security_policies set require_2fa_for_admins = false where pharmacy_id = any($1::uuid[])`, [[a.id, b.id]]);
  await closeSql();
});

/** Codes already used per secret: each verification takes a later step (a code is accepted once). */
const nextStep = new Map<string, number>();
function freshCode(secret: string): string {
  const step = nextStep.get(secret) ?? 0;
  nextStep.set(secret, step + 1);
  if (step > 1) throw new Error('this test verifies a factor at most twice in its 30-second window');
  return totpCodeAtStep(secret, step);
}

/** Enrols and verifies a TOTP factor for a signed-in client; the client's session is aal2 afterwards. */
async function enrolAndVerify(client: SupabaseClient): Promise<{ factorId: string; secret: string }> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
  if (error || !data) throw new Error(`enroll failed: ${error?.message}`);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: freshCode(data.totp.secret) });
  if (verified.error) throw new Error(`verify failed: ${verified.error.message}`);
  return { factorId: data.id, secret: data.totp.secret };
}

async function twoFactorEnabled(userId: string): Promise<boolean> {
  return (await sql<{ two_factor_enabled: boolean }>(`select two_factor_enabled from public.staff_profiles where user_id = $1`, [userId]))[0]!
    .two_factor_enabled;
}

async function policyRequires2fa(pharmacyId: string): Promise<boolean> {
  return (await sql<{ on: boolean }>(`select require_2fa_for_admins as on from public.security_policies where pharmacy_id = $1`, [pharmacyId]))[0]!.on;
}

/** Admin-only data and an admin-only action, as the client sees them. */
async function adminAccess(client: SupabaseClient, pharmacyId: string): Promise<{ readsAuditLog: boolean; changesPharmacy: boolean }> {
  const log = await client.from('audit_log').select('id').eq('pharmacy_id', pharmacyId).limit(1);
  const changed = await client.from('pharmacies').update({ fax: '(309) 555-0199' }).eq('id', pharmacyId).select('id');
  return { readsAuditLog: (log.data ?? []).length > 0, changesPharmacy: (changed.data ?? []).length > 0 };
}

describe('staff_profiles.two_factor_enabled follows the verified factor', () => {
  it('stays off for an unverified factor, turns on at verification, off again at unenrolment; audited', async () => {
    const { client, id } = a.pharmacist;
    expect(await twoFactorEnabled(id)).toBe(false);
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(await twoFactorEnabled(id)).toBe(false);
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: freshCode(enrolled!.totp.secret) });
    expect(verified.error).toBeNull();
    expect(await twoFactorEnabled(id)).toBe(true);
    const { data: seen } = await a.admin.client.from('staff_profiles').select('two_factor_enabled').eq('user_id', id).single();
    expect(seen).toEqual({ two_factor_enabled: true });
    const audited = await sql(
      `select 1 from public.audit_log where pharmacy_id = $1 and entity_type = 'staff_profiles' and entity_id = $2 and description like '%two_factor_enabled%'`,
      [a.id, id],
    );
    expect(audited.length).toBeGreaterThan(0);

    expect((await client.auth.mfa.unenroll({ factorId: enrolled!.id })).error).toBeNull();
    expect(await twoFactorEnabled(id)).toBe(false);
  });

  it("removing the auth user of a staff member with a verified factor removes profile and factors together", async () => {
    const leaving = await addStaff(b.id, 'technician', 'Leaving', 'Soon');
    await enrolAndVerify(leaving.client);
    expect(await twoFactorEnabled(leaving.id)).toBe(true);
    const { error } = await createServiceClient().auth.admin.deleteUser(leaving.id);
    expect(error).toBeNull();
    expect(await sql(`select 1 from public.staff_profiles where user_id = $1`, [leaving.id])).toEqual([]);
    expect(await sql(`select 1 from auth.mfa_factors where user_id = $1`, [leaving.id])).toEqual([]);
  });

  it('nobody sets it by hand: not the staff member, not an admin, not the service role', async () => {
    const target = a.technician;
    const own = await target.client.from('staff_profiles').update({ two_factor_enabled: true }).eq('user_id', target.id).select();
    expect(own.error?.code).toBe('42501');
    const byAdmin = await a.admin.client.from('staff_profiles').update({ two_factor_enabled: true }).eq('user_id', target.id).select();
    // Clients have no update privilege on the column; the database's guard refuses everyone else.
    expect(byAdmin.error?.code).toBe('42501');
    const byService = await createServiceClient().from('staff_profiles').update({ two_factor_enabled: true }).eq('user_id', target.id).select();
    expect(byService.error).toMatchObject({ code: '42501', message: TWO_FACTOR_FLAG_MESSAGE });
    await expect(sql(`update public.staff_profiles set two_factor_enabled = true where user_id = $1`, [target.id])).rejects.toThrow(TWO_FACTOR_FLAG_MESSAGE);
    expect(await twoFactorEnabled(target.id)).toBe(false);
    // Other changes of the same row go on as before.
    const rename = await a.admin.client.from('staff_profiles').update({ phone: '(309) 555-0142' }).eq('user_id', target.id).select('phone');
    expect(rename.error).toBeNull();
    expect(rename.data).toEqual([{ phone: '(309) 555-0142' }]);
  });
});

describe('security_policies.require_2fa_for_admins', () => {
  it('with the policy off, an admin without a factor (aal1) has every admin right', async () => {
    expect(await policyRequires2fa(a.id)).toBe(false);
    expect(await adminAccess(otherAdmin.client, a.id)).toEqual({ readsAuditLog: true, changesPharmacy: true });
  });

  it('is not turned on from a session without a verified code; nothing changes', async () => {
    const { data, error } = await a.admin.client.from('security_policies').update({ require_2fa_for_admins: true }).eq('pharmacy_id', a.id).select();
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'P0001', message: TWO_FACTOR_POLICY_NEEDS_AAL2_MESSAGE });
    expect(await policyRequires2fa(a.id)).toBe(false);
  });

  it('turned on from an aal2 session: admin-only data and actions need aal2; staff rights stay; other pharmacies are untouched', async () => {
    const { factorId, secret } = await enrolAndVerify(a.admin.client);
    const turnOn = await a.admin.client.from('security_policies').update({ require_2fa_for_admins: true }).eq('pharmacy_id', a.id).select('require_2fa_for_admins');
    expect(turnOn.error).toBeNull();
    expect(turnOn.data).toEqual([{ require_2fa_for_admins: true }]);

    // The aal2 admin keeps every admin right.
    expect(await adminAccess(a.admin.client, a.id)).toEqual({ readsAuditLog: true, changesPharmacy: true });
    expect((await a.admin.client.rpc('audit_log_actions')).error).toBeNull();

    // The admin without a factor (aal1): no admin-only data, no admin-only action, no admin-only function...
    expect(await adminAccess(otherAdmin.client, a.id)).toEqual({ readsAuditLog: false, changesPharmacy: false });
    expect((await otherAdmin.client.rpc('audit_log_actions')).error?.code).toBe('42501');
    const demote = await otherAdmin.client.from('staff_profiles').update({ role: 'technician' }).eq('user_id', a.pharmacist.id).select();
    expect(demote.error?.code).toBe('42501');
    const turnOff = await otherAdmin.client.from('security_policies').update({ require_2fa_for_admins: false }).eq('pharmacy_id', a.id).select();
    expect(turnOff.data ?? []).toEqual([]);
    expect(await policyRequires2fa(a.id)).toBe(true);
    // ...but their staff rights: the pharmacy's staff and its patients.
    expect(((await otherAdmin.client.from('staff_profiles').select('user_id')).data ?? []).length).toBeGreaterThanOrEqual(4);
    const patient = await otherAdmin.client.from('patients').insert({ first_name: 'Quinn', last_name: 'Aal-One', date_of_birth: '1980-01-02' }).select('id');
    expect(patient.error).toBeNull();

    // Pharmacists and technicians are not affected; nor is pharmacy B's admin (policy off there).
    expect(((await a.pharmacist.client.from('patients').select('id')).data ?? []).length).toBeGreaterThan(0);
    expect(await adminAccess(b.admin.client, b.id)).toEqual({ readsAuditLog: true, changesPharmacy: true });

    // The same admin signing in again with the password alone is aal1: no admin rights until the code is given.
    const again = await signIn(a.admin.email, a.admin.password);
    expect(await adminAccess(again, a.id)).toEqual({ readsAuditLog: false, changesPharmacy: false });
    const stepUp = await again.auth.mfa.challengeAndVerify({ factorId, code: freshCode(secret) });
    expect(stepUp.error).toBeNull();
    expect(await adminAccess(again, a.id)).toEqual({ readsAuditLog: true, changesPharmacy: true });

    // What the api can tell such an admin: their admin rights wait for a verified code.
    const missing = async (client: SupabaseClient) => {
      const token = (await client.auth.getSession()).data.session!.access_token;
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
      const rows = await sql<{ missing: boolean }>(
        `with claims as materialized (select set_config('request.jwt.claims', $1, true) as value)
         select private.admin_second_factor_missing() as missing from claims`,
        [JSON.stringify(claims)],
      );
      return rows[0]!.missing;
    };
    expect(await missing(otherAdmin.client)).toBe(true);
    expect(await missing(again)).toBe(false);
    expect(await missing(a.pharmacist.client)).toBe(false);
    expect(await missing(b.admin.client)).toBe(false);

    // Turned off again (from aal2): the admin without a factor has their rights back.
    const off = await again.from('security_policies').update({ require_2fa_for_admins: false }).eq('pharmacy_id', a.id).select('require_2fa_for_admins');
    expect(off.data).toEqual([{ require_2fa_for_admins: false }]);
    expect(await adminAccess(otherAdmin.client, a.id)).toEqual({ readsAuditLog: true, changesPharmacy: true });
  });

  it('a token claiming aal2 that the auth service did not sign is refused outright', async () => {
    const { data } = await a.admin.client.auth.getSession();
    const [header, payload] = data.session!.access_token.split('.');
    const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')), aal: 'aal2' };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.invalid-signature`;
    const env = stackEnv();
    const result = await fetch(`${env.apiUrl}/rest/v1/audit_log?select=id&limit=1`, { headers: { apikey: env.anonKey, authorization: `Bearer ${tampered}` } });
    expect(result.status).toBe(401);
  });
});

describe('private.second_factor_verified_within (step-up by TOTP code)', () => {
  /** Runs the helper as an authenticated request carrying these JWT claims (as PostgREST sets them). */
  async function verifiedWithin(claims: Record<string, unknown>, seconds: number): Promise<boolean> {
    const rows = await sql<{ ok: boolean }>(
      `with claims as materialized (select set_config('request.jwt.claims', $1, true) as value)
       select private.second_factor_verified_within($2) as ok from claims`,
      [JSON.stringify(claims), seconds],
    );
    return rows[0]!.ok;
  }

  function tokenClaims(accessToken: string): Record<string, unknown> {
    return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  }

  it('is true for a session that has just verified a code, false for a password-only session or an old verification', async () => {
    const client = await signIn(b.pharmacist.email, b.pharmacist.password);
    const aal1 = tokenClaims((await client.auth.getSession()).data.session!.access_token);
    expect(await verifiedWithin(aal1, 300)).toBe(false);
    await enrolAndVerify(client);
    const aal2 = tokenClaims((await client.auth.getSession()).data.session!.access_token);
    expect(aal2.aal).toBe('aal2');
    expect(await verifiedWithin(aal2, 300)).toBe(true);
    const amr = (aal2.amr as Array<{ method: string; timestamp: number }>).map((entry) =>
      entry.method === 'totp' ? { ...entry, timestamp: entry.timestamp - 600 } : entry,
    );
    expect(await verifiedWithin({ ...aal2, amr }, 300)).toBe(false);
    expect(await verifiedWithin({ ...aal2, aal: 'aal1' }, 300)).toBe(false);
    expect(await verifiedWithin({ ...aal2, amr: 'totp' }, 300)).toBe(false);
  });
});

describe('PUT /api/security-policies/{id} and the 2FA policy', () => {
  it('answers 409 with the reason when an admin without a verified code turns the policy on', async () => {
    const policyId = (await sql<{ id: string }>(`select id from public.security_policies where pharmacy_id = $1`, [b.id]))[0]!.id;
    const settings = {
      overrideAuthority: 'pharmacist_only',
      aiRiskAssessment: 'enabled',
      require2faForAdmins: true,
      stepUpForHighRiskOverrides: false,
      logAllOverrideAttempts: true,
      sessionTimeoutMinutes: 30,
      maxFailedLogins: 3,
    };
    const answer = await callApi(b.admin.client, `security-policies/${policyId}`, { method: 'PUT', body: settings });
    expect(answer).toEqual({ status: 409, body: { error: TWO_FACTOR_POLICY_NEEDS_AAL2_MESSAGE } });
    expect(await policyRequires2fa(b.id)).toBe(false);
  });
});
