/**
 * The signed-in user's staff context (spec §3 "Auth user response": user, pharmacy, permissions, and the
 * pharmacy's session timeout) from the
 * database function current_staff_context. null when the auth user has no staff profile — the app then
 * treats the visitor as signed out (spec §4 "Session"). Cached 300000 ms, never retried (spec §7, §9).
 * zod/mini, as everything the sign-in page loads (see shared/src/auth/sign-in.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_ROLES } from '@pharmacy/shared/staff/screens.ts';
import * as z from 'zod/mini';
import { supabase } from '../../../lib/supabase.ts';
import { authKeys } from '../keys.ts';

export const CURRENT_STAFF_CACHE_MS = 300_000;

const nullableText = z.optional(z.nullable(z.string()));

const currentStaffSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(STAFF_ROLES),
  }),
  pharmacy: z.object({
    id: z.string(),
    pharmacyName: z.string(),
    city: nullableText,
    state: nullableText,
    deaNumber: nullableText,
    ncpdpId: nullableText,
    stateInternationalizeNumber: nullableText,
  }),
  /** The pharmacy's session rules; the idle sign-out uses sessionTimeoutMinutes. */
  securityPolicy: z.object({ sessionTimeoutMinutes: z.int().check(z.positive()) }),
  permissions: z.array(z.string()),
});

export type CurrentStaff = z.infer<typeof currentStaffSchema>;

export async function getCurrentStaff(): Promise<CurrentStaff | null> {
  const { data, error } = await supabase.rpc('current_staff_context');
  if (error) throw new Error(error.message);
  if (data === null) return null;
  const parsed = currentStaffSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`The server described the signed-in user in an unexpected shape: ${parsed.error.message}`);
  }
  return parsed.data;
}

export function getCurrentStaffQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.currentStaff(userId),
    queryFn: getCurrentStaff,
    staleTime: CURRENT_STAFF_CACHE_MS,
    gcTime: CURRENT_STAFF_CACHE_MS,
    retry: false,
  });
}

export function useCurrentStaff(userId: string | undefined) {
  return useQuery({ ...getCurrentStaffQueryOptions(userId ?? ''), enabled: userId !== undefined });
}
