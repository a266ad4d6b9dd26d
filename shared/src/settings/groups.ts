/**
 * The eleven System Settings groups (spec part 2 §2, §3, §7; Refills, issue 21; Billing, §9's fee and coverage):
 * each key of /api/system-settings/{key} with its tab label, its write schema (PUT body, the web form's resolver),
 * its read schema (GET answer: secrets as `{ set }`), its defaults (§9; what GET returns for a group never saved)
 * and its secret fields (dotted paths, see secrets.ts). Also the save toasts of §8. The table is the one list of
 * groups; screens, the api and the database's key check follow it.
 */
import type * as z from 'zod';
import { BILLING_SECRET_FIELDS, BILLING_SETTINGS_DEFAULTS, billingSettingsReadSchema, billingSettingsSchema } from './billing.ts';
import { CONTROLLED_SECRET_FIELDS, CONTROLLED_SETTINGS_DEFAULTS, controlledSettingsReadSchema, controlledSettingsSchema } from './controlled.ts';
import { EMAIL_SECRET_FIELDS, EMAIL_SETTINGS_DEFAULTS, emailSettingsReadSchema, emailSettingsSchema } from './email.ts';
import { FAX_SECRET_FIELDS, FAX_SETTINGS_DEFAULTS, faxSettingsReadSchema, faxSettingsSchema } from './fax.ts';
import { LABELS_SECRET_FIELDS, LABELS_SETTINGS_DEFAULTS, labelsSettingsReadSchema, labelsSettingsSchema } from './labels.ts';
import { PHARMACY_SECRET_FIELDS, PHARMACY_SETTINGS_DEFAULTS, pharmacySettingsReadSchema, pharmacySettingsSchema } from './pharmacy.ts';
import { PRINTING_SECRET_FIELDS, PRINTING_SETTINGS_DEFAULTS, printingSettingsReadSchema, printingSettingsSchema } from './printing.ts';
import { PROFIT_LOSS_SECRET_FIELDS, PROFIT_LOSS_SETTINGS_DEFAULTS, profitLossSettingsReadSchema, profitLossSettingsSchema } from './profit-loss.ts';
import { REFILLS_SECRET_FIELDS, REFILLS_SETTINGS_DEFAULTS, refillsSettingsReadSchema, refillsSettingsSchema } from './refills.ts';
import { REPORTS_SECRET_FIELDS, REPORTS_SETTINGS_DEFAULTS, reportsSettingsReadSchema, reportsSettingsSchema } from './reports.ts';
import {
  TRANSMISSION_SECRET_FIELDS,
  TRANSMISSION_SETTINGS_DEFAULTS,
  transmissionSettingsReadSchema,
  transmissionSettingsSchema,
} from './transmission.ts';
import { isPlainObject, type PlainObject } from './secrets.ts';

/** The keys in tab order (§2: Pharmacy, Transmission, Reports, P&L, Printing, Controlled, then Refills, Billing, Labels, Fax, Email). */
export const SETTINGS_GROUP_KEYS = [
  'pharmacy', 'transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'refills', 'billing', 'labels', 'fax', 'email',
] as const;
export type SettingsGroupKey = (typeof SETTINGS_GROUP_KEYS)[number];

/** §2: the Pharmacy tab is active first. */
export const DEFAULT_SETTINGS_GROUP: SettingsGroupKey = 'pharmacy';

export function isSettingsGroupKey(value: string): value is SettingsGroupKey {
  return (SETTINGS_GROUP_KEYS as readonly string[]).includes(value);
}

interface SettingsGroupDefinition<Write extends z.ZodType, Read extends z.ZodType> {
  /** The tab's label. */
  label: string;
  /** PUT body: every field, secrets as string (new) / null (clear) / absent, '' or the read's `{ set }` (keep). */
  schema: Write;
  /** GET answer: every field, secrets as `{ set: boolean }`. */
  readSchema: Read;
  /** What GET returns for a group never saved (read shape). */
  defaults: z.output<Read>;
  /** Dotted paths of the secret fields. */
  secretFields: readonly string[];
}

function group<Write extends z.ZodType, Read extends z.ZodType>(definition: SettingsGroupDefinition<Write, Read>) {
  return definition;
}

export const SETTINGS_GROUPS = {
  pharmacy: group({
    label: 'Pharmacy',
    schema: pharmacySettingsSchema,
    readSchema: pharmacySettingsReadSchema,
    defaults: PHARMACY_SETTINGS_DEFAULTS,
    secretFields: PHARMACY_SECRET_FIELDS,
  }),
  transmission: group({
    label: 'Transmission',
    schema: transmissionSettingsSchema,
    readSchema: transmissionSettingsReadSchema,
    defaults: TRANSMISSION_SETTINGS_DEFAULTS,
    secretFields: TRANSMISSION_SECRET_FIELDS,
  }),
  reports: group({
    label: 'Reports',
    schema: reportsSettingsSchema,
    readSchema: reportsSettingsReadSchema,
    defaults: REPORTS_SETTINGS_DEFAULTS,
    secretFields: REPORTS_SECRET_FIELDS,
  }),
  'profit-loss': group({
    label: 'P&L',
    schema: profitLossSettingsSchema,
    readSchema: profitLossSettingsReadSchema,
    defaults: PROFIT_LOSS_SETTINGS_DEFAULTS,
    secretFields: PROFIT_LOSS_SECRET_FIELDS,
  }),
  printing: group({
    label: 'Printing',
    schema: printingSettingsSchema,
    readSchema: printingSettingsReadSchema,
    defaults: PRINTING_SETTINGS_DEFAULTS,
    secretFields: PRINTING_SECRET_FIELDS,
  }),
  controlled: group({
    label: 'Controlled',
    schema: controlledSettingsSchema,
    readSchema: controlledSettingsReadSchema,
    defaults: CONTROLLED_SETTINGS_DEFAULTS,
    secretFields: CONTROLLED_SECRET_FIELDS,
  }),
  refills: group({
    label: 'Refills',
    schema: refillsSettingsSchema,
    readSchema: refillsSettingsReadSchema,
    defaults: REFILLS_SETTINGS_DEFAULTS,
    secretFields: REFILLS_SECRET_FIELDS,
  }),
  billing: group({
    label: 'Billing',
    schema: billingSettingsSchema,
    readSchema: billingSettingsReadSchema,
    defaults: BILLING_SETTINGS_DEFAULTS,
    secretFields: BILLING_SECRET_FIELDS,
  }),
  labels: group({
    label: 'Labels',
    schema: labelsSettingsSchema,
    readSchema: labelsSettingsReadSchema,
    defaults: LABELS_SETTINGS_DEFAULTS,
    secretFields: LABELS_SECRET_FIELDS,
  }),
  fax: group({
    label: 'Fax',
    schema: faxSettingsSchema,
    readSchema: faxSettingsReadSchema,
    defaults: FAX_SETTINGS_DEFAULTS,
    secretFields: FAX_SECRET_FIELDS,
  }),
  email: group({
    label: 'Email',
    schema: emailSettingsSchema,
    readSchema: emailSettingsReadSchema,
    defaults: EMAIL_SETTINGS_DEFAULTS,
    secretFields: EMAIL_SECRET_FIELDS,
  }),
} as const satisfies Record<SettingsGroupKey, SettingsGroupDefinition<z.ZodType, z.ZodType>>;

export type SettingsGroups = typeof SETTINGS_GROUPS;
/** A group's PUT body after parsing. */
export type SettingsWrite<Key extends SettingsGroupKey> = z.output<SettingsGroups[Key]['schema']>;
/** A group's PUT body as a form holds it. */
export type SettingsWriteInput<Key extends SettingsGroupKey> = z.input<SettingsGroups[Key]['schema']>;
/** A group as GET returns it. */
export type SettingsRead<Key extends SettingsGroupKey> = z.output<SettingsGroups[Key]['readSchema']>;

/** §8: the toasts of a save. */
export const SETTINGS_SAVED_TOAST = { title: 'Settings Updated', description: 'System configuration has been saved successfully' } as const;
export const SETTINGS_SAVE_FAILED_TOAST = { title: 'Update Failed', description: 'Unable to save system settings. Please try again.' } as const;

function overlay(base: unknown, stored: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(stored)) return stored === undefined ? structuredClone(base) : stored;
  const merged: PlainObject = {};
  for (const key of Object.keys(base)) merged[key] = overlay(base[key], stored[key]);
  return merged;
}

/** Marks a list element to leave out (an element has no default of its own). */
const LEFT_OUT = Symbol('left out');

function valueAtPath(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const part of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

function setAtPath(root: unknown, path: readonly PropertyKey[], value: unknown): void {
  const parent = valueAtPath(root, path.slice(0, -1));
  if (typeof parent === 'object' && parent !== null) (parent as Record<PropertyKey, unknown>)[path[path.length - 1]!] = value;
}

function withoutLeftOut(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== LEFT_OUT).map(withoutLeftOut);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutLeftOut(item)]));
  return value;
}

/**
 * Puts back what `issuePath` names: an element of a list is left out; any other value takes its default, or its
 * nearest enclosing value that has one does. False when only the whole group's defaults would do.
 */
function restoreDefault(values: PlainObject, defaults: unknown, issuePath: readonly PropertyKey[]): boolean {
  const elementAt = issuePath.findIndex((part) => typeof part === 'number');
  if (elementAt >= 0) {
    setAtPath(values, issuePath.slice(0, elementAt + 1), LEFT_OUT);
    return true;
  }
  for (let length = issuePath.length; length > 0; length -= 1) {
    const fallback = valueAtPath(defaults, issuePath.slice(0, length));
    if (fallback !== undefined) {
      setAtPath(values, issuePath.slice(0, length), structuredClone(fallback));
      return true;
    }
  }
  return false;
}

/**
 * A stored group laid over the group's defaults, in the read shape: fields the stored copy lacks (never saved, or
 * added to the schema after it was saved) take the default; fields the schema no longer has are dropped; lists are
 * taken whole. A stored value the group's read schema refuses — a wrong type, an option or a bound the field does
 * not take (an admin may write the pharmacy_settings row or call save_settings_group without the api; a rule may
 * be stricter than when the value was saved) — reads as its default, as the database's own readers do
 * (private.controlled_substance_settings); a list element with such a value is left out. So no stored row stops a
 * group from opening, on the settings screen or anywhere it is read. Read schemas hold each field's own rule, not
 * the rules across fields (those are the write schema's, which the form shows against what was read).
 *
 * Secrets are not in the stored values (see secrets.ts); their status comes from the defaults until the caller sets
 * it.
 */
export function settingsWithDefaults<Key extends SettingsGroupKey>(key: Key, stored: unknown): SettingsRead<Key> {
  const { readSchema, defaults } = SETTINGS_GROUPS[key];
  let values = overlay(defaults, stored ?? {});
  // Each pass repairs what the last one reported; a repair can reveal at most one more level (an emptied list).
  for (let pass = 0; pass < 4 && isPlainObject(values); pass += 1) {
    const result = (readSchema as z.ZodType).safeParse(values);
    if (result.success) return result.data as SettingsRead<Key>;
    const repaired: PlainObject = structuredClone(values);
    if (!result.error.issues.every((issue) => restoreDefault(repaired, defaults, issue.path))) break;
    values = withoutLeftOut(repaired);
  }
  return structuredClone(defaults) as SettingsRead<Key>;
}
