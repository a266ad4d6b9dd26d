/**
 * Code 128 subset B: symbol values with the modulo-103 check value, the modules against the standard's
 * patterns, and the SVG's bars covering exactly the bar modules.
 */
import { describe, expect, it } from 'vitest';
import { code128Checksum, code128Modules, code128Svg, code128SymbolModules, encodeCode128B } from '../../shared/src/labels/code128.ts';

describe('Code 128 B', () => {
  it('encodes "PJJ123C" with Start B, the data values, check value 55 and Stop', () => {
    // Data values are ASCII − 32: P=48 J=42 J=42 1=17 2=18 3=19 C=35.
    // Check: (104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7) mod 103 = 879 mod 103 = 55.
    expect(encodeCode128B('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    expect(code128Checksum([48, 42, 42, 17, 18, 19, 35])).toBe(55);
  });

  it('draws the standard patterns (Start B, "1", "0", "0", "1", check, Stop for Rx 1001)', () => {
    // Values: 104, 17, 16, 16, 17; check (104 + 17 + 32 + 48 + 68) mod 103 = 269 mod 103 = 63.
    expect(encodeCode128B('1001')).toEqual([104, 17, 16, 16, 17, 63, 106]);
    expect(code128Modules('1001')).toBe(
      '11010010000' + // Start B
        '10011100110' + // "1" (17)
        '10011101100' + // "0" (16)
        '10011101100' +
        '10011100110' +
        '10100110000' + // check 63
        '1100011101011', // Stop with termination bar
    );
  });

  it('gives every value 11 modules starting with a bar and ending with a space, the stop 13', () => {
    for (let value = 0; value < 106; value++) {
      const modules = code128SymbolModules(value);
      expect(modules).toHaveLength(11);
      expect(modules.startsWith('1') && modules.endsWith('0')).toBe(true);
    }
    expect(code128SymbolModules(106)).toHaveLength(13);
    expect(new Set(Array.from({ length: 107 }, (_, value) => code128SymbolModules(value))).size).toBe(107);
  });

  it('refuses text outside printable ASCII', () => {
    expect(() => encodeCode128B('')).toThrow(RangeError);
    expect(() => encodeCode128B('Rx\n1')).toThrow(RangeError);
    expect(() => encodeCode128B('é')).toThrow(RangeError);
  });

  it('renders an SVG whose bars cover exactly the bar modules', () => {
    const svg = code128Svg('1001', { moduleWidth: 2, height: 30 });
    expect(svg.startsWith('<svg')).toBe(true);
    const widths = [...svg.matchAll(/<rect x="(\d+)" y="0" width="(\d+)" height="30"\/>/g)].map((match) => Number(match[2]));
    const barModules = [...code128Modules('1001')].filter((module) => module === '1').length;
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(barModules * 2);
  });
});
