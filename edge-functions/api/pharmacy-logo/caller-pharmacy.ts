/**
 * The caller's pharmacy, read through RLS with their JWT: an active staff member sees their own profile row; anyone
 * else (no profile, deactivated) sees none and gets 403 with `message`.
 */
import { HttpError } from '../../_shared/http.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';

export async function callerPharmacyId(client: DatabaseClient, userId: string, message: string): Promise<string> {
  const { data, error } = await client.from('staff_profiles').select('pharmacy_id').eq('user_id', userId).maybeSingle();
  if (error) throw databaseFailure('reading the caller\'s pharmacy', error);
  if (!data) throw new HttpError(403, message);
  return data.pharmacy_id;
}
