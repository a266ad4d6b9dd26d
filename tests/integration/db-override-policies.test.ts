/**
 * The security policy enforced at the override (migration 20261124000500_override_policies), as real staff
 * through supabase-js (the move_prescription RPC, as the web app calls it) and the api function:
 * - override authority: pharmacist only / admin only / dual approval (two different pharmacists or admins; the
 *   first approval is recorded in override_approvals and the prescription stays pending; any change resets it);
 * - AI risk assessment: enabled / advisory (only severe alerts block) / disabled (nothing blocks, the check is
 *   still recorded);
 * - log all override attempts: refused override attempts in the audit log only when the policy says so;
 * - step-up for high-risk overrides: a severe override needs a fresh single-use grant from POST /api/step-up,
 *   which refuses a wrong password.
 * override_approvals command by command: staff read their pharmacy's; nobody writes it directly.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STEP_UP_MESSAGES } from '../../shared/src/security/step-up.ts';
import { AI_RISK_ASSESSMENT_MODES } from '../../shared/src/security/policy.ts';
import { alertBlocks } from '../../shared/src/security/override-policy.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import { totpCode } from '../support/totp.ts';
import { verifySecondFactor } from '../support/two-factor.ts';
import { addStaff, createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import { addMedication, addPatient, addWarfarinPatient, enterPrescription, insertRow, type PrescriptionRow } from './db-clinical-support.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let ibuprofen: string;

interface MoveAnswer {
  ok: boolean;
  approvalRecorded?: boolean;
  message?: string;
  code?: string;
  stepUpRequired?: boolean;
  prescription?: PrescriptionRow;
}

const DEFAULT_POLICY = {
  override_authority: 'pharmacist_only',
  ai_risk_assessment: 'enabled',
  step_up_for_high_risk_overrides: false,
  log_all_override_attempts: true,
};

beforeAll(async () => {
  [a, b] = [await createPharmacy('Override Policy Pharmacy A'), await createPharmacy('Override Policy Pharmacy B')];
  ibuprofen = (await addMedication(a.pharmacist.client)).id;
}, 120_000);

beforeEach(async () => {
  await setPolicy({});
  await sql('delete from private.step_up_grants');
});

afterAll(closeSql);

async function setPolicy(changes: Partial<typeof DEFAULT_POLICY>): Promise<void> {
  const policy = { ...DEFAULT_POLICY, ...changes };
  await sql(
    `update public.security_policies set override_authority = $2, ai_risk_assessment = $3, step_up_for_high_risk_overrides = $4,
       log_all_override_attempts = $5 where pharmacy_id = $1`,
    [a.id, policy.override_authority, policy.ai_risk_assessment, policy.step_up_for_high_risk_overrides, policy.log_all_override_attempts],
  );
}

async function move(client: SupabaseClient, id: string, status: string, overrideReason?: string): Promise<MoveAnswer> {
  const { data, error } = await client.rpc('move_prescription', {
    prescription_id: id, to_status: status, ...(overrideReason === undefined ? {} : { override_reason: overrideReason }),
  });
  if (error) throw new Error(`move_prescription failed: ${error.message}`);
  return data as MoveAnswer;
}

async function statusOf(id: string): Promise<string> {
  return (await sql<{ status: string }>('select status from public.prescriptions where id = $1', [id]))[0]!.status;
}

/** A pending prescription with the severe warfarin–ibuprofen alert. */
async function severeAlerted(): Promise<PrescriptionRow> {
  const row = await enterPrescription(a.technician.client, { patientId: (await addWarfarinPatient(a.technician.client)).id, medicationId: ibuprofen });
  expect(row.ai_flags.interactions.some((finding) => finding.severity === 'severe')).toBe(true);
  return row;
}

/** A pending prescription whose only alert is moderate (sertraline, an SSRI, with ibuprofen, an NSAID). */
async function moderateAlerted(): Promise<PrescriptionRow> {
  const patient = await insertRow(a.technician.client, 'patients', {
    first_name: 'Sam', last_name: 'Moderate', date_of_birth: '1971-05-06', allergies: [], current_medications: ['Sertraline 50mg'],
  });
  const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen });
  expect(row.ai_flags.hasInteractions).toBe(true);
  expect(row.ai_flags.interactions.map((finding) => finding.severity)).toEqual(['moderate']);
  return row;
}

async function overrideAudit(entityId: string): Promise<{ action: string; success: boolean; actor_user_id: string | null }[]> {
  return sql(
    `select action, success, actor_user_id from public.audit_log
      where entity_id = $1 and action in ('interaction_override_denied', 'interaction_override_approved', 'prescription_move_refused', 'prescription_status_changed')
      order by id`,
    [entityId],
  );
}

describe('override authority', () => {
  it('pharmacist only (the default): a pharmacist overrides alone; a technician is refused', async () => {
    const row = await severeAlerted();
    expect(await move(a.technician.client, row.id, 'processing', 'Patient insists')).toMatchObject({
      ok: false, message: 'Only a pharmacist or admin can override an interaction alert' });
    const moved = await move(a.pharmacist.client, row.id, 'processing', 'Prescriber confirmed');
    expect(moved).toMatchObject({ ok: true, prescription: { status: 'processing', overridden_by: a.pharmacist.id } });
    expect(moved.approvalRecorded).toBeUndefined();
  });

  it('admin only: the pharmacist is refused (and it stays pending), the admin overrides', async () => {
    await setPolicy({ override_authority: 'admin_only' });
    const row = await severeAlerted();
    expect(await move(a.pharmacist.client, row.id, 'processing', 'Prescriber confirmed')).toMatchObject({
      ok: false, code: '42501', message: "Only an admin can override an interaction alert (this pharmacy's override authority is admin only)" });
    expect(await statusOf(row.id)).toBe('pending');
    expect(await move(a.admin.client, row.id, 'processing', 'Prescriber confirmed')).toMatchObject({
      ok: true, prescription: { status: 'processing', overridden_by: a.admin.id, override_reason: 'Prescriber confirmed' } });
  });

  it('admin only under "2FA for admins": an admin overrides only from a session that gave its code', async () => {
    await setPolicy({ override_authority: 'admin_only' });
    const admin = await addStaff(a.id, 'admin', 'Second', 'Admin of A');
    await sql('update public.security_policies set require_2fa_for_admins = true where pharmacy_id = $1', [a.id]);
    try {
      const row = await severeAlerted();
      expect(await move(admin.client, row.id, 'processing', 'Prescriber confirmed')).toMatchObject({
        ok: false, code: '42501', message: 'Sign in with your two-factor code to override: this pharmacy requires two-factor authentication for admins' });
      expect(await statusOf(row.id)).toBe('pending');
      await verifySecondFactor(admin.client);
      expect(await move(admin.client, row.id, 'processing', 'Prescriber confirmed')).toMatchObject({
        ok: true, prescription: { status: 'processing', overridden_by: admin.id } });
    } finally {
      await sql('update public.security_policies set require_2fa_for_admins = false where pharmacy_id = $1', [a.id]);
    }
  });

  it('dual approval: the first approval is recorded and it stays pending; the same person again is refused; a second person moves it', async () => {
    await setPolicy({ override_authority: 'dual_approval' });
    const row = await severeAlerted();
    const first = await move(a.pharmacist.client, row.id, 'processing', 'Prescriber confirmed');
    expect(first).toMatchObject({ ok: true, approvalRecorded: true, prescription: { status: 'pending', overridden_at: null } });
    expect(first.message).toMatch(/Approval recorded: a second pharmacist or admin must also approve/);
    expect(await statusOf(row.id)).toBe('pending');
    const approvals = await a.technician.client.from('override_approvals').select('prescription_id, approved_by, reason').eq('prescription_id', row.id);
    expect(approvals.data).toEqual([{ prescription_id: row.id, approved_by: a.pharmacist.id, reason: 'Prescriber confirmed' }]);

    expect(await move(a.pharmacist.client, row.id, 'processing', 'Still confirmed')).toMatchObject({
      ok: false, message: `Prescription RX ${row.rx_number}: you have already approved overriding this alert; a second pharmacist or admin must approve it` });
    expect(await move(a.technician.client, row.id, 'processing', 'Me too')).toMatchObject({
      ok: false, message: 'Only a pharmacist or admin can approve overriding an interaction alert' });
    expect(await statusOf(row.id)).toBe('pending');

    const second = await move(a.admin.client, row.id, 'processing', 'Agreed with the pharmacist');
    expect(second).toMatchObject({ ok: true, prescription: { status: 'processing', overridden_by: a.admin.id, override_reason: 'Agreed with the pharmacist' } });
    expect(second.approvalRecorded).toBeUndefined();
    expect(await sql('select 1 from public.override_approvals where prescription_id = $1', [row.id])).toEqual([]);
    expect(await overrideAudit(row.id)).toEqual([
      { action: 'interaction_override_approved', success: true, actor_user_id: a.pharmacist.id },
      { action: 'interaction_override_denied', success: false, actor_user_id: a.pharmacist.id },
      { action: 'interaction_override_denied', success: false, actor_user_id: a.technician.id },
      { action: 'prescription_status_changed', success: true, actor_user_id: a.admin.id },
    ]);
  });

  it('dual approval: an admin may approve first and a pharmacist second', async () => {
    await setPolicy({ override_authority: 'dual_approval' });
    const row = await severeAlerted();
    expect(await move(a.admin.client, row.id, 'processing', 'Reviewed')).toMatchObject({ ok: true, approvalRecorded: true });
    expect(await move(a.pharmacist.client, row.id, 'processing', 'Reviewed too')).toMatchObject({
      ok: true, prescription: { status: 'processing', overridden_by: a.pharmacist.id } });
  });

  it('dual approval: a change to the prescription resets its approvals', async () => {
    await setPolicy({ override_authority: 'dual_approval' });
    const row = await severeAlerted();
    expect(await move(a.pharmacist.client, row.id, 'processing', 'Prescriber confirmed')).toMatchObject({ approvalRecorded: true });
    const edited = await a.technician.client.from('prescriptions').update({ directions: 'Take 2 tablets every 8 hours' }).eq('id', row.id).select('id');
    expect(edited.error).toBeNull();
    expect(await sql('select 1 from public.override_approvals where prescription_id = $1', [row.id])).toEqual([]);
    // The admin's approval is now the first of two again.
    expect(await move(a.admin.client, row.id, 'processing', 'Reviewed the new directions')).toMatchObject({ ok: true, approvalRecorded: true });
    expect(await statusOf(row.id)).toBe('pending');
  });

  it('dual approval cannot be skipped by moving without a reason, nor by a PATCH', async () => {
    await setPolicy({ override_authority: 'dual_approval' });
    const row = await severeAlerted();
    expect(await move(a.pharmacist.client, row.id, 'processing')).toMatchObject({
      ok: false, message: `Prescription RX ${row.rx_number} has an interaction alert: give an override reason to process it` });
    const patched = await a.admin.client.from('prescriptions').update({ status: 'processing', override_reason: 'Direct' }).eq('id', row.id).select('id');
    expect(patched.error?.code).toBe('42501');
    expect(await statusOf(row.id)).toBe('pending');
  });
});

describe('override_approvals: its commands', () => {
  let approved: PrescriptionRow;

  beforeEach(async () => {
    await setPolicy({ override_authority: 'dual_approval' });
    approved = await severeAlerted();
    expect(await move(a.pharmacist.client, approved.id, 'processing', 'Prescriber confirmed')).toMatchObject({ approvalRecorded: true });
  });

  it("select: the pharmacy's staff read it; another pharmacy and anon read nothing", async () => {
    for (const role of ['admin', 'pharmacist', 'technician'] as const) {
      const { data } = await a[role].client.from('override_approvals').select('approved_by').eq('prescription_id', approved.id);
      expect(data, role).toEqual([{ approved_by: a.pharmacist.id }]);
    }
    expect((await b.admin.client.from('override_approvals').select('id').eq('prescription_id', approved.id)).data).toEqual([]);
    expect((await createTestClient().from('override_approvals').select('id')).data ?? []).toEqual([]);
  });

  it('insert, update, delete: refused to everyone, the admin included (approvals come only through move_prescription)', async () => {
    const forged = await a.admin.client.from('override_approvals').insert({
      pharmacy_id: a.id, prescription_id: approved.id, approved_by: a.admin.id, reason: 'Forged' }).select('id');
    expect(forged.error?.code).toBe('42501');
    const changed = await a.admin.client.from('override_approvals').update({ approved_by: a.admin.id }).eq('prescription_id', approved.id).select('id');
    expect(changed.error?.code).toBe('42501');
    const removed = await a.pharmacist.client.from('override_approvals').delete().eq('prescription_id', approved.id).select('id');
    expect(removed.error?.code).toBe('42501');
    expect(await sql('select approved_by from public.override_approvals where prescription_id = $1', [approved.id])).toEqual([{ approved_by: a.pharmacist.id }]);
  });
});

describe('AI risk assessment', () => {
  it('enabled (the default): any alert blocks a technician until a pharmacist overrides', async () => {
    const row = await moderateAlerted();
    expect(await move(a.technician.client, row.id, 'processing')).toMatchObject({
      ok: false, message: `Prescription RX ${row.rx_number} has an unresolved interaction alert: a pharmacist must review it and override it with a reason` });
  });

  it('advisory: a technician processes a prescription whose alert is not severe; a severe alert still blocks', async () => {
    await setPolicy({ ai_risk_assessment: 'advisory' });
    const moderate = await moderateAlerted();
    const moved = await move(a.technician.client, moderate.id, 'processing');
    expect(moved).toMatchObject({ ok: true, prescription: { status: 'processing', processed_by: a.technician.id, override_reason: null } });
    expect(moved.prescription!.ai_flags.hasInteractions).toBe(true);
    const severe = await severeAlerted();
    expect(await move(a.technician.client, severe.id, 'processing')).toMatchObject({
      ok: false, message: `Prescription RX ${severe.rx_number} has an unresolved interaction alert: a pharmacist must review it and override it with a reason` });
    expect(await statusOf(severe.id)).toBe('pending');
  });

  it('disabled: nothing blocks, and the check is still recorded on the prescription', async () => {
    await setPolicy({ ai_risk_assessment: 'disabled' });
    const severe = await severeAlerted();
    const moved = await move(a.technician.client, severe.id, 'processing');
    expect(moved).toMatchObject({ ok: true, prescription: { status: 'processing', override_reason: null } });
    const [stored] = await sql<{ ai_flags: PrescriptionRow['ai_flags'] }>('select ai_flags from public.prescriptions where id = $1', [severe.id]);
    expect(stored!.ai_flags.interactions).toContainEqual(expect.objectContaining({ severity: 'severe', interactingDrugs: ['ibuprofen', 'warfarin'] }));
  });

  it('disabled: a finding new at verification is recorded but does not block verification', async () => {
    await setPolicy({ ai_risk_assessment: 'disabled' });
    const patient = (await addPatient(a.technician.client, 'Later Warfarin')).id;
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen });
    expect(await move(a.technician.client, row.id, 'processing')).toMatchObject({ ok: true });
    await sql(`update public.patients set current_medications = array['Warfarin 5mg'] where id = $1`, [patient]);
    const verified = await move(a.pharmacist.client, row.id, 'ready');
    expect(verified).toMatchObject({ ok: true, prescription: { status: 'ready', verification_override_reason: null } });
    expect(verified.prescription!.verification_flags?.interactions).toContainEqual(expect.objectContaining({ severity: 'severe' }));
  });

  it("the screens' rule (shared alertBlocks) is the database's (private.alert_blocks), mode by mode", async () => {
    const flagSets = [
      { hasInteractions: false, interactions: [] },
      { hasInteractions: true, interactions: [{ severity: 'moderate' }] },
      { hasInteractions: true, interactions: [{ severity: 'mild' }, { severity: 'severe' }] },
    ];
    for (const mode of AI_RISK_ASSESSMENT_MODES) {
      for (const flags of flagSets) {
        const [row] = await sql<{ blocks: boolean }>('select private.alert_blocks($1, $2) as blocks', [flags, mode]);
        expect(row!.blocks, `${mode} ${JSON.stringify(flags)}`).toBe(alertBlocks(mode, flags));
      }
    }
  });
});

describe('log all override attempts', () => {
  it('on: a refused override attempt is in the audit log with success = false, though the move rolled back', async () => {
    const row = await severeAlerted();
    expect(await move(a.technician.client, row.id, 'processing', 'Patient insists')).toMatchObject({ ok: false });
    expect(await overrideAudit(row.id)).toEqual([{ action: 'interaction_override_denied', success: false, actor_user_id: a.technician.id }]);
  });

  it('off: a refused override attempt is not logged; a refused move without an override still is; a successful override always is', async () => {
    await setPolicy({ log_all_override_attempts: false, override_authority: 'admin_only' });
    const row = await severeAlerted();
    expect(await move(a.pharmacist.client, row.id, 'processing', 'Prescriber confirmed')).toMatchObject({ ok: false });
    expect(await move(a.technician.client, row.id, 'processing')).toMatchObject({ ok: false });
    expect(await move(a.admin.client, row.id, 'processing', 'Prescriber confirmed')).toMatchObject({ ok: true });
    expect(await overrideAudit(row.id)).toEqual([
      { action: 'prescription_move_refused', success: false, actor_user_id: a.technician.id },
      { action: 'prescription_status_changed', success: true, actor_user_id: a.admin.id },
    ]);
  });
});

describe('step-up for high-risk overrides', () => {
  it('a severe override without a step-up is refused with stepUpRequired; a moderate one needs none', async () => {
    await setPolicy({ step_up_for_high_risk_overrides: true });
    const severe = await severeAlerted();
    expect(await move(a.pharmacist.client, severe.id, 'processing', 'Prescriber confirmed')).toMatchObject({
      ok: false, code: '42501', stepUpRequired: true,
      message: `Prescription RX ${severe.rx_number}: overriding a severe interaction alert needs you to confirm your password (or a code from your authenticator app) first` });
    expect(await statusOf(severe.id)).toBe('pending');
    const moderate = await moderateAlerted();
    expect(await move(a.pharmacist.client, moderate.id, 'processing', 'Known combination')).toMatchObject({ ok: true, prescription: { status: 'processing' } });
  });

  it('POST /api/step-up refuses a wrong password (no grant); the right one gives a grant used once', async () => {
    await setPolicy({ step_up_for_high_risk_overrides: true });
    const severe = await severeAlerted();
    const wrong = await callApi(a.pharmacist.client, 'step-up', { body: { password: 'not-the-password' } });
    expect(wrong).toEqual({ status: 403, body: { error: STEP_UP_MESSAGES.wrongPassword } });
    expect(await sql('select 1 from private.step_up_grants where user_id = $1', [a.pharmacist.id])).toEqual([]);
    expect(await move(a.pharmacist.client, severe.id, 'processing', 'Prescriber confirmed')).toMatchObject({ ok: false, stepUpRequired: true });
    expect((await callApi(a.pharmacist.client, 'step-up', { body: {} })).status).toBe(400);

    const right = await callApi<{ expiresAt: string }>(a.pharmacist.client, 'step-up', { body: { password: a.pharmacist.password } });
    expect(right.status).toBe(200);
    expect(Date.parse(right.body.expiresAt)).toBeGreaterThan(Date.now());
    expect(await move(a.pharmacist.client, severe.id, 'processing', 'Prescriber confirmed')).toMatchObject({
      ok: true, prescription: { status: 'processing', overridden_by: a.pharmacist.id } });
    // Single use: the next severe override asks again.
    const another = await severeAlerted();
    expect(await move(a.pharmacist.client, another.id, 'processing', 'Prescriber confirmed')).toMatchObject({ ok: false, stepUpRequired: true });
    // The failed password counted as a failed sign-in would; the right one reset the count.
    const [profile] = await sql<{ failed_login_count: number }>('select failed_login_count from public.staff_profiles where user_id = $1', [a.pharmacist.id]);
    expect(profile!.failed_login_count).toBe(0);
  });

  it('an expired grant is refused; a grant is one person\'s only; end users cannot record grants', async () => {
    await setPolicy({ step_up_for_high_risk_overrides: true });
    const severe = await severeAlerted();
    expect((await callApi(a.admin.client, 'step-up', { body: { password: a.admin.password } })).status).toBe(200);
    expect(await move(a.pharmacist.client, severe.id, 'processing', 'Not mine to use')).toMatchObject({ ok: false, stepUpRequired: true });
    await sql(`update private.step_up_grants set expires_at = now() - interval '1 second' where user_id = $1`, [a.admin.id]);
    expect(await move(a.admin.client, severe.id, 'processing', 'Expired')).toMatchObject({ ok: false, stepUpRequired: true });
    const forged = await a.pharmacist.client.rpc('record_step_up_grant', { for_user_id: a.pharmacist.id });
    expect(forged.error?.code).toBe('42501');
    expect(await sql('select 1 from private.step_up_grants where user_id = $1', [a.pharmacist.id])).toEqual([]);
  });

  it('a TOTP code verified in the session (Supabase Auth MFA) confirms one severe override', async () => {
    await setPolicy({ step_up_for_high_risk_overrides: true });
    const withFactor = await addStaff(a.id, 'pharmacist', 'Toni', 'Authenticator');
    const severe = await severeAlerted();
    expect(await move(withFactor.client, severe.id, 'processing', 'Reviewed')).toMatchObject({ ok: false, stepUpRequired: true });
    const { data: enrolled, error } = await withFactor.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(error).toBeNull();
    const verified = await withFactor.client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: totpCode(enrolled!.totp.secret) });
    expect(verified.error).toBeNull();
    expect(await move(withFactor.client, severe.id, 'processing', 'Reviewed')).toMatchObject({
      ok: true, prescription: { status: 'processing', overridden_by: withFactor.id } });
    const another = await severeAlerted();
    expect(await move(withFactor.client, another.id, 'processing', 'Reviewed')).toMatchObject({ ok: false, stepUpRequired: true });
  });

  it('a TOTP verification counts once and only within five minutes (the amr claim as the JWT carries it)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const consume = async (timestamps: number[]): Promise<boolean[]> => {
      const client = new pg.Client({ connectionString: stackEnv().dbUrl });
      await client.connect();
      try {
        await client.query('begin');
        const results: boolean[] = [];
        for (const timestamp of timestamps) {
          const claims = { sub: a.admin.id, role: 'authenticated', amr: [{ method: 'password', timestamp: now }, { method: 'totp', timestamp }] };
          await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
          await client.query('set local role authenticated');
          results.push((await client.query<{ ok: boolean }>('select private.consume_step_up_grant() as ok')).rows[0]!.ok);
          await client.query('reset role');
        }
        return results;
      } finally {
        await client.query('rollback');
        await client.end();
      }
    };
    expect(await consume([now - 10 * 60])).toEqual([false]);
    expect(await consume([now - 60, now - 60, now - 30])).toEqual([true, false, true]);
  });

  it('under dual approval each approver of a severe override confirms', async () => {
    await setPolicy({ step_up_for_high_risk_overrides: true, override_authority: 'dual_approval' });
    const severe = await severeAlerted();
    expect(await move(a.pharmacist.client, severe.id, 'processing', 'Reviewed')).toMatchObject({ ok: false, stepUpRequired: true });
    await callApi(a.pharmacist.client, 'step-up', { body: { password: a.pharmacist.password } });
    expect(await move(a.pharmacist.client, severe.id, 'processing', 'Reviewed')).toMatchObject({ ok: true, approvalRecorded: true });
    expect(await move(a.admin.client, severe.id, 'processing', 'Agreed')).toMatchObject({ ok: false, stepUpRequired: true });
    await callApi(a.admin.client, 'step-up', { body: { password: a.admin.password } });
    expect(await move(a.admin.client, severe.id, 'processing', 'Agreed')).toMatchObject({ ok: true, prescription: { status: 'processing' } });
  });
});
