/**
 * postgres_changes filters: `column=op.value` (op: eq, neq, lt, lte, gt, gte, in; optional `not.` prefix),
 * several joined by commas (AND), `in.(a,b)` lists, values in double quotes when they hold , ( or ).
 * Evaluated as Supabase's realtime.is_visible_through_filters does: comparisons typed by the column,
 * a NULL value never matches, and filters on columns absent from the record (a DELETE's old record
 * without REPLICA IDENTITY FULL holds only the key) are skipped — but a record that none of the filters'
 * columns appear in does not match.
 */
import type { ValueKind } from './pg-values.ts';

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ColumnFilter {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** One value, or the list for `in`. */
  values: string[];
}

const OPERATORS = new Set<FilterOperator>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

export class FilterError extends Error {}

/** Splits on commas outside double quotes and parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '\\' && i + 1 < text.length) {
        current += char + text[++i];
        continue;
      }
      if (char === '"') quoted = false;
      current += char;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

/** Parses a filter string; throws FilterError with Supabase's wording when it cannot. */
export function parseFilter(filter: string | undefined | null): ColumnFilter[] {
  if (filter === undefined || filter === null || filter.trim() === '') return [];
  const filters: ColumnFilter[] = [];
  for (const segment of splitTopLevel(filter.trim())) {
    const equals = segment.indexOf('=');
    const column = equals > 0 ? segment.slice(0, equals).trim() : '';
    let rest = equals > 0 ? segment.slice(equals + 1) : '';
    let negate = false;
    if (rest.startsWith('not.')) {
      negate = true;
      rest = rest.slice(4);
    }
    const dot = rest.indexOf('.');
    const operator = (dot > 0 ? rest.slice(0, dot) : '') as FilterOperator;
    const value = dot > 0 ? rest.slice(dot + 1) : '';
    if (!column || !OPERATORS.has(operator)) {
      throw new FilterError(`Error parsing \`filter\` params: ${JSON.stringify(segment.split(/[=.]/).filter(Boolean))}`);
    }
    if (operator === 'in') {
      const inner = value.trim();
      if (!inner.startsWith('(') || !inner.endsWith(')')) throw new FilterError(`Error parsing \`filter\` params: ["${column}", "in", ${JSON.stringify(value)}]`);
      const list = splitTopLevel(inner.slice(1, -1)).map(unquote);
      filters.push({ column, operator, negate, values: list });
    } else {
      filters.push({ column, operator, negate, values: [unquote(value)] });
    }
  }
  return filters;
}

/** Milliseconds of a timestamp text; values without a zone count as UTC (only their order matters). */
function timestampMillis(text: string, zoned: boolean): number {
  let normalized = text.trim().replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const hasZone = /(Z|[+-]\d\d:\d\d)$/.test(normalized);
  if (!zoned && hasZone) normalized = normalized.replace(/(Z|[+-]\d\d:\d\d)$/, '');
  if (normalized.includes('T') && (!zoned || !hasZone)) normalized += 'Z';
  return Date.parse(normalized);
}

/** Compares a record's text value to a filter value by the column's kind: <0, 0, >0, or NaN if incomparable. */
function compare(recordText: string, filterText: string, kind: ValueKind, typeName: string): number {
  if (kind === 'number') {
    const left = Number(recordText);
    const right = Number(filterText);
    if (Number.isNaN(left) || Number.isNaN(right)) return Number.NaN;
    return left === right ? 0 : left < right ? -1 : 1;
  }
  if (kind === 'bool') {
    const truthy = (text: string) => ['t', 'true', 'yes', 'on', '1', 'y'].includes(text.toLowerCase());
    return truthy(recordText) === truthy(filterText) ? 0 : truthy(recordText) ? 1 : -1;
  }
  if (kind === 'timestamptz' || kind === 'timestamp' || typeName === 'date') {
    const left = timestampMillis(recordText, kind === 'timestamptz');
    const right = timestampMillis(filterText, kind === 'timestamptz');
    if (Number.isNaN(left) || Number.isNaN(right)) return recordText === filterText ? 0 : recordText < filterText ? -1 : 1;
    return left === right ? 0 : left < right ? -1 : 1;
  }
  if (typeName === 'uuid') {
    const left = recordText.toLowerCase();
    const right = filterText.toLowerCase();
    return left === right ? 0 : left < right ? -1 : 1;
  }
  return recordText === filterText ? 0 : recordText < filterText ? -1 : 1;
}

function matchesOne(filter: ColumnFilter, recordText: string, kind: ValueKind, typeName: string): boolean {
  let result: boolean;
  if (filter.operator === 'in') {
    result = filter.values.some((value) => compare(recordText, value, kind, typeName) === 0);
  } else {
    const order = compare(recordText, filter.values[0]!, kind, typeName);
    if (Number.isNaN(order)) return false;
    switch (filter.operator) {
      case 'eq': result = order === 0; break;
      case 'neq': result = order !== 0; break;
      case 'lt': result = order < 0; break;
      case 'lte': result = order <= 0; break;
      case 'gt': result = order > 0; break;
      default: result = order >= 0; break;
    }
  }
  return filter.negate ? !result : result;
}

export interface RecordView {
  /** Column index by name in the relation. */
  indexOf(column: string): number | undefined;
  /** Text value at index: string, null, or undefined when the record does not carry it. */
  valueAt(index: number): string | null | undefined;
  kindAt(index: number): ValueKind;
  typeNameAt(index: number): string;
}

/** Whether a record passes every filter (see the module comment for absent columns and NULLs). */
export function passesFilters(filters: ColumnFilter[], record: RecordView): boolean {
  if (filters.length === 0) return true;
  let compared = 0;
  for (const filter of filters) {
    const index = record.indexOf(filter.column);
    if (index === undefined) continue;
    const value = record.valueAt(index);
    if (value === undefined) continue;
    if (value === null) return false;
    if (!matchesOne(filter, value, record.kindAt(index), record.typeNameAt(index))) return false;
    compared++;
  }
  return compared > 0;
}
