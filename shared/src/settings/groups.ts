/**
 * The nine System Settings groups (spec part 2 §2, §3, §7): each key of /api/system-settings/{key} with its
 * tab label, its write schema (PUT body, the web form's resolver), its read schema (GET answer: secrets as
 * `{ set }`), its defaults (§9; what GET returns for a group never saved) and its secret fields (dotted paths,
 * see secrets.ts). Also the save toasts of §8. The table is the one list of groups; screens, the api and the
 * database's key check follow it.
 */
import type * as z from 'zod';
import { CONTROLLED_SECRET_FIELDS, CONTROLLED_SETTINGS_DEFAULTS, controlledSettingsReadSchema, controlledSettingsSchema } from './controlled.ts';
import { EMAIL_SECRET_FIELDS, EMAIL_SETTINGS_DEFAULTS, emailSettingsReadSchema, emailSettingsSchema } from './email.ts';
import { FAX_SECRET_FIELDS, FAX_SETTINGS_DEFAULTS, faxSettingsReadSchema, faxSettingsSchema } from './fax.ts';
import { LABELS_SECRET_FIELDS, LABELS_SETTINGS_DEFAULTS, labelsSettingsReadSchema, labelsSettingsSchema } from './labels.ts';
import { PHARMACY_SECRET_FIELDS, PHARMACY_SETTINGS_DEFAULTS, pharmacySettingsReadSchema, pharmacySettingsSchema } from './pharmacy.ts';
import { PRINTING_SECRET_FIELDS, PRINTING_SETTINGS_DEFAULTS, printingSettingsReadSchema, printingSettingsSchema } from './printing.ts';
import { PROFIT_LOSS_SECRET_FIELDS, PROFIT_LOSS_SETTINGS_DEFAULTS, profitLossSettingsReadSchema, profitLossSettingsSchema } from './profit-loss.ts';
import { REPORTS_SECRET_FIELDS, REPORTS_SETTINGS_DEFAULTS, reportsSettingsReadSchema, reportsSettingsSchema } from './reports.ts';
import {
  TRANSMISSION_SECRET_FIELDS,
  TRANSMISSION_SETTINGS_DEFAULTS,
  transmissionSettingsReadSchema,
  transmissionSettingsSchema,
} from './transmission.ts';
import { isPlainObject, type PlainObject } from './secrets.ts';

/** The keys in tab order (§2: Pharmacy, Transmission, Reports, P&L, Printing, Controlled, Labels, Fax, Email). */
export const SETTINGS_GROUP_KEYS = ['pharmacy', 'transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email'] as const;
export type SettingsGroupKey = (typeof SETTINGS_GROUP_KEYS)[number];

/** §2: the Pharmacy tab is active first. */
export const DEFAULT_SETTINGS_GROUP: SettingsGroupKey = 'pharmacy';

export function isSettingsGroupKey(value: string): value is SettingsGroupKey {
  return (SETTINGS_GROUP_KEYS as readonly string[]).includes(value);
}

interface SettingsGroupDefinition<Write extends z.ZodType, Read extends z.ZodType> {
  /** The tab's label. */
  label: string;
  /** PUT body: every field, secrets as string (new) / null (clear) / absent or '' (keep). */
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

/**
 * A stored group laid over the group's defaults: fields the stored copy lacks (never saved, or added to the
 * schema after it was saved) take the default; fields the schema no longer has are dropped; lists are taken
 * whole. Secrets are not in the stored values (see secrets.ts); their status comes from the defaults until the
 * caller sets it. The api parses the result with the read schema.
 */
export function settingsWithDefaults<Key extends SettingsGroupKey>(key: Key, stored: unknown): SettingsRead<Key> {
  return overlay(SETTINGS_GROUPS[key].defaults, stored ?? {}) as SettingsRead<Key>;
}
