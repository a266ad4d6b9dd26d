/**
 * A transparent PNG logo made printable (shared/src/reports/png-logo.ts): its scanlines unfiltered (all five PNG
 * filters), split into colours and alpha (RGBA, gray + alpha, a palette with tRNS at 8 and 2 bits), and the PDF draws
 * the colours with the alpha as their soft mask. Anything else (opaque, 16-bit, interlaced, not a PNG, a bomb) is null.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { getDocumentProxy } from 'unpdf';
import type { Report } from '../../shared/src/reports/report.ts';
import { LOGO_MAX_PIXELS, preparePngLogo } from '../../shared/src/reports/png-logo.ts';
import { pdfImage, reportPdf } from '../../shared/src/reports/report-pdf.ts';
import { REPORTS_SETTINGS_DEFAULTS } from '../../shared/src/settings/reports.ts';
import { checkPdfXref, pngOf, tinyPng } from '../support/report-files.ts';

const inflate = (data: Uint8Array) => [...inflateSync(Buffer.from(data))];

describe('preparePngLogo', () => {
  it('RGBA with every filter: the colours and the alpha as written', async () => {
    // 2 × 5 pixels; row y is filtered with filter y (None, Sub, Up, Average, Paeth) from these pixels:
    const pixels = [
      [[10, 20, 30, 0], [40, 50, 60, 255]],
      [[70, 80, 90, 128], [100, 110, 120, 64]],
      [[1, 2, 3, 4], [5, 6, 7, 8]],
      [[200, 100, 50, 25], [12, 34, 56, 78]],
      [[9, 8, 7, 6], [250, 240, 230, 220]],
    ];
    const raw = pixels.map((row) => row.flat());
    const paeth = (a: number, b: number, c: number) => {
      const p = a + b - c;
      const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    };
    const lines = raw.map((row, y) => [y, ...row.map((byte, x) => {
      const left = x >= 4 ? row[x - 4]! : 0;
      const up = y > 0 ? raw[y - 1]![x]! : 0;
      const upLeft = y > 0 && x >= 4 ? raw[y - 1]![x - 4]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][y]!;
      return (byte - predicted + 256) & 0xff;
    })]);
    const prepared = await preparePngLogo(pngOf(2, 5, 6, 8, lines));
    expect(prepared).not.toBeNull();
    expect(prepared!.color.dictionary).toContain('/DeviceRGB');
    expect(inflate(prepared!.color.data)).toEqual(pixels.flatMap((row) => row.flatMap((pixel) => pixel.slice(0, 3))));
    expect(inflate(prepared!.alpha.data)).toEqual(pixels.flatMap((row) => row.map((pixel) => pixel[3])));
  });

  it('gray + alpha, and a palette with transparency (8-bit and 2-bit indexes)', async () => {
    const gray = await preparePngLogo(pngOf(2, 1, 4, 8, [[0, 50, 100, 150, 200]]));
    expect(gray!.color.dictionary).toContain('/DeviceGray');
    expect([inflate(gray!.color.data), inflate(gray!.alpha.data)]).toEqual([[50, 150], [100, 200]]);

    const palette = [255, 0, 0, 0, 255, 0, 0, 0, 255];
    const eight = await preparePngLogo(pngOf(3, 1, 3, 8, [[0, 2, 1, 0]], { palette, transparency: [0, 128] }));
    expect(inflate(eight!.color.data)).toEqual([0, 0, 255, 0, 255, 0, 255, 0, 0]);
    // Entries past tRNS's end are opaque.
    expect(inflate(eight!.alpha.data)).toEqual([255, 128, 0]);
    // Four 2-bit indexes in one byte, high bits first: 2, 1, 0, 1.
    const two = await preparePngLogo(pngOf(4, 1, 3, 2, [[0, 0b10010001]], { palette, transparency: [0] }));
    expect(inflate(two!.alpha.data)).toEqual([255, 255, 0, 255]);
    expect(inflate(two!.color.data)).toEqual([0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 255, 0]);
  });

  it('nothing for what it does not prepare: opaque, 16-bit, interlaced, too many pixels, broken or not a PNG', async () => {
    expect(await preparePngLogo(tinyPng(1, 1, 2, [1, 2, 3]))).toBeNull();
    expect(await preparePngLogo(pngOf(1, 1, 6, 16, [[0, 0, 0, 0, 0, 0, 0, 0, 0]]))).toBeNull();
    const interlaced = pngOf(1, 1, 6, 8, [[0, 1, 2, 3, 4]]);
    interlaced[8 + 8 + 12] = 1; // IHDR's interlace byte (the CRC no longer matters to this reader)
    expect(await preparePngLogo(interlaced)).toBeNull();
    const side = Math.ceil(Math.sqrt(LOGO_MAX_PIXELS)) + 1;
    expect(await preparePngLogo(pngOf(side, side, 6, 8, [[0]]))).toBeNull();
    // Fewer scanlines than the header says: refused, not padded.
    expect(await preparePngLogo(pngOf(1, 3, 6, 8, [[0, 1, 2, 3, 4]]))).toBeNull();
    expect(await preparePngLogo(new TextEncoder().encode('<svg/>'))).toBeNull();
  });
});

describe('a PDF with a transparent logo', () => {
  it('draws the colours with the alpha as their soft mask', async () => {
    const bytes = tinyPng(2, 2, 6, [0, 128, 255, 100]);
    const logo = { contentType: 'image/png', bytes, prepared: await preparePngLogo(bytes) };
    expect(pdfImage(logo)!.softMask).toBeDefined();
    const report: Report = { report: 'sales', title: 'Sales', from: '2026-11-01', to: '2026-11-01', columns: [{ key: 'day', label: 'Day', kind: 'date' }], rows: [{ day: '2026-11-01' }], totals: {} };
    const pdf = Buffer.from(await new Response(reportPdf(report, {
      pharmacyName: 'Main Street Pharmacy', timeZone: 'America/Chicago', generatedAt: new Date('2026-12-01T15:30:00Z'),
      settings: { ...REPORTS_SETTINGS_DEFAULTS, includePharmacyLogo: true, pharmacyLogoEnabled: true }, logo,
    })).arrayBuffer());
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/Subtype \/Image \/Width 2 \/Height 2 \/ColorSpace \/DeviceRGB \/BitsPerComponent 8 \/Filter \/FlateDecode \/SMask 9 0 R/);
    expect(text).toMatch(/9 0 obj\n<< \/Type \/XObject \/Subtype \/Image \/Width 2 \/Height 2 \/ColorSpace \/DeviceGray/);
    checkPdfXref(pdf);
    const page = await (await getDocumentProxy(new Uint8Array(pdf))).getPage(1);
    const operators = await page.getOperatorList();
    expect(operators.fnArray.filter((fn) => fn === 85 || fn === 88).length).toBeGreaterThan(0);
  });
});
