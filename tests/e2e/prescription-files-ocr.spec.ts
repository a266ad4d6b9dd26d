/**
 * Browser OCR (web/src/features/prescription-files/ocr/recognize-document.ts) in Debian's Chromium, on the app's dev
 * server under the app's Content-Security-Policy: tesseract.js reads the typed prescription PNG and the same page
 * as an image-only PDF with the worker, core and model the app serves under /ocr/, and no request leaves the app's
 * machine (no CDN). A PDF with a text layer answers null (the server reads its text). The module is imported by
 * its dev-server path, as the Prescription Files screen imports it; signed out is enough, OCR needs no data.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/prescription-files/${name}`, import.meta.url)).toString('base64');

/** A one-page PDF with a text layer (Helvetica), built byte by byte with a correct xref. */
function textPdfBase64(line: string): string {
  const stream = `BT /F1 14 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1').toString('base64');
}

test('OCR reads a typed prescription image and scan with the app\'s own files; a text PDF is left to the server', async ({ page }) => {
  test.setTimeout(120_000);
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    // The app and the local stack's API are on 127.0.0.1; a CDN is not.
    if (!/^(data|blob):/.test(url) && new URL(url).hostname !== '127.0.0.1') elsewhere.push(url);
  });
  const ocrFiles: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    // The core's build depends on the browser's WebAssembly features: any of the served three.
    if (pathname.startsWith('/ocr/') && response.ok()) ocrFiles.push(pathname.startsWith('/ocr/core/') ? '/ocr/core/' : pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  const documents = { image: fixture('typed-prescription.png'), scan: fixture('typed-prescription-scan.pdf'), text: textPdfBase64('NPI: 1598765430') };
  const modulePath = '/src/features/prescription-files/ocr/recognize-document.ts';
  const results = await page.evaluate(async ({ files, modulePath }) => {
    const { recognizeDocument } = (await import(modulePath)) as typeof import('../../web/src/features/prescription-files/ocr/recognize-document.ts');
    const out: Record<string, { text: string; confidence: number; words: number; lastProgress: number | undefined } | null> = {};
    for (const [name, base64] of Object.entries(files)) {
      const progress: number[] = [];
      const blob = new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))]);
      const result = await recognizeDocument(blob, (fraction) => progress.push(fraction));
      out[name] = result && { text: result.text, confidence: result.confidence, words: result.words.length, lastProgress: progress.at(-1) };
    }
    return out;
  }, { files: documents, modulePath });

  for (const name of ['image', 'scan'] as const) {
    const result = results[name]!;
    expect(result, name).not.toBeNull();
    expect(result.text, name).toContain('Kevin Doyle');
    expect(result.text, name).toContain('Ibuprofen');
    expect(result.text, name).toContain('1598765430');
    expect(result.confidence, name).toBeGreaterThan(60);
    expect(result.words, name).toBeGreaterThan(40);
    expect(result.lastProgress, name).toBe(1);
  }
  expect(results.text).toBeNull();
  expect(elsewhere).toEqual([]);
  expect(new Set(ocrFiles)).toEqual(new Set(['/ocr/worker.min.js', '/ocr/core/', '/ocr/lang/eng.traineddata.gz']));
});
