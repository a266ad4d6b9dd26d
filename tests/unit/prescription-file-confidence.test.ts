/**
 * The confidence rules (shared/src/prescription-files/extraction-confidence.ts): the document's own checks
 * (required fields, NPI and DEA check digits when a number was read) on every fixture, the base by source (SCRIPT
 * high, PDF text lower, OCR scaled by its mean word confidence), a deduction per failed check, two decimals, and
 * review when below REVIEW_CONFIDENCE_THRESHOLD or any check failed — the api's database checks included.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEdifactNewRx } from '../../shared/src/prescription-files/edifact.ts';
import { documentChecks, scoreExtraction } from '../../shared/src/prescription-files/extraction-confidence.ts';
import { parsePrescriptionText } from '../../shared/src/prescription-files/field-parser.ts';
import { type ExtractionCheck, type ExtractionCheckName, REVIEW_CONFIDENCE_THRESHOLD } from '../../shared/src/prescription-files/prescription-file.ts';
import { parseScriptNewRx } from '../../shared/src/prescription-files/script-xml.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/prescription-files/${name}`, import.meta.url), 'utf8');
const check = (name: ExtractionCheckName, passed: boolean): ExtractionCheck => ({ check: name, passed, detail: '' });
const databaseChecks = (passed: boolean) => [check('ndc-in-catalog', passed), check('patient-matched', true), check('prescriber-matched', true)];

describe('documentChecks', () => {
  it('passes required fields, NPI and DEA on every structured fixture', () => {
    for (const extraction of [parseScriptNewRx(fixture('newrx-10_6.xml')), parseScriptNewRx(fixture('newrx-2017071.xml')), parseEdifactNewRx(fixture('newrx-10_6.edi'))]) {
      expect(documentChecks(extraction), extraction.sourceFormat).toEqual([
        { check: 'required-fields', passed: true, detail: 'Patient, drug and quantity were read' },
        { check: 'npi-check-digit', passed: true, detail: 'NPI 1598765430 check digit matches' },
        { check: 'dea-check-digit', passed: true, detail: 'DEA BM3825417 check digit matches' },
      ]);
    }
  });

  it('fails the check digits of numbers a SCRIPT message sent wrong, and names what is missing', () => {
    const wrong = parseScriptNewRx(fixture('newrx-10_6.xml').replace('<NPI>1598765430</NPI>', '<NPI>1598765431</NPI>').replace('BM3825417', 'BM3825418'));
    expect(documentChecks(wrong).filter((result) => !result.passed)).toEqual([
      { check: 'npi-check-digit', passed: false, detail: 'NPI 1598765431 check digit does not match' },
      { check: 'dea-check-digit', passed: false, detail: 'DEA BM3825418 check digit does not match' },
    ]);
    const sparse = parsePrescriptionText('Rx: Naproxen 500 mg tablet', 'ocr');
    expect(documentChecks(sparse)).toEqual([{ check: 'required-fields', passed: false, detail: 'Not read: patient name, quantity' }]);
  });
});

describe('scoreExtraction', () => {
  it('trusts structured SCRIPT with every check passing, EDIFACT a little less', () => {
    const checks = [...documentChecks(parseScriptNewRx(fixture('newrx-10_6.xml'))), ...databaseChecks(true)];
    expect(scoreExtraction({ sourceFormat: 'script-xml-10.6', checks })).toEqual({ confidence: 0.98, manualReviewRequired: false });
    expect(scoreExtraction({ sourceFormat: 'script-xml-2017071', checks })).toEqual({ confidence: 0.98, manualReviewRequired: false });
    expect(scoreExtraction({ sourceFormat: 'script-edifact-10.6', checks })).toEqual({ confidence: 0.97, manualReviewRequired: false });
  });

  it('gives PDF text a lower base, still above the threshold when every check passes', () => {
    const result = scoreExtraction({ sourceFormat: 'pdf-text', checks: databaseChecks(true) });
    expect(result).toEqual({ confidence: 0.92, manualReviewRequired: false });
    expect(result.confidence).toBeGreaterThanOrEqual(REVIEW_CONFIDENCE_THRESHOLD);
  });

  it('scales OCR by its mean word confidence, two decimals, review below 0.85', () => {
    expect(scoreExtraction({ sourceFormat: 'ocr', ocrConfidence: 96, checks: [] })).toEqual({ confidence: 0.91, manualReviewRequired: false });
    expect(scoreExtraction({ sourceFormat: 'ocr', ocrConfidence: 90, checks: [] })).toEqual({ confidence: 0.86, manualReviewRequired: false });
    expect(scoreExtraction({ sourceFormat: 'ocr', ocrConfidence: 89, checks: [] })).toEqual({ confidence: 0.85, manualReviewRequired: false });
    expect(scoreExtraction({ sourceFormat: 'ocr', ocrConfidence: 88, checks: [] })).toEqual({ confidence: 0.84, manualReviewRequired: true });
    expect(scoreExtraction({ sourceFormat: 'ocr', ocrConfidence: 70, checks: [] })).toEqual({ confidence: 0.67, manualReviewRequired: true });
    // No confidence reported means nothing to trust; out-of-range values are clamped.
    expect(scoreExtraction({ sourceFormat: 'ocr', checks: [] })).toEqual({ confidence: 0, manualReviewRequired: true });
    expect(scoreExtraction({ sourceFormat: 'ocr', ocrConfidence: 250, checks: [] })).toEqual({ confidence: 0.95, manualReviewRequired: false });
  });

  it('lowers the score by each failed check and sends any failed check to review, however high the score', () => {
    expect(scoreExtraction({ sourceFormat: 'script-xml-10.6', checks: databaseChecks(false) })).toEqual({ confidence: 0.88, manualReviewRequired: true });
    const twoFailed = [check('required-fields', false), check('npi-check-digit', false)];
    expect(scoreExtraction({ sourceFormat: 'script-xml-2017071', checks: twoFailed })).toEqual({ confidence: 0.78, manualReviewRequired: true });
    const allFailed = (['required-fields', 'npi-check-digit', 'dea-check-digit', 'ndc-in-catalog', 'patient-matched', 'prescriber-matched'] as const).map((name) => check(name, false));
    expect(scoreExtraction({ sourceFormat: 'ocr', ocrConfidence: 40, checks: allFailed })).toEqual({ confidence: 0, manualReviewRequired: true });
  });
});
