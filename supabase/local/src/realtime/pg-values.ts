/**
 * Turns Postgres text output into the JSON Supabase Realtime sends for a column value. The real server
 * casts each value and applies to_jsonb(), so numbers are JSON numbers, booleans JSON booleans, json/jsonb
 * embedded JSON, timestamps ISO 8601 with a `T`, arrays JSON arrays, and everything else a JSON string.
 * Each function returns JSON text, so a change is serialized once for all its subscribers.
 */

/** How a type's values are rendered; decided once per type from its (base) type name. */
export type ValueKind = 'number' | 'bool' | 'json' | 'timestamptz' | 'timestamp' | 'timetz' | 'string';

export interface ColumnType {
  /** pg_type.typname as Supabase reports it in `columns` (int4, text, _text, ...). */
  name: string;
  kind: ValueKind;
  /** For arrays, how elements are rendered; null otherwise. */
  elementKind: ValueKind | null;
}

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

export function valueKindOf(baseTypeName: string): ValueKind {
  if (NUMBER_TYPES.has(baseTypeName)) return 'number';
  if (baseTypeName === 'bool') return 'bool';
  if (baseTypeName === 'json' || baseTypeName === 'jsonb') return 'json';
  if (baseTypeName === 'timestamptz') return 'timestamptz';
  if (baseTypeName === 'timestamp') return 'timestamp';
  if (baseTypeName === 'timetz') return 'timetz';
  return 'string';
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** "+05" → "+05:00"; "+05:30" stays; as to_jsonb renders offsets. */
function normalizeOffset(text: string): string {
  const match = /([+-]\d{2})(:?\d{2})?(:?\d{2})?$/.exec(text);
  if (!match || match.index < 8) return text;
  const [whole, hours, minutes, seconds] = match as unknown as [string, string, string | undefined, string | undefined];
  const mm = minutes ? minutes.replace(':', '') : '00';
  const ss = seconds ? `:${seconds.replace(':', '')}` : '';
  return `${text.slice(0, text.length - whole.length)}${hours}:${mm}${ss}`;
}

function scalarJson(text: string, kind: ValueKind): string {
  switch (kind) {
    case 'number':
      // NaN and ±Infinity have no JSON number form; to_jsonb renders them as strings.
      return JSON_NUMBER.test(text) ? text : JSON.stringify(text);
    case 'bool':
      return text === 't' || text === 'true' ? 'true' : text === 'f' || text === 'false' ? 'false' : JSON.stringify(text);
    case 'json':
      return text;
    case 'timestamptz':
      return JSON.stringify(text.includes(' ') ? normalizeOffset(text.replace(' ', 'T')) : text);
    case 'timestamp':
      return JSON.stringify(text.replace(' ', 'T'));
    case 'timetz':
      return JSON.stringify(normalizeOffset(text));
    default:
      return JSON.stringify(text);
  }
}

/** JSON text for one column value (null stays null). */
export function valueJson(text: string | null, type: ColumnType): string {
  if (text === null) return 'null';
  if (type.elementKind !== null && text.length > 0 && (text[0] === '{' || text[0] === '[')) {
    return arrayJson(text, type.elementKind);
  }
  return scalarJson(text, type.kind);
}

/**
 * Parses a Postgres array literal ({1,2}, {"a b",NULL}, {{1,2},{3,4}}, [0:1]={1,2}) into JSON, rendering
 * elements by kind. Quoted elements are never NULL; backslash escapes the next character.
 */
export function arrayJson(literal: string, elementKind: ValueKind): string {
  let index = 0;
  // Explicit bounds ("[1:2]={...}") only shift indexes; to_jsonb ignores them.
  if (literal[0] === '[') {
    const equals = literal.indexOf('=');
    if (equals < 0) return JSON.stringify(literal);
    index = equals + 1;
  }
  const output: string[] = [];

  const parseArray = (): void => {
    if (literal[index] !== '{') throw new Error('array literal: expected {');
    index++;
    output.push('[');
    let first = true;
    while (index < literal.length) {
      const char = literal[index];
      if (char === '}') {
        index++;
        output.push(']');
        return;
      }
      if (char === ',') {
        index++;
        continue;
      }
      if (!first) output.push(',');
      first = false;
      if (char === '{') {
        parseArray();
      } else if (char === '"') {
        index++;
        let value = '';
        while (index < literal.length && literal[index] !== '"') {
          if (literal[index] === '\\') index++;
          value += literal[index];
          index++;
        }
        index++;
        output.push(scalarJson(value, elementKind));
      } else {
        let end = index;
        while (end < literal.length && literal[end] !== ',' && literal[end] !== '}') end++;
        const value = literal.slice(index, end).trim();
        index = end;
        output.push(value === 'NULL' ? 'null' : scalarJson(value, elementKind));
      }
    }
    throw new Error('array literal: unterminated');
  };

  try {
    parseArray();
  } catch {
    return JSON.stringify(literal);
  }
  return output.join('');
}
