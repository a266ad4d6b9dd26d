/**
 * The text layer of a PDF prescription file (issue 23): the api reads it to extract the prescription's data, and the
 * browser asks it first so that only a PDF without text (a scanned or faxed page) is read by OCR. unpdf's serverless
 * build of pdf.js runs the same in Deno, Node and the browser, without a worker. Bounded work: at most `maxPages`
 * pages are read and the text is cut at PDF_TEXT_MAX_CHARS.
 */
import { getDocumentProxy } from 'unpdf';

/** Pages read by default: a prescription is one or two; a long document is not read to its end. */
export const PDF_TEXT_DEFAULT_MAX_PAGES = 10;

/** Longest text returned (characters). */
export const PDF_TEXT_MAX_CHARS = 100_000;

export interface PdfText {
  /** The pages' text in reading order, one line per text line, pages separated by a blank line. */
  text: string;
  /** The document's page count (all of its pages, read or not). */
  pageCount: number;
}

/** pdf.js's exceptions carry their kind in `name`. */
function unreadablePdfMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return 'The PDF is encrypted (password protected), so its text cannot be read.';
  return 'The file is not a readable PDF: it is damaged or not a PDF at all.';
}

/** One page's text items as lines; pdf.js marks the end of a line on the item it ends. */
function pageText(items: readonly unknown[]): string {
  let text = '';
  for (const item of items) {
    // Marked-content items carry no `str`.
    if (typeof item !== 'object' || item === null || !('str' in item)) continue;
    const { str, hasEOL } = item as { str: string; hasEOL?: boolean };
    text += str;
    if (hasEOL) text += '\n';
  }
  return text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}

/**
 * The text of the first `maxPages` pages of a PDF. Throws an Error with a plain sentence when the bytes are not a
 * readable PDF or the PDF is encrypted; a PDF without a text layer answers an empty text.
 */
export async function extractPdfText(bytes: Uint8Array, options?: { maxPages?: number }): Promise<PdfText> {
  const maxPages = Math.max(1, Math.floor(options?.maxPages ?? PDF_TEXT_DEFAULT_MAX_PAGES));
  // pdf.js may transfer (detach) the buffer it is given: it reads a copy, the caller keeps its bytes.
  const data = bytes.slice();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // Errors only: pdf.js warns on the console about damaged files it repairs.
    pdf = await getDocumentProxy(data, { verbosity: 0 });
  } catch (error) {
    throw new Error(unreadablePdfMessage(error), { cause: error });
  }
  try {
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages) && length < PDF_TEXT_MAX_CHARS; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = pageText(content.items);
      pages.push(text);
      length += text.length + 2;
      page.cleanup();
    }
    return { text: pages.join('\n\n').trim().slice(0, PDF_TEXT_MAX_CHARS), pageCount: pdf.numPages };
  } catch (error) {
    throw new Error(unreadablePdfMessage(error), { cause: error });
  } finally {
    await pdf.loadingTask.destroy();
  }
}
