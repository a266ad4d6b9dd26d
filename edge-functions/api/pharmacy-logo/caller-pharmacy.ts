/**
 * The caller's pharmacy, read through RLS with their JWT: an active staff member sees their own profile row; anyone
 * else (no profile, deactivated) sees none.
 */
import { databaseFailure } from '../../_shared/database-failure.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';

/** The caller's pharmacy id, or null when they are not active staff. */
export async function callerPharmacyId(client: DatabaseClient, userId: string): Promise<string | null> {
  const { data, error } = await client.from('staff_profiles').select('pharmacy_id').eq('user_id', userId).maybeSingle();
  if (error) throw databaseFailure("reading the caller's pharmacy", error);
  return data?.pharmacy_id ?? null;
}
