/**
 * Import 835 (POST /api/claims/remittances, multipart `file`): the payer's remittance is read by the api, each of its
 * transaction sets imported once as the caller and its claim payments matched to the claims by Rx and fill numbers.
 * Sent through invokeMultipartApi as a FormData (the endpoint is multipart) with the signed-in session; a failure is an ApiError
 * with the server's sentence. The file is checked here first.
 */
import { importRemittanceEndpoint, type RemittanceImport } from '@pharmacy/shared/api/claims.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeMultipartApi } from '../../../lib/invoke-api.ts';
import { remittanceFileProblem } from '../billing-reports.ts';
import { billingKeys } from '../keys.ts';

export async function importRemittance(file: File): Promise<RemittanceImport> {
  const problem = remittanceFileProblem(file);
  if (problem) throw new Error(problem);
  const form = new FormData();
  form.set('file', file, file.name);
  return invokeMultipartApi(importRemittanceEndpoint, form);
}

export function useImportRemittance(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // A matched claim's remitted amount changes (and with it the reconciliation lists, the claims and the overview).
    meta: { writes: ['remittances', 'remittance_claims', 'remittance_adjustments', 'claims', 'audit_log'] },
    mutationFn: importRemittance,
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.reconciliationAll(pharmacyId) }),
      queryClient.invalidateQueries({ queryKey: billingKeys.overview(pharmacyId) }),
      queryClient.invalidateQueries({ queryKey: [...billingKeys.all(pharmacyId), 'claims'] }),
    ]),
  });
}
