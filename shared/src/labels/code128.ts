/**
 * Code 128 subset B (printable ASCII 32–126): the symbol values of a text (Start B, one value per
 * character, the modulo-103 check value, Stop), their bar/space modules, and an inline SVG of them for
 * printed labels. Subset B alone keeps the encoder small; an Rx number is short, so subset C's packing of
 * digit pairs would save little width on a 4 in label.
 */

export const CODE128_START_B = 104;
export const CODE128_STOP = 106;
const FIRST_PRINTABLE = 32;
const LAST_PRINTABLE = 126;
/** Blank modules each side of the symbol: the standard's minimum quiet zone is ten module widths. */
const QUIET_ZONE_MODULES = 10;

/**
 * Bar and space widths (bar first, in modules) of symbol values 0..106; each symbol is 11 modules wide,
 * the stop symbol 13 (it ends with its two-module termination bar).
 */
const SYMBOL_WIDTHS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

/** The modules of one symbol value: '1' a bar module, '0' a space module. */
export function code128SymbolModules(value: number): string {
  const widths = SYMBOL_WIDTHS[value];
  if (widths === undefined) throw new RangeError(`Code 128 has no symbol value ${value}`);
  let modules = '';
  for (let index = 0; index < widths.length; index++) {
    modules += (index % 2 === 0 ? '1' : '0').repeat(Number(widths[index]));
  }
  return modules;
}

/** Whether every character of `text` is in subset B (and there is at least one). */
export function isCode128BText(text: string): boolean {
  if (text.length === 0) return false;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code < FIRST_PRINTABLE || code > LAST_PRINTABLE) return false;
  }
  return true;
}

/** The check value: Start B plus each data value times its position (1-based), modulo 103. */
export function code128Checksum(dataValues: readonly number[]): number {
  let sum = CODE128_START_B;
  dataValues.forEach((value, index) => {
    sum += value * (index + 1);
  });
  return sum % 103;
}

/** Every symbol value of `text` in subset B: Start B, the data, the check value, Stop. */
export function encodeCode128B(text: string): number[] {
  if (!isCode128BText(text)) {
    throw new RangeError('Code 128 subset B encodes one or more printable ASCII characters (space to ~)');
  }
  const dataValues = [...text].map((character) => character.codePointAt(0)! - FIRST_PRINTABLE);
  return [CODE128_START_B, ...dataValues, code128Checksum(dataValues), CODE128_STOP];
}

/** The bar/space modules of `text` (no quiet zone). */
export function code128Modules(text: string): string {
  return encodeCode128B(text).map(code128SymbolModules).join('');
}

export interface Code128SvgOptions {
  /** Width of one module in the SVG's user units (the SVG scales to its width/height attributes). */
  moduleWidth?: number;
  height?: number;
  /** CSS width and height of the element, e.g. '2.2in' and '0.45in'. */
  cssWidth?: string;
  cssHeight?: string;
}

/**
 * An inline SVG of `text` as Code 128 B: one rect per bar (adjacent bar modules merged), quiet zones each
 * side, `shape-rendering: crispEdges` so printers get sharp edges. The text is not drawn; the label prints
 * the Rx number beside it. `aria-label` names what it encodes.
 */
export function code128Svg(text: string, options: Code128SvgOptions = {}): string {
  const moduleWidth = options.moduleWidth ?? 1;
  const height = options.height ?? 40;
  const modules = code128Modules(text);
  const totalWidth = (modules.length + 2 * QUIET_ZONE_MODULES) * moduleWidth;
  const rects: string[] = [];
  let index = 0;
  while (index < modules.length) {
    if (modules[index] === '1') {
      let end = index;
      while (modules[end] === '1') end++;
      rects.push(`<rect x="${(QUIET_ZONE_MODULES + index) * moduleWidth}" y="0" width="${(end - index) * moduleWidth}" height="${height}"/>`);
      index = end;
    } else {
      index++;
    }
  }
  const size = `${options.cssWidth ? ` width="${options.cssWidth}"` : ''}${options.cssHeight ? ` height="${options.cssHeight}"` : ''}`;
  const label = escapeAttribute(`Code 128 barcode of ${text}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="barcode" role="img" aria-label="${label}" data-code128="${escapeAttribute(text)}"` +
    ` viewBox="0 0 ${totalWidth} ${height}"${size} preserveAspectRatio="none" shape-rendering="crispEdges">` +
    `<rect x="0" y="0" width="${totalWidth}" height="${height}" fill="#fff"/><g fill="#000">${rects.join('')}</g></svg>`
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
