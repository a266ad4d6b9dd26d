/**
 * A D.0 transmission as the View dialog shows it: its bytes as stored (latin1 text) with every control character
 * made visible as its Unicode control picture — the segment separator 0x1E as ␞, the group separator 0x1D as ␝,
 * the field separator 0x1C as ␜, STX/ETX as ␂/␃, DEL as ␡ — so staff see where segments and fields begin and a
 * stray byte is not hidden. A line break follows each segment and group separator, so a long request wraps where
 * the standard breaks it. Pure, so it is unit tested.
 */

const CONTROL_PICTURES_START = 0x2400;
const DELETE = 0x7f;
const DELETE_PICTURE = '\u2421';
const SEGMENT_SEPARATOR = 0x1e;
const GROUP_SEPARATOR = 0x1d;

/** One character as shown: a C0 control (0x00–0x1F) as its control picture, DEL as ␡, anything else itself. */
export function visibleCharacter(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(CONTROL_PICTURES_START + code);
  if (code === DELETE) return DELETE_PICTURE;
  return character;
}

/**
 * The text with its control characters as control pictures; with `breakAfterSeparators` (the default), a newline
 * after each ␞ and ␝. The result has no control character but those newlines.
 */
export function visibleControlCharacters(text: string, { breakAfterSeparators = true }: { breakAfterSeparators?: boolean } = {}): string {
  let shown = '';
  for (const character of text) {
    shown += visibleCharacter(character);
    const code = character.charCodeAt(0);
    if (breakAfterSeparators && (code === SEGMENT_SEPARATOR || code === GROUP_SEPARATOR)) shown += '\n';
  }
  return shown;
}
