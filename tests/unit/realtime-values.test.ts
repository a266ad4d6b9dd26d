/**
 * postgres_changes value rendering (Postgres text output → the JSON to_jsonb gives) and filter
 * evaluation, as the realtime service applies them before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter, passesFilters, type RecordView } from '../../supabase/local/src/realtime/filters.ts';
import { arrayJson, valueJson, valueKindOf, type ColumnType } from '../../supabase/local/src/realtime/pg-values.ts';

function type(name: string, elementName: string | null = null): ColumnType {
  return { name, kind: valueKindOf(name), elementKind: elementName === null ? null : valueKindOf(elementName) };
}

describe('column values as Supabase sends them', () => {
  it('renders scalars like to_jsonb', () => {
    expect(valueJson('42', type('int4'))).toBe('42');
    expect(valueJson('12.50', type('numeric'))).toBe('12.50');
    expect(valueJson('NaN', type('numeric'))).toBe('"NaN"');
    expect(valueJson('t', type('bool'))).toBe('true');
    expect(valueJson('f', type('bool'))).toBe('false');
    expect(valueJson('{"a": [1, 2]}', type('jsonb'))).toBe('{"a": [1, 2]}');
    expect(valueJson('2024-05-01 10:11:12.123456+00', type('timestamptz'))).toBe('"2024-05-01T10:11:12.123456+00:00"');
    expect(valueJson('2024-05-01 10:11:12+05:30', type('timestamptz'))).toBe('"2024-05-01T10:11:12+05:30"');
    expect(valueJson('2024-05-01 10:11:12', type('timestamp'))).toBe('"2024-05-01T10:11:12"');
    expect(valueJson('2024-05-01', type('date'))).toBe('"2024-05-01"');
    expect(valueJson('say "hi"\n', type('text'))).toBe('"say \\"hi\\"\\n"');
    expect(valueJson(null, type('text'))).toBe('null');
  });

  it('renders arrays as JSON arrays with typed elements', () => {
    expect(valueJson('{1,2,3}', type('_int4', 'int4'))).toBe('[1,2,3]');
    expect(valueJson('{a,"b c","d\\"e",NULL,"NULL"}', type('_text', 'text'))).toBe('["a","b c","d\\"e",null,"NULL"]');
    expect(valueJson('{{1,2},{3,4}}', type('_int8', 'int8'))).toBe('[[1,2],[3,4]]');
    expect(valueJson('{t,f}', type('_bool', 'bool'))).toBe('[true,false]');
    expect(valueJson('{}', type('_text', 'text'))).toBe('[]');
    expect(arrayJson('[0:1]={5,6}', 'number')).toBe('[5,6]');
  });
});

function record(values: Record<string, string | null>, types: Record<string, string>): RecordView {
  const names = Object.keys(types);
  return {
    indexOf: (column) => {
      const index = names.indexOf(column);
      return index < 0 ? undefined : index;
    },
    valueAt: (index) => (names[index]! in values ? values[names[index]!] : undefined),
    kindAt: (index) => valueKindOf(types[names[index]!]!),
    typeNameAt: (index) => types[names[index]!]!,
  };
}

describe('postgres_changes filters', () => {
  const types = { id: 'int8', status: 'text', due: 'timestamptz', owner: 'uuid' };
  const row = record({ id: '10', status: 'ready', due: '2024-05-01 10:00:00+00', owner: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11' }, types);

  it('compares by the column type', () => {
    expect(passesFilters(parseFilter('id=eq.10'), row)).toBe(true);
    expect(passesFilters(parseFilter('id=gt.9'), row)).toBe(true);
    expect(passesFilters(parseFilter('id=gt.10'), row)).toBe(false);
    expect(passesFilters(parseFilter('id=gte.10'), row)).toBe(true);
    expect(passesFilters(parseFilter('id=lt.100'), row)).toBe(true); // numerically, not as text
    expect(passesFilters(parseFilter('id=lte.9'), row)).toBe(false);
    expect(passesFilters(parseFilter('status=neq.done'), row)).toBe(true);
    expect(passesFilters(parseFilter('status=in.(ready,"done, later")'), row)).toBe(true);
    expect(passesFilters(parseFilter('status=in.(done,waiting)'), row)).toBe(false);
    expect(passesFilters(parseFilter('due=gt.2024-05-01T09:00:00Z'), row)).toBe(true);
    expect(passesFilters(parseFilter('owner=eq.a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'), row)).toBe(true);
    expect(passesFilters(parseFilter('id=gt.5,status=eq.ready'), row)).toBe(true);
    expect(passesFilters(parseFilter('id=gt.5,status=eq.done'), row)).toBe(false);
    expect(passesFilters(parseFilter('status=not.eq.ready'), row)).toBe(false);
  });

  it('never matches NULL, skips columns a record lacks, and needs at least one filtered column', () => {
    expect(passesFilters(parseFilter('status=eq.ready'), record({ id: '1', status: null }, types))).toBe(false);
    expect(passesFilters(parseFilter('status=neq.ready'), record({ id: '1', status: null }, types))).toBe(false);
    const keyOnly = record({ id: '10' }, types);
    expect(passesFilters(parseFilter('id=eq.10,status=eq.other'), keyOnly)).toBe(true);
    expect(passesFilters(parseFilter('status=eq.ready'), keyOnly)).toBe(false);
  });

  it('rejects operators Supabase does not know', () => {
    expect(() => parseFilter('status=foo.bar')).toThrow(FilterError);
    expect(() => parseFilter('undefined')).toThrow(FilterError);
    expect(() => parseFilter('status=in.ready')).toThrow(FilterError);
    expect(parseFilter('')).toEqual([]);
  });
});
