/**
 * What the sign-in page's demo panel shows (spec §2): the demo pharmacy's pharmacist and technician
 * initials, its licensee and the next prescription number, from the database function
 * demo_sign_in_panel. null where no demo pharmacy exists (a production project): the panel is hidden.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '../../../lib/supabase.ts';
import { authKeys } from '../keys.ts';

const demoSignInPanelSchema = z.object({
  pharmacistInitials: z.string().nullable(),
  technicianInitials: z.string().nullable(),
  licensee: z.object({
    pharmacyName: z.string(),
    city: z.string().nullable().optional(),
    state: z.string().nullable().optional(),
  }),
  nextRxNumber: z.union([z.string(), z.number()]).nullable(),
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
  return queryOptions({ queryKey: authKeys.demoSignInPanel(), queryFn: getDemoSignInPanel });
}

export function useDemoSignInPanel() {
  return useQuery(getDemoSignInPanelQueryOptions());
}
