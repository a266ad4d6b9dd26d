/**
 * Processing a prescription file (POST /api/prescription-files/{id}/process): the reader its type calls for — SCRIPT
 * XML, SCRIPT EDIFACT, a PDF's text layer, or the OCR text the browser stored for an image or image-only PDF — then
 * the one field parser for free text, the database's matches (patient by name and date of birth, prescriber by NPI,
 * drug by NDC) and the confidence. The outcome is what record_prescription_file_processing stores; the status rule
 * (below 0.85 or a failed check: Review Required) is the database's.
 */
import { parseEdifactNewRx } from '@pharmacy/shared/prescription-files/edifact.ts';
import { documentChecks, scoreExtraction } from '@pharmacy/shared/prescription-files/extraction-confidence.ts';
import { NOT_STORABLE } from '@pharmacy/shared/prescription-files/extracted-values.ts';
import { parsePrescriptionText } from '@pharmacy/shared/prescription-files/field-parser.ts';
import { extractPdfText } from '@pharmacy/shared/prescription-files/pdf-text.ts';
import {
  type Extraction, ExtractionError, type ExtractionCheck, type PrescriptionFileType,
} from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { parseScriptNewRx } from '@pharmacy/shared/prescription-files/script-xml.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';

/** A PDF's text layer shorter than this is a scanned PDF: its OCR text is read instead. */
const MIN_TEXT_LAYER = 20;

export type ProcessingOutcome =
  | { errorReason: string }
  | (Extraction & {
      confidence: number;
      checks: ExtractionCheck[];
      matchedPatientId: string | null;
      matchedPrescriberId: string | null;
      matchedMedicationId: string | null;
    });

export interface StoredDocument {
  fileType: PrescriptionFileType;
  bytes: Uint8Array;
  ocrText: string | null;
  ocrConfidence: number | null;
}

/** Thrown when an image (or image-only PDF) has no OCR text yet: the file stays pending. */
export class NeedsOcrError extends Error {}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ExtractionError('The document is not valid UTF-8 text');
  }
}

async function readDocument(document: StoredDocument): Promise<Extraction> {
  switch (document.fileType) {
    case 'application/xml':
      return parseScriptNewRx(decodeText(document.bytes));
    case 'application/edifact':
      return parseEdifactNewRx(decodeText(document.bytes));
    case 'application/pdf': {
      let text = '';
      try {
        text = (await extractPdfText(document.bytes)).text;
      } catch (error) {
        if (document.ocrText === null) throw new ExtractionError(error instanceof Error ? error.message : String(error));
      }
      if (text.trim().length >= MIN_TEXT_LAYER) return parsePrescriptionText(text.replace(NOT_STORABLE, ''), 'pdf-text');
      if (document.ocrText === null) throw new NeedsOcrError();
      return parsePrescriptionText(document.ocrText, 'ocr');
    }
    case 'image/png':
    case 'image/jpeg':
      if (document.ocrText === null) throw new NeedsOcrError();
      return parsePrescriptionText(document.ocrText, 'ocr');
  }
}

interface Matches {
  patientId: string | null;
  prescriberId: string | null;
  medicationId: string | null;
}

function databaseChecks(extraction: Extraction, matches: Matches): ExtractionCheck[] {
  const { patientData, drugData, prescriberData } = extraction;
  return [
    {
      check: 'ndc-in-catalog',
      passed: matches.medicationId !== null,
      detail: drugData.ndcNumber
        ? matches.medicationId !== null ? `NDC ${drugData.ndcNumber} is in the catalog` : `NDC ${drugData.ndcNumber} is not in the catalog`
        : 'No NDC was read from the document',
    },
    {
      check: 'patient-matched',
      passed: matches.patientId !== null,
      detail: matches.patientId !== null
        ? 'Matched a patient on file by name and date of birth'
        : patientData.dateOfBirth
          ? 'No single patient on file has this name and date of birth'
          : 'No date of birth was read to match the patient',
    },
    {
      check: 'prescriber-matched',
      passed: matches.prescriberId !== null,
      detail: matches.prescriberId !== null
        ? `Matched a prescriber on file by NPI ${prescriberData.npiNumber}`
        : prescriberData.npiNumber ? `No prescriber on file has NPI ${prescriberData.npiNumber}` : 'No NPI was read to match the prescriber',
    },
  ];
}

export async function extractFile(client: DatabaseClient, document: StoredDocument): Promise<ProcessingOutcome> {
  let extraction: Extraction;
  try {
    extraction = await readDocument(document);
  } catch (error) {
    if (error instanceof ExtractionError) return { errorReason: error.message };
    throw error;
  }
  const { data, error } = await client.rpc('prescription_file_matches', {
    // Every reader gives the first and last name it found (the field parser splits "First Last" and "Last, First").
    patient: extraction.patientData,
    drug: extraction.drugData,
    prescriber: extraction.prescriberData,
  });
  if (error) throw databaseFailure('matching the extracted data', error);
  const matches = data as unknown as Matches;
  const checks = [...documentChecks(extraction), ...databaseChecks(extraction, matches)];
  const { confidence } = scoreExtraction({
    sourceFormat: extraction.sourceFormat,
    ocrConfidence: extraction.sourceFormat === 'ocr' ? document.ocrConfidence ?? undefined : undefined,
    checks,
  });
  return {
    ...extraction,
    confidence,
    checks,
    matchedPatientId: matches.patientId,
    matchedPrescriberId: matches.prescriberId,
    matchedMedicationId: matches.medicationId,
  };
}
