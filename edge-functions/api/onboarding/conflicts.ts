/**
 * What stops an onboarding before anything is created: a DEA number, NCPDP ID or NABP number another
 * pharmacy holds, or an admin email that already has an account. public.onboarding_conflicts (service
 * role only) answers with one message per conflict, the same texts onboard_pharmacy raises.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export interface ConflictKeys {
  deaNumber: string | null;
  ncpdpId: string | null;
  nabpNumber: string | null;
  email: string | null;
}

/** The conflict messages; empty when none. `admin` must be the service-role client. */
export async function findOnboardingConflicts(admin: SupabaseClient, keys: ConflictKeys): Promise<string[]> {
  const { data, error } = await admin.rpc('onboarding_conflicts', {
    dea_number: keys.deaNumber,
    ncpdp_id: keys.ncpdpId,
    nabp_number: keys.nabpNumber,
    email: keys.email,
  });
  if (error) throw new Error(`onboarding_conflicts failed: ${error.message}`);
  return (data as string[] | null) ?? [];
}
