/**
 * The print rendition of an SVG pharmacy logo. PDF reports embed JPEG and PNG only (reports/report-pdf.ts) and the
 * api function has no SVG renderer, so when an admin uploads an SVG logo the browser draws the (sanitised) SVG on a
 * canvas and stores the PNG beside it, `pharmacy-logos/<pharmacy_id>/logo-print.png` (migration
 * 20261130009900_logo_print_rendition lets the pharmacy's admins write it and its staff read it). The api removes the
 * rendition whenever the logo is stored or removed, so one that exists always belongs to the current SVG; reports
 * print it in the SVG's place, and the pharmacy's name when there is none. Pure.
 */

/** The rendition's longest side in pixels: a logo prints at most 48 pt high, so 600 px is sharp at any size. */
export const LOGO_PRINT_LONGEST_SIDE = 600;

/** The rendition's object name, beside the logo (`<pharmacy_id>/logo`); the storage policies name it exactly. */
export function pharmacyLogoPrintPath(pharmacyId: string): string {
  return `${pharmacyId}/logo-print.png`;
}

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * The rendition's size for a drawing of `width` × `height` (any unit): the longest side LOGO_PRINT_LONGEST_SIDE, the
 * aspect kept, at least 1 px each way; null when the size is not a positive finite one.
 */
export function logoPrintSize(width: number, height: number): PixelSize | null {
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) return null;
  const scale = LOGO_PRINT_LONGEST_SIDE / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A length attribute in user units (a plain number or px); percentages and other units say nothing of the aspect. */
function userLength(value: string | undefined): number | null {
  const match = value === undefined ? null : /^\s*(\d+(?:\.\d+)?|\.\d+)(?:px)?\s*$/.exec(value);
  const length = match ? Number(match[1]) : Number.NaN;
  return length > 0 && Number.isFinite(length) ? length : null;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * The drawing's size as its root <svg> element states it: width and height in user units, else the viewBox's.
 * Browsers give an <img> of an SVG with only a viewBox no natural size, so the canvas is sized from this. Null when
 * neither says (the caller falls back to the image's natural size). Reads the first <svg …> start tag only.
 */
export function svgDrawingSize(svg: string): PixelSize | null {
  const tag = /<svg\b[^>]{0,4000}>/i.exec(svg.slice(0, 64 * 1024))?.[0];
  if (tag === undefined) return null;
  const width = userLength(attribute(tag, 'width'));
  const height = userLength(attribute(tag, 'height'));
  if (width !== null && height !== null) return { width, height };
  const viewBox = attribute(tag, 'viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (viewBox?.length !== 4 || !viewBox.every(Number.isFinite)) return null;
  const [, , boxWidth = 0, boxHeight = 0] = viewBox;
  return boxWidth > 0 && boxHeight > 0 ? { width: boxWidth, height: boxHeight } : null;
}
