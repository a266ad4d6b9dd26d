/**
 * The security policy's vocabulary (spec part 2 §2 "Security Policies", §9 defaults), plain TypeScript so
 * any screen and the api share it: the options of each choice with their labels, the bounds and defaults
 * of the numbers (the database's checks on public.security_policies say the same), and the toast.
 */

export const OVERRIDE_AUTHORITIES = ['pharmacist_only', 'admin_only', 'dual_approval'] as const;
export type OverrideAuthority = (typeof OVERRIDE_AUTHORITIES)[number];
export const OVERRIDE_AUTHORITY_LABELS: Readonly<Record<OverrideAuthority, string>> = {
  pharmacist_only: 'Pharmacist only',
  admin_only: 'Admin only',
  dual_approval: 'Dual approval',
};

export const AI_RISK_ASSESSMENT_MODES = ['enabled', 'advisory', 'disabled'] as const;
export type AiRiskAssessment = (typeof AI_RISK_ASSESSMENT_MODES)[number];
export const AI_RISK_ASSESSMENT_LABELS: Readonly<Record<AiRiskAssessment, string>> = {
  enabled: 'Enabled',
  advisory: 'Advisory',
  disabled: 'Disabled',
};

/** §9 policy defaults. */
export const DEFAULT_SESSION_TIMEOUT_MINUTES = 30;
export const DEFAULT_MAX_FAILED_LOGINS = 3;

/** Bounds (the spec names none; these are the database's checks). */
export const SESSION_TIMEOUT_MINUTES_MIN = 1;
export const SESSION_TIMEOUT_MINUTES_MAX = 1440;
export const MAX_FAILED_LOGINS_MIN = 1;
export const MAX_FAILED_LOGINS_MAX = 100;

/** The messages of the policy's rules: the body schema's and the database constraints' (same words). */
export const SECURITY_POLICY_MESSAGES = {
  overrideAuthority: 'Override authority must be pharmacist only, admin only or dual approval',
  aiRiskAssessment: 'AI risk assessment must be enabled, advisory or disabled',
  sessionTimeoutMinutes: `Session timeout must be between ${SESSION_TIMEOUT_MINUTES_MIN} and ${SESSION_TIMEOUT_MINUTES_MAX} minutes`,
  maxFailedLogins: `Maximum failed sign-ins must be between ${MAX_FAILED_LOGINS_MIN} and ${MAX_FAILED_LOGINS_MAX}`,
  require2faForAdmins: 'Choose whether admins need two-factor authentication',
  stepUpForHighRiskOverrides: 'Choose whether high-risk overrides need verification',
  logAllOverrideAttempts: 'Choose whether every override attempt is logged',
} as const;

/** §8: the toast after a successful update. */
export const SECURITY_POLICY_UPDATED_MESSAGE = 'Security policy updated';
/** The api's refusals. */
export const SECURITY_POLICY_NOT_FOUND_MESSAGE = 'Security policy not found';
export const SECURITY_POLICY_ADMIN_ONLY_MESSAGE = 'Only an admin of the pharmacy can change its security policy';
