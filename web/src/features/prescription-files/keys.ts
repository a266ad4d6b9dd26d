/**
 * Query keys of Prescription File Management, starting with the pharmacy so one pharmacy's cache never answers for
 * another. What a change refreshes is decided by the tables each query reads (lib/table-queries.ts); the keys only
 * group the screen's reads.
 */

export const prescriptionFileKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'prescription-files'] as const,

  // --- The screen (components/prescription-file-management.tsx) -------------------------------------------------
  /** The list's pages (with the stats) for one status and search. */
  list: (pharmacyId: string, status: string, search: string) => [...prescriptionFileKeys.all(pharmacyId), 'list', status, search] as const,
  /** The files of one prescription (?prescription=). */
  ofPrescription: (pharmacyId: string, prescriptionId: string) => [...prescriptionFileKeys.all(pharmacyId), 'of-prescription', prescriptionId] as const,

  // --- The review view (components/prescription-file-review.tsx) ---------------------------------------------
  /** The file's bytes from Storage (bucket prescription-files), for the preview. */
  document: (pharmacyId: string, fileId: string, storagePath: string) =>
    [...prescriptionFileKeys.all(pharmacyId), 'document', fileId, storagePath] as const,
  /** The names of the patient, prescriber and catalog drug a file was matched to. */
  matches: (pharmacyId: string, matched: { patientId: string | null; prescriberId: string | null; medicationId: string | null }) =>
    [...prescriptionFileKeys.all(pharmacyId), 'matches', matched] as const,
  /** The Rx number and status of the prescription a file is linked to. */
  linkedPrescription: (pharmacyId: string, prescriptionId: string) =>
    [...prescriptionFileKeys.all(pharmacyId), 'linked-prescription', prescriptionId] as const,
  // --- end of the review view's keys ----------------------------------------------------------------------
};
