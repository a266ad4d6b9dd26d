/**
 * The System Information panel's Staff Credentials (spec §2): the initials of the pharmacy's active
 * pharmacists and technicians, in the order they joined. Passwords are never read (the panel masks them).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { dashboardKeys } from '../keys.ts';

export interface StaffCredential {
  userId: string;
  role: 'pharmacist' | 'technician';
  initials: string;
}

export async function getStaffCredentials(pharmacyId: string): Promise<StaffCredential[]> {
  const { data, error } = await supabase
    .from('staff_profiles')
    .select('user_id, role, first_name, last_name')
    .eq('pharmacy_id', pharmacyId)
    .eq('is_active', true)
    .in('role', ['pharmacist', 'technician'])
    .order('created_at', { ascending: true })
    .order('user_id', { ascending: true });
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    userId: row.user_id,
    role: row.role === 'pharmacist' ? 'pharmacist' : 'technician',
    initials: `${row.first_name.charAt(0)}${row.last_name.charAt(0)}`.toUpperCase(),
  }));
}

export function getStaffCredentialsQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['staff_profiles'] },
    queryKey: dashboardKeys.staffCredentials(pharmacyId),
    queryFn: () => getStaffCredentials(pharmacyId),
  });
}

export function useStaffCredentials(pharmacyId: string) {
  return useQuery(getStaffCredentialsQueryOptions(pharmacyId));
}
