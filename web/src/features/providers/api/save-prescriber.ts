/**
 * Add Provider (POST /api/prescribers, any staff member) and Edit (PUT /api/prescribers/{id}, pharmacists and
 * admins; the database refuses the others): the answer is the prescriber saved with the warnings the user should
 * see (a DEA number whose second letter is not the last name's initial).
 */
import { useMutation } from '@tanstack/react-query';
import { createPrescriberEndpoint, updatePrescriberEndpoint } from '@pharmacy/shared/api/prescribers.ts';
import type { Prescriber, PrescriberForm } from '@pharmacy/shared/prescribers/prescriber.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { TableName } from '../../../lib/table-queries.ts';

export type SavedPrescriber = Prescriber & { warnings: string[] };

/** What a save may change: the prescriber (a changed credential sends it back to Pending) and the audit trail. */
export const SAVE_PRESCRIBER_WRITES: readonly TableName[] = ['prescribers', 'audit_log'];

/** Adds the prescriber, or updates the one with `prescriberId`. */
export function savePrescriber({ prescriberId, form }: { prescriberId: string | null; form: PrescriberForm }): Promise<SavedPrescriber> {
  return prescriberId === null ? invokeApi(createPrescriberEndpoint, form) : invokeApi(updatePrescriberEndpoint, { id: prescriberId }, form);
}

export function useSavePrescriber() {
  return useMutation({ meta: { writes: SAVE_PRESCRIBER_WRITES }, mutationFn: savePrescriber });
}
