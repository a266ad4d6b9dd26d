/**
 * The security policy as the Security Policies tab edits it and PUT /api/security-policies/{id} takes it
 * (spec part 2 §2, §3, §7): every field required, the messages of shared/src/security/policy.ts, which the
 * database's checks repeat.
 */
import * as z from 'zod';
import {
  AI_RISK_ASSESSMENT_MODES, MAX_FAILED_LOGINS_MAX, MAX_FAILED_LOGINS_MIN, OVERRIDE_AUTHORITIES,
  SECURITY_POLICY_MESSAGES as MESSAGES, SESSION_TIMEOUT_MINUTES_MAX, SESSION_TIMEOUT_MINUTES_MIN,
} from './policy.ts';

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

export const securityPolicySettingsSchema = z.object({
  overrideAuthority: z.enum(OVERRIDE_AUTHORITIES, { error: MESSAGES.overrideAuthority }),
  aiRiskAssessment: z.enum(AI_RISK_ASSESSMENT_MODES, { error: MESSAGES.aiRiskAssessment }),
  require2faForAdmins: z.boolean({ error: MESSAGES.require2faForAdmins }),
  stepUpForHighRiskOverrides: z.boolean({ error: MESSAGES.stepUpForHighRiskOverrides }),
  logAllOverrideAttempts: z.boolean({ error: MESSAGES.logAllOverrideAttempts }),
  sessionTimeoutMinutes: whole(SESSION_TIMEOUT_MINUTES_MIN, SESSION_TIMEOUT_MINUTES_MAX, MESSAGES.sessionTimeoutMinutes),
  maxFailedLogins: whole(MAX_FAILED_LOGINS_MIN, MAX_FAILED_LOGINS_MAX, MESSAGES.maxFailedLogins),
});
export type SecurityPolicySettings = z.infer<typeof securityPolicySettingsSchema>;

/** The policy as the api answers it: its id, the settings and when it last changed. */
export const securityPolicySchema = securityPolicySettingsSchema.extend({
  id: z.string(),
  updatedAt: z.string(),
});
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;
