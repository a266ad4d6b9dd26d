/**
 * PUT /api/prescription-files/{id}: the review's corrections of the extracted data, and "Mark reviewed" (a Review
 * Required file becomes processed). The database records each correction in the audit trail; the answer is the file
 * as stored.
 */
import { useMutation } from '@tanstack/react-query';
import { updatePrescriptionFileEndpoint } from '@pharmacy/shared/api/prescription-files.ts';
import type { PrescriptionFile, UpdatePrescriptionFile } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { TableName } from '../../../lib/table-queries.ts';

/** The file (its counters follow by trigger) and the audit trail. */
export const UPDATE_PRESCRIPTION_FILE_WRITES: readonly TableName[] = ['prescription_files', 'prescription_file_counters', 'audit_log'];

export async function updatePrescriptionFile({ fileId, update }: { fileId: string; update: UpdatePrescriptionFile }): Promise<PrescriptionFile> {
  try {
    return await invokeApi(updatePrescriptionFileEndpoint, { id: fileId }, update);
  } catch (error) {
    // The server's sentence (with its listed problems) is what the toast says.
    throw error instanceof ApiError ? new Error(error.detail) : error;
  }
}

export function useUpdatePrescriptionFile() {
  return useMutation({ meta: { writes: UPDATE_PRESCRIPTION_FILE_WRITES }, mutationFn: updatePrescriptionFile });
}
