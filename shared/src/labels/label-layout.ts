/**
 * How labels sit on a printed page (System Settings → Printing: each label type's size and labels per page).
 * A size is "WxH" in inches (width × height, spec part 2 §9: '4x2.5', '4x6', '2x0.5'...). A page is a sheet
 * of `labelsPerPage` label slots in a grid — one column up to 3 labels, two up to 8, three beyond (robot labels
 * go to 12) — filled row by row; the page is exactly the grid's size, so the print dialog's paper is the
 * label stock. Text on a label scales with its size, so a 2 × 4 in label keeps its content inside. Pure.
 */

export interface LabelDimensions {
  /** Inches. */
  widthIn: number;
  heightIn: number;
}

export interface LabelSheetLayout {
  label: LabelDimensions;
  labelsPerPage: number;
  columns: number;
  rows: number;
  page: LabelDimensions;
}

/** The size today's label was designed at (4 × 2.5 in): text and barcode scale from it. */
export const REFERENCE_LABEL: LabelDimensions = { widthIn: 4, heightIn: 2.5 };

const SIZE_PATTERN = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/;

/** '4x2.5' → 4 in wide, 2.5 in tall. */
export function parseLabelSize(size: string): LabelDimensions {
  const match = SIZE_PATTERN.exec(size);
  if (!match) throw new Error(`Not a label size: ${size}`);
  const widthIn = Number(match[1]);
  const heightIn = Number(match[2]);
  if (widthIn <= 0 || heightIn <= 0) throw new Error(`Not a label size: ${size}`);
  return { widthIn, heightIn };
}

/** Columns of a page of `labelsPerPage` slots: 1 (≤ 3), 2 (≤ 8), 3 (more). */
export function labelColumns(labelsPerPage: number): number {
  if (labelsPerPage <= 3) return 1;
  if (labelsPerPage <= 8) return 2;
  return 3;
}

export function labelSheetLayout(size: string, labelsPerPage: number): LabelSheetLayout {
  if (!Number.isInteger(labelsPerPage) || labelsPerPage < 1) throw new Error(`Labels per page must be a whole number from 1: ${labelsPerPage}`);
  const label = parseLabelSize(size);
  const columns = labelColumns(labelsPerPage);
  const rows = Math.ceil(labelsPerPage / columns);
  return { label, labelsPerPage, columns, rows, page: { widthIn: round(label.widthIn * columns), heightIn: round(label.heightIn * rows) } };
}

/** Items split into pages of `perPage` (the last page may be short; no items, no pages). */
export function labelPages<T>(items: readonly T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += perPage) pages.push(items.slice(start, start + perPage));
  return pages;
}

/**
 * How much a label's text and barcode scale against the 4 × 2.5 in reference: the tighter of width and height,
 * kept between 0.45 (a 2 × 0.5 in robot label) and 1.5 (a 4 × 6 in label).
 */
export function labelTextScale(label: LabelDimensions): number {
  const scale = Math.min(label.widthIn / REFERENCE_LABEL.widthIn, label.heightIn / REFERENCE_LABEL.heightIn);
  return round(Math.min(1.5, Math.max(0.45, scale)));
}

/** Inches as CSS: 4 → '4in', 2.5 → '2.5in'. */
export function inches(value: number): string {
  return `${round(value)}in`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** CSS for a sheet of `className` labels on the named page `pageName` (pages of other label types keep theirs). */
export function labelSheetCss(layout: LabelSheetLayout, pageName: string | null, className: string): string {
  const page = pageName ? `@page ${pageName}` : '@page';
  const sheetSelector = pageName ? `.sheet.${pageName}` : '.sheet';
  const scale = labelTextScale(layout.label);
  return `
${page} { size: ${inches(layout.page.widthIn)} ${inches(layout.page.heightIn)}; margin: 0; }
${sheetSelector} { ${pageName ? `page: ${pageName}; ` : ''}display: grid; grid-template-columns: repeat(${layout.columns}, ${inches(layout.label.widthIn)}); grid-template-rows: repeat(${layout.rows}, ${inches(layout.label.heightIn)}); width: ${inches(layout.page.widthIn)}; height: ${inches(layout.page.heightIn)}; break-after: page; }
${sheetSelector}:last-of-type { break-after: auto; }
${sheetSelector} .${className}, ${sheetSelector} .slot { width: ${inches(layout.label.widthIn)}; height: ${inches(layout.label.heightIn)}; font-size: ${round(7.5 * scale)}pt; }
`;
}

/** The sheets (pages) of a label type: each label's markup in its slot, empty slots left blank. */
export function labelSheetsHtml(labels: readonly string[], layout: LabelSheetLayout, pageName: string | null, dataType: string): string {
  return labelPages(labels, layout.labelsPerPage)
    .map((page) => {
      const empty = Array.from({ length: layout.labelsPerPage - page.length }, () => '<div class="slot" data-empty-slot></div>');
      return `<div class="sheet${pageName ? ` ${pageName}` : ''}" data-label-type="${dataType}" data-labels-per-page="${layout.labelsPerPage}">\n${[...page, ...empty].join('\n')}\n</div>`;
    })
    .join('\n');
}
