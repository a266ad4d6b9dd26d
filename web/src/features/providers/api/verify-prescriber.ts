/**
 * Verify (POST /api/prescribers/{id}/verify, pharmacists and admins): the api asks the NPPES NPI Registry, then the
 * database decides and records the outcome from NPPES, the licence, the DEA registration and the OIG exclusion list.
 * 200 with the outcome, whatever it is (verified, pending, or expired = Needs Review).
 */
import { useMutation } from '@tanstack/react-query';
import { verifyPrescriberEndpoint } from '@pharmacy/shared/api/prescribers.ts';
import type { VerifyResult } from '@pharmacy/shared/prescribers/prescriber.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { TableName } from '../../../lib/table-queries.ts';

export const VERIFY_PRESCRIBER_WRITES: readonly TableName[] = ['prescribers', 'prescriber_verifications', 'audit_log'];

export function verifyPrescriber(prescriberId: string): Promise<VerifyResult> {
  return invokeApi(verifyPrescriberEndpoint, { id: prescriberId }, {});
}

export function useVerifyPrescriber() {
  return useMutation({ meta: { writes: VERIFY_PRESCRIBER_WRITES }, mutationFn: verifyPrescriber });
}
