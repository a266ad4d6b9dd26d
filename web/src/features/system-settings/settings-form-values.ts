/**
 * What a settings form starts from and what a refused save means for it. Pure, so unit tests pin them.
 *
 * Start values: the GET answer without its secret statuses (shared withoutSecretStatus) and each secret as ''
 * ("keep what is stored", the write schema's meaning of blank), so a form nobody touched is not dirty and saving
 * it keeps every secret.
 *
 * A 400 lists the schema's messages without their fields; each field's message names the field (shared
 * settings/fields.ts), so the message is placed at the field whose rules give exactly that message. The rules a
 * field may break are found by trying the schema with that field alone made wrong in the usual ways (missing,
 * wrong type, empty, too long, out of range, fractional); a message no field gives (a database rule, a rule
 * across fields) is not placed and belongs in the toast.
 */
import { SETTINGS_GROUPS, type SettingsGroupKey, type SettingsRead } from '@pharmacy/shared/settings/groups.ts';
import { isPlainObject, withoutSecretStatus, type PlainObject } from '@pharmacy/shared/settings/secrets.ts';
import type * as z from 'zod';

function setAt(root: PlainObject, path: readonly (string | number)[], value: unknown): void {
  let node: unknown = root;
  for (const part of path.slice(0, -1)) node = (node as Record<string | number, unknown>)[part];
  (node as Record<string | number, unknown>)[path[path.length - 1]!] = value;
}

export function formStartValues<Key extends SettingsGroupKey>(key: Key, read: SettingsRead<Key>): PlainObject {
  const { secretFields } = SETTINGS_GROUPS[key];
  const values = withoutSecretStatus(secretFields, read as PlainObject);
  for (const path of secretFields) {
    const parts = path.split('.');
    let parent: unknown = values;
    for (const part of parts.slice(0, -1)) parent = isPlainObject(parent) ? parent[part] : undefined;
    if (isPlainObject(parent)) setAt(values, parts, '');
  }
  return values;
}

/** Every leaf field's path (arrays count as a field, and so do their elements' fields). */
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (isPlainObject(value)) return Object.entries(value).flatMap(([key, child]) => fieldPaths(child, [...prefix, key]));
  if (Array.isArray(value)) return [prefix, ...value.flatMap((child, index) => fieldPaths(child, [...prefix, index]))];
  return prefix.length > 0 ? [prefix] : [];
}

function wrongValuesFor(current: unknown): unknown[] {
  const always: unknown[] = [undefined, { wrong: true }];
  if (typeof current === 'string') return [...always, '', ' not valid! ', 'x'.repeat(25_000)];
  if (typeof current === 'number') return [...always, Number.NaN, -1e12, 1e12, 0.123, 0];
  if (Array.isArray(current)) return [...always, [], Array.from({ length: 1001 }, () => current[0])];
  return always;
}

export interface PlacedSaveErrors {
  /** Messages placed at their field (dotted names, as the form registers them). */
  fields: { name: string; message: string }[];
  /** Messages of no single field. */
  unplaced: string[];
}

export function placeSaveErrors(schema: z.ZodType, values: unknown, messages: readonly string[]): PlacedSaveErrors {
  const wanted = new Set(messages);
  const placedAt = new Map<string, string>();
  for (const path of fieldPaths(values)) {
    if (placedAt.size === wanted.size) break;
    for (const wrong of wrongValuesFor(pathValue(values, path))) {
      const probe = structuredClone(values) as PlainObject;
      setAt(probe, path, wrong);
      const result = schema.safeParse(probe);
      if (result.success) continue;
      const name = path.join('.');
      for (const issue of result.error.issues) {
        if (wanted.has(issue.message) && !placedAt.has(issue.message) && issue.path.join('.') === name) placedAt.set(issue.message, name);
      }
    }
  }
  return {
    fields: [...placedAt].map(([message, name]) => ({ name, message })),
    unplaced: messages.filter((message) => !placedAt.has(message)),
  };
}

function pathValue(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const part of path) node = (node as Record<string | number, unknown> | undefined)?.[part];
  return node;
}
