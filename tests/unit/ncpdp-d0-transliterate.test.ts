/**
 * Names and addresses in the D.0 character set (shared/src/billing/ncpdp/d0-transliterate.ts): accents taken off,
 * typographic quotes and dashes in ASCII, letters without a decomposition spelt out, other scripts and control
 * characters dropped, spaces collapsed, the field's length kept; and every result written by the codec.
 */
import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../shared/src/billing/ncpdp/d0-fields.ts';
import { toD0Text } from '../../shared/src/billing/ncpdp/d0-transliterate.ts';
import { D0BuildError, formatText } from '../../shared/src/billing/ncpdp/d0-values.ts';

describe('toD0Text', () => {
  it.each([
    ['Muñoz', 'Munoz'],
    ['Zoë', 'Zoe'],
    ['O’Brien', "O'Brien"],
    ['José-María Pérez', 'Jose-Maria Perez'],
    ['Ångström', 'Angstrom'],
    ['Smith–Jones', 'Smith-Jones'],
    ['Ünal “Al”', 'Unal "Al"'],
    ['Straße', 'Strasse'],
    ['Søren Łukasz', 'Soren Lukasz'],
    ['Œuvre Æsir', 'OEuvre AEsir'],
    ['Nguyễn Thị', 'Nguyen Thi'],
    ['Çelik Dağ', 'Celik Dag'],
    ['ﬁnn', 'finn'],
    ['Anne\u00a0Marie', 'Anne Marie'],
    ['  Jean   Luc  ', 'Jean Luc'],
    ['李 Li', 'Li'],
    ['Ann\x1d\x1eLee', 'AnnLee'],
    ['Robert', 'Robert'],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(toD0Text(name)).toBe(expected);
  });

  it('keeps to the field length, without a trailing space', () => {
    expect(toD0Text('Zoë Muñoz-O’Brien', 15)).toBe("Zoe Munoz-O'Bri");
    expect(toD0Text('Ann Maria Kö', 9)).toBe('Ann Maria');
    expect(toD0Text('Anna Marie', 5)).toBe('Anna');
    expect(toD0Text('Weiß', 3)).toBe('Wei');
  });

  it('what it gives the codec writes; the name as typed it refuses', () => {
    expect(() => formatText('Muñoz', FIELDS.CB)).toThrow(D0BuildError);
    for (const name of ['Muñoz', 'Zoë', 'O’Brien', 'Nguyễn Thị Minh Khai', '李小龍', '\u0000\u007f\u0085']) {
      expect(formatText(toD0Text(name, 15), FIELDS.CB)).toBe(toD0Text(name, 15));
    }
  });
});
