/**
 * The signed-in staff member's verified TOTP factor (Supabase Auth MFA, lib/totp.ts), if any: with one,
 * the step-up before a high-risk override may be a code from the authenticator app instead of the password.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTotpFactors } from '../../../lib/totp.ts';
import { prescriptionKeys } from '../keys.ts';

export async function getTotpFactorId(): Promise<string | null> {
  return (await listTotpFactors()).verifiedFactorId;
}

export function getTotpFactorQueryOptions(pharmacyId: string, userId: string) {
  return queryOptions({
    // The factors are Auth's; a trigger mirrors each change into staff_profiles.two_factor_enabled, whose write (the
    // two-factor page's enrolment or removal) announces it, so the step-up offers the code once a factor is verified.
    meta: { reads: ['staff_profiles'] },
    queryKey: prescriptionKeys.totpFactor(pharmacyId, userId),
    queryFn: getTotpFactorId,
  });
}

/** Asked only while `enabled` (the pharmacy's policy asks for a step-up): listing the factors is a request to Auth. */
export function useTotpFactor(pharmacyId: string, userId: string, enabled: boolean) {
  return useQuery({ ...getTotpFactorQueryOptions(pharmacyId, userId), enabled });
}
