/**
 * The override rules of the pharmacy's security policy (issue 11 "Security Policies"): override authority, AI
 * risk assessment and step-up, read from public.security_policies (staff read their pharmacy's; only admins
 * change it). The queue uses them to offer Process on an advisory alert and to word the override dialog; the
 * database enforces them at move_prescription whatever the screen shows.
 */
import { AI_RISK_ASSESSMENT_MODES, OVERRIDE_AUTHORITIES } from '@pharmacy/shared/security/policy.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

const rowSchema = z.object({
  override_authority: z.enum(OVERRIDE_AUTHORITIES),
  ai_risk_assessment: z.enum(AI_RISK_ASSESSMENT_MODES),
  step_up_for_high_risk_overrides: z.boolean(),
});

export interface OverridePolicy {
  overrideAuthority: z.infer<typeof rowSchema>['override_authority'];
  aiRiskAssessment: z.infer<typeof rowSchema>['ai_risk_assessment'];
  stepUpForHighRiskOverrides: boolean;
}

/** Today's behaviour, for a pharmacy without a policy row (the database assumes the same). */
export const DEFAULT_OVERRIDE_POLICY: OverridePolicy = {
  overrideAuthority: 'pharmacist_only',
  aiRiskAssessment: 'enabled',
  stepUpForHighRiskOverrides: false,
};

export async function getOverridePolicy(): Promise<OverridePolicy> {
  const { data, error } = await supabase
    .from('security_policies')
    .select('override_authority, ai_risk_assessment, step_up_for_high_risk_overrides')
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return DEFAULT_OVERRIDE_POLICY;
  const parsed = rowSchema.safeParse(data);
  if (!parsed.success) throw new Error(`The server described the security policy in an unexpected shape: ${parsed.error.message}`);
  return {
    overrideAuthority: parsed.data.override_authority,
    aiRiskAssessment: parsed.data.ai_risk_assessment,
    stepUpForHighRiskOverrides: parsed.data.step_up_for_high_risk_overrides,
  };
}

export function getOverridePolicyQueryOptions(pharmacyId: string) {
  return queryOptions({ queryKey: prescriptionKeys.overridePolicy(pharmacyId), queryFn: getOverridePolicy });
}

export function useOverridePolicy(pharmacyId: string) {
  return useQuery(getOverridePolicyQueryOptions(pharmacyId));
}
