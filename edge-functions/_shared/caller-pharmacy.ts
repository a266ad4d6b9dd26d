/**
 * The caller's pharmacy, as the database says it: `public.current_staff_context()` read with their JWT answers their
 * active staff profile's pharmacy, or null for anyone else (no profile, deactivated). Never a pharmacy named by the
 * request.
 */
import * as z from 'zod';
import { requireUser } from './auth.ts';
import { createUserClient } from './supabase-clients.ts';

const staffContextSchema = z.object({ pharmacy: z.object({ id: z.uuid() }) }).nullable();

/** The pharmacy of the signed-in user who made the request, or null when they are not active staff (401 without a user). */
export async function findCallerPharmacyId(req: Request): Promise<string | null> {
  await requireUser(req);
  const { data, error } = await createUserClient(req).rpc('current_staff_context');
  if (error) throw new Error(`reading the staff context failed: ${error.message}`);
  return staffContextSchema.parse(data ?? null)?.pharmacy.id ?? null;
}
