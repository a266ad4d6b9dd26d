/**
 * What a settings form starts from and what a refused save means for it. Pure, so unit tests pin them.
 *
 * Start values: the GET answer without its secret statuses (shared withoutSecretStatus) and each secret as ''
 * ("keep what is stored", the write schema's meaning of blank), so a form nobody touched is not dirty and saving
 * it keeps every secret.
 *
 * A refused save's problems come with their fields' dotted paths (the api's 400 `details.fields`, shared
 * api/endpoint.ts); each is placed at the form field of that path. A problem whose path is no field of the form
 * (a rule across fields, the whole body, a database rule without a path) is not placed: the form shows it by the
 * save button.
 */
import { SETTINGS_GROUPS, type SettingsGroupKey, type SettingsRead } from '@pharmacy/shared/settings/groups.ts';
import type { FieldIssue } from '@pharmacy/shared/api/endpoint.ts';
import { isPlainObject, withoutSecretStatus, type PlainObject } from '@pharmacy/shared/settings/secrets.ts';

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

export interface PlacedSaveErrors {
  /** Messages placed at their field (dotted names, as the form registers them). */
  fields: { name: string; message: string }[];
  /** Messages of no field of the form. */
  unplaced: string[];
}

/** Each problem at the form field its path names (the first problem of a field wins), the rest unplaced. */
export function placeSaveErrors(values: unknown, issues: readonly FieldIssue[]): PlacedSaveErrors {
  const names = new Set(fieldPaths(values).map((path) => path.join('.')));
  const placedAt = new Map<string, string>();
  const unplaced: string[] = [];
  for (const { path, message } of issues) {
    if (names.has(path)) {
      if (!placedAt.has(path)) placedAt.set(path, message);
    } else if (!unplaced.includes(message)) {
      unplaced.push(message);
    }
  }
  return { fields: [...placedAt].map(([name, message]) => ({ name, message })), unplaced };
}
