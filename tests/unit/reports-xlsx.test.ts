/**
 * The report as an Excel workbook (shared/src/reports/report-xlsx.ts): the streamed ZIP read back entry by entry
 * with its own headers (local header, data descriptor, central directory), every entry's CRC-32 checked, each sheet's
 * XML parsed and compared with the report: numbers numeric, money in dollars with the money style, dates as
 * Excel days, text escaped and a formula-looking text kept as text; sections on their own sheets; notes at the end.
 */
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../shared/src/reports/report.ts';
import { reportForFile } from '../../shared/src/reports/report-layout.ts';
import { type SheetCell, sheetCells as cells, unzip } from '../support/report-files.ts';
import { XLSX_STYLES, columnLetters, excelSerialDay, reportXlsx, sheetName } from '../../shared/src/reports/report-xlsx.ts';

const report: Report = {
  report: 'controlled-substances', from: '2026-11-01', to: '2026-11-30', title: 'Controlled Substance Log',
  columns: [
    { key: 'dateFilled', label: 'Date filled', kind: 'date' },
    { key: 'patientName', label: 'Patient', kind: 'text' },
    { key: 'quantity', label: 'Quantity', kind: 'quantity' },
    { key: 'priceCents', label: 'Price', kind: 'cents' },
    { key: 'marginPercent', label: 'Margin', kind: 'percent' },
  ],
  rows: [
    { dateFilled: '2026-11-10', patientName: 'O"Neil & <Sons>, Olive', quantity: 30, priceCents: 123456, marginPercent: -12.5 },
    { dateFilled: '2026-11-11', patientName: '=HYPERLINK("http://x")\u0007', quantity: 7.5, priceCents: -50, marginPercent: null },
  ],
  totals: { quantity: 37.5, priceCents: 123406 },
  sections: [{ key: 'byDrug', title: 'By drug: [top]/*?', columns: [{ key: 'drug', label: 'Drug', kind: 'text' }, { key: 'fills', label: 'Fills', kind: 'count' }], rows: [{ drug: 'Lorazepam 1 mg', fills: 2 }], totals: { fills: 2 } }],
  notes: [{ key: 'disclaimer', label: 'Controlled drug disclaimer', text: 'Keep for two years' }],
};

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

const cellAt = (all: SheetCell[], ref: string) => all.find((cell) => cell.ref === ref);

describe('the workbook', () => {
  it('is a ZIP whose entries inflate to their sizes and CRCs, with the SpreadsheetML parts', async () => {
    const files = unzip((await bytesOf(reportXlsx(report))).bytes);
    expect([...files.keys()]).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml',
    ]);
    for (const [, xml] of files) expect(new DOMParser().parseFromString(xml, 'text/xml').documentElement).toBeTruthy();
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="Controlled Substance Log" sheetId="1" r:id="rId1"/>');
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="By drug top" sheetId="2"');
    expect(files.get('xl/styles.xml')).toContain('formatCode="#,##0.00"');
  });

  it('writes numbers as numbers (money in dollars with its style), dates as Excel days, text as escaped inline strings, never formulas', async () => {
    const sheet = cells(unzip((await bytesOf(reportXlsx(report))).bytes).get('xl/worksheets/sheet1.xml')!);
    expect(cellAt(sheet, 'A1')).toMatchObject({ type: 'inlineStr', style: XLSX_STYLES.bold, value: 'Controlled Substance Log, 2026-11-01 to 2026-11-30' });
    expect(['A2', 'B2', 'C2', 'D2', 'E2'].map((ref) => cellAt(sheet, ref)!.value)).toEqual(['Date filled', 'Patient', 'Quantity', 'Price ($)', 'Margin (%)']);
    expect(cellAt(sheet, 'A3')).toEqual({ ref: 'A3', type: null, style: XLSX_STYLES.date, value: String(excelSerialDay('2026-11-10')) });
    expect(excelSerialDay('2026-11-10')).toBe(46336);
    expect(cellAt(sheet, 'B3')).toMatchObject({ type: 'inlineStr', value: 'O"Neil & <Sons>, Olive' });
    expect(cellAt(sheet, 'C3')).toEqual({ ref: 'C3', type: null, style: XLSX_STYLES.plain, value: '30' });
    expect(cellAt(sheet, 'D3')).toEqual({ ref: 'D3', type: null, style: XLSX_STYLES.money, value: '1234.56' });
    expect(cellAt(sheet, 'E3')).toEqual({ ref: 'E3', type: null, style: XLSX_STYLES.decimal, value: '-12.5' });
    // A formula-looking text is a string cell (control character removed); an empty cell is left out.
    expect(cellAt(sheet, 'B4')).toMatchObject({ type: 'inlineStr', value: '=HYPERLINK("http://x")' });
    expect(cellAt(sheet, 'D4')).toMatchObject({ value: '-0.5', style: XLSX_STYLES.money });
    expect(cellAt(sheet, 'E4')).toBeUndefined();
    expect(unzip((await bytesOf(reportXlsx(report))).bytes).get('xl/worksheets/sheet1.xml')).not.toContain('<f>');
    // Totals, then the note.
    expect(cellAt(sheet, 'A5')).toMatchObject({ value: 'Total', style: XLSX_STYLES.bold });
    expect(cellAt(sheet, 'D5')).toMatchObject({ value: '1234.06', style: XLSX_STYLES.boldMoney });
    expect(cellAt(sheet, 'A7')!.value).toBe('Controlled drug disclaimer');
    expect(cellAt(sheet, 'B7')!.value).toBe('Keep for two years');
    const section = cells(unzip((await bytesOf(reportXlsx(report))).bytes).get('xl/worksheets/sheet2.xml')!);
    expect(section.map((cell) => cell.value)).toEqual(['By drug: [top]/*?, 2026-11-01 to 2026-11-30', 'Drug', 'Fills', 'Lorazepam 1 mg', '2', 'Total', '2']);
  });

  it('prints initials for patient names when the settings leave them out', async () => {
    const sheet = cells(unzip((await bytesOf(reportXlsx(reportForFile(report, { includePatientNames: false })))).bytes).get('xl/worksheets/sheet1.xml')!);
    expect(cellAt(sheet, 'B3')!.value).toBe('O.O.');
    expect(JSON.stringify(sheet)).not.toContain('Olive');
  });

  it('streams a long report in many chunks', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ dateFilled: '2026-11-10', patientName: `Patient ${i}`, quantity: i, priceCents: i, marginPercent: 1 }));
    const { bytes, chunks } = await bytesOf(reportXlsx({ ...report, rows, sections: [] }));
    expect(chunks).toBeGreaterThan(10);
    const sheet = unzip(bytes).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<row r="30002">');
    expect(sheet).toContain('Patient 29999');
  });
});

describe('names and references', () => {
  it('makes sheet names Excel takes', () => {
    const taken = new Set<string>();
    expect(sheetName('Lots expiring within 90 days and more words', taken)).toBe('Lots expiring within 90 days an');
    expect(sheetName('Lots expiring within 90 days and more words', taken)).toBe('Lots expiring within 90 day (2)');
    expect(sheetName("'a/b'", taken)).toBe('a b');
    expect(sheetName('[]', taken)).toBe('Sheet');
  });

  it('letters columns past Z', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
