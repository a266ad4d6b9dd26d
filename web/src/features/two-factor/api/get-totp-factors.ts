/**
 * The signed-in user's TOTP factors as Supabase Auth lists them (mfa.listFactors: GET /user): the verified one,
 * if any, decides whether two-factor authentication is on.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTotpFactors, type TotpFactors } from '../../../lib/totp.ts';
import { twoFactorKeys } from '../keys.ts';

export type { TotpFactors };

export function getTotpFactors(): Promise<TotpFactors> {
  return listTotpFactors();
}

export function getTotpFactorsQueryOptions(userId: string) {
  return queryOptions({ meta: { reads: [] }, queryKey: twoFactorKeys.factors(userId), queryFn: getTotpFactors });
}

export function useTotpFactors(userId: string) {
  return useQuery(getTotpFactorsQueryOptions(userId));
}
