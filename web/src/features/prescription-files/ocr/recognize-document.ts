/**
 * OCR in the browser (issue 23): images and image-only PDFs are read on the terminal that uploads them
 * (tesseract.js with the English model served by the app), and the recognised text with its word confidences is
 * stored beside the file. Interface only until the OCR work lands (helper branch pf-ocr replaces this body).
 */
import type { OcrResult } from '@pharmacy/shared/prescription-files/prescription-file.ts';

/** Progress of one document's reading, 0–1. */
export type OcrProgress = (fraction: number) => void;

/**
 * The recognised text of an image (PNG/JPEG) or of a PDF without a text layer (its pages rendered, at most a
 * few); null for a PDF that has a text layer (the server reads that text itself).
 */
export async function recognizeDocument(_file: Blob, _onProgress?: OcrProgress): Promise<OcrResult | null> {
  throw new Error('OCR is not built yet');
}
