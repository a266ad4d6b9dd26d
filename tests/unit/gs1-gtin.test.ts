/**
 * GTIN-14 check digits and the US drug GTIN ↔ NDC mapping (shared/src/inventory/gtin.ts). Check digits are worked
 * by hand in the comments: weights 3 and 1 alternate from the rightmost digit before the check digit (weight 3).
 */
import { describe, expect, it } from 'vitest';
import { GTIN_MESSAGES, gs1CheckDigit, gtinForNdc, isValidGtin14, labelerFormatsFitting, ndc11CandidatesOf, readUsDrugGtin } from '../../shared/src/inventory/gtin.ts';

describe('gs1CheckDigit', () => {
  it.each([
    // EAN-13 4006381333931: 4·1+0·3+0·1+6·3+3·1+8·3+1·1+3·3+3·1+3·3+9·1+3·3 = 89 → 1
    ['400638133393', 1],
    // UPC-A 036000291452: 0·3+3·1+6·3+0·1+0·3+0·1+2·3+9·1+1·3+4·1+5·3 = 58 → 2
    ['03600029145', 2],
    // GTIN-14 0030071015523?: 0·3+0+3·3+0+0·3+7+1·3+0+1·3+5+5·3+2+3·3 = 53 → 7
    ['0030071015523', 7],
    // SSCC 00614141000000001?: 6·3+1+4·3+1+4·3+1+1·3 = 48 → 2
    ['00614141000000001', 2],
    // a sum that is already a multiple of 10 gives 0: 0000000000000 → 0
    ['0000000000000', 0],
  ])('%s → %i', (digits, check) => {
    expect(gs1CheckDigit(digits)).toBe(check);
  });

  it('isValidGtin14 takes 14 digits with the right last digit only', () => {
    expect(isValidGtin14('00300710155237')).toBe(true);
    expect(isValidGtin14('00300710155238')).toBe(false);
    expect(isValidGtin14('0300710155237')).toBe(false);
    expect(isValidGtin14('0030071015523A')).toBe(false);
  });
});

describe('readUsDrugGtin', () => {
  it('Lipitor 10 mg ×90, NDC 0071-0155-23 (4-4-2): the three candidates, the 4-4-2 one being the real NDC', () => {
    expect(readUsDrugGtin('00300710155237')).toEqual({
      ok: true,
      value: {
        gtin: '00300710155237',
        packagingIndicator: 0,
        ndc10: '0071015523',
        ndc11Candidates: [
          { ndc11: '00071015523', format: '4-4-2', display: '0071-0155-23' },
          { ndc11: '00710015523', format: '5-3-2', display: '00710-155-23' },
          { ndc11: '00710155203', format: '5-4-1', display: '00710-1552-3' },
        ],
      },
    });
  });

  it('a case level (indicator 5) of NDC 60505-2671-9 (5-4-1)', () => {
    // 5036050526719?: 5·3+0+3·3+6+0·3+5+0·3+5+2·3+6+7·3+1+9·3 = 101 → 9
    const read = readUsDrugGtin('50360505267199');
    expect(read.ok && read.value.packagingIndicator).toBe(5);
    expect(read.ok && read.value.ndc11Candidates.map((candidate) => candidate.ndc11)).toEqual(['06050526719', '60505026719', '60505267109']);
  });

  it('refuses a wrong check digit before anything else, and a GTIN that is not a US drug NDC', () => {
    expect(readUsDrugGtin('00300710155230')).toEqual({ ok: false, error: GTIN_MESSAGES.checkDigit });
    // 0401234567890?: 0+4+0+1+2·3+3+4·3+5+6·3+7+8·3+9+0 = 89 → 1: a valid GTIN with company prefix 40 (Germany)
    expect(readUsDrugGtin('04012345678901')).toEqual({ ok: false, error: 'GTIN 04012345678901 is not a US drug NDC: its company prefix is not 03' });
    expect(readUsDrugGtin('003007101552')).toEqual({ ok: false, error: GTIN_MESSAGES.digits });
  });
});

describe('ndc11CandidatesOf', () => {
  it('places the zero before the labeler, the product and the package', () => {
    expect(ndc11CandidatesOf('1234567890').map((candidate) => candidate.ndc11)).toEqual(['01234567890', '12345067890', '12345678900']);
  });
});

describe('gtinForNdc', () => {
  it.each([
    ['00071015523', '4-4-2', 0, '00300710155237'],
    // 0035901141010?: 0+0+3·3+5+9·3+0+1·3+1+4·3+1+0+1+0 = 59 → 1
    ['59011041010', '5-3-2', 0, '00359011410101'],
    ['60505267109', '5-4-1', 5, '50360505267199'],
  ] as const)('%s written %s, indicator %i → %s', (ndc11, format, indicator, gtin) => {
    expect(gtinForNdc(ndc11, format, indicator)).toBe(gtin);
  });

  it('the labeler formats a code fits are those with a zero where the format adds one', () => {
    expect(labelerFormatsFitting('00071015523')).toEqual(['4-4-2', '5-3-2']);
    expect(labelerFormatsFitting('59011041010')).toEqual(['5-3-2']);
    expect(labelerFormatsFitting('12345067800')).toEqual(['5-3-2', '5-4-1']);
    expect(labelerFormatsFitting('12345678912')).toEqual([]);
  });

  it('reads back: the GTIN of an NDC in a format lists that NDC and format among its candidates', () => {
    for (const ndc11 of ['00071015523', '59011041010', '60505267109', '00002322730', '12345067800']) {
      for (const format of labelerFormatsFitting(ndc11)) {
        const read = readUsDrugGtin(gtinForNdc(ndc11, format));
        expect(read.ok && read.value.ndc11Candidates.find((candidate) => candidate.format === format)?.ndc11).toBe(ndc11);
      }
    }
  });

  it('throws on a code that cannot be in the format and on an indicator outside 0–8 (programmer input)', () => {
    expect(() => gtinForNdc('59011041010', '4-4-2')).toThrow(/cannot be written as 4-4-2/);
    expect(() => gtinForNdc('0007101552', '4-4-2')).toThrow(/11 digits/);
    expect(() => gtinForNdc('00071015523', '4-4-2', 9)).toThrow(/0–8/);
  });
});
