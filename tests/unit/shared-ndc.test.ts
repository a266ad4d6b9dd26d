/**
 * NDC parsing and normalisation (shared/src/drugs/ndc.ts): every accepted format to its 11 digits and display,
 * every refusal with its reason, the list and body schemas of sync and pricing.
 */
import { describe, expect, it } from 'vitest';
import {
  NDC_LIST_MAX, NDC_LIST_MESSAGES, NDC_MESSAGES, formatNdc, labelerFormatOf, ndcNumbersSchema, ndcSchema, parseNdc, parseNdcList,
  parseProductNdc, splitNdcInput,
} from '../../shared/src/drugs/ndc.ts';

describe('parseNdc', () => {
  it.each([
    ['0071-0155-23', '00071015523', '4-4-2', '0071-0155-23'],
    ['59011-410-10', '59011041010', '5-3-2', '59011-410-10'],
    ['60505-2671-9', '60505267109', '5-4-1', '60505-2671-9'],
    ['00071-0155-23', '00071015523', '5-4-2', '00071-0155-23'],
    ['00071015523', '00071015523', '5-4-2', '00071-0155-23'],
    ['  59011-410-10 ', '59011041010', '5-3-2', '59011-410-10'],
  ])('%s → %s (%s), shown %s', (input, ndc11, format, display) => {
    expect(parseNdc(input)).toEqual({ ok: true, ndc: { ndc11, format, display } });
  });

  it('places the zero on the short segment, so the three labeler formats of one code differ', () => {
    expect(['1234-5678-90', '12345-678-90', '12345-6789-0'].map((input) => (parseNdc(input) as { ndc: { ndc11: string } }).ndc.ndc11)).toEqual([
      '01234567890',
      '12345067890',
      '12345678900',
    ]);
  });

  it.each([
    ['', NDC_MESSAGES.empty],
    ['   ', NDC_MESSAGES.empty],
    ['0071-0155-2a', NDC_MESSAGES.characters('0071-0155-2a')],
    ['0071 0155 23', NDC_MESSAGES.characters('0071 0155 23')],
    ['0071-015523', NDC_MESSAGES.segments('0071-015523')],
    ['0071-0155-23-1', NDC_MESSAGES.segments('0071-0155-23-1')],
    ['0071--015523', NDC_MESSAGES.segments('0071--015523')],
    ['-0071-0155', NDC_MESSAGES.segments('-0071-0155')],
    ['071-0155-23', NDC_MESSAGES.segmentLengths('071-0155-23')],
    ['0071-155-23', NDC_MESSAGES.segmentLengths('0071-155-23')],
    ['123456-78-90', NDC_MESSAGES.segmentLengths('123456-78-90')],
    ['0071015523', NDC_MESSAGES.ambiguousTenDigits('0071015523')],
    ['000710155', NDC_MESSAGES.digitCount('000710155', 9)],
    ['000710155231', NDC_MESSAGES.digitCount('000710155231', 12)],
  ])('refuses %j: %s', (input, error) => {
    expect(parseNdc(input)).toEqual({ ok: false, error });
  });
});

describe('display', () => {
  it('shows the 11 digits in a labeler format when the zero is where that format puts it, else 5-4-2', () => {
    expect(formatNdc('00071015523', '4-4-2')).toBe('0071-0155-23');
    expect(formatNdc('59011041010', '5-3-2')).toBe('59011-410-10');
    expect(formatNdc('60505267109', '5-4-1')).toBe('60505-2671-9');
    expect(formatNdc('60505267109')).toBe('60505-2671-09');
    expect(formatNdc('12345678901', '4-4-2')).toBe('12345-6789-01');
    expect(() => formatNdc('123')).toThrow('11 digits');
  });

  it('tells the labeler format of a hyphenated package NDC', () => {
    expect(['0071-0155-23', '59011-410-10', '60505-2671-9', '00071-0155-23', '12-3'].map(labelerFormatOf)).toEqual(['4-4-2', '5-3-2', '5-4-1', null, null]);
  });
});

describe('product NDCs', () => {
  it('take labeler-product in 4-4, 5-3 or 5-4, as the 11-digit form\'s first 9 digits', () => {
    expect(parseProductNdc('0071-0155')).toEqual({ ok: true, product: { ndc9: '000710155', display: '0071-0155' } });
    expect(parseProductNdc('59011-410')).toEqual({ ok: true, product: { ndc9: '590110410', display: '59011-410' } });
    expect(parseProductNdc('60505-2671')).toEqual({ ok: true, product: { ndc9: '605052671', display: '60505-2671' } });
    for (const input of ['071-0155', '0071-155', '00071-01555', '0071-0155-23', 'lipitor']) {
      expect(parseProductNdc(input)).toEqual({ ok: false, error: NDC_MESSAGES.productSegments(input) });
    }
  });
});

describe('lists of NDCs', () => {
  it('split the Database Sync input at commas and new lines, trimmed, empty entries dropped', () => {
    expect(splitNdcInput(' 0071-0155-23, ,59011-410-10\n60505-2671-9,\r\n')).toEqual(['0071-0155-23', '59011-410-10', '60505-2671-9']);
    expect(splitNdcInput(' , ')).toEqual([]);
  });

  it('keep each valid code once (by its 11 digits) and give each malformed one its reason', () => {
    expect(parseNdcList(['0071-0155-23', '00071015523', '12-34', '59011-410-10'])).toEqual({
      valid: [
        { ndc11: '00071015523', format: '4-4-2', display: '0071-0155-23' },
        { ndc11: '59011041010', format: '5-3-2', display: '59011-410-10' },
      ],
      invalid: [{ input: '12-34', error: NDC_MESSAGES.segments('12-34') }],
    });
  });

  it('the sync and pricing body needs at least one non-empty NDC, trims them, and takes malformed ones for sync to report', () => {
    expect(ndcNumbersSchema.parse({ ndcNumbers: [' 0071-0155-23 ', '', 'bad'] })).toEqual({ ndcNumbers: ['0071-0155-23', 'bad'] });
    for (const body of [{}, { ndcNumbers: [] }, { ndcNumbers: ['  ', ''] }, { ndcNumbers: 'x' }]) {
      const result = ndcNumbersSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([NDC_LIST_MESSAGES.required]);
    }
    expect(ndcNumbersSchema.safeParse({ ndcNumbers: [1] }).error?.issues.map((issue) => issue.message)).toEqual([NDC_LIST_MESSAGES.entry]);
    expect(ndcNumbersSchema.safeParse({ ndcNumbers: ['x'.repeat(21)] }).error?.issues.map((issue) => issue.message)).toEqual([NDC_LIST_MESSAGES.entry]);
    const tooMany = Array.from({ length: NDC_LIST_MAX + 1 }, () => '0071-0155-23');
    expect(ndcNumbersSchema.safeParse({ ndcNumbers: tooMany }).error?.issues.map((issue) => issue.message)).toEqual([NDC_LIST_MESSAGES.tooMany]);
  });

  it('one NDC field parses to the 11 digits or refuses with the reason', () => {
    expect(ndcSchema.parse('60505-2671-9')).toEqual({ ndc11: '60505267109', format: '5-4-1', display: '60505-2671-9' });
    expect(ndcSchema.safeParse('0071015523').error?.issues.map((issue) => issue.message)).toEqual([NDC_MESSAGES.ambiguousTenDigits('0071015523')]);
  });
});
