/**
 * tesseract.js's answer as the app's OcrResult (shared/src/prescription-files/prescription-file.ts): the text, the
 * mean confidence and each word with its confidence, within the contract's limits. Pure (tesseract's result is
 * described structurally), so the Node test checks the same conversion the browser runs.
 */
import { OCR_MAX_TEXT, OCR_MAX_WORDS, type OcrResult } from '@pharmacy/shared/prescription-files/prescription-file.ts';

/** The part of tesseract.js's page result used here (RecognizeResult['data'] with `blocks` requested). */
export interface TesseractPage {
  text: string;
  confidence: number;
  blocks: readonly { paragraphs: readonly { lines: readonly { words: readonly { text: string; confidence: number }[] }[] }[] }[] | null;
}

const clampConfidence = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0);

/** The pages' OCR as one result: texts joined by a blank line, the mean of the pages' confidences weighted by words. */
export function ocrResultOfPages(pages: readonly TesseractPage[]): OcrResult {
  const words: OcrResult['words'] = [];
  let text = '';
  for (const page of pages) {
    const pageText = page.text.trim();
    if (pageText !== '') text += (text === '' ? '' : '\n\n') + pageText;
    for (const block of page.blocks ?? [])
      for (const paragraph of block.paragraphs)
        for (const line of paragraph.lines)
          for (const word of line.words) {
            const wordText = word.text.trim().slice(0, 200);
            if (wordText !== '') words.push({ text: wordText, confidence: clampConfidence(word.confidence) });
          }
  }
  const confidence =
    words.length > 0
      ? words.reduce((sum, word) => sum + word.confidence, 0) / words.length
      : pages.length > 0
        ? pages.reduce((sum, page) => sum + clampConfidence(page.confidence), 0) / pages.length
        : 0;
  return {
    text: text.slice(0, OCR_MAX_TEXT),
    confidence: Math.round(clampConfidence(confidence) * 10) / 10,
    words: words.slice(0, OCR_MAX_WORDS),
  };
}

/** What the bytes say a document is, for OCR: an image tesseract reads, a PDF, or neither. */
export function ocrInputKind(bytes: Uint8Array): 'png' | 'jpeg' | 'pdf' | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  // "%PDF-" within the first KiB, as readers accept it.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-') ? 'pdf' : null;
}
