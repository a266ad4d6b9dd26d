/**
 * A prescription file (spec part 2 §3 "Prescription file", §4, issue 23): a fax, scan or e-prescription a pharmacy
 * received, stored in the private Storage bucket `prescription-files`, its data extracted into the spec's
 * patientData / drugData / prescriberData, reviewed and turned into a prescription. This module is the one model:
 * the file types decided by bytes, the limits, the statuses and their labels, the extracted data's schemas (the
 * api's answers and the review form's corrections) and the list query.
 */
import * as z from 'zod';
import { MAX_REFILLS } from '../prescriptions/prescription.ts';

/** What the bytes say a file is (never its name or declared type). `edifact` is SCRIPT 10.6 EDIFACT ("EDI"). */
export const PRESCRIPTION_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'application/xml', 'application/edifact'] as const;
export type PrescriptionFileType = (typeof PRESCRIPTION_FILE_TYPES)[number];

/** Largest file accepted: 10 MB (the bucket's limit too). */
export const MAX_PRESCRIPTION_FILE_BYTES = 10 * 1024 * 1024;

/** The drop area's accept list (spec: PDF, JPG, PNG, XML, EDI); the server still decides by the bytes. */
export const PRESCRIPTION_FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,.xml,.edi,application/pdf,image/png,image/jpeg,application/xml,text/xml';

export const PROCESSING_STATUSES = ['pending', 'processed', 'error', 'manual_review'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** Spec §4: processed, pending, error, manual_review shown 'Review Required', anything else 'Unknown'. */
export function processingStatusLabel(status: string): string {
  switch (status) {
    case 'processed':
      return 'Processed';
    case 'pending':
      return 'Pending';
    case 'error':
      return 'Error';
    case 'manual_review':
      return 'Review Required';
    default:
      return 'Unknown';
  }
}

/** Below this extraction confidence a file needs a person's review (issue 23). */
export const REVIEW_CONFIDENCE_THRESHOLD = 0.85;

/** How the pharmacy received the document: it decides the prescription type of what is entered from it. */
export const RECEIVED_AS = ['fax', 'scan', 'electronic'] as const;
export type ReceivedAs = (typeof RECEIVED_AS)[number];

/** The prescription type a file's prescription is entered as (spec part 1 §3: written, fax, verbal, electronic). */
export function prescriptionTypeForReceived(receivedAs: ReceivedAs): 'fax' | 'written' | 'electronic' {
  return receivedAs === 'scan' ? 'written' : receivedAs;
}

/** Which reader produced the extracted data. */
export const SOURCE_FORMATS = ['script-xml-10.6', 'script-xml-2017071', 'script-edifact-10.6', 'pdf-text', 'ocr'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

export const PRESCRIPTION_FILE_MESSAGES = {
  processed: 'Prescription file processed successfully',
  processFailed: 'Failed to process prescription file',
  deleted: 'File deleted successfully',
  empty: 'The file is empty',
  tooLarge: 'The file is larger than 10 MB',
  unknownType: 'The file is not a PDF, PNG, JPEG, NCPDP SCRIPT XML or SCRIPT EDIFACT document',
  noFile: 'Choose a file to upload (form field "file")',
  duplicate: 'This file was already uploaded',
  notFound: 'Prescription file not found',
  prescriptionNotFound: 'Prescription not found',
  notPending: 'Only a pending file can be processed',
  needsOcr: 'This image has no recognised text yet: open it on a terminal to read it (OCR), then process it',
  keptForDispensing: 'This file belongs to a prescription that was dispensed; dispensing records must be retained, so it cannot be deleted',
} as const;

// -------------------------------------------------------------------------------------------------------------
// Extracted data (spec §3): every field optional, as a document may not carry it
// -------------------------------------------------------------------------------------------------------------
// eslint-disable-next-line no-control-regex -- NUL and lone surrogates are exactly what is removed
const NOT_STORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Text as the database can store it (no NUL, no lone surrogate): OCR output comes from a client. */
const storableText = (max: number) => z.string().max(max).transform((value) => value.replace(NOT_STORABLE_TEXT, ''));

const text = (max: number) => storableText(max).transform((value) => value.trim()).optional();
/** The drug's numbers: their bounds and the one message each (the review form shows it on its field). */
export const DRUG_NUMBER_MESSAGES = {
  quantity: 'Quantity must be a number greater than 0',
  daysSupply: 'Days supply must be a whole number from 0 to 365',
  refills: `Refills must be a whole number from 0 to ${MAX_REFILLS}`,
} as const;
const count = (max: number, message: string) => z.number({ error: message }).int(message).min(0, message).max(max, message).optional();

export const insuranceInfoSchema = z.object({
  provider: text(200),
  policyNumber: text(40),
  groupNumber: text(40),
  bin: text(6),
  pcn: text(20),
});

export const patientDataSchema = z.object({
  name: text(200),
  firstName: text(100),
  lastName: text(100),
  /** YYYY-MM-DD */
  dateOfBirth: text(10),
  gender: text(20),
  phone: text(40),
  address: text(300),
  insuranceInfo: insuranceInfoSchema.optional(),
});
export type PatientData = z.infer<typeof patientDataSchema>;

export const drugDataSchema = z.object({
  name: text(300),
  strength: text(100),
  form: text(100),
  quantity: z.number({ error: DRUG_NUMBER_MESSAGES.quantity }).positive(DRUG_NUMBER_MESSAGES.quantity).max(100000, DRUG_NUMBER_MESSAGES.quantity).optional(),
  daysSupply: count(365, DRUG_NUMBER_MESSAGES.daysSupply),
  directions: text(1000),
  refills: count(MAX_REFILLS, DRUG_NUMBER_MESSAGES.refills),
  /** true: substitution permitted; false: dispense as written. */
  genericSubstitution: z.boolean().optional(),
  /** 11 digits when the document's NDC was readable (any format normalised). */
  ndcNumber: text(13),
});
export type DrugData = z.infer<typeof drugDataSchema>;

export const prescriberDataSchema = z.object({
  name: text(200),
  firstName: text(100),
  lastName: text(100),
  npiNumber: text(10),
  deaNumber: text(9),
  address: text(300),
  phone: text(40),
  /** The date written / signed, YYYY-MM-DD. */
  dateSigned: text(10),
});
export type PrescriberData = z.infer<typeof prescriberDataSchema>;

/** What a reader got out of a document, before the database's matches are checked. */
export interface Extraction {
  sourceFormat: SourceFormat;
  patientData: PatientData;
  drugData: DrugData;
  prescriberData: PrescriberData;
  /** The sender's message id (SCRIPT) when there is one. */
  messageId?: string;
}

/** Raised by a reader for a document it cannot read; the message is the reason shown with status error. */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
}

/** One check behind the confidence (issue 23): NPI/DEA check digits, NDC in the catalog, patient and prescriber matched. */
export const EXTRACTION_CHECKS = ['required-fields', 'npi-check-digit', 'dea-check-digit', 'ndc-in-catalog', 'patient-matched', 'prescriber-matched'] as const;
export type ExtractionCheckName = (typeof EXTRACTION_CHECKS)[number];
export const extractionCheckSchema = z.object({
  check: z.enum(EXTRACTION_CHECKS),
  passed: z.boolean(),
  detail: z.string(),
});
export type ExtractionCheck = z.infer<typeof extractionCheckSchema>;

/** Browser OCR of an image or image-only PDF (tesseract.js), sent with the upload or saved later. */
export const OCR_MAX_TEXT = 100_000;
export const OCR_MAX_WORDS = 20_000;
export const ocrResultSchema = z.object({
  text: storableText(OCR_MAX_TEXT),
  /** Mean word confidence, 0–100 as tesseract reports it. */
  confidence: z.number().min(0).max(100),
  words: z.array(z.object({ text: storableText(200), confidence: z.number().min(0).max(100) })).max(OCR_MAX_WORDS),
});
export type OcrResult = z.infer<typeof ocrResultSchema>;

// -------------------------------------------------------------------------------------------------------------
// The api's answer (spec §3 field names, plus what the review needs)
// -------------------------------------------------------------------------------------------------------------
export const prescriptionFileSchema = z.object({
  id: z.string(),
  prescriptionId: z.string().nullable(),
  fileName: z.string(),
  fileType: z.enum(PRESCRIPTION_FILE_TYPES),
  fileSize: z.number().int(),
  processingStatus: z.enum(PROCESSING_STATUSES),
  /** 0 to 1 as text (spec §3), e.g. "0.92"; null before processing. */
  extractionConfidence: z.string().nullable(),
  manualReviewRequired: z.boolean(),
  uploadedAt: z.string(),
  processedAt: z.string().nullable(),
  patientData: patientDataSchema,
  drugData: drugDataSchema,
  prescriberData: prescriberDataSchema,
  receivedAs: z.enum(RECEIVED_AS),
  sourceFormat: z.enum(SOURCE_FORMATS).nullable(),
  errorReason: z.string().nullable(),
  checks: z.array(extractionCheckSchema),
  matchedPatientId: z.string().nullable(),
  matchedPrescriberId: z.string().nullable(),
  matchedMedicationId: z.string().nullable(),
  /** Whether recognised text (OCR) is stored beside the image, and its mean word confidence (0–100). */
  hasOcr: z.boolean(),
  ocrConfidence: z.number().nullable(),
  reviewedAt: z.string().nullable(),
  /** The Storage object (bucket prescription-files) the preview downloads, under the caller's RLS. */
  storagePath: z.string(),
});
export type PrescriptionFile = z.infer<typeof prescriptionFileSchema>;

/** Processing stats (from the database's counters). */
export const prescriptionFileStatsSchema = z.object({
  pending: z.number().int(),
  processed: z.number().int(),
  manualReview: z.number().int(),
  error: z.number().int(),
  total: z.number().int(),
  /** Mean extraction confidence of the processed and review-required files, 0–1; null when none. */
  averageConfidence: z.number().nullable(),
});
export type PrescriptionFileStats = z.infer<typeof prescriptionFileStatsSchema>;

export const PRESCRIPTION_FILE_PAGE_SIZE = 25;

/** A page cursor: the last row's (uploaded_at, id), opaque to callers. */
export function encodeFileCursor(uploadedAt: string, id: string): string {
  return JSON.stringify([uploadedAt, id]);
}
export function parseFileCursor(cursor: string): { uploadedAt: string; id: string } | null {
  try {
    const value: unknown = JSON.parse(cursor);
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string' && !Number.isNaN(Date.parse(value[0]))) {
      return { uploadedAt: value[0], id: value[1] };
    }
  } catch {
    // not a cursor
  }
  return null;
}

/** GET /api/prescription-files?search=&status=&after=&limit= */
export const prescriptionFileListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(PROCESSING_STATUSES).optional(),
  after: z.string().optional().refine((value) => value === undefined || parseFileCursor(value) !== null, 'after must be the nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const prescriptionFileListSchema = z.object({
  files: z.array(prescriptionFileSchema),
  stats: prescriptionFileStatsSchema,
  /** Pass as `after` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});

/** The multipart form's fields besides `file` (POST /api/prescription-files). */
export const uploadFieldsSchema = z.object({
  prescriptionId: z.uuid('prescriptionId must be a prescription id').optional(),
  receivedAs: z.enum(['fax', 'scan']).optional(),
  /** JSON of ocrResultSchema: the browser's OCR of an image. */
  ocr: ocrResultSchema.optional(),
});

/** PUT /api/prescription-files/{id}: corrections, the review, a link, or OCR saved later. */
export const updatePrescriptionFileSchema = z.object({
  patientData: patientDataSchema.optional(),
  drugData: drugDataSchema.optional(),
  prescriberData: prescriberDataSchema.optional(),
  /** Link to a prescription (any of its fills), or null to unlink. */
  prescriptionId: z.uuid('prescriptionId must be a prescription id').nullable().optional(),
  /** A person checked the data: a Review Required file becomes processed. */
  reviewed: z.boolean().optional(),
  ocr: ocrResultSchema.optional(),
});
export type UpdatePrescriptionFile = z.infer<typeof updatePrescriptionFileSchema>;
