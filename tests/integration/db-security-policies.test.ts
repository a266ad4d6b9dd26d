/**
 * The security policy's fields of the AI Security Manager (migration 20261123000400_security_policies), command
 * by command, as real users through supabase-js: anon; the admin, pharmacist and technician of pharmacy A; the
 * admin of pharmacy B. Every pharmacy's policy starts with today's behaviour; staff read their own; only their
 * admin changes the settings (never the id or the pharmacy); bad values are refused with a sentence; every
 * change is in the audit log.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_POLICY_MESSAGES } from '../../shared/src/security/policy.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { verifySecondFactor } from '../support/two-factor.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;

const POLICY_FIELDS = 'override_authority, ai_risk_assessment, require_2fa_for_admins, step_up_for_high_risk_overrides, log_all_override_attempts';
const DEFAULTS = {
  override_authority: 'pharmacist_only',
  ai_risk_assessment: 'enabled',
  require_2fa_for_admins: false,
  step_up_for_high_risk_overrides: false,
  log_all_override_attempts: true,
};
const CHANGE = {
  override_authority: 'dual_approval',
  ai_risk_assessment: 'advisory',
  require_2fa_for_admins: true,
  step_up_for_high_risk_overrides: true,
  log_all_override_attempts: false,
};

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Policy Pharmacy A'), await createPharmacy('Policy Pharmacy B')];
  // Turning "Require 2FA for admins" on needs an aal2 session (migration 20261124000200_two_factor).
  await verifySecondFactor(a.admin.client);
}, 120_000);

afterAll(closeSql);

async function storedPolicy(pharmacyId: string): Promise<Record<string, unknown>> {
  return (await sql(`select id, pharmacy_id, ${POLICY_FIELDS} from public.security_policies where pharmacy_id = $1`, [pharmacyId]))[0]!;
}

function deniedOrNoRow(result: { data: unknown[] | null; error: unknown }): void {
  if (result.error === null) expect(result.data ?? []).toEqual([]);
}

describe('security_policies: the AI Security Manager fields', () => {
  it("select: a new pharmacy's policy keeps today's behaviour; its staff read it with its id; others do not", async () => {
    const stored = await storedPolicy(a.id);
    expect(stored).toMatchObject(DEFAULTS);
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.id).not.toBe((await storedPolicy(b.id)).id);
    for (const role of ['admin', 'pharmacist', 'technician'] as const) {
      const { data } = await a[role].client.from('security_policies').select(`id, ${POLICY_FIELDS}`);
      expect(data, role).toEqual([{ id: stored.id, ...DEFAULTS }]);
    }
    expect((await b.admin.client.from('security_policies').select('id').eq('id', stored.id as string)).data).toEqual([]);
    expect((await anon.from('security_policies').select('id')).data ?? []).toEqual([]);
  });

  it("update: the pharmacist, the technician, another pharmacy's admin and anon change nothing; the admin changes every field", async () => {
    const before = await storedPolicy(a.id);
    for (const caller of [anon, a.pharmacist.client, a.technician.client, b.admin.client]) {
      deniedOrNoRow(await caller.from('security_policies').update(CHANGE).eq('pharmacy_id', a.id).select());
    }
    expect(await storedPolicy(a.id)).toEqual(before);
    const { data, error } = await a.admin.client.from('security_policies').update(CHANGE).eq('id', before.id as string).select(POLICY_FIELDS);
    expect(error).toBeNull();
    expect(data).toEqual([CHANGE]);
    expect(await storedPolicy(a.id)).toMatchObject(CHANGE);
    await a.admin.client.from('security_policies').update(DEFAULTS).eq('pharmacy_id', a.id);
  });

  it('update: not even the admin changes the id or the pharmacy of the policy', async () => {
    const before = await storedPolicy(a.id);
    const newId = await a.admin.client.from('security_policies').update({ id: '00000000-0000-4000-8000-000000000001' }).eq('pharmacy_id', a.id).select();
    expect(newId.error?.code).toBe('42501');
    const moved = await a.admin.client.from('security_policies').update({ pharmacy_id: b.id }).eq('pharmacy_id', a.id).select();
    expect(moved.error).not.toBeNull();
    expect(await storedPolicy(a.id)).toEqual(before);
  });

  it('update: an option outside the choices is refused with a sentence and changes nothing', async () => {
    const authority = await a.admin.client.from('security_policies').update({ override_authority: 'anyone' }).eq('pharmacy_id', a.id).select();
    expect(authority.error?.message).toBe(SECURITY_POLICY_MESSAGES.overrideAuthority);
    const assessment = await a.admin.client.from('security_policies').update({ ai_risk_assessment: 'off' }).eq('pharmacy_id', a.id).select();
    expect(assessment.error?.message).toBe(SECURITY_POLICY_MESSAGES.aiRiskAssessment);
    const timeout = await a.admin.client.from('security_policies').update({ session_timeout_minutes: 0 }).eq('pharmacy_id', a.id).select();
    expect(timeout.error?.message).toBe(SECURITY_POLICY_MESSAGES.sessionTimeoutMinutes);
    const failures = await a.admin.client.from('security_policies').update({ max_failed_logins: 101 }).eq('pharmacy_id', a.id).select();
    expect(failures.error?.message).toBe(SECURITY_POLICY_MESSAGES.maxFailedLogins);
    expect(await storedPolicy(a.id)).toMatchObject(DEFAULTS);
  });

  it('delete: nobody removes the policy', async () => {
    for (const caller of [anon, a.admin.client, a.pharmacist.client, a.technician.client, b.admin.client]) {
      deniedOrNoRow(await caller.from('security_policies').delete().eq('pharmacy_id', a.id).select());
    }
    expect(await sql(`select 1 from public.security_policies where pharmacy_id = $1`, [a.id])).toHaveLength(1);
  });

  it("every change is audited: who, which fields, old and new values, in the pharmacy's audit log", async () => {
    await a.admin.client.from('security_policies').update({ ai_risk_assessment: 'disabled', step_up_for_high_risk_overrides: true }).eq('pharmacy_id', a.id);
    const [entry] = await sql<{ actor_user_id: string; action: string; description: string; details: Record<string, unknown> }>(
      `select actor_user_id, action, description, details from public.audit_log
        where pharmacy_id = $1 and entity_type = 'security_policies' and action = 'update' order by id desc limit 1`,
      [a.id],
    );
    expect(entry).toMatchObject({
      actor_user_id: a.admin.id,
      description: 'Security policy changed: ai_risk_assessment, step_up_for_high_risk_overrides',
      details: {
        changed: ['ai_risk_assessment', 'step_up_for_high_risk_overrides'],
        old: { ai_risk_assessment: 'enabled', step_up_for_high_risk_overrides: false },
        new: { ai_risk_assessment: 'disabled', step_up_for_high_risk_overrides: true },
      },
    });
    await a.admin.client.from('security_policies').update(DEFAULTS).eq('pharmacy_id', a.id);
  });
});
