/**
 * Records a double count of a controlled prescription being processed (System Settings → Controlled →
 * requireDoubleCount): the shared schema checks the quantity, the database records who counted and when, refuses
 * a prescription that is not processing or not controlled, and audits the count. The verifying pharmacist's own
 * count never satisfies the rule; the database says so at verification. Success refreshes that prescription's
 * counts.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { controlledSubstanceCountSchema, type ControlledSubstanceCountInput } from '@pharmacy/shared/prescriptions/controlled-substance-rules.ts';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export async function recordControlledSubstanceCount(input: ControlledSubstanceCountInput): Promise<void> {
  const count = controlledSubstanceCountSchema.parse(input);
  const { error } = await supabase
    .from('controlled_substance_counts')
    .insert({ prescription_id: count.prescriptionId, quantity_counted: count.quantityCounted });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useRecordControlledSubstanceCount() {
  return useMutation({
    meta: { writes: ['controlled_substance_counts', 'audit_log'] },
    mutationFn: recordControlledSubstanceCount,
  });
}
