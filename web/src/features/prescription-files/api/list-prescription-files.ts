/**
 * GET /api/prescription-files: one keyset page of the pharmacy's files (newest first; a status, a search on file name,
 * patient, drug or prescriber) with the processing stats the database keeps. Pages load on "Load more".
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listPrescriptionFilesEndpoint } from '@pharmacy/shared/api/prescription-files.ts';
import { PRESCRIPTION_FILE_PAGE_SIZE, type PrescriptionFile, type PrescriptionFileStats, type ProcessingStatus } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { prescriptionFileKeys } from '../keys.ts';

export interface FilePage {
  files: PrescriptionFile[];
  stats: PrescriptionFileStats;
  nextCursor: string | null;
}

export function listPrescriptionFiles(status: ProcessingStatus | 'all', search: string, after: string | null): Promise<FilePage> {
  return invokeApi(listPrescriptionFilesEndpoint, {
    limit: PRESCRIPTION_FILE_PAGE_SIZE,
    ...(status === 'all' ? {} : { status }),
    ...(search === '' ? {} : { search }),
    ...(after === null ? {} : { after }),
  });
}

export function listPrescriptionFilesQueryOptions(pharmacyId: string, status: ProcessingStatus | 'all', search: string) {
  return infiniteQueryOptions({
    meta: { reads: ['prescription_files', 'prescription_file_counters'] },
    queryKey: prescriptionFileKeys.list(pharmacyId, status, search),
    queryFn: ({ pageParam }) => listPrescriptionFiles(status, search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** Keeps the previous status's or search's rows up while the new ones load. */
export function usePrescriptionFiles(pharmacyId: string, status: ProcessingStatus | 'all', search: string) {
  return useInfiniteQuery({ ...listPrescriptionFilesQueryOptions(pharmacyId, status, search), placeholderData: keepPreviousData });
}
