/**
 * Adds a wholesaler (POST /api/wholesalers) or saves Configure (PUT /api/wholesalers/{id}, a blank key keeps the
 * saved one): pharmacists and admins; the key goes to Vault and only its last four characters come back.
 */
import { useMutation } from '@tanstack/react-query';
import { createWholesalerEndpoint, updateWholesalerEndpoint } from '@pharmacy/shared/api/wholesale.ts';
import type { Wholesaler, WholesalerForm } from '@pharmacy/shared/inventory/wholesale.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function saveWholesaler({ id, form }: { id: string | null; form: WholesalerForm }): Promise<Wholesaler> {
  if (id === null) return invokeApi(createWholesalerEndpoint, { ...form, apiKey: form.apiKey ?? '' });
  return invokeApi(updateWholesalerEndpoint, { id }, form);
}

export function useSaveWholesaler() {
  return useMutation({ meta: { writes: ['wholesalers', 'audit_log'] }, mutationFn: saveWholesaler });
}
