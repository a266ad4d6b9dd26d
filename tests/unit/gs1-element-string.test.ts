/**
 * GS1 element strings as scanned off a drug package's DataMatrix (shared/src/inventory/gs1.ts): both forms,
 * symbology identifiers, GS stand-ins, the fixed and variable AI lengths of the GS1 General Specifications
 * (Figure 7.8.4-2), dates (DD 00, the century rule of section 7.12), character set 82, and every refusal.
 *
 * Fixtures: NDC 0071-0155-23 (4-4-2) is GTIN 00300710155237 — 0·3+0+3·3+0+0·3+7+1·3+0+1·3+5+5·3+2+3·3 = 53,
 * check 7. The made-up NDC 1234-5678-90 is GTIN 00312345678906 — 0+0+3·3+1+2·3+3+4·3+5+6·3+7+8·3+9+0·3 = 94,
 * check 6. Dates are read against 2026-06-01 unless a test says otherwise.
 */
import { describe, expect, it } from 'vitest';
import { GS1_MESSAGES, MAX_SCAN_CHARS, gs1DateToIso, gs1Year, packageElementString, parseGs1ElementString } from '../../shared/src/inventory/gs1.ts';

const GS = '\u001d';
const options = { referenceDate: '2026-06-01' };
const parse = (input: string) => parseGs1ElementString(input, options);

function valueOf(input: string) {
  const parsed = parse(input);
  if (!parsed.ok) throw new Error(`expected ${JSON.stringify(input)} to be read, got: ${parsed.error}`);
  return parsed.value;
}

function errorOf(input: string, referenceDate = options.referenceDate) {
  const parsed = parseGs1ElementString(input, { referenceDate });
  if (parsed.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return parsed.error;
}

/** The DSCSA product identifier every form below carries. */
const LIPITOR = {
  gtin: '00300710155237',
  packagingIndicator: 0,
  ndc10: '0071015523',
  ndc11Candidates: [
    { ndc11: '00071015523', format: '4-4-2', display: '0071-0155-23' },
    { ndc11: '00710015523', format: '5-3-2', display: '00710-155-23' },
    { ndc11: '00710155203', format: '5-4-1', display: '00710-1552-3' },
  ],
  expiration: '2027-12-31',
  lot: 'GR7845',
  serial: '10016550749981',
  fields: [
    { ai: '01', value: '00300710155237' },
    { ai: '17', value: '271231' },
    { ai: '10', value: 'GR7845' },
    { ai: '21', value: '10016550749981' },
  ],
  elementString: '(01)00300710155237(17)271231(10)GR7845(21)10016550749981',
  warnings: [],
};

describe('parseGs1ElementString: the two forms', () => {
  it('reads the human-readable form', () => {
    const input = '(01)00300710155237(17)271231(10)GR7845(21)10016550749981';
    expect(parse(input)).toEqual({ ok: true, value: { ...LIPITOR, form: 'human-readable', raw: input } });
  });

  it('reads the raw form: fixed fields back to back, GS after the lot, the serial ending the data', () => {
    const input = `01003007101552371727123110GR7845${GS}2110016550749981`;
    expect(parse(input)).toEqual({ ok: true, value: { ...LIPITOR, form: 'raw', raw: input } });
  });

  it('reads the human-readable form with spaces around the fields, as typed off the carton', () => {
    expect(valueOf(' (01) 00300710155237 (17) 271231 (10) GR7845 (21) 10016550749981 ')).toMatchObject({
      gtin: LIPITOR.gtin,
      lot: 'GR7845',
      serial: '10016550749981',
    });
  });

  it('reads the fields in any order: the serial before the expiry, ended by GS', () => {
    const value = valueOf(`010030071015523721ABC-123/9${GS}1727123110GR7845`);
    expect(value).toMatchObject({ expiration: '2027-12-31', lot: 'GR7845', serial: 'ABC-123/9' });
    expect(value.elementString).toBe('(01)00300710155237(21)ABC-123/9(17)271231(10)GR7845');
  });

  it('keeps a lot containing "(" in the raw form, where parentheses are data', () => {
    expect(valueOf(`01003007101552371727123110AB(12)C${GS}21XYZ`)).toMatchObject({ lot: 'AB(12)C', serial: 'XYZ' });
  });

  it('a variable field last needs no GS; a GS after a fixed field or at the end is tolerated', () => {
    expect(valueOf('0100300710155237172712312110016550749981')).toMatchObject({ serial: '10016550749981', expiration: '2027-12-31' });
    expect(valueOf(`01003007101552371727123110GR7845${GS}`)).toMatchObject({ lot: 'GR7845' });
    expect(valueOf(`0100300710155237${GS}17271231${GS}10GR7845`)).toMatchObject({ lot: 'GR7845' });
  });

  it('reads a case level (indicator 5) and keeps other package fields in order', () => {
    // 5036050526719?: 5·3+0+3·3+6+0·3+5+0·3+5+2·3+6+7·3+1+9·3 = 101 → 9; (11) production date, (30) count 12
    const value = valueOf(`01503605052671991125010117290300${GS}3012${GS}10L1`);
    expect(value.packagingIndicator).toBe(5);
    expect(value.ndc11Candidates[2]).toEqual({ ndc11: '60505267109', format: '5-4-1', display: '60505-2671-9' });
    expect(value.expiration).toBe('2029-03-31');
    expect(value.fields).toEqual([
      { ai: '01', value: '50360505267199' },
      { ai: '11', value: '250101' },
      { ai: '17', value: '290300' },
      { ai: '30', value: '12' },
      { ai: '10', value: 'L1' },
    ]);
  });

  it('skips predefined-length fields it only checks: an SSCC (00), a net weight (3103), a GLN (414)', () => {
    // SSCC 00614141000000001?: 6·3+1+4·3+1+4·3+1+1·3 = 48 → 2.
    // GLN 061414100001?: weights 1,3,… from the left (3 on the rightmost) → 6·3+1+4·3+1+4·3+1+1·3 = 48 → 2.
    const value = valueOf('(00)006141410000000012(01)00300710155237(3103)000250(414)0614141000012(17)271231');
    expect(value.fields.map((field) => field.ai)).toEqual(['00', '01', '3103', '414', '17']);
    expect(valueOf('00006141410000000012010030071015523731030002504140614141000012172712312199').serial).toBe('99');
  });
});

describe('parseGs1ElementString: what the scanner adds', () => {
  it.each([']d2', ']C1', ']Q3', ']e0'])('drops the GS1 symbology identifier %s', (identifier) => {
    expect(valueOf(`${identifier}01003007101552371727123110GR7845${GS}21S1`)).toMatchObject({ lot: 'GR7845', serial: 'S1', form: 'raw' });
  });

  it('drops a leading FNC1 sent as GS, and trailing CR, LF and Tab', () => {
    expect(valueOf(`]d2${GS}01003007101552371727123110GR7845\r\n`)).toMatchObject({ lot: 'GR7845' });
    expect(valueOf('(01)00300710155237(17)271231\t')).toMatchObject({ expiration: '2027-12-31' });
  });

  it.each(['<GS>', '<gs>', '\\u001d', '\\x1D', '^]', '\u241d', '\u2194'])('reads %s as GS', (separator) => {
    expect(valueOf(`01003007101552371727123110GR7845${separator}21S1`)).toMatchObject({ lot: 'GR7845', serial: 'S1' });
  });

  it('refuses a barcode of another symbology, and says a linear UPC has no lot or expiry', () => {
    expect(errorOf(']d1HELLO')).toBe(GS1_MESSAGES.notGs1Symbology(']d1'));
    expect(errorOf(']d1HELLO')).toBe('The scan is not a GS1 barcode (symbology ]d1): scan the package\'s GS1 DataMatrix');
    expect(errorOf(']E00300710155237')).toBe(GS1_MESSAGES.linearBarcode);
    expect(errorOf('300710155237')).toBe(GS1_MESSAGES.linearBarcode);
  });
});

describe('dates', () => {
  it('DD 00 is the last day of the month, leap years included', () => {
    expect(valueOf('(01)00300710155237(17)280200').expiration).toBe('2028-02-29');
    expect(valueOf('(01)00300710155237(17)270200').expiration).toBe('2027-02-28');
    expect(valueOf('(01)00300710155237(17)271100').expiration).toBe('2027-11-30');
  });

  it('century rule: YY within −49..+50 years of the reference year', () => {
    // reference 2026: 76 − 26 = 50 → this century; 77 − 26 = 51 → the previous one
    expect(gs1Year(76, 2026)).toBe(2076);
    expect(gs1Year(77, 2026)).toBe(1977);
    // reference 2080: 30 − 80 = −50 → the next century; 31 − 80 = −49 → this one
    expect(gs1Year(30, 2080)).toBe(2130);
    expect(gs1Year(31, 2080)).toBe(2031);
    expect(gs1Year(0, 1999)).toBe(2000);
    expect(parseGs1ElementString('(01)00300710155237(17)760131', { referenceDate: '2026-06-01' })).toMatchObject({ value: { expiration: '2076-01-31' } });
    expect(parseGs1ElementString('(01)00300710155237(17)770131', { referenceDate: '2026-06-01' })).toMatchObject({ value: { expiration: '1977-01-31' } });
    expect(parseGs1ElementString('(01)00300710155237(17)300131', { referenceDate: new Date(2080, 5, 1) })).toMatchObject({ value: { expiration: '2130-01-31' } });
  });

  it('refuses what is not a date', () => {
    expect(gs1DateToIso('271301', 2026)).toBeNull();
    expect(errorOf('(01)00300710155237(17)271301')).toBe('The barcode\'s expiry date (17) 271301 is not a date (YYMMDD)');
    expect(errorOf('(01)00300710155237(17)270229')).toBe(GS1_MESSAGES.invalidDate('17', 'expiry date', '270229'));
    expect(errorOf('(01)00300710155237(17)270431')).toBe(GS1_MESSAGES.invalidDate('17', 'expiry date', '270431'));
    expect(errorOf('(01)00300710155237(17)2712')).toBe(GS1_MESSAGES.fixedLength('17', 'expiry date', 6));
    expect(errorOf('(01)00300710155237(17)27AB31')).toBe(GS1_MESSAGES.digitsOnly('17', 'expiry date'));
  });
});

describe('refusals', () => {
  it('empty input, and input of only whitespace', () => {
    expect(errorOf('')).toBe('Scan the package\'s barcode or type its data');
    expect(errorOf(' \r\n')).toBe(GS1_MESSAGES.empty);
  });

  it('refuses 10,000 characters by their length, before reading them', () => {
    expect(errorOf(`01003007101552371727123110${'A'.repeat(9_974)}`)).toBe(GS1_MESSAGES.tooLong);
    expect(errorOf('('.repeat(10_000))).toBe(GS1_MESSAGES.tooLong);
    expect(MAX_SCAN_CHARS).toBe(512);
  });

  it('a wrong GTIN check digit', () => {
    expect(errorOf('(01)00300710155238(17)271231')).toBe('The barcode\'s GTIN check digit is wrong: scan again or type it');
    expect(errorOf('01003007101552381727123110A')).toBe(GS1_MESSAGES.gtinCheckDigit);
  });

  it('a GTIN that is not a US drug NDC (company prefix 40)', () => {
    // 0401234567890?: 0+4+0+1+2·3+3+4·3+5+6·3+7+8·3+9+0 = 89 → 1
    expect(errorOf('(01)04012345678901(17)271231')).toBe(GS1_MESSAGES.notUsDrug('04012345678901'));
    expect(errorOf('(01)04012345678901(17)271231')).toBe('GTIN 04012345678901 is not a US drug NDC: its company prefix is not 03');
  });

  it('no GTIN, no expiry', () => {
    expect(errorOf('(17)271231(10)A')).toBe('The barcode has no product code (GTIN, 01)');
    expect(errorOf('(01)00300710155237(10)A(21)B')).toBe('The barcode has no expiry date (17)');
  });

  it('a lot or serial over 20 characters, or with characters outside set 82', () => {
    expect(valueOf(`(01)00300710155237(17)271231(10)${'L'.repeat(20)}`).lot).toBe('L'.repeat(20));
    expect(errorOf(`(01)00300710155237(17)271231(10)${'L'.repeat(21)}`)).toBe('The barcode\'s lot number (10) is longer than 20 characters');
    expect(errorOf(`01003007101552371727123121${'S'.repeat(21)}`)).toBe(`${GS1_MESSAGES.fieldTooLong('21', 'serial number', 20)}; ${GS1_MESSAGES.separatorHint}`);
    expect(errorOf(`01003007101552371727123110AB C${GS}21X`)).toBe(GS1_MESSAGES.characters('10', 'lot number'));
    expect(errorOf('(01)00300710155237(17)271231(21)X#1')).toBe(GS1_MESSAGES.characters('21', 'serial number'));
    expect(errorOf(`01003007101552371727123110${GS}21X`)).toBe('The barcode\'s lot number (10) is empty');
  });

  it('an AI it does not read, named', () => {
    expect(errorOf(`0100300710155237172712312401234${GS}10A`)).toBe('The barcode has a field this screen does not read (AI 240): type the product details instead');
    expect(errorOf('(01)00300710155237(17)271231(7003)2712312359')).toBe(GS1_MESSAGES.unsupportedAi('7003'));
    expect(errorOf('(01)00300710155237(17)271231(14)271231')).toBe(GS1_MESSAGES.unsupportedAi('14'));
    expect(errorOf('(01)00300710155237(17)271231(710)12345')).toBe(GS1_MESSAGES.unsupportedAi('710'));
  });

  it('the same AI twice', () => {
    expect(errorOf('(01)00300710155237(17)271231(10)A(10)B')).toBe(GS1_MESSAGES.duplicate('10'));
  });

  it('a fixed field cut short, by the end or by a GS', () => {
    expect(errorOf('01003007101552')).toBe(GS1_MESSAGES.cutShort('01', 'GTIN'));
    expect(errorOf(`01003007101552${GS}172712`)).toBe('The barcode\'s GTIN (01) is cut short: scan again or type it');
  });

  it('a wrong SSCC check digit', () => {
    expect(errorOf('(00)006141410000000013(01)00300710155237(17)271231')).toBe(GS1_MESSAGES.checkDigit('00', 'shipping container code (SSCC)'));
  });

  it('text that is not an element string', () => {
    expect(errorOf('hello')).toBe(GS1_MESSAGES.notElementString);
    expect(errorOf('x(01)00300710155237(17)271231')).toBe(GS1_MESSAGES.notElementString);
    expect(errorOf('(01)00300710155237(17)271231XYZ')).toBe(GS1_MESSAGES.digitsOnly('17', 'expiry date'));
    expect(errorOf('(01)00300710155237(17)2712311')).toBe(GS1_MESSAGES.fixedLength('17', 'expiry date', 6));
    expect(errorOf('0100300710155237172712317A')).toBe(GS1_MESSAGES.unreadableAt('7A'));
  });
});

describe('a scanner that sends no separator', () => {
  it('when the serial swallows the expiry and the lot, the error says why', () => {
    expect(errorOf('010030071015523721S11727123110L1')).toBe(
      'The barcode has no expiry date (17); the scanner may not be sending the separator (GS) between fields: set it to send GS or <GS>, or type the details',
    );
  });

  it('when the lot swallows the serial, the scan is read with a warning', () => {
    const value = valueOf('01003007101552371727123110GR784521S1234');
    expect(value.lot).toBe('GR784521S1234');
    expect(value.serial).toBeUndefined();
    expect(value.warnings).toEqual([GS1_MESSAGES.noSerial, GS1_MESSAGES.lotMayHoldSerial]);
  });

  it('a scan with separators and no serial only warns that it has none', () => {
    expect(valueOf('(01)00300710155237(17)271231(10)GR7845').warnings).toEqual([GS1_MESSAGES.noSerial]);
  });
});

describe('packageElementString', () => {
  const identifier = { gtin: '00300710155237', expiration: '2027-12-31', lot: 'GR7845', serial: '10016550749981' };

  it('builds both forms, GS only after the lot in the raw one, and reads back', () => {
    expect(packageElementString(identifier, 'human-readable')).toBe(LIPITOR.elementString);
    expect(packageElementString(identifier)).toBe(`01003007101552371727123110GR7845${GS}2110016550749981`);
    expect(packageElementString({ gtin: '00300710155237', expiration: '2027-12-31', lot: 'GR7845' })).toBe('01003007101552371727123110GR7845');
    for (const form of ['raw', 'human-readable'] as const) {
      expect(valueOf(packageElementString(identifier, form))).toMatchObject(identifier);
    }
  });

  it('throws on what cannot be encoded (programmer input)', () => {
    expect(() => packageElementString({ ...identifier, gtin: '00300710155238' })).toThrow(/GTIN/);
    expect(() => packageElementString({ ...identifier, expiration: '12/31/2027' })).toThrow(/YYYY-MM-DD/);
    expect(() => packageElementString({ ...identifier, lot: 'A B' })).toThrow(/cannot be encoded/);
  });
});
