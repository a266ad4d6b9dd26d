/** GET /api/prescription-files/{prescriptionId}: the files of one prescription (any of its fills), for ?prescription=. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { prescriptionFilesOfPrescriptionEndpoint } from '@pharmacy/shared/api/prescription-files.ts';
import type { PrescriptionFile } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { prescriptionFileKeys } from '../keys.ts';

export async function getFilesOfPrescription(prescriptionId: string): Promise<PrescriptionFile[]> {
  return (await invokeApi(prescriptionFilesOfPrescriptionEndpoint, { prescriptionId })).files;
}

export function getFilesOfPrescriptionQueryOptions(pharmacyId: string, prescriptionId: string) {
  return queryOptions({
    meta: { reads: ['prescription_files', 'prescriptions'] },
    queryKey: prescriptionFileKeys.ofPrescription(pharmacyId, prescriptionId),
    queryFn: () => getFilesOfPrescription(prescriptionId),
  });
}

export function useFilesOfPrescription(pharmacyId: string, prescriptionId: string | null) {
  return useQuery({ ...getFilesOfPrescriptionQueryOptions(pharmacyId, prescriptionId ?? ''), enabled: prescriptionId !== null });
}
