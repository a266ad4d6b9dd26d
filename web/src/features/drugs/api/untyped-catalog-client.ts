/**
 * TODO(step B): the catalog, pricing and clinical migrations (search_medications, dur_alert_count,
 * drug_price_update_runs, medication_price_history) are not in database.types.ts yet; until they are merged, the
 * calls to them go through this untyped view of the one client. Removed once the generated types have them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabase } from '../../../lib/supabase.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const untypedCatalogClient = supabase as unknown as SupabaseClient<any>;
