/**
 * POST /api/prescription-files/{id}/process (spec §7, empty body): the file's extraction. The answer is the file as
 * the database recorded it — processed, Review Required, or error with its reason; an image still without OCR text
 * is refused with the server's sentence and stays pending. The list reloads through the declared writes.
 */
import { useMutation } from '@tanstack/react-query';
import { processPrescriptionFileEndpoint } from '@pharmacy/shared/api/prescription-files.ts';
import type { PrescriptionFile } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';

export async function processPrescriptionFile(fileId: string): Promise<PrescriptionFile> {
  try {
    return await invokeApi(processPrescriptionFileEndpoint, { id: fileId }, {});
  } catch (error) {
    throw error instanceof ApiError ? new Error(error.detail) : error;
  }
}

export function useProcessPrescriptionFile() {
  return useMutation({ meta: { writes: ['prescription_files', 'prescription_file_counters', 'audit_log'] }, mutationFn: processPrescriptionFile });
}
