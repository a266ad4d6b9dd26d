/**
 * What stops an onboarding before anything is created: a DEA number, NCPDP ID or NABP number another
 * pharmacy holds, or an admin email that already has an account. public.onboarding_conflicts (service
 * role only) answers with one message per conflict, the same texts onboard_pharmacy raises.
 */
import type { Database } from '@pharmacy/shared/database/database.types.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';

export interface ConflictKeys {
  deaNumber: string | null;
  ncpdpId: string | null;
  nabpNumber: string | null;
  email: string | null;
}

/** The conflict messages; empty when none. `admin` must be the service-role client. */
export async function findOnboardingConflicts(admin: DatabaseClient, keys: ConflictKeys): Promise<string[]> {
  // The SQL function takes null for a key there is nothing to check against; the generated Args type cannot say
  // so (it types every argument of a function as non-null).
  const args = {
    dea_number: keys.deaNumber,
    ncpdp_id: keys.ncpdpId,
    nabp_number: keys.nabpNumber,
    email: keys.email,
  } as Database['public']['Functions']['onboarding_conflicts']['Args'];
  const { data, error } = await admin.rpc('onboarding_conflicts', args);
  if (error) throw new Error(`onboarding_conflicts failed: ${error.message}`);
  return data ?? [];
}
