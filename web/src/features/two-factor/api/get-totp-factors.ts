/**
 * The signed-in user's TOTP factors as Supabase Auth lists them (mfa.listFactors: GET /user): the verified one,
 * if any, decides whether two-factor authentication is on.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { twoFactorKeys } from '../keys.ts';

export interface TotpFactors {
  verifiedFactorId: string | null;
  /** Enrolments never finished (a QR code shown, no code given). */
  unverifiedFactorIds: string[];
}

export async function getTotpFactors(): Promise<TotpFactors> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw new Error(error.message);
  const totp = data.all.filter((factor) => factor.factor_type === 'totp');
  return {
    verifiedFactorId: totp.find((factor) => factor.status === 'verified')?.id ?? null,
    unverifiedFactorIds: totp.filter((factor) => factor.status !== 'verified').map((factor) => factor.id),
  };
}

export function getTotpFactorsQueryOptions(userId: string) {
  return queryOptions({ queryKey: twoFactorKeys.factors(userId), queryFn: getTotpFactors });
}

export function useTotpFactors(userId: string) {
  return useQuery(getTotpFactorsQueryOptions(userId));
}
