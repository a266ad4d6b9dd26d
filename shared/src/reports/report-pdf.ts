/**
 * A report as a PDF 1.4 file, streamed: each page is drawn, written as its content stream and page object, and let
 * go; the byte offset of every object is counted as its bytes go out, so the cross-reference table at the end is
 * exact without the file ever being whole. US Letter, landscape when the widest table has more than six columns.
 * The standard Helvetica and Helvetica-Bold (WinAnsiEncoding, no embedding; the AFM widths of ASCII measure every
 * cell, a cell too wide is cut with an ellipsis, a character WinAnsi lacks prints as "?").
 *
 * Every page: the logo (header position), the report's title with the pharmacy's name, the range, when it was made
 * (includeTimestamp, in the pharmacy's zone), the table's header row; at the foot the footer text, the logo (footer
 * position) and "Page N of M" (includePageNumbers: M is a form XObject written after the last page, so the
 * pages need not wait for the count). The main table with its totals, the sections, then the notes (the dispensing
 * log's sign-off, the controlled drug disclaimer) and the general disclaimer (includeDisclaimer).
 *
 * The logo: JPEG (gray or RGB) is embedded as it is (DCTDecode); PNG when non-interlaced 8-bit gray or RGB, or a
 * palette without transparency, straight from its IDAT (FlateDecode with the PNG predictors); a PNG with alpha or a
 * transparent palette as prepared beforehand (png-logo.ts: its colours, with its alpha as the soft mask). An SVG logo
 * arrives as its PNG print rendition (drawn by the admin's browser on upload: settings/pharmacy-logo-print.ts, read by
 * the api's report layout); 16-bit or interlaced PNG, and an SVG without a rendition, are not embedded: the page
 * prints the pharmacy's name only.
 * Patient names follow reportForFile (the caller applies it). Pure.
 */
import { usDate } from '../common/dates.ts';
import { reportCellDisplay, reportColumnHeading, reportHasColumnTotals, reportTotalsCells } from '../common/report-cell.ts';
import { type ReportColumnKind, type Report, type ReportTable, reportTruncatedText } from './report.ts';
import { printsLogo, type ReportLayout, type ReportLogo } from './report-layout.ts';
import type { PdfImagePart } from './png-logo.ts';

export const PDF_CONTENT_TYPE = 'application/pdf';

// Adobe's Helvetica.afm and Helvetica-Bold.afm widths of codes 32–126 as WinAnsiEncoding names them
// (39 quotesingle, 96 grave), in 1/1000 em.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611,
  611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
/** Beyond ASCII: the ellipsis and dashes measured exactly, other Latin-1 letters as a digit's width. */
const WIDE_DEFAULT = 556;
const SPECIAL_WIDTHS: Record<number, number> = { 0x85: 1000, 0x96: 556, 0x97: 1000, 0xa0: 278 };

/** The WinAnsi codes 0x80–0x9F of characters outside Latin-1. */
const WIN_ANSI_EXTRA: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88,
  0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93,
  0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};
const ELLIPSIS = '\x85';

/** Text as WinAnsi codes (one char per byte): any white space is a space, controls go, what WinAnsi lacks is "?". */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(/\s/g, ' ')) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff)) out += char;
    else if (code === 0xa0) out += ' ';
    else if (code in WIN_ANSI_EXTRA) out += String.fromCharCode(WIN_ANSI_EXTRA[code]!);
    else if (code >= 0x20) out += '?';
  }
  return out;
}

/** The width in points of WinAnsi text at a size. */
export function textWidth(text: string, bold: boolean, size: number): number {
  const widths = bold ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    units += code >= 32 && code <= 126 ? widths[code - 32]! : SPECIAL_WIDTHS[code] ?? WIDE_DEFAULT;
  }
  return (units * size) / 1000;
}

/** The text, or as much of it as fits with an ellipsis. */
export function fitText(text: string, width: number, bold: boolean, size: number): string {
  if (textWidth(text, bold, size) <= width) return text;
  let end = text.length;
  while (end > 0 && textWidth(`${text.slice(0, end).trimEnd()}${ELLIPSIS}`, bold, size) > width) end -= 1;
  return end === 0 ? '' : `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}

/** Lines of at most `width`, broken between words (a word wider than a line is cut). */
export function wrapText(text: string, width: number, bold: boolean, size: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of winAnsi(paragraph).split(' ').filter((part) => part !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (textWidth(candidate, bold, size) <= width) line = candidate;
      else {
        if (line !== '') lines.push(line);
        line = textWidth(word, bold, size) <= width ? word : fitText(word, width, bold, size);
      }
    }
    if (line !== '') lines.push(line);
  }
  return lines;
}

function pdfString(text: string): string {
  return `(${text.replaceAll('\\', '\\\\').replaceAll('(', '\\(').replaceAll(')', '\\)')})`;
}

function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A cell as the PDF prints it: as the screen shows it (common/report-cell.ts: $1,234.56, 27.3%, 11/10/2026, 1,234, —). */
export function pdfCellText(value: string | number | null | undefined, kind: ReportColumnKind): string {
  return reportCellDisplay(value, kind);
}

const isNumeric = (kind: ReportColumnKind) => kind === 'count' || kind === 'cents' || kind === 'percent' || kind === 'quantity';

// --- images --------------------------------------------------------------------------------------------------

export interface PdfImage {
  width: number;
  height: number;
  /** The image dictionary's entries besides Type, Subtype, Width, Height and Length. */
  dictionary: string;
  data: Uint8Array;
  /** Its transparency: a gray image of the same size drawn as the soft mask. */
  softMask?: PdfImagePart;
}

function jpegImage(bytes: Uint8Array): PdfImage | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) { i += 1; continue; }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    // Start of frame (C0–CF but DHT C4, JPG C8, DAC CC): precision, height, width, components.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      const components = bytes[i + 9]!;
      if (width === 0 || height === 0 || (components !== 1 && components !== 3)) return null;
      const space = components === 1 ? '/DeviceGray' : '/DeviceRGB';
      return { width, height, dictionary: `/ColorSpace ${space} /BitsPerComponent 8 /Filter /DCTDecode`, data: bytes };
    }
    if (marker === 0xda || marker === 0xd9) return null;
    i += 2 + length;
  }
  return null;
}

function pngImage(bytes: Uint8Array): PdfImage | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0, height = 0, depth = 0, colorType = -1, interlace = 0;
  let palette: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  for (let i = 8; i + 8 <= bytes.length;) {
    const length = view.getUint32(i);
    const type = String.fromCharCode(...bytes.subarray(i + 4, i + 8));
    const data = bytes.subarray(i + 8, i + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(i + 8);
      height = view.getUint32(i + 12);
      depth = bytes[i + 16]!;
      colorType = bytes[i + 17]!;
      interlace = bytes[i + 20]!;
    } else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') return null; // transparency would print as its hidden colour
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    i += 12 + length;
  }
  if (width === 0 || height === 0 || interlace !== 0 || idat.length === 0) return null;
  let colors: number;
  let space: string;
  if ((colorType === 0 || colorType === 2) && depth === 8) {
    colors = colorType === 0 ? 1 : 3;
    space = colorType === 0 ? '/DeviceGray' : '/DeviceRGB';
  } else if (colorType === 3 && palette !== null && [1, 2, 4, 8].includes(depth) && palette.length % 3 === 0) {
    colors = 1;
    const hex = Array.from(palette, (byte) => byte.toString(16).padStart(2, '0')).join('');
    space = `[/Indexed /DeviceRGB ${palette.length / 3 - 1} <${hex}>]`;
  } else return null;
  const data = new Uint8Array(idat.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of idat) { data.set(part, at); at += part.length; }
  return {
    width, height, data,
    dictionary: `/ColorSpace ${space} /BitsPerComponent ${depth} /Filter /FlateDecode `
      + `/DecodeParms << /Predictor 15 /Colors ${colors} /BitsPerComponent ${depth} /Columns ${width} >>`,
  };
}

/**
 * The logo as a PDF image, or null when it is not one this writer embeds (an SVG whose print rendition is missing, an
 * unprepared PNG with alpha: name only).
 */
export function pdfImage(logo: ReportLogo): PdfImage | null {
  if (logo.prepared) {
    const { width, height, color, alpha } = logo.prepared;
    return { width, height, dictionary: color.dictionary, data: color.data, softMask: alpha };
  }
  if (logo.contentType === 'image/jpeg') return jpegImage(logo.bytes);
  if (logo.contentType === 'image/png') return pngImage(logo.bytes);
  return null;
}

export const LOGO_HEIGHTS = { small: 24, medium: 36, large: 48 } as const;

// --- pages -----------------------------------------------------------------------------------------------------

const MARGIN = 36;
const LETTER = { width: 612, height: 792 };
const TABLE_SIZE = 8;
const ROW_HEIGHT = 11;
const PAD = 3;

interface Column { key: string; label: string; kind: ReportColumnKind; width: number }

function timestampText(at: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(at);
  }
}

/**
 * Column widths: each its widest text (header and the first rows); when they do not fit, the widest columns give
 * way first — one cap for all, the narrow ones (dates, Rx numbers, money) keep their width — and are cut with an
 * ellipsis.
 */
function columnWidths(table: ReportTable, available: number): Column[] {
  const sample = table.rows.slice(0, 1000);
  const natural = table.columns.map((column) => {
    let width = textWidth(winAnsi(reportColumnHeading(column)), true, TABLE_SIZE);
    for (const row of sample) width = Math.max(width, textWidth(winAnsi(pdfCellText(row[column.key], column.kind)), false, TABLE_SIZE));
    if (column.key in table.totals) width = Math.max(width, textWidth(winAnsi(pdfCellText(table.totals[column.key], column.kind)), true, TABLE_SIZE));
    return Math.min(width, 260) + 2 * PAD + 1; // a point of slack: the fit test must not fail on rounding
  });
  let cap = Infinity;
  if (natural.reduce((sum, width) => sum + width, 0) > available) {
    // The cap c with sum(min(width, c)) = available: columns narrower than c keep their width, the rest share.
    const sorted = [...natural].sort((x, y) => x - y);
    let kept = 0;
    for (let i = 0; i < sorted.length; i += 1) {
      const share = (available - kept) / (sorted.length - i);
      if (sorted[i]! >= share) { cap = share; break; }
      kept += sorted[i]!;
    }
  }
  return table.columns.map((column, i) => ({ ...column, width: Math.min(natural[i]!, cap) }));
}

function landscapeFor(report: Report): boolean {
  const tables: ReportTable[] = [report, ...(report.sections ?? [])];
  const portraitWidth = LETTER.width - 2 * MARGIN;
  return tables.some((table) => table.columns.length > 6 || columnWidths(table, Infinity).reduce((sum, column) => sum + column.width, 0) > portraitWidth);
}

/** Object numbers fixed before the pages: catalog, page tree, fonts, shared resources, the page count, the logo, info. */
const OBJ = { catalog: 1, pages: 2, font: 3, bold: 4, resources: 5, pageCount: 6, logo: 7, info: 8, logoMask: 9 } as const;
const FIRST_PAGE_OBJECT = 10;

function latin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/** The drawing of the report page by page; each finished page's content waits in `finished` until written. */
class PageDrawer {
  readonly finished: string[] = [];
  private ops: string[] = [];
  private y = 0;
  pageNumber = 0;
  readonly width: number;
  readonly height: number;
  readonly bottom: number;
  private readonly logoHeight: number;
  private readonly logoWidth: number;

  constructor(private readonly report: Report, private readonly layout: ReportLayout, private readonly logo: PdfImage | null, landscape: boolean) {
    this.width = landscape ? LETTER.height : LETTER.width;
    this.height = landscape ? LETTER.width : LETTER.height;
    this.logoHeight = logo ? LOGO_HEIGHTS[layout.settings.pharmacyLogoSize] : 0;
    this.logoWidth = logo ? Math.min(200, (this.logoHeight * logo.width) / logo.height) : 0;
    const footerLogo = logo !== null && layout.settings.pharmacyLogoPosition !== 'header' ? this.logoHeight + 6 : 0;
    this.bottom = MARGIN + 8 + footerLogo;
  }

  get available(): number {
    return this.width - 2 * MARGIN;
  }

  text(x: number, y: number, text: string, bold: boolean, size: number): void {
    if (text !== '') this.ops.push(`BT /F${bold ? 2 : 1} ${size} Tf ${num(x)} ${num(y)} Td ${pdfString(text)} Tj ET`);
  }

  rule(y: number, weight = 0.5): void {
    this.ops.push(`${weight} w ${MARGIN} ${num(y)} m ${num(this.width - MARGIN)} ${num(y)} l S`);
  }

  private drawLogo(x: number, y: number): void {
    this.ops.push(`q ${num(this.logoWidth)} 0 0 ${num(this.logoHeight)} ${num(x)} ${num(y)} cm /Logo Do Q`);
  }

  newPage(): void {
    if (this.pageNumber > 0) this.finishPage();
    this.pageNumber += 1;
    this.ops = [];
    const { settings } = this.layout;
    const logoInHeader = this.logo !== null && settings.pharmacyLogoPosition !== 'footer';
    const top = this.height - MARGIN;
    let x = MARGIN;
    if (logoInHeader) {
      this.drawLogo(MARGIN, top - this.logoHeight);
      x += this.logoWidth + 10;
    }
    const width = this.width - MARGIN - x;
    const range = `${usDate(this.report.from)} to ${usDate(this.report.to)}${this.report.asOf ? `, stock as of ${usDate(this.report.asOf)}` : ''}`;
    let y = top - 12;
    this.text(x, y, fitText(winAnsi(`${this.report.title} \u2014 ${this.layout.pharmacyName}`), width, true, 13), true, 13);
    y -= 13;
    this.text(x, y, fitText(winAnsi(range), width, false, 9), false, 9);
    if (settings.includeTimestamp) {
      y -= 11;
      this.text(x, y, fitText(winAnsi(`Generated ${timestampText(this.layout.generatedAt, this.layout.timeZone)}`), width, false, 8), false, 8);
    }
    this.y = Math.min(y, logoInHeader ? top - this.logoHeight : y) - 14;
  }

  private finishPage(): void {
    const { settings } = this.layout;
    const footerY = MARGIN - 12;
    if (this.logo !== null && settings.pharmacyLogoPosition !== 'header') this.drawLogo(MARGIN, footerY + 12);
    const numberWidth = settings.includePageNumbers ? 90 : 0;
    this.text(MARGIN, footerY, fitText(winAnsi(settings.reportFooterText), this.available - numberWidth - 10, false, 8), false, 8);
    if (settings.includePageNumbers) {
      const label = `Page ${this.pageNumber} of`;
      const x = this.width - MARGIN - numberWidth;
      this.text(x, footerY, label, false, 8);
      // The count is a form drawn here and written after the last page.
      this.ops.push(`q 1 0 0 1 ${num(x + textWidth(label, false, 8))} ${footerY} cm /PageCount Do Q`);
    }
    this.finished.push(this.ops.join('\n'));
  }

  end(): void {
    this.finishPage();
  }

  /** Room for `height` more points on this page, else a new page (then `onNewPage`, e.g. the header row again). */
  room(height: number, onNewPage?: () => void): void {
    if (this.y - height >= this.bottom) return;
    this.newPage();
    onNewPage?.();
  }

  heading(text: string): void {
    this.room(ROW_HEIGHT * 4);
    this.y -= 6;
    this.text(MARGIN, this.y - 10, fitText(winAnsi(text), this.available, true, 11), true, 11);
    this.y -= 16;
  }

  row(columns: readonly Column[], cells: readonly string[], bold: boolean, ruleAbove = false, ruleBelow = false): void {
    const baseline = this.y - ROW_HEIGHT + 3;
    if (ruleAbove) this.rule(this.y);
    let x = MARGIN;
    columns.forEach((column, i) => {
      const text = fitText(winAnsi(cells[i] ?? ''), column.width - 2 * PAD, bold, TABLE_SIZE);
      const left = isNumeric(column.kind) ? x + column.width - PAD - textWidth(text, bold, TABLE_SIZE) : x + PAD;
      this.text(left, baseline, text, bold, TABLE_SIZE);
      x += column.width;
    });
    this.y -= ROW_HEIGHT;
    if (ruleBelow) this.rule(this.y + 1);
  }

  paragraph(label: string, text: string): void {
    const lines = wrapText(text, this.available, false, 9);
    this.room(ROW_HEIGHT * 2 + 8);
    this.y -= 8;
    this.text(MARGIN, this.y - 9, fitText(winAnsi(label), this.available, true, 9), true, 9);
    this.y -= 12;
    for (const line of lines) {
      this.room(12);
      this.text(MARGIN, this.y - 9, line, false, 9);
      this.y -= 12;
    }
  }
}

/** The table's rows one at a time (the header row again on each new page), then its totals. */
function* drawTable(drawer: PageDrawer, table: ReportTable): Generator<void> {
  const columns = columnWidths(table, drawer.available);
  const header = () => drawer.row(columns, columns.map((column) => reportColumnHeading(column)), true, false, true);
  drawer.room(ROW_HEIGHT * 2);
  header();
  if (table.rows.length === 0) drawer.row([{ key: '', label: '', kind: 'text', width: drawer.available }], ['No rows in this range'], false);
  for (const row of table.rows) {
    drawer.room(ROW_HEIGHT, header);
    drawer.row(columns, columns.map((column) => pdfCellText(row[column.key], column.kind)), false);
    yield;
  }
  if (reportHasColumnTotals(columns, table.totals)) {
    drawer.room(ROW_HEIGHT, header);
    drawer.row(columns, reportTotalsCells(columns, table.totals), true, true);
  }
}

/** The page contents in order, each given out as soon as the page is full. */
function* pageContents(report: Report, layout: ReportLayout, logo: PdfImage | null): Generator<string> {
  const drawer = new PageDrawer(report, layout, logo, landscapeFor(report));
  drawer.newPage();
  const drain = function* () { while (drawer.finished.length > 0) yield drawer.finished.shift()!; };
  for (const _ of drawTable(drawer, report)) yield* drain();
  if (report.truncated) drawer.paragraph('Truncated', `${reportTruncatedText(report)}.`);
  for (const section of report.sections ?? []) {
    drawer.heading(section.title);
    for (const _ of drawTable(drawer, section)) yield* drain();
  }
  for (const note of report.notes ?? []) if (note.text.trim() !== '') drawer.paragraph(note.label, note.text);
  if (layout.settings.includeDisclaimer && layout.settings.generalDisclaimer.trim() !== '') drawer.paragraph('Disclaimer', layout.settings.generalDisclaimer);
  yield* drain();
  drawer.end();
  yield* drain();
}

/** The PDF's bytes, page by page; `xref` at the end holds each object's offset as counted while writing. */
export async function* pdfChunks(report: Report, layout: ReportLayout): AsyncGenerator<Uint8Array> {
  const logo = layout.logo !== null && printsLogo(layout.settings) ? pdfImage(layout.logo) : null;
  const offsets: number[] = [];
  let offset = 0;
  const out = (bytes: Uint8Array): Uint8Array => { offset += bytes.length; return bytes; };
  const object = (id: number, body: string): Uint8Array => { offsets[id] = offset; return out(latin1(`${id} 0 obj\n${body}\nendobj\n`)); };
  const stream = (id: number, dictionary: string, data: Uint8Array): Uint8Array[] => {
    offsets[id] = offset;
    return [out(latin1(`${id} 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\n`)), out(data), out(latin1('\nendstream\nendobj\n'))];
  };

  yield out(latin1('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'));
  yield object(OBJ.catalog, `<< /Type /Catalog /Pages ${OBJ.pages} 0 R >>`);
  yield object(OBJ.font, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  yield object(OBJ.bold, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const fonts = `/Font << /F1 ${OBJ.font} 0 R /F2 ${OBJ.bold} 0 R >>`;
  const images = `/XObject << /PageCount ${OBJ.pageCount} 0 R${logo ? ` /Logo ${OBJ.logo} 0 R` : ''} >>`;
  yield object(OBJ.resources, `<< ${fonts} ${images} /ProcSet [/PDF /Text /ImageB /ImageC /ImageI] >>`);
  if (logo) {
    const mask = logo.softMask ? ` /SMask ${OBJ.logoMask} 0 R` : '';
    yield* stream(OBJ.logo, `/Type /XObject /Subtype /Image /Width ${logo.width} /Height ${logo.height} ${logo.dictionary}${mask}`, logo.data);
    if (logo.softMask) {
      yield* stream(OBJ.logoMask, `/Type /XObject /Subtype /Image /Width ${logo.width} /Height ${logo.height} ${logo.softMask.dictionary}`, logo.softMask.data);
    }
  }
  const title = `${report.title}, ${report.from} to ${report.to}`.replace(/[^\x20-\x7e]/g, '?');
  yield object(OBJ.info, `<< /Title ${pdfString(title)} /Producer (Pharmacy reports) >>`);

  const orientation = landscapeFor(report) ? [LETTER.height, LETTER.width] : [LETTER.width, LETTER.height];
  const kids: number[] = [];
  let next = FIRST_PAGE_OBJECT;
  for (const content of pageContents(report, layout, logo)) {
    const contentId = next;
    const pageId = next + 1;
    next += 2;
    yield* stream(contentId, '', latin1(content));
    yield object(pageId, `<< /Type /Page /Parent ${OBJ.pages} 0 R /MediaBox [0 0 ${orientation[0]} ${orientation[1]}] `
      + `/Resources ${OBJ.resources} 0 R /Contents ${contentId} 0 R >>`);
    kids.push(pageId);
  }
  yield* stream(OBJ.pageCount, `/Type /XObject /Subtype /Form /BBox [0 -4 60 12] /Resources << ${fonts} >>`,
    latin1(`BT /F1 8 Tf 0 0 Td ( ${kids.length}) Tj ET`));
  yield object(OBJ.pages, `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(' ')}] /Count ${kids.length} >>`);

  const xrefAt = offset;
  const size = next;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let id = 1; id < size; id += 1) {
    // An unused number (no logo) is a free entry.
    xref += offsets[id] === undefined ? '0000000000 65535 f \n' : `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  }
  yield out(latin1(`${xref}trailer\n<< /Size ${size} /Root ${OBJ.catalog} 0 R /Info ${OBJ.info} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`));
}

/** The report as a PDF file, streamed. */
export function reportPdf(report: Report, layout: ReportLayout): ReadableStream<Uint8Array> {
  const chunks = pdfChunks(report, layout);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
