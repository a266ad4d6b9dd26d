/**
 * The SVG logo's print rendition (shared/src/settings/pharmacy-logo-print.ts): where it is stored, the size the
 * browser draws it at (longest side 600 px, aspect kept) and the drawing's size read from the SVG's root element.
 */
import { describe, expect, it } from 'vitest';
import { pharmacyLogoPath } from '../../shared/src/settings/pharmacy-logo.ts';
import { LOGO_PRINT_LONGEST_SIDE, logoPrintSize, pharmacyLogoPrintPath, svgDrawingSize } from '../../shared/src/settings/pharmacy-logo-print.ts';

const PHARMACY = '5f0c2a8e-1b7d-4c3e-9a6f-2d8b7e1c4a90';

describe('the print rendition path', () => {
  it('sits beside the logo under the pharmacy id, with a name of its own', () => {
    expect(pharmacyLogoPrintPath(PHARMACY)).toBe(`${PHARMACY}/logo-print.png`);
    expect(pharmacyLogoPrintPath(PHARMACY)).not.toBe(pharmacyLogoPath(PHARMACY));
    expect(pharmacyLogoPrintPath(PHARMACY).split('/')[0]).toBe(pharmacyLogoPath(PHARMACY).split('/')[0]);
  });
});

describe('logoPrintSize', () => {
  it('scales the longest side to 600 px, keeping the aspect, up or down', () => {
    expect(LOGO_PRINT_LONGEST_SIDE).toBe(600);
    expect(logoPrintSize(160, 48)).toEqual({ width: 600, height: 180 });
    expect(logoPrintSize(48, 160)).toEqual({ width: 180, height: 600 });
    expect(logoPrintSize(2400, 1200)).toEqual({ width: 600, height: 300 });
    expect(logoPrintSize(10, 10)).toEqual({ width: 600, height: 600 });
    expect(logoPrintSize(100, 33.3)).toEqual({ width: 600, height: 200 });
  });

  it('keeps at least one pixel on the short side of a very thin drawing', () => {
    expect(logoPrintSize(100_000, 1)).toEqual({ width: 600, height: 1 });
  });

  it('has no size for an empty, negative or unknown one', () => {
    for (const [width, height] of [[0, 10], [10, 0], [-5, 10], [Number.NaN, 10], [10, Number.POSITIVE_INFINITY]] as const) {
      expect(logoPrintSize(width, height), `${width} × ${height}`).toBeNull();
    }
  });
});

describe('svgDrawingSize', () => {
  it('reads width and height in user units or px from the root element', () => {
    expect(svgDrawingSize('<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 80 80"/>')).toEqual({ width: 160, height: 48 });
    expect(svgDrawingSize(`<?xml version="1.0"?>\n<svg width='120px' height='30.5px'><rect width="5" height="5"/></svg>`)).toEqual({ width: 120, height: 30.5 });
  });

  it('falls back to the viewBox when width or height is missing or relative', () => {
    expect(svgDrawingSize('<svg viewBox="0 0 300 100"><rect stroke-width="4" width="10" height="10"/></svg>')).toEqual({ width: 300, height: 100 });
    expect(svgDrawingSize('<svg width="100%" height="50%" viewBox="-10,-10,  40,20"/>')).toEqual({ width: 40, height: 20 });
    expect(svgDrawingSize('<svg width="10cm" height="2cm" viewBox="0 0 50 10"/>')).toEqual({ width: 50, height: 10 });
    // Only the root's attributes count, not a child's width or a stroke-width.
    expect(svgDrawingSize('<svg stroke-width="3" viewBox="0 0 8 4"><rect width="99" height="99"/></svg>')).toEqual({ width: 8, height: 4 });
  });

  it('has no size when the root says none, or there is no svg element', () => {
    expect(svgDrawingSize('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>')).toBeNull();
    expect(svgDrawingSize('<svg viewBox="0 0 0 10"/>')).toBeNull();
    expect(svgDrawingSize('<svg viewBox="0 0 ten 10"/>')).toBeNull();
    expect(svgDrawingSize('<svg viewBox="0 0 10"/>')).toBeNull();
    expect(svgDrawingSize('<html><body>no drawing</body></html>')).toBeNull();
    expect(svgDrawingSize('')).toBeNull();
  });
});
