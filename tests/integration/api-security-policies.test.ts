/**
 * GET /api/security-policies and PUT /api/security-policies/{id} (spec part 2 §7 "Security manager") through
 * supabase-js as the web app calls them (the typed invoker) and raw: staff read their pharmacy's policy; only
 * its admin changes it (others 403 with the reason), an id that is not the caller's pharmacy's policy is 404,
 * a bad body is 400 with the shared schema's messages and changes nothing.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSecurityPoliciesEndpoint, updateSecurityPolicyEndpoint } from '../../shared/src/api/security-policies.ts';
import type { SecurityPolicySettings } from '../../shared/src/security/policy-schema.ts';
import {
  SECURITY_POLICY_ADMIN_ONLY_MESSAGE, SECURITY_POLICY_MESSAGES, SECURITY_POLICY_NOT_FOUND_MESSAGE,
} from '../../shared/src/security/policy.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createApiInvoker } from '../../web/src/lib/api-invoker.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { verifySecondFactor } from '../support/two-factor.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let policyA: string;
let policyB: string;

const SETTINGS: SecurityPolicySettings = {
  overrideAuthority: 'admin_only',
  aiRiskAssessment: 'advisory',
  require2faForAdmins: true,
  stepUpForHighRiskOverrides: true,
  logAllOverrideAttempts: true,
  sessionTimeoutMinutes: 15,
  maxFailedLogins: 5,
};

beforeAll(async () => {
  [a, b] = [await createPharmacy('Policy API Pharmacy A'), await createPharmacy('Policy API Pharmacy B')];
  policyA = (await sql<{ id: string }>(`select id from public.security_policies where pharmacy_id = $1`, [a.id]))[0]!.id;
  policyB = (await sql<{ id: string }>(`select id from public.security_policies where pharmacy_id = $1`, [b.id]))[0]!.id;
  // Turning "Require 2FA for admins" on needs an aal2 session (migration 20261124000200_two_factor).
  await verifySecondFactor(a.admin.client);
}, 120_000);

afterAll(closeSql);

async function storedSettings(pharmacyId: string) {
  return (await sql(
    `select override_authority, ai_risk_assessment, require_2fa_for_admins, step_up_for_high_risk_overrides,
            log_all_override_attempts, session_timeout_minutes, max_failed_logins
       from public.security_policies where pharmacy_id = $1`,
    [pharmacyId],
  ))[0];
}

const put = (client: SupabaseClient, id: string, body: unknown) => callApi(client, `security-policies/${id}`, { method: 'PUT', body });

describe('GET /api/security-policies', () => {
  it("gives every staff member their pharmacy's policy with the spec's defaults, and nothing of another pharmacy", async () => {
    for (const role of ['admin', 'pharmacist', 'technician'] as const) {
      const policies = await createApiInvoker(a[role].client)(listSecurityPoliciesEndpoint);
      expect(policies, role).toEqual([
        {
          id: policyA,
          overrideAuthority: 'pharmacist_only',
          aiRiskAssessment: 'enabled',
          require2faForAdmins: false,
          stepUpForHighRiskOverrides: false,
          logAllOverrideAttempts: true,
          sessionTimeoutMinutes: 30,
          maxFailedLogins: 3,
          updatedAt: expect.any(String),
        },
      ]);
    }
    expect((await createApiInvoker(b.admin.client)(listSecurityPoliciesEndpoint)).map((policy) => policy.id)).toEqual([policyB]);
  });

  it('refuses a caller who is not signed in: 401', async () => {
    expect(await callApi(createTestClient(), 'security-policies')).toEqual({ status: 401, body: { error: 'Unauthorized' } });
  });
});

describe('PUT /api/security-policies/{id}', () => {
  it('lets the admin change their policy: the answer is the stored policy, and the change is audited', async () => {
    const updated = await createApiInvoker(a.admin.client)(updateSecurityPolicyEndpoint, { id: policyA }, SETTINGS);
    expect(updated).toEqual({ id: policyA, ...SETTINGS, updatedAt: expect.any(String) });
    expect(await storedSettings(a.id)).toEqual({
      override_authority: 'admin_only',
      ai_risk_assessment: 'advisory',
      require_2fa_for_admins: true,
      step_up_for_high_risk_overrides: true,
      log_all_override_attempts: true,
      session_timeout_minutes: 15,
      max_failed_logins: 5,
    });
    const [entry] = await sql<{ actor_user_id: string; description: string }>(
      `select actor_user_id, description from public.audit_log
        where pharmacy_id = $1 and entity_type = 'security_policies' and action = 'update' order by id desc limit 1`,
      [a.id],
    );
    expect(entry?.actor_user_id).toBe(a.admin.id);
    expect(entry?.description).toContain('override_authority');
  });

  it('refuses the pharmacist and the technician with 403 and the reason, changing nothing', async () => {
    const before = await storedSettings(a.id);
    for (const role of ['pharmacist', 'technician'] as const) {
      const answer = await put(a[role].client, policyA, { ...SETTINGS, maxFailedLogins: 9 });
      expect(answer, role).toEqual({ status: 403, body: { error: SECURITY_POLICY_ADMIN_ONLY_MESSAGE } });
    }
    const viaInvoker = await createApiInvoker(a.technician.client)(updateSecurityPolicyEndpoint, { id: policyA }, SETTINGS).catch((error: unknown) => error);
    expect(viaInvoker).toBeInstanceOf(ApiError);
    expect(viaInvoker).toMatchObject({ status: 403, message: SECURITY_POLICY_ADMIN_ONLY_MESSAGE });
    expect(await storedSettings(a.id)).toEqual(before);
  });

  it("answers 404 for another pharmacy's policy (even to its admin's peer), an unknown id and a malformed id", async () => {
    const before = await storedSettings(b.id);
    for (const id of [policyB, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(await put(a.admin.client, id, SETTINGS), id).toEqual({ status: 404, body: { error: SECURITY_POLICY_NOT_FOUND_MESSAGE } });
    }
    expect(await storedSettings(b.id)).toEqual(before);
  });

  it("answers a bad body 400 with the shared schema's messages and changes nothing", async () => {
    const before = await storedSettings(a.id);
    const answer = await put(a.admin.client, policyA, { ...SETTINGS, overrideAuthority: 'anyone', sessionTimeoutMinutes: 0, maxFailedLogins: 2.5 });
    expect(answer).toEqual({
      status: 400,
      body: {
        error: 'Validation failed',
        errors: [SECURITY_POLICY_MESSAGES.overrideAuthority, SECURITY_POLICY_MESSAGES.sessionTimeoutMinutes, SECURITY_POLICY_MESSAGES.maxFailedLogins],
        details: {
          fields: [
            { path: 'overrideAuthority', message: SECURITY_POLICY_MESSAGES.overrideAuthority },
            { path: 'sessionTimeoutMinutes', message: SECURITY_POLICY_MESSAGES.sessionTimeoutMinutes },
            { path: 'maxFailedLogins', message: SECURITY_POLICY_MESSAGES.maxFailedLogins },
          ],
        },
      },
    });
    const { require2faForAdmins: _omitted, ...missing } = SETTINGS;
    expect(await put(a.admin.client, policyA, missing)).toEqual({
      status: 400,
      body: {
        error: 'Validation failed',
        errors: [SECURITY_POLICY_MESSAGES.require2faForAdmins],
        details: { fields: [{ path: 'require2faForAdmins', message: SECURITY_POLICY_MESSAGES.require2faForAdmins }] },
      },
    });
    expect(await storedSettings(a.id)).toEqual(before);
  });

  it('refuses a caller who is not signed in: 401, before reading the body', async () => {
    expect(await put(createTestClient(), policyA, SETTINGS)).toEqual({ status: 401, body: { error: 'Unauthorized' } });
  });
});
