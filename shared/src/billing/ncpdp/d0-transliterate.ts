/**
 * People's names and addresses as a D.0 alphanumeric field can carry them. The standard's character set is printable
 * ASCII (the codec refuses anything else, d0-values.ts), while a patient is "Muñoz", "Zoë" or "O’Brien": accents come
 * off (NFKD, then the combining marks dropped: ñ → n, é → e, ﬁ → fi), typographic quotes, dashes and spaces become
 * their ASCII forms, letters with no decomposition get their usual spelling (ß → ss, Ø → O, Ł → L), and whatever is
 * still outside printable ASCII (another script, an emoji, a control character) is dropped. Spaces are collapsed and
 * trimmed. Case is kept: the codec and the payers read either. Pure; bounded by the caller's field length.
 */

/** Characters NFKD leaves alone, spelt as they are in ASCII. */
const SPELLED: Readonly<Record<string, string>> = {
  ß: 'ss', ẞ: 'SS', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ð: 'D', ð: 'd',
  Þ: 'TH', þ: 'th', ı: 'i', Ħ: 'H', ħ: 'h', ŀ: 'l', Ŀ: 'L',
  // Quotes and apostrophes (’ is how most keyboards and word processors write O'Brien), primes.
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u2032': "'", '\u02bc': "'",
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u201f': '"', '\u2033': '"', '\u00ab': '"', '\u00bb': '"',
  // Hyphens, dashes and the minus sign.
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
};

/** A combining mark (what NFKD splits an accent into): the Combining Diacritical Marks blocks. */
function isCombiningMark(code: number): boolean {
  return (code >= 0x0300 && code <= 0x036f) || (code >= 0x1ab0 && code <= 0x1aff) || (code >= 0x1dc0 && code <= 0x1dff)
    || (code >= 0x20d0 && code <= 0x20ff) || (code >= 0xfe20 && code <= 0xfe2f);
}

/** Unicode whitespace (no-break, thin, ideographic spaces…) and ASCII tabs and line breaks. */
function isSpace(char: string): boolean {
  return char.trim() === '';
}

/** `value` in printable ASCII for a D.0 text field, cut to `maxLength` characters when given. */
export function toD0Text(value: string, maxLength?: number): string {
  let out = '';
  let pendingSpace = false;
  for (const char of value.normalize('NFKD')) {
    const code = char.codePointAt(0)!;
    if (isCombiningMark(code)) continue;
    if (isSpace(char)) {
      pendingSpace = out !== '';
      continue;
    }
    const ascii = SPELLED[char] ?? (code >= 0x21 && code <= 0x7e ? char : '');
    if (ascii === '') continue;
    out += (pendingSpace ? ' ' : '') + ascii;
    pendingSpace = false;
    if (maxLength !== undefined && out.length >= maxLength) break;
  }
  return maxLength === undefined ? out : out.slice(0, maxLength).trimEnd();
}
