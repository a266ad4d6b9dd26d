/**
 * Checks the System Settings unit tests share: a value put at a dotted path of a valid group, the messages a
 * schema gives at one path, a §5 bound at min−1/min/max/max+1, an enumeration refusing other values, and the
 * secret rules (never in a read shape; absent keeps, '' keeps, null clears).
 */
import { expect } from 'vitest';
import type * as z from 'zod';
import { SETTINGS_GROUPS, type SettingsGroupKey } from '../../shared/src/settings/groups.ts';
import { splitSecrets, withSecretStatus, withoutSecretStatus } from '../../shared/src/settings/secrets.ts';

type Plain = Record<string, unknown>;

/** A deep copy of `base` with `value` at the dotted `path` (`undefined` removes the key). */
export function withValue(base: unknown, path: string, value: unknown): Plain {
  const copy = structuredClone(base) as Plain;
  const parts = path.split('.');
  const key = parts.pop()!;
  let node = copy;
  for (const part of parts) node = node[part] as Plain;
  if (value === undefined) delete node[key];
  else node[key] = value;
  return copy;
}

export function valueAt(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Plain | undefined)?.[part], root);
}

/** The messages `schema` gives for `value` at the issue path `path`. */
export function messagesAt(schema: z.ZodType, value: unknown, path: string): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

export function expectValid(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  expect(result.success ? [] : result.error.issues, 'expected a valid value').toEqual([]);
}

/** A whole-number bound: refused at min−1 and max+1 with `message`, accepted at min and max. */
export function expectRange(schema: z.ZodType, base: unknown, path: string, min: number, max: number, message: string): void {
  expect(messagesAt(schema, withValue(base, path, min - 1), path)).toEqual([message]);
  expect(messagesAt(schema, withValue(base, path, max + 1), path)).toEqual([message]);
  expectValid(schema, withValue(base, path, min));
  expectValid(schema, withValue(base, path, max));
}

/** Every option accepted; `others` refused with `message`. */
export function expectChoice(
  schema: z.ZodType,
  base: unknown,
  path: string,
  options: readonly unknown[],
  others: readonly unknown[],
  message: string,
): void {
  for (const option of options) expectValid(schema, withValue(base, path, option));
  for (const other of others) expect(messagesAt(schema, withValue(base, path, other), path)).toEqual([message]);
}

/**
 * The secret rules of a group, given a full valid write with every secret set to `secretValue`-like strings:
 * the read shape built from it holds no secret text and parses; the read schema refuses a value at a secret;
 * a write without the secrets (or with '') keeps them, null clears them.
 */
export function expectSecretRules(key: SettingsGroupKey, fullWrite: Plain, expectedSecretFields: readonly string[]): void {
  const group = SETTINGS_GROUPS[key];
  expect([...group.secretFields].sort()).toEqual([...expectedSecretFields].sort());
  const parsed = group.schema.parse(fullWrite) as Plain;
  const { values, secrets } = splitSecrets(group.secretFields, parsed);
  for (const path of group.secretFields) {
    const secret = valueAt(fullWrite, path);
    expect(typeof secret).toBe('string');
    expect(secrets[path]).toBe(secret);
    expect(valueAt(values, path)).toBeUndefined();
  }
  const read = withSecretStatus(group.secretFields, parsed, (path) => path in secrets);
  const readText = JSON.stringify(group.readSchema.parse(read));
  for (const path of group.secretFields) {
    expect(readText).not.toContain(valueAt(fullWrite, path) as string);
    expect(valueAt(read, path)).toEqual({ set: true });
    expect(messagesAt(group.readSchema, withValue(read, path, valueAt(fullWrite, path)), path).length).toBeGreaterThan(0);
    expect(group.readSchema.safeParse(withValue(read, path, { set: true, value: valueAt(fullWrite, path) })).success).toBe(false);
  }
  // A write without the secret fields keeps them: valid, and nothing to change.
  const kept = withoutSecretStatus(group.secretFields, read);
  expectValid(group.schema, kept);
  expect(splitSecrets(group.secretFields, group.schema.parse(kept) as Plain).secrets).toEqual({});
  let blank: Plain = fullWrite;
  let cleared: Plain = fullWrite;
  for (const path of group.secretFields) {
    blank = withValue(blank, path, '');
    cleared = withValue(cleared, path, null);
  }
  expect(splitSecrets(group.secretFields, group.schema.parse(blank) as Plain).secrets).toEqual({});
  expect(splitSecrets(group.secretFields, group.schema.parse(cleared) as Plain).secrets).toEqual(
    Object.fromEntries(group.secretFields.map((path) => [path, null])),
  );
}

/** The defaults parse as GET's answer and, without their secret statuses, as a PUT body. */
export function expectDefaultsParse(key: SettingsGroupKey): void {
  const group = SETTINGS_GROUPS[key];
  expect(group.readSchema.parse(group.defaults)).toEqual(group.defaults);
  expectValid(group.schema, withoutSecretStatus(group.secretFields, group.defaults as Plain));
}
