/**
 * How sure an extraction is (issue 23): a base by where the data came from — structured SCRIPT (XML or EDIFACT) is
 * what the prescriber's system sent, a PDF's text layer is exact characters in a loose layout, OCR is as good as its
 * word confidences — lowered for each check that fails. The checks here are the document's own (required fields,
 * the NPI's and DEA number's check digits); the api adds the database's (NDC in the catalog, patient and prescriber
 * matched). The status rule (below REVIEW_CONFIDENCE_THRESHOLD or any failed check: Review Required) is applied by
 * the database when it records the outcome, and mirrored by manualReviewRequired here (an integration test keeps them
 * equal).
 */
import { isValidDeaNumber } from '../common/field-rules.ts';
import { isValidNpi } from '../prescribers/npi.ts';
import { type Extraction, type ExtractionCheck, REVIEW_CONFIDENCE_THRESHOLD, type SourceFormat } from './prescription-file.ts';

const BASE_CONFIDENCE: Record<SourceFormat, number> = {
  'script-xml-10.6': 0.98,
  'script-xml-2017071': 0.98,
  'script-edifact-10.6': 0.97,
  'pdf-text': 0.92,
  ocr: 0.95,
};

/** What each failed check costs. */
const FAILED_CHECK_PENALTY = 0.1;

/** The document's own checks: required fields present; NPI and DEA check digits where a number was read. */
export function documentChecks(extraction: Extraction): ExtractionCheck[] {
  const { patientData, drugData, prescriberData } = extraction;
  const missing = [
    patientData.name ? null : 'patient name',
    drugData.name ? null : 'drug',
    drugData.quantity === undefined ? 'quantity' : null,
  ].filter((field): field is string => field !== null);
  const checks: ExtractionCheck[] = [{
    check: 'required-fields',
    passed: missing.length === 0,
    detail: missing.length === 0 ? 'Patient, drug and quantity were read' : `Not read: ${missing.join(', ')}`,
  }];
  if (prescriberData.npiNumber !== undefined) {
    const passed = isValidNpi(prescriberData.npiNumber);
    checks.push({ check: 'npi-check-digit', passed, detail: passed ? `NPI ${prescriberData.npiNumber} check digit matches` : `NPI ${prescriberData.npiNumber} check digit does not match` });
  }
  if (prescriberData.deaNumber !== undefined) {
    const passed = isValidDeaNumber(prescriberData.deaNumber);
    checks.push({ check: 'dea-check-digit', passed, detail: passed ? `DEA ${prescriberData.deaNumber} check digit matches` : `DEA ${prescriberData.deaNumber} check digit does not match` });
  }
  return checks;
}

export interface ScoreInput {
  sourceFormat: SourceFormat;
  /** OCR's mean word confidence, 0–100 (OCR only). */
  ocrConfidence?: number;
  checks: readonly ExtractionCheck[];
}

export function scoreExtraction({ sourceFormat, ocrConfidence, checks }: ScoreInput): { confidence: number; manualReviewRequired: boolean } {
  // In hundredths, so 0.95 × 70 % is 66.5 and rounds to 0.67 rather than binary floating point's 0.6649…
  let hundredths = BASE_CONFIDENCE[sourceFormat] * 100;
  if (sourceFormat === 'ocr') hundredths = (hundredths * Math.min(Math.max(ocrConfidence ?? 0, 0), 100)) / 100;
  const failed = checks.filter((check) => !check.passed).length;
  hundredths = Math.max(0, hundredths - failed * FAILED_CHECK_PENALTY * 100);
  const rounded = Math.round(Math.round(hundredths * 1000) / 1000) / 100;
  return { confidence: rounded, manualReviewRequired: failed > 0 || rounded < REVIEW_CONFIDENCE_THRESHOLD };
}
