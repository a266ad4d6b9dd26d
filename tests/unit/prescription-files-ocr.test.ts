/**
 * OCR of the typed prescription fixture (tests/fixtures/prescription-files/typed-prescription.png) with tesseract.js
 * in Node and the very model file the web app serves (web/build/ocr-assets.ts, from @tesseract.js-data/eng): no
 * network. The result goes through the browser's own conversion (ocr-result.ts) and must satisfy the contract's
 * schema. Also the bytes check that routes a document to tesseract or to pdf.js.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorker, OEM } from 'tesseract.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrResultSchema, type OcrResult } from '../../shared/src/prescription-files/prescription-file.ts';
import { ocrAssetSources } from '../../web/build/ocr-assets.ts';
import { OCR_WORKER_PATHS } from '../../web/src/features/prescription-files/ocr/ocr-assets.ts';
import { ocrInputKind, ocrResultOfPages } from '../../web/src/features/prescription-files/ocr/ocr-result.ts';

const fixture = fileURLToPath(new URL('../fixtures/prescription-files/typed-prescription.png', import.meta.url));
/** The model file the app serves at its langPath. */
const servedModel = ocrAssetSources().get(`${OCR_WORKER_PATHS.langPath}/eng.traineddata.gz`)!;

describe('OCR of a typed prescription (tesseract.js, the served English model)', () => {
  let worker: Awaited<ReturnType<typeof createWorker>>;
  let result: OcrResult;

  beforeAll(async () => {
    // The folder of the served file is the langPath: tesseract reads <langPath>/eng.traineddata.gz from disk.
    worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: path.dirname(servedModel), gzip: true, cacheMethod: 'none' });
    const { data } = await worker.recognize(readFileSync(fixture), {}, { text: true, blocks: true });
    result = ocrResultOfPages([data]);
  }, 120_000);

  afterAll(async () => {
    await worker?.terminate();
  });

  it('reads the patient, the drug and the prescriber NPI with confidence', () => {
    expect(result.text).toContain('Kevin Doyle');
    expect(result.text).toContain('Ibuprofen');
    expect(result.text).toContain('1598765430');
    expect(result.confidence).toBeGreaterThan(60);
  });

  it('answers what the contract accepts: the mean of word confidences, every word with its own', () => {
    expect(ocrResultSchema.safeParse(result).success).toBe(true);
    expect(result.words.map((word) => word.text)).toEqual(expect.arrayContaining(['Kevin', 'Doyle', 'Ibuprofen', '1598765430']));
    const mean = result.words.reduce((sum, word) => sum + word.confidence, 0) / result.words.length;
    expect(result.confidence).toBeCloseTo(mean, 0);
  });
});

describe('ocrResultOfPages', () => {
  const page = (text: string, words: [string, number][]) => ({
    text,
    confidence: 50,
    blocks: [{ paragraphs: [{ lines: [{ words: words.map(([t, confidence]) => ({ text: t, confidence })) }] }] }],
  });

  it('joins the pages and weighs the confidence by words', () => {
    const result = ocrResultOfPages([page('Qty: 30\n', [['Qty:', 90], ['30', 70]]), page(' Refills: 1', [['Refills:', 50]])]);
    expect(result).toEqual({ text: 'Qty: 30\n\nRefills: 1', confidence: 70, words: [{ text: 'Qty:', confidence: 90 }, { text: '30', confidence: 70 }, { text: 'Refills:', confidence: 50 }] });
  });

  it('caps the words at OCR_MAX_WORDS and answers 0 for a page without words', () => {
    const many = Array.from({ length: 20_005 }, (_, index): [string, number] => [`w${index}`, 80]);
    expect(ocrResultOfPages([page('many', many)]).words).toHaveLength(20_000);
    expect(ocrResultOfPages([{ text: '', confidence: 0, blocks: null }])).toEqual({ text: '', confidence: 0, words: [] });
  });
});

describe('ocrInputKind', () => {
  it('decides by the bytes, not the name', () => {
    expect(ocrInputKind(new Uint8Array(readFileSync(fixture)))).toBe('png');
    expect(ocrInputKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(ocrInputKind(new TextEncoder().encode('%PDF-1.7\n%âãÏÓ'))).toBe('pdf');
    expect(ocrInputKind(new TextEncoder().encode('<?xml version="1.0"?><Message/>'))).toBe(null);
  });
});
