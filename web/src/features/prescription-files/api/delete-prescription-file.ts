/**
 * DELETE /api/prescription-files/{id}: the file and its row. The database refuses a dispensed prescription's file
 * (dispensing records are kept) and a linked file to a technician, with its sentence; the list reloads on success.
 */
import { useMutation } from '@tanstack/react-query';
import { deletePrescriptionFileEndpoint } from '@pharmacy/shared/api/prescription-files.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';

export async function deletePrescriptionFile(fileId: string): Promise<void> {
  try {
    await invokeApi(deletePrescriptionFileEndpoint, { id: fileId });
  } catch (error) {
    throw error instanceof ApiError ? new Error(error.detail) : error;
  }
}

export function useDeletePrescriptionFile() {
  return useMutation({ meta: { writes: ['prescription_files', 'prescription_file_counters', 'prescriptions', 'audit_log'] }, mutationFn: deletePrescriptionFile });
}
