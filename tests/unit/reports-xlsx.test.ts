/**
 * The report as an Excel workbook (shared/src/reports/report-xlsx.ts): the streamed ZIP read back entry by entry
 * with its own headers (local header, data descriptor, central directory), every entry's CRC-32 checked, each sheet's
 * XML parsed and compared with the report: numbers numeric, money in dollars with the money style, dates as
 * Excel days, text escaped and a formula-looking text kept as text; sections on their own sheets; notes at the end.
 */
import { inflateRawSync } from 'node:zlib';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../shared/src/common/zip-stream.ts';
import type { Report } from '../../shared/src/reports/report.ts';
import { reportForFile } from '../../shared/src/reports/report-layout.ts';
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

/** The archive's entries from its central directory, each checked against its local header and data descriptor. */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(zip.length - 22);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  expect(at + zip.readUInt32LE(end + 12)).toBe(end);
  const files = new Map<string, string>();
  for (let n = 0; n < count; n += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const [crc, compressed, size] = [zip.readUInt32LE(at + 16), zip.readUInt32LE(at + 20), zip.readUInt32LE(at + 24)];
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    expect(zip.readUInt16LE(local + 6) & 0x08).toBe(0x08);
    expect(zip.toString('utf8', local + 30, local + 30 + zip.readUInt16LE(local + 26))).toBe(name);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const content = inflateRawSync(zip.subarray(dataAt, dataAt + compressed));
    expect(content.length).toBe(size);
    expect(crc32(content)).toBe(crc);
    // The data descriptor after the content says the same.
    expect([zip.readUInt32LE(dataAt + compressed), zip.readUInt32LE(dataAt + compressed + 4), zip.readUInt32LE(dataAt + compressed + 8), zip.readUInt32LE(dataAt + compressed + 12)])
      .toEqual([0x08074b50, crc, compressed, size]);
    files.set(name, content.toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

interface Cell { ref: string; type: string | null; style: number; value: string }

function cells(xml: string): Cell[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return Array.from(doc.getElementsByTagName('c') as unknown as Element[]).map((cell) => ({
    ref: cell.getAttribute('r')!,
    type: cell.getAttribute('t'),
    style: Number(cell.getAttribute('s') ?? 0),
    value: cell.getElementsByTagName(cell.getAttribute('t') === 'inlineStr' ? 't' : 'v')[0]!.textContent!,
  }));
}

const cellAt = (all: Cell[], ref: string) => all.find((cell) => cell.ref === ref);

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
