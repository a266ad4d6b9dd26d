/**
 * Between public.security_policies rows and the contract's camelCase policy (policy-schema.ts): the api function
 * answers and writes with it, and the web app reads the policy row (RLS: staff read their pharmacy's) with it. The
 * database's checks hold the choice columns to the contract's options. Types only from zod, so the sign-in page's
 * code may read it.
 */
import type { Tables, TablesUpdate } from '../database/database.types.ts';
import type { SecurityPolicy, SecurityPolicySettings } from './policy-schema.ts';

/** One literal, so supabase-js types the selected rows. */
export const POLICY_COLUMNS =
  'id, override_authority, ai_risk_assessment, require_2fa_for_admins, step_up_for_high_risk_overrides, log_all_override_attempts, session_timeout_minutes, max_failed_logins, updated_at';

type PolicyRow = Pick<
  Tables<'security_policies'>,
  | 'id' | 'override_authority' | 'ai_risk_assessment' | 'require_2fa_for_admins' | 'step_up_for_high_risk_overrides'
  | 'log_all_override_attempts' | 'session_timeout_minutes' | 'max_failed_logins' | 'updated_at'
>;

export function policyFromRow(row: PolicyRow): SecurityPolicy {
  return {
    id: row.id,
    overrideAuthority: row.override_authority as SecurityPolicy['overrideAuthority'],
    aiRiskAssessment: row.ai_risk_assessment as SecurityPolicy['aiRiskAssessment'],
    require2faForAdmins: row.require_2fa_for_admins,
    stepUpForHighRiskOverrides: row.step_up_for_high_risk_overrides,
    logAllOverrideAttempts: row.log_all_override_attempts,
    sessionTimeoutMinutes: row.session_timeout_minutes,
    maxFailedLogins: row.max_failed_logins,
    updatedAt: row.updated_at,
  };
}

export function rowFromSettings(settings: SecurityPolicySettings): TablesUpdate<'security_policies'> {
  return {
    override_authority: settings.overrideAuthority,
    ai_risk_assessment: settings.aiRiskAssessment,
    require_2fa_for_admins: settings.require2faForAdmins,
    step_up_for_high_risk_overrides: settings.stepUpForHighRiskOverrides,
    log_all_override_attempts: settings.logAllOverrideAttempts,
    session_timeout_minutes: settings.sessionTimeoutMinutes,
    max_failed_logins: settings.maxFailedLogins,
  };
}
