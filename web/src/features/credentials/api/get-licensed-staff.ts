/**
 * The Credentials tab's list (spec part 2 "Credentials"): the pharmacy's staff having a license number, with number,
 * state and expiry, read from staff_profiles as the signed-in admin (RLS keeps it to their pharmacy).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { credentialKeys } from '../keys.ts';

export interface LicensedStaffMember {
  userId: string;
  firstName: string;
  lastName: string;
  role: string;
  licenseNumber: string;
  licenseState: string | null;
  /** 'YYYY-MM-DD', or null when none is on record. */
  licenseExpiration: string | null;
}

export async function getLicensedStaff(pharmacyId: string): Promise<LicensedStaffMember[]> {
  const { data, error } = await supabase
    .from('staff_profiles')
    .select('user_id, first_name, last_name, role, license_number, license_state, license_expiration')
    .eq('pharmacy_id', pharmacyId)
    .not('license_number', 'is', null)
    .neq('license_number', '')
    .order('last_name', { ascending: true })
    .order('first_name', { ascending: true })
    .order('user_id', { ascending: true });
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    licenseNumber: row.license_number ?? '',
    licenseState: row.license_state,
    licenseExpiration: row.license_expiration,
  }));
}

export function getLicensedStaffQueryOptions(pharmacyId: string) {
  return queryOptions({
    queryKey: credentialKeys.licensedStaff(pharmacyId),
    queryFn: () => getLicensedStaff(pharmacyId),
  });
}

export function useLicensedStaff(pharmacyId: string) {
  return useQuery(getLicensedStaffQueryOptions(pharmacyId));
}
