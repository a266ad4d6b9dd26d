/**
 * What the sign-in page's demo panel shows (spec §2): the demo pharmacy's pharmacist and technician
 * initials, its licensee and the next prescription number, from the database function
 * demo_sign_in_panel. null where no demo pharmacy exists (a production project): the panel is hidden.
 * zod/mini, as everything the sign-in page loads (see shared/src/auth/sign-in.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '../../../lib/supabase.ts';
import { authKeys } from '../keys.ts';

const demoSignInPanelSchema = z.object({
  pharmacistInitials: z.nullable(z.string()),
  technicianInitials: z.nullable(z.string()),
  licensee: z.object({
    pharmacyName: z.string(),
    city: z.optional(z.nullable(z.string())),
    state: z.optional(z.nullable(z.string())),
  }),
  nextRxNumber: z.nullable(z.union([z.string(), z.number()])),
});

export type DemoSignInPanel = z.infer<typeof demoSignInPanelSchema>;

export async function getDemoSignInPanel(): Promise<DemoSignInPanel | null> {
  const { data, error } = await supabase.rpc('demo_sign_in_panel');
  if (error) throw new Error(error.message);
  if (data === null) return null;
  const parsed = demoSignInPanelSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected demo panel data: ${parsed.error.message}`);
  return parsed.data;
}

export function getDemoSignInPanelQueryOptions() {
  return queryOptions({ meta: { reads: ['pharmacies', 'staff_profiles'] }, queryKey: authKeys.demoSignInPanel(), queryFn: getDemoSignInPanel });
}

export function useDemoSignInPanel() {
  return useQuery(getDemoSignInPanelQueryOptions());
}
