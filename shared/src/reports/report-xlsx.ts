/**
 * A report as an Excel workbook (Office Open XML SpreadsheetML, .xlsx), streamed: the ZIP is written as it goes
 * (common/zip-stream.ts) and each worksheet's XML is produced row by row, so a 50,000-row log is never one string.
 * The main table is the first sheet (title and range, the header row, the rows, the totals, then the notes), each
 * section its own sheet. Numbers are numeric cells: money in dollars with `#,##0.00`, percents as their figure with
 * `0.0` (27.3 means 27.3 %, as in the CSV), counts and quantities plain; dates are real Excel dates (serial days
 * shown yyyy-mm-dd); text is an inline string, XML-escaped with control characters removed — never a formula, so
 * "=1+1" stays text. Patient names follow reportForFile (the caller applies it). Pure.
 */
import { type ReportColumnKind, type Report, type ReportTable, reportFileHeading, reportTruncatedText } from './report.ts';
import { readableFrom, zipChunks, type ZipEntry } from '../common/zip-stream.ts';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell styles (cellXfs indexes of styles.xml). */
export const XLSX_STYLES = { plain: 0, bold: 1, money: 2, decimal: 3, date: 4, boldMoney: 5, boldDecimal: 6, boldNumber: 7 } as const;

const STYLES_XML = `${XML_DECLARATION}<styleSheet xmlns="${MAIN}">`
  + '<numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0.00"/><numFmt numFmtId="165" formatCode="0.0"/>'
  + '<numFmt numFmtId="166" formatCode="yyyy-mm-dd"/></numFmts>'
  + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
  + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
  + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
  + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
  + '<cellXfs count="8">'
  + '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
  + '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
  + '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
  + '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
  + '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
  + '<xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>'
  + '<xf numFmtId="165" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>'
  + '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
  + '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

// Characters XML 1.0 cannot hold (C0 controls but tab, newline, return; U+FFFE/U+FFFF; lone surrogates).
// eslint-disable-next-line no-control-regex -- the controls are exactly what is removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data or an attribute value: controls removed, markup escaped. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** A sheet name Excel takes: none of []:*?/\, no apostrophe at either end, at most 31 characters, unique. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\]/g, ' ').replace(NOT_XML, '').replace(/\s+/g, ' ').replace(/^'+|'+$/g, '').trim() || 'Sheet';
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const name = `${base.slice(0, 31 - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A YYYY-MM-DD day as Excel's serial day (1900 date system: days since 1899-12-30), or null. */
export function excelSerialDay(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return null;
  return Math.round((time - Date.UTC(1899, 11, 30)) / 86_400_000);
}

function textCell(ref: string, text: string, style: number = XLSX_STYLES.plain): string {
  const styled = style === XLSX_STYLES.plain ? '' : ` s="${style}"`;
  return `<c r="${ref}" t="inlineStr"${styled}><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

function numberCell(ref: string, value: number, style: number): string {
  const styled = style === XLSX_STYLES.plain ? '' : ` s="${style}"`;
  return `<c r="${ref}"${styled}><v>${value}</v></c>`;
}

function cellXml(ref: string, value: string | number | null | undefined, kind: ReportColumnKind, bold: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (kind === 'cents') return numberCell(ref, value / 100, bold ? XLSX_STYLES.boldMoney : XLSX_STYLES.money);
    if (kind === 'percent') return numberCell(ref, value, bold ? XLSX_STYLES.boldDecimal : XLSX_STYLES.decimal);
    return numberCell(ref, value, bold ? XLSX_STYLES.boldNumber : XLSX_STYLES.plain);
  }
  const text = String(value);
  if (kind === 'date') {
    const serial = excelSerialDay(text);
    if (serial !== null) return numberCell(ref, serial, XLSX_STYLES.date);
  }
  return textCell(ref, text, bold ? XLSX_STYLES.bold : XLSX_STYLES.plain);
}

function rowXml(index: number, cells: string): string {
  return `<row r="${index}">${cells}</row>`;
}

/** One worksheet: its title line, the header, the rows (one piece each), the totals, then the trailing lines. */
function* sheetXml(title: string, table: ReportTable, trailing: readonly (readonly string[])[]): Generator<string> {
  const widths = table.columns.map((column) => Math.min(60, Math.max(10, reportFileHeading(column).length + 2, column.kind === 'text' ? 18 : 0)));
  yield `${XML_DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">`;
  // The header row stays in view while the rows scroll.
  yield '<sheetViews><sheetView workbookViewId="0"><pane ySplit="2" topLeftCell="A3" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  if (widths.length > 0) yield `<cols>${widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('')}</cols>`;
  yield '<sheetData>';
  let r = 1;
  yield rowXml(r, textCell(`A${r}`, title, XLSX_STYLES.bold));
  r += 1;
  yield rowXml(r, table.columns.map((column, i) => textCell(`${columnLetters(i)}${r}`, reportFileHeading(column), XLSX_STYLES.bold)).join(''));
  for (const row of table.rows) {
    r += 1;
    yield rowXml(r, table.columns.map((column, i) => cellXml(`${columnLetters(i)}${r}`, row[column.key], column.kind, false)).join(''));
  }
  if (Object.keys(table.totals).length > 0 && table.columns.length > 0) {
    r += 1;
    const cells = table.columns.map((column, i) => {
      const ref = `${columnLetters(i)}${r}`;
      if (column.key in table.totals) return cellXml(ref, table.totals[column.key], column.kind, true);
      return i === 0 ? textCell(ref, 'Total', XLSX_STYLES.bold) : '';
    });
    yield rowXml(r, cells.join(''));
  }
  for (const line of trailing) {
    r += 2;
    yield rowXml(r, line.map((text, i) => textCell(`${columnLetters(i)}${r}`, text, i === 0 && line.length > 1 ? XLSX_STYLES.bold : XLSX_STYLES.plain)).join(''));
  }
  yield '</sheetData></worksheet>';
}

/** The workbook's parts in order, worksheets generated when the ZIP reaches them. */
export function xlsxEntries(report: Report): ZipEntry[] {
  const taken = new Set<string>();
  const trailing: string[][] = [];
  if (report.truncated) trailing.push([reportTruncatedText(report)]);
  for (const note of report.notes ?? []) if (note.text !== '') trailing.push([note.label, note.text]);
  const range = `${report.from} to ${report.to}${report.asOf ? ` (as of ${report.asOf})` : ''}`;
  const sheets = [
    { name: sheetName(report.title, taken), title: `${report.title}, ${range}`, table: report as ReportTable, trailing },
    ...(report.sections ?? []).map((section) => ({ name: sheetName(section.title, taken), title: `${section.title}, ${range}`, table: section, trailing: [] })),
  ];
  const contentTypes = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
    + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    + '<Default Extension="xml" ContentType="application/xml"/>'
    + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
    + sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')
    + '</Types>';
  const rootRels = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">`
    + `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook = `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>`
    + sheets.map((sheet, i) => `<sheet name="${xmlText(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')
    + '</sheets></workbook>';
  const workbookRels = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">`
    + sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')
    + `<Relationship Id="rId${sheets.length + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`;
  return [
    { name: '[Content_Types].xml', content: [contentTypes] },
    { name: '_rels/.rels', content: [rootRels] },
    { name: 'xl/workbook.xml', content: [workbook] },
    { name: 'xl/_rels/workbook.xml.rels', content: [workbookRels] },
    { name: 'xl/styles.xml', content: [STYLES_XML] },
    ...sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, content: { [Symbol.iterator]: () => sheetXml(sheet.title, sheet.table, sheet.trailing) } })),
  ];
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The report as an .xlsx file, streamed. */
export function reportXlsx(report: Report, modifiedAt = new Date()): ReadableStream<Uint8Array> {
  return readableFrom(zipChunks(xlsxEntries(report), modifiedAt));
}
