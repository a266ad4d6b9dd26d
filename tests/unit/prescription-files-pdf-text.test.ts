/**
 * The PDF text layer reader (shared/src/prescription-files/pdf-text.ts) on PDFs built here byte by byte: a typed
 * prescription of two pages (text in reading order, the page count, maxPages honoured), a PDF without text, and
 * bytes that are not a PDF (a plain sentence, not pdf.js's exception).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../shared/src/prescription-files/pdf-text.ts';

/** A valid PDF (correct xref offsets) with one page per entry, each line of a page drawn in Helvetica. */
function textPdf(pages: readonly (readonly string[])[]): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((lines, index) => {
    const escape = (line: string) => line.replace(/[\\()]/g, (c) => `\\${c}`);
    const stream = `BT /F1 14 Tf 72 720 Td 18 TL ${lines.map((line) => `(${escape(line)}) Tj T*`).join(' ')} ET`;
    objects[pageIds[index]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`;
    objects[pageIds[index]! + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

describe('extractPdfText', () => {
  const prescription = textPdf([
    ['Patient: Kevin Doyle', 'DOB: 10/30/1985', 'Rx: Ibuprofen 800 mg tablet'],
    ['Prescriber: Dr. Elena Marquez', 'NPI: 1598765430'],
  ]);

  it('reads every page in order, one line per text line, and counts the pages', async () => {
    const { text, pageCount } = await extractPdfText(prescription);
    expect(pageCount).toBe(2);
    expect(text).toBe(
      'Patient: Kevin Doyle\nDOB: 10/30/1985\nRx: Ibuprofen 800 mg tablet\n\nPrescriber: Dr. Elena Marquez\nNPI: 1598765430',
    );
  });

  it('leaves the caller its bytes (pdf.js reads a copy)', async () => {
    const bytes = textPdf([['Qty: 30']]);
    await extractPdfText(bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect((await extractPdfText(bytes)).text).toBe('Qty: 30');
  });

  it('reads at most maxPages pages, still counting them all', async () => {
    const { text, pageCount } = await extractPdfText(prescription, { maxPages: 1 });
    expect(pageCount).toBe(2);
    expect(text).toContain('Kevin Doyle');
    expect(text).not.toContain('1598765430');
  });

  it('answers an empty text for a PDF without a text layer', async () => {
    const { text, pageCount } = await extractPdfText(textPdf([[]]));
    expect(pageCount).toBe(1);
    expect(text).toBe('');
  });

  it('cuts a long text at 100,000 characters', async () => {
    // Lines that fit the page's width (pdf.js leaves out text drawn beyond it): 60 pages of ~2,800 characters.
    const line = 'Sig: Take 1 tablet by mouth every 8 hours as needed for pain with food';
    const pages = Array.from({ length: 60 }, () => Array.from({ length: 40 }, () => line));
    expect((await extractPdfText(textPdf(pages))).text.length).toBeLessThan(30_000);
    const { text, pageCount } = await extractPdfText(textPdf(pages), { maxPages: 60 });
    expect(pageCount).toBe(60);
    expect(text.length).toBe(100_000);
  });

  it('throws a plain sentence for bytes that are not a PDF', async () => {
    const garbage = new TextEncoder().encode('MSH|^~\\&|this is not a PDF at all');
    await expect(extractPdfText(garbage)).rejects.toThrow('The file is not a readable PDF: it is damaged or not a PDF at all.');
    await expect(extractPdfText(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0xff, 0x00]))).rejects.toThrow(
      /^The file is not a readable PDF/,
    );
  });

  const sharedFixture = fileURLToPath(new URL('../fixtures/prescription-files/prescription-text.pdf', import.meta.url));
  it.runIf(existsSync(sharedFixture))('reads the text PDF fixture', async () => {
    const { text, pageCount } = await extractPdfText(new Uint8Array(readFileSync(sharedFixture)));
    expect(pageCount).toBeGreaterThanOrEqual(1);
    expect(text.length).toBeGreaterThan(20);
  });
});
