/**
 * A prescription_files row as the api answers it (spec part 2 §3 Prescription file, camelCase; the confidence as
 * text). The OCR words stay in the database: the answer says whether OCR is stored and how confident it was.
 */
import type { Tables } from '@pharmacy/shared/database/database.types.ts';
import {
  type DrugData, type ExtractionCheck, type PatientData, type PrescriberData, type PrescriptionFile, type PrescriptionFileType,
  type ProcessingStatus, type ReceivedAs, type SourceFormat,
} from '@pharmacy/shared/prescription-files/prescription-file.ts';

/** The columns every answer reads (never the OCR text or words). */
const FILE_FIELDS = [
  'id', 'prescription_id', 'file_name', 'file_type', 'file_size', 'processing_status', 'extraction_confidence',
  'manual_review_required', 'uploaded_at', 'processed_at', 'patient_data', 'drug_data', 'prescriber_data', 'received_as',
  'source_format', 'error_reason', 'checks', 'matched_patient_id', 'matched_prescriber_id', 'matched_medication_id',
  'ocr_confidence', 'reviewed_at', 'storage_path',
] as const satisfies readonly (keyof Tables<'prescription_files'>)[];

export const FILE_COLUMNS = FILE_FIELDS.join(', ');

export type FileRow = Pick<Tables<'prescription_files'>, (typeof FILE_FIELDS)[number]>;

export function fileFromRow(row: FileRow): PrescriptionFile {
  const confidence = row.extraction_confidence === null ? null : Number(row.extraction_confidence);
  return {
    id: row.id,
    prescriptionId: row.prescription_id,
    fileName: row.file_name,
    fileType: row.file_type as PrescriptionFileType,
    fileSize: row.file_size,
    processingStatus: row.processing_status as ProcessingStatus,
    extractionConfidence: confidence === null ? null : confidence.toFixed(2),
    manualReviewRequired: row.manual_review_required,
    uploadedAt: row.uploaded_at,
    processedAt: row.processed_at,
    patientData: row.patient_data as PatientData,
    drugData: row.drug_data as DrugData,
    prescriberData: row.prescriber_data as PrescriberData,
    receivedAs: row.received_as as ReceivedAs,
    sourceFormat: row.source_format as SourceFormat | null,
    errorReason: row.error_reason,
    checks: row.checks as ExtractionCheck[],
    matchedPatientId: row.matched_patient_id,
    matchedPrescriberId: row.matched_prescriber_id,
    matchedMedicationId: row.matched_medication_id,
    hasOcr: row.ocr_confidence !== null,
    ocrConfidence: row.ocr_confidence === null ? null : Number(row.ocr_confidence),
    reviewedAt: row.reviewed_at,
    storagePath: row.storage_path,
  };
}
