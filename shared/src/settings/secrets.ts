/**
 * Secret settings (Surescripts password, provider credentials, fax API key, SMTP password, accounting API key)
 * have two shapes. Read (GET): `{ set: boolean }`, never the value. Write (PUT): a new value, `null` to clear
 * it, or absent — absent and '' keep what is stored, because a masked field the admin left blank means "no
 * change", as on any password form — or the read shape `{ set }` itself, which also keeps what is stored, so a
 * client that reads a group and writes it back unchanged keeps its secrets. `{ set }` is a report of what was
 * stored when the group was read, never an instruction: `{ set: false }` does not clear a secret set since, and
 * `{ set: true }` sets nothing; clearing is `null`. Each group lists its secrets as dotted paths
 * ('relayHealthConfig.clientSecret'); the helpers below move between the shapes so the api stores secrets apart
 * from the plain values (Vault).
 */
import * as z from 'zod';

export type SecretStatus = { set: boolean };

/**
 * What a group's shape function takes for its secret fields: `secretInput` builds the write schema, `secretStatus`
 * the read schema, from one list of fields.
 */
export type SecretField = (label: string) => z.ZodType;

/** A secret as GET returns it: whether one is stored. Strict: a value beside `set` is refused. */
export function secretStatus(label: string) {
  return z.strictObject({ set: z.boolean({ error: `${label} must say whether it is set` }) }, { error: `${label} must be reported as set or not set, never as its value` });
}

export const SECRET_MAX_LENGTH = 4096;

/**
 * A secret as PUT takes it: a string sets it ('' keeps the stored one), null clears it, absent keeps it, and the
 * read shape `{ set }` (either value) keeps it too — a read written back unchanged. Anything else is refused with
 * "… must be text"; a `{ set }` carrying more than `set` (a value, say) is refused rather than ignored.
 * Output: string (new value) | null (clear) | undefined (keep).
 */
export function secretInput(label: string) {
  const newValue = z.string({ error: `${label} must be text` }).max(SECRET_MAX_LENGTH, `${label} must be at most ${SECRET_MAX_LENGTH} characters`);
  const asRead = z.strictObject(
    { set: z.boolean({ error: `${label} must be text` }) },
    { error: `${label} as read says only whether it is set; send the new value as text` },
  );
  return z
    .union([newValue, asRead], { error: `${label} must be text` })
    .transform((value) => (typeof value === 'string' && value.trim() !== '' ? value : undefined))
    .nullable()
    .optional();
}

/** What a write says about one secret: a new value, or null to clear it. Kept secrets are not listed. */
export type SecretChanges = Record<string, string | null>;

/** A JSON object (a group's values or one of its nested sections). */
export type PlainObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parentOf(root: PlainObject, path: string): { parent: PlainObject | undefined; key: string } {
  const parts = path.split('.');
  const key = parts.pop()!;
  let node: unknown = root;
  for (const part of parts) node = isPlainObject(node) ? node[part] : undefined;
  return { parent: isPlainObject(node) ? node : undefined, key };
}

/**
 * Splits a parsed write into the plain values (secret keys removed) and the secret changes: a string is a new
 * value, null a clear; an absent (kept) secret appears in neither.
 */
export function splitSecrets<T extends PlainObject>(
  secretFields: readonly string[],
  write: T,
): { values: PlainObject; secrets: SecretChanges } {
  const values = structuredClone(write) as PlainObject;
  const secrets: SecretChanges = {};
  for (const path of secretFields) {
    const { parent, key } = parentOf(values, path);
    if (!parent || !(key in parent)) continue;
    const value = parent[key];
    delete parent[key];
    if (typeof value === 'string' || value === null) secrets[path] = value;
  }
  return { values, secrets };
}

/** The read shape: plain values with each secret as `{ set }`. Any secret value present in `values` is dropped. */
export function withSecretStatus(
  secretFields: readonly string[],
  values: PlainObject,
  isSet: (path: string) => boolean,
): PlainObject {
  const read = structuredClone(values);
  for (const path of secretFields) {
    const { parent, key } = parentOf(read, path);
    if (parent) parent[key] = { set: isSet(path) };
  }
  return read;
}

/** A read-shaped group with its secret statuses removed: the form's starting values, a valid write that keeps every secret. */
export function withoutSecretStatus(secretFields: readonly string[], read: PlainObject): PlainObject {
  const values = structuredClone(read);
  for (const path of secretFields) {
    const { parent, key } = parentOf(values, path);
    if (parent) delete parent[key];
  }
  return values;
}
