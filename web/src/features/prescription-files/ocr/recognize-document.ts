/**
 * OCR in the browser (issue 23): images and image-only PDFs are read on the terminal that uploads them
 * (tesseract.js with the English model served by the app), and the recognised text with its word confidences is
 * stored beside the file. tesseract.js and pdf.js (unpdf) are imported on the first call, so they are downloaded by
 * the Prescription Files screen when it reads a document, never by another screen. Nothing comes from a CDN: the
 * worker, the core and the model are the app's own files (ocr-assets.ts, web/build/ocr-assets.ts).
 */
import type { OcrResult } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { OCR_WORKER_PATHS } from './ocr-assets.ts';
import { ocrInputKind, ocrResultOfPages, type TesseractPage } from './ocr-result.ts';

/** Progress of one document's reading, 0–1. */
export type OcrProgress = (fraction: number) => void;

/** Pages of an image-only PDF read at most (a prescription is one or two; OCR takes seconds a page). */
export const OCR_MAX_PDF_PAGES = 3;

/** Rendering scale of a PDF page (72 dpi at 1): 2 gives ~150 dpi, what tesseract reads typed text well from. */
const PDF_RENDER_SCALE = 2;

/**
 * The recognised text of an image (PNG/JPEG) or of a PDF without a text layer (its pages rendered, at most a
 * few); null for a PDF that has a text layer (the server reads that text itself).
 */
export async function recognizeDocument(file: Blob, onProgress?: OcrProgress): Promise<OcrResult | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = ocrInputKind(bytes);
  if (kind === null) throw new Error('Only a PDF, PNG or JPEG document can be read by OCR.');

  let images: Blob[];
  if (kind === 'pdf') {
    const { extractPdfText } = await import('@pharmacy/shared/prescription-files/pdf-text.ts');
    const { text } = await extractPdfText(bytes);
    if (text.trim() !== '') return null;
    images = await renderPdfPages(bytes);
  } else {
    images = [file];
  }

  const { createWorker, OEM } = await import('tesseract.js');
  let pageIndex = 0;
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    ...OCR_WORKER_PATHS,
    // A blob: worker would need a looser page policy; the worker script is the app's own file.
    workerBlobURL: false,
    logger: (message) => {
      if (message.status === 'recognizing text') onProgress?.((pageIndex + message.progress) / images.length);
    },
  });
  try {
    const pages: TesseractPage[] = [];
    for (pageIndex = 0; pageIndex < images.length; pageIndex++) {
      const { data } = await worker.recognize(images[pageIndex]!, {}, { text: true, blocks: true });
      pages.push(data);
    }
    onProgress?.(1);
    return ocrResultOfPages(pages);
  } finally {
    await worker.terminate();
  }
}

/** The first OCR_MAX_PDF_PAGES pages of a PDF as PNG images (pdf.js drawing on a canvas). */
async function renderPdfPages(bytes: Uint8Array): Promise<Blob[]> {
  const { getDocumentProxy, renderPageAsImage } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  } catch (error) {
    throw new Error('The file is not a readable PDF: it is damaged or not a PDF at all.', { cause: error });
  }
  try {
    const images: Blob[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, OCR_MAX_PDF_PAGES); number++) {
      const png = await renderPageAsImage(pdf, number, { scale: PDF_RENDER_SCALE });
      images.push(new Blob([png], { type: 'image/png' }));
    }
    return images;
  } finally {
    await pdf.loadingTask.destroy();
  }
}
