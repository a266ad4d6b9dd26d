/**
 * The report as a PDF (shared/src/reports/report-pdf.ts), opened with pdf.js (unpdf): a long report runs over pages
 * with the header row on each, the totals, sections and notes after it; the layout settings put in or leave out the
 * page numbers, footer, timestamp (in the pharmacy's zone) and disclaimer; patient names print as initials unless
 * included; a JPEG and a PNG logo are embedded, a PNG with alpha and an SVG are not; the xref's offsets point at
 * their objects; text is measured with Helvetica's widths and cut with an ellipsis.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../shared/src/reports/report.ts';
import { REPORTS_SETTINGS_DEFAULTS } from '../../shared/src/settings/reports.ts';
import { type ReportLayout, reportForFile } from '../../shared/src/reports/report-layout.ts';
import { fitText, pdfCellText, pdfImage, reportPdf, textWidth, winAnsi } from '../../shared/src/reports/report-pdf.ts';
import { TINY_JPEG, checkPdfXref, tinyPng } from '../support/report-files.ts';

const rows = Array.from({ length: 120 }, (_, i) => ({
  dateFilled: '2026-11-10', rx: `RX${1000 + i}`, patientName: 'Smith, Olive', drug: 'Lorazepam 1 mg', quantity: 30, priceCents: 123456 + i, marginPercent: 27.3,
}));
const report: Report = {
  report: 'dispensing-log', from: '2026-11-01', to: '2026-11-30', title: 'Daily Dispensing Log',
  columns: [
    { key: 'dateFilled', label: 'Date filled', kind: 'date' },
    { key: 'rx', label: 'Rx', kind: 'text' },
    { key: 'patientName', label: 'Patient', kind: 'text' },
    { key: 'drug', label: 'Drug', kind: 'text' },
    { key: 'quantity', label: 'Quantity', kind: 'quantity' },
    { key: 'priceCents', label: 'Price', kind: 'cents' },
    { key: 'marginPercent', label: 'Margin', kind: 'percent' },
  ],
  rows,
  totals: { quantity: 3600, priceCents: 987654321 },
  sections: [{ key: 'byPayer', title: 'By payer', columns: [{ key: 'payer', label: 'Payer', kind: 'text' }, { key: 'fills', label: 'Fills', kind: 'count' }], rows: [{ payer: 'Cash', fills: 1234 }], totals: {} }],
  notes: [{ key: 'signOff', label: 'Pharmacist sign-off', text: 'Pat Pharmacist, RPh' }],
};

function layout(overrides: Partial<ReportLayout['settings']> = {}, logo: ReportLayout['logo'] = null): ReportLayout {
  return {
    pharmacyName: 'Main Street Pharmacy',
    timeZone: 'America/Chicago',
    generatedAt: new Date('2026-12-01T15:30:00Z'),
    settings: { ...REPORTS_SETTINGS_DEFAULTS, reportFooterText: 'Confidential: for pharmacy use', generalDisclaimer: 'Figures are as recorded.', ...overrides },
    logo,
  };
}

async function pdfOf(value: Report, with_: ReportLayout): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of reportPdf(value, with_)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function pagesText(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(document, { mergePages: false })).text;
}

describe('a long report', () => {
  it('runs over pages, the header row and footer on each, then totals, sections, notes and the disclaimer', async () => {
    const pdf = await pdfOf(report, layout({ includePatientNames: true }));
    const pages = await pagesText(pdf);
    expect(pages.filter((page) => /RX1\d{3}/.test(page)).length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Daily Dispensing Log \u2014 Main Street Pharmacy');
      expect(page).toContain('11/01/2026 to 11/30/2026');
      expect(page).toContain('Generated Dec 1, 2026, 9:30\u202fAM CST'.replace('\u202f', ' '));
      // The table's header row on every page of its rows.
      if (/RX1\d{3}/.test(page)) expect(page).toMatch(/Date filled Rx Patient Drug Quantity Price Margin\n11\/10\/2026 RX1/);
      expect(page).toMatch(new RegExp(`Page ${i + 1} of\\s*${pages.length}`));
      expect(page).toContain('Confidential: for pharmacy use');
    });
    const all = pages.join('\n');
    expect(all).toContain('11/10/2026 RX1000 Smith, Olive Lorazepam 1 mg 30 $1,234.56 27.3%');
    expect(all).toContain('RX1119');
    expect(all).toMatch(/Total 3,600 \$9,876,543\.21/);
    expect(all).toMatch(/By payer\s+Payer Fills\s+Cash 1,234/);
    expect(all).toMatch(/Pharmacist sign-off\s+Pat Pharmacist, RPh/);
    expect(all).toMatch(/Disclaimer\s+Figures are as recorded\./);
    // Seven columns: landscape.
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect((await document.getPage(1)).view).toEqual([0, 0, 792, 612]);
  });

  it('leaves out page numbers, timestamp, footer and disclaimer when the settings do', async () => {
    const pages = await pagesText(await pdfOf(report, layout({ includePageNumbers: false, includeTimestamp: false, reportFooterText: '', includeDisclaimer: false })));
    const all = pages.join('\n');
    expect(all).not.toMatch(/Page \d/);
    expect(all).not.toContain('Generated');
    expect(all).not.toContain('Confidential');
    expect(all).not.toContain('Figures are as recorded');
  });

  it('prints patient names as initials when the settings leave them out', async () => {
    const all = (await pagesText(await pdfOf(reportForFile(report, { includePatientNames: false }), layout()))).join('\n');
    expect(all).not.toContain('Smith');
    expect(all).not.toContain('Olive');
    expect(all).toContain('RX1000 O.S. Lorazepam');
  });

  it('has an xref whose offsets are the objects\' bytes', async () => {
    const pdf = await pdfOf(report, layout());
    const pages = (await pagesText(pdf)).length;
    // catalog, pages, 2 fonts, resources, page count, info, and a content and page object per page (no logo).
    expect(checkPdfXref(pdf)).toBe(7 + 2 * pages);
    expect(pdf.toString('latin1')).toMatch(/^%PDF-1\.4\n/);
  });

  it('portrait for a narrow report; one page; "no rows" for an empty table', async () => {
    const narrow: Report = { ...report, columns: report.columns.slice(0, 3), rows: [], totals: {}, sections: [], notes: [] };
    const pdf = await pdfOf(narrow, layout());
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages).toBe(1);
    expect((await document.getPage(1)).view).toEqual([0, 0, 612, 792]);
    expect((await pagesText(pdf))[0]).toContain('No rows in this range');
  });
});

describe('the logo', () => {
  const logoSettings = { includePharmacyLogo: true, pharmacyLogoEnabled: true } as const;
  const small: Report = { ...report, rows: rows.slice(0, 3) };

  it.each([
    ['JPEG', 'image/jpeg', TINY_JPEG, '/Filter /DCTDecode'],
    ['gray PNG', 'image/png', tinyPng(3, 2, 0, [128]), '/Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns 3 >>'],
    ['RGB PNG', 'image/png', tinyPng(2, 2, 2, [255, 0, 0]), '/ColorSpace /DeviceRGB'],
  ])('embeds a %s', async (_, contentType, bytes, filter) => {
    const pdf = await pdfOf(small, layout({ ...logoSettings, pharmacyLogoPosition: 'both', pharmacyLogoSize: 'large' }, { contentType, bytes }));
    const text = pdf.toString('latin1');
    expect(text).toContain('/Subtype /Image');
    expect(text).toContain(filter);
    // Drawn 48 pt high in the header and the footer.
    expect(text.match(/ 0 0 48 [\d.]+ [\d.]+ cm \/Logo Do/g)).toHaveLength(2);
    checkPdfXref(pdf);
    const document = await getDocumentProxy(new Uint8Array(pdf));
    const operators = await (await document.getPage(1)).getOperatorList();
    // pdf.js paints it (OPS.paintImageXObject, or paintImageXObjectRepeat for the second drawing).
    expect(operators.fnArray.filter((fn) => fn === 85 || fn === 88).length).toBeGreaterThan(0);
  });

  it('leaves out a PNG with alpha, an SVG, and any logo the settings do not print', async () => {
    expect(pdfImage({ contentType: 'image/png', bytes: tinyPng(1, 1, 6, [0, 0, 0, 0]) })).toBeNull();
    expect(pdfImage({ contentType: 'image/svg+xml', bytes: new TextEncoder().encode('<svg/>') })).toBeNull();
    const svg = await pdfOf(small, layout(logoSettings, { contentType: 'image/svg+xml', bytes: new TextEncoder().encode('<svg/>') }));
    expect(svg.toString('latin1')).not.toContain('/Subtype /Image');
    expect((await pagesText(svg))[0]).toContain('Main Street Pharmacy');
    const off = await pdfOf(small, layout({ includePharmacyLogo: true, pharmacyLogoEnabled: false }, { contentType: 'image/jpeg', bytes: TINY_JPEG }));
    expect(off.toString('latin1')).not.toContain('/Subtype /Image');
  });
});

describe('text', () => {
  it('measures with Helvetica\'s widths and cuts with an ellipsis', () => {
    expect(textWidth('Hello', false, 10)).toBeCloseTo((722 + 556 + 222 + 222 + 556) / 100);
    expect(textWidth('Hello', true, 10)).toBeCloseTo((722 + 556 + 278 + 278 + 611) / 100);
    expect(fitText('Lorazepam 1 mg tablet', 40, false, 8)).toBe('Lorazep\x85');
    expect(textWidth(fitText('Lorazepam 1 mg tablet', 40, false, 8), false, 8)).toBeLessThanOrEqual(40);
    expect(fitText('Short', 40, false, 8)).toBe('Short');
  });

  it('writes WinAnsi: Latin-1 and curly quotes kept, the rest "?", white space a space', () => {
    expect(winAnsi('Café \u201cA\u201d\u2014B\n日本\u0007')).toBe('Caf\xe9 \x93A\x94\x97B ??');
  });

  it('formats cells as the screen does: money, percents, counts, dates, nothing', () => {
    expect(pdfCellText(-123456, 'cents')).toBe('-$1,234.56');
    expect(pdfCellText(27.26, 'percent')).toBe('27.3%');
    expect(pdfCellText('2026-11-10', 'date')).toBe('11/10/2026');
    expect(pdfCellText(1234567, 'count')).toBe('1,234,567');
    expect(pdfCellText(7.5, 'quantity')).toBe('7.5');
    expect(pdfCellText(null, 'cents')).toBe('\u2014');
  });
});
