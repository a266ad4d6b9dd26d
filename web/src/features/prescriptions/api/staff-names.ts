/**
 * Names of the staff members a record points at (who approved an override, who double counted), read from
 * staff_profiles with the caller's rights: an id whose profile the caller may not read has no name (the lists say
 * "a colleague"), and a failed read names nobody rather than failing the list it decorates.
 */
import { z } from 'zod';
import { supabase } from '../../../lib/supabase.ts';

const staffNameSchema = z.object({ user_id: z.string(), first_name: z.string(), last_name: z.string() });

/** "First Last" by user id, for the ids the caller may read. */
export async function getStaffNames(userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const { data, error } = await supabase.from('staff_profiles').select('user_id, first_name, last_name').in('user_id', [...new Set(userIds)]);
  if (error) return new Map();
  return new Map(z.array(staffNameSchema).parse(data).map((staff) => [staff.user_id, `${staff.first_name} ${staff.last_name}`]));
}
