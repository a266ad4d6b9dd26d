/**
 * The prescriber credential rules of shared/src/prescribers: the NPI check digit (CMS's Luhn over 80840 and the
 * first nine digits), the DEA number's last-name letter (beside common/field-rules.ts's check digit), and the
 * OIG LEIE UPDATED.csv parser on a fixture written in the official header (tests/fixtures/leie).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValidDeaNumber } from '../../shared/src/common/field-rules.ts';
import { deaLastNameWarning } from '../../shared/src/prescribers/dea.ts';
import { LEIE_HEADER, LEIE_MAX_BYTES, LEIE_MAX_ROWS, LeieFormatError, parseLeieCsv } from '../../shared/src/prescribers/leie.ts';
import { NPI_CHECK_DIGIT_MESSAGE, NPI_FORMAT_MESSAGE, isValidNpi, npiCheckDigit } from '../../shared/src/prescribers/npi.ts';

const sample = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'leie', 'UPDATED-sample.csv'), 'utf8');
const HEADER_LINE = LEIE_HEADER.join(',');

describe('NPI check digit', () => {
  it("accepts CMS's example 1234567893 and refuses the same digits with another check digit", () => {
    expect(npiCheckDigit('123456789')).toBe(3);
    expect(isValidNpi('1234567893')).toBe(true);
    for (const last of '012456789') expect(isValidNpi(`123456789${last}`)).toBe(false);
  });

  it('matches check digits worked out by hand', () => {
    // 80840146752830: doubled from the right 0,8,5,6,1,4,0 → 0+7+1+3+2+8+0 = 21; the rest 3+2+7+4+0+8+8 = 32; 53 → 7.
    expect(npiCheckDigit('146752830')).toBe(7);
    // 80840158394027: doubled 7,0,9,8,1,4,0 → 5+0+9+7+2+8+0 = 31; the rest 2+4+3+5+0+8+8 = 30; 61 → 9.
    expect(npiCheckDigit('158394027')).toBe(9);
    // 80840112233445: doubled 5,4,3,2,1,4,0 → 1+8+6+4+2+8+0 = 29; the rest 4+3+2+1+0+8+8 = 26; 55 → 5.
    expect(npiCheckDigit('112233445')).toBe(5);
    expect(['1467528307', '1583940279', '1122334455'].every(isValidNpi)).toBe(true);
    expect(isValidNpi('1467528308')).toBe(false);
  });

  it('refuses anything but ten digits, and has the form messages', () => {
    for (const text of [null, undefined, '', '123456789', '12345678930', '123456789a', ' 1234567893']) expect(isValidNpi(text)).toBe(false);
    expect(() => npiCheckDigit('12345678')).toThrow(RangeError);
    expect([NPI_FORMAT_MESSAGE, NPI_CHECK_DIGIT_MESSAGE]).toEqual(['NPI must be 10 digits', 'NPI check digit does not match']);
  });
});

describe('DEA number and last name', () => {
  it("says nothing when the second letter is the last name's initial", () => {
    expect(isValidDeaNumber('AB1234563')).toBe(true);
    expect(deaLastNameWarning('AB1234563', 'Baker')).toBeNull();
    expect(deaLastNameWarning('ab1234563', ' baker ')).toBeNull();
    expect(deaLastNameWarning('FO1234563', "O'Brien")).toBeNull();
    expect(deaLastNameWarning('MO1234563', 'Ødegaard')).toBeNull();
    expect(deaLastNameWarning('AE1234563', 'Élise-Martin')).toBeNull();
  });

  it('warns, naming both letters, when it is not', () => {
    expect(deaLastNameWarning('AB1234563', 'Whitaker')).toBe(
      "The DEA number's second letter (B) is not the initial of the last name Whitaker (W); check the number",
    );
  });

  it('leaves an invalid number to its own messages, and a name without letters alone', () => {
    expect(isValidDeaNumber('AB1234567')).toBe(false);
    expect(deaLastNameWarning('AB1234567', 'Whitaker')).toBeNull();
    expect(deaLastNameWarning('A91234563', 'Whitaker')).toBeNull();
    expect(deaLastNameWarning('AB1234563', '—')).toBeNull();
  });
});

describe('OIG LEIE UPDATED.csv', () => {
  it('reads the rows: quoted commas, escaped quotes, a line break inside a field, upper case and trimmed, placeholders as null', () => {
    const { entries, rejected } = parseLeieCsv(sample);
    expect(entries.map((entry) => entry.lastName ?? entry.businessName)).toEqual([
      'WHITAKER', 'BRENNAN', 'SUNRISE MEDICAL SUPPLY, INC', 'RIVERA', 'PATEL', 'NORTHSIDE AMBULANCE LLC',
    ]);
    // Exactly these keys: date of birth, address, city, ZIP and UPIN are not kept.
    expect(entries[0]).toEqual({
      lastName: 'WHITAKER', firstName: 'JOHN', middleName: 'R', businessName: null, general: 'MEDICAL PRACTICE, MD',
      specialty: 'FAMILY MEDICINE', npi: '1467528307', state: 'OH', exclusionType: '1128A1', exclusionDate: '2019-03-15',
      reinstatementDate: null, waiverDate: null,
    });
    expect(entries[1]).toMatchObject({ lastName: 'BRENNAN', npi: null, state: 'ME', exclusionType: '1128B4' });
    expect(entries[2]).toMatchObject({ lastName: null, firstName: null, businessName: 'SUNRISE MEDICAL SUPPLY, INC', general: 'OTHER BUSINESS', npi: null, state: 'AZ' });
    expect(entries[3]).toMatchObject({ middleName: '"PEPE"', npi: '1583940279', exclusionDate: '2022-02-28', waiverDate: '2023-01-15' });
    expect(entries[4]).toMatchObject({ lastName: 'PATEL', firstName: 'ANITA', general: 'MEDICAL PRACTICE, MD', state: 'NJ' });
    expect(entries[5]).toMatchObject({ businessName: 'NORTHSIDE AMBULANCE LLC', npi: '1938475625', exclusionDate: '2024-09-02' });
    // RIVERA's address spans lines 5 and 6, so the rows after it start a line later.
    expect(rejected).toEqual([
      { line: 8, reason: 'Line 8: its exclusion date (EXCLDATE) "20231345" is not a date written YYYYMMDD' },
      { line: 9, reason: 'Line 9: it has 15 columns, not 18' },
    ]);
  });

  it('takes a leading byte order mark, LF line ends and unquoted fields', () => {
    const text = `\uFEFF${HEADER_LINE}\nDOE,JANE,,,,,,1234567893,,,,CO,,1128a1,20200101,00000000,,\n`;
    expect(parseLeieCsv(text)).toEqual({
      entries: [{
        lastName: 'DOE', firstName: 'JANE', middleName: null, businessName: null, general: null, specialty: null, npi: '1234567893',
        state: 'CO', exclusionType: '1128A1', exclusionDate: '2020-01-01', reinstatementDate: null, waiverDate: null,
      }],
      rejected: [],
    });
  });

  it('rejects a row with a bad NPI, another bad date, no exclusion type, no one named, or text after a quote, and reads on', () => {
    const row = (fields: Partial<Record<string, string>>) => LEIE_HEADER.map((name) => `"${fields[name] ?? ''}"`).join(',');
    const base = { LASTNAME: 'DOE', EXCLTYPE: '1128a1', EXCLDATE: '20200101' };
    const text = [
      HEADER_LINE,
      row({ ...base, NPI: '12345' }),
      row({ ...base, REINDATE: '2021-01-01' }),
      row({ ...base, EXCLTYPE: ' ' }),
      row({ EXCLTYPE: '1128a1', EXCLDATE: '20200101' }),
      `"DOE"x${row(base).slice(5)}`,
      row(base),
    ].join('\r\n');
    const { entries, rejected } = parseLeieCsv(text);
    expect(entries).toHaveLength(1);
    expect(rejected).toEqual([
      { line: 2, reason: 'Line 2: its NPI "12345" is not 10 digits' },
      { line: 3, reason: 'Line 3: its reinstatement date (REINDATE) "2021-01-01" is not a date written YYYYMMDD' },
      { line: 4, reason: 'Line 4: it has no exclusion type (EXCLTYPE)' },
      { line: 5, reason: 'Line 5: it names no one (no last name, business name or NPI)' },
      { line: 6, reason: 'Line 6: text follows a closing double quote' },
    ]);
  });

  it('refuses a file whose first line is not the official header', () => {
    const message = `This is not the OIG LEIE UPDATED.csv: the first line must be ${HEADER_LINE}`;
    expect(() => parseLeieCsv('')).toThrow(message);
    expect(() => parseLeieCsv('NAME,NPI\nDOE,1234567893\n')).toThrow(new LeieFormatError(message));
    // The monthly supplement's older spelling, and the header with a column missing, are not this file.
    expect(() => parseLeieCsv(`${HEADER_LINE.replace('ZIP', 'ZIP CODE')}\r\n`)).toThrow(message);
    expect(() => parseLeieCsv(`${LEIE_HEADER.slice(0, 17).join(',')}\r\n`)).toThrow(LeieFormatError);
    expect(parseLeieCsv(`${HEADER_LINE}\r\n`)).toEqual({ entries: [], rejected: [] });
  });

  it('is bounded: size, rows, and a quote never closed', () => {
    expect(() => parseLeieCsv(`${HEADER_LINE}\r\n${'x'.repeat(LEIE_MAX_BYTES)}`)).toThrow(/larger than 30 MB/);
    // Multi-byte text counts in bytes: 11 million 3-byte characters are fewer characters than the bound, but more bytes.
    expect(() => parseLeieCsv(`${HEADER_LINE}\r\n${'€'.repeat(11_000_000)}`)).toThrow(/larger than 30 MB/);
    const tooMany = `${HEADER_LINE}\n${'A,,,,,,,,,,,,,1128a1,20200101,,,\n'.repeat(LEIE_MAX_ROWS + 1)}`;
    expect(() => parseLeieCsv(tooMany)).toThrow('The file has more than 200,000 rows, more than the OIG LEIE UPDATED.csv can have');
    const atLimit = `${HEADER_LINE}\n${'A,,,,,,,,,,,,,1128a1,20200101,,,\n'.repeat(LEIE_MAX_ROWS)}`;
    expect(parseLeieCsv(atLimit).entries).toHaveLength(LEIE_MAX_ROWS);
    expect(() => parseLeieCsv(`${HEADER_LINE}\r\n"DOE","JANE\r\n`)).toThrow(
      'The file ends inside a quoted field that starts on line 2: a closing double quote is missing',
    );
  });
});
