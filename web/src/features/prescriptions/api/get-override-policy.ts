/**
 * The override rules of the pharmacy's security policy (issue 11 "Security Policies"): override authority, AI risk
 * assessment and step-up, picked from THE security policy query (hooks/use-security-policy.ts), so a change saved on
 * the Security Manager, here or at another terminal, reaches the open queue at once. The queue uses them to offer
 * Process on an advisory alert and to word the override dialog; the database enforces them at move_prescription
 * whatever the screen shows.
 */
import type { SecurityPolicy } from '@pharmacy/shared/security/policy-schema.ts';
import { useSecurityPolicy } from '../../../hooks/use-security-policy.ts';

export type OverridePolicy = Pick<SecurityPolicy, 'overrideAuthority' | 'aiRiskAssessment' | 'stepUpForHighRiskOverrides'>;

/** Today's behaviour, for a pharmacy without a policy row (the database assumes the same). */
export const DEFAULT_OVERRIDE_POLICY: OverridePolicy = {
  overrideAuthority: 'pharmacist_only',
  aiRiskAssessment: 'enabled',
  stepUpForHighRiskOverrides: false,
};

export function overridePolicyOf(policy: SecurityPolicy | null): OverridePolicy {
  if (policy === null) return DEFAULT_OVERRIDE_POLICY;
  const { overrideAuthority, aiRiskAssessment, stepUpForHighRiskOverrides } = policy;
  return { overrideAuthority, aiRiskAssessment, stepUpForHighRiskOverrides };
}

export function useOverridePolicy(pharmacyId: string) {
  return useSecurityPolicy(pharmacyId, { select: overridePolicyOf });
}
