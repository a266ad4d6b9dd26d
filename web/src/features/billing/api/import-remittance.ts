/**
 * Import 835 (POST /api/claims/remittances, multipart `file`): the payer's remittance is read by the api, each of its
 * transaction sets imported once as the caller and its claim payments matched to the claims by Rx and fill numbers.
 * Sent through the one supabase client's functions.invoke with a FormData (the endpoint is multipart, so not through
 * invokeApi, which sends JSON), to the contract's path, with the signed-in session; the answer is parsed with the
 * contract's schema and a failure is an ApiError with the server's sentence. The file is checked here first.
 */
import { importRemittanceEndpoint, type RemittanceImport } from '@pharmacy/shared/api/claims.ts';
import { apiPath, parseWithSchema } from '@pharmacy/shared/api/endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiErrorFromFunctionsError } from '../../../lib/api-error.ts';
import { supabase } from '../../../lib/supabase.ts';
import { remittanceFileProblem } from '../billing-reports.ts';
import { billingKeys } from '../keys.ts';

export async function importRemittance(file: File): Promise<RemittanceImport> {
  const problem = remittanceFileProblem(file);
  if (problem) throw new Error(problem);
  const form = new FormData();
  form.set('file', file, file.name);
  const { data, error } = await supabase.functions.invoke<unknown>(apiPath(importRemittanceEndpoint.path).slice(1), {
    method: importRemittanceEndpoint.method,
    body: form,
  });
  if (error) throw await apiErrorFromFunctionsError(error);
  const parsed = parseWithSchema(importRemittanceEndpoint.response, data);
  if (!parsed.success) {
    throw new ApiError(`The server's answer to ${importRemittanceEndpoint.method} ${importRemittanceEndpoint.path} is not what it should be: ${parsed.messages.join('; ')}`, null);
  }
  return parsed.data;
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
