/**
 * The signed-in user's staff context (spec §3 "Auth user response": user, pharmacy, permissions) from the database
 * function current_staff_context, parsed and renamed by shared/src/staff/signed-in-staff.ts. null when the auth user
 * has no staff profile — the app then treats the visitor as signed out (spec §4 "Session"). Cached 300000 ms, never
 * retried (spec §7, §9); a change of the pharmacy's record (here or at another terminal) or of the staff member's
 * account (an account notice) reads it again. zod/mini, as everything the sign-in page loads.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentStaffContextSchema, signedInStaffFromContext, type SignedInStaff } from '@pharmacy/shared/staff/signed-in-staff.ts';
import { supabase } from '../../../lib/supabase.ts';
import { authKeys } from '../keys.ts';

const CURRENT_STAFF_CACHE_MS = 300_000;

export type CurrentStaff = SignedInStaff;

export async function getCurrentStaff(): Promise<CurrentStaff | null> {
  const { data, error } = await supabase.rpc('current_staff_context');
  if (error) throw new Error(error.message);
  if (data === null) return null;
  const parsed = currentStaffContextSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`The server described the signed-in user in an unexpected shape: ${parsed.error.message}`);
  }
  return signedInStaffFromContext(parsed.data);
}

export function getCurrentStaffQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.currentStaff(userId),
    queryFn: getCurrentStaff,
    meta: { reads: ['staff_profiles', 'pharmacies'] },
    staleTime: CURRENT_STAFF_CACHE_MS,
    gcTime: CURRENT_STAFF_CACHE_MS,
    retry: false,
  });
}

export function useCurrentStaff(userId: string | undefined) {
  return useQuery({ ...getCurrentStaffQueryOptions(userId ?? ''), enabled: userId !== undefined });
}
