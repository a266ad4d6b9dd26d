/**
 * The signed-in staff member's verified TOTP factor (Supabase Auth MFA, auth.mfa.listFactors), if any: with one,
 * the step-up before a high-risk override may be a code from the authenticator app instead of the password.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

export async function getTotpFactorId(): Promise<string | null> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw new Error(error.message);
  return data.totp.find((factor) => factor.status === 'verified')?.id ?? null;
}

export function getTotpFactorQueryOptions(pharmacyId: string, userId: string) {
  return queryOptions({ queryKey: prescriptionKeys.totpFactor(pharmacyId, userId), queryFn: getTotpFactorId });
}

export function useTotpFactor(pharmacyId: string, userId: string) {
  return useQuery(getTotpFactorQueryOptions(pharmacyId, userId));
}
