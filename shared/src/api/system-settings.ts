/**
 * System Settings (spec part 2 §7 "System settings"), one GET and one PUT per group of SETTINGS_GROUPS:
 * - GET /api/system-settings/{key} — the group (read schema: secrets as `{ set }`); a group never saved answers
 *   its §9 defaults. Admins read every group; pharmacists and technicians read printing and labels (403 for the
 *   others); the database decides.
 * - PUT /api/system-settings/{key} — the whole group (write schema: a secret string sets it, null clears it,
 *   absent, '' or GET's `{ set }` keeps it, so a GET's answer sent back unchanged saves and keeps every secret);
 *   answers the group as GET would after the save. 400 with the field's message for a
 *   bad value (nothing of the group changes), 403 for anyone but an admin.
 */
import { SETTINGS_GROUP_KEYS, SETTINGS_GROUPS, type SettingsGroupKey, type SettingsGroups } from '../settings/groups.ts';
import { type ApiEndpoint, apiEndpoint } from './endpoint.ts';

/** What the database answers a PUT by anyone but the pharmacy's admin (403). */
export const SETTINGS_ADMIN_ONLY_MESSAGE = 'Only an admin can change system settings';
/** What the database answers a GET of a group other than printing and labels by anyone but the admin (403). */
export const SETTINGS_READ_REFUSED_MESSAGE = 'Only an admin can view these settings';

/** What function code that needs a pharmacy's settings secrets answers a caller who is staff of no pharmacy (403). */
export const SETTINGS_STAFF_ONLY_MESSAGE = 'Only staff of a pharmacy can use its settings';

export type SettingsGroupPath<Key extends SettingsGroupKey> = `/api/system-settings/${Key}`;

export interface SettingsGroupEndpoints<Key extends SettingsGroupKey> {
  get: ApiEndpoint<null, SettingsGroups[Key]['readSchema'], SettingsGroupPath<Key>>;
  put: ApiEndpoint<SettingsGroups[Key]['schema'], SettingsGroups[Key]['readSchema'], SettingsGroupPath<Key>>;
}

function groupEndpoints<Key extends SettingsGroupKey>(key: Key): SettingsGroupEndpoints<Key> {
  const path: SettingsGroupPath<Key> = `/api/system-settings/${key}`;
  const { schema, readSchema } = SETTINGS_GROUPS[key];
  return {
    get: apiEndpoint({ method: 'GET', path, access: 'signed-in', request: null, response: readSchema, format: 'json', successStatus: 200 }),
    put: apiEndpoint({ method: 'PUT', path, access: 'signed-in', request: schema, response: readSchema, format: 'json', successStatus: 200 }),
  } as SettingsGroupEndpoints<Key>;
}

/** Every group's two endpoints, by key. */
export const SETTINGS_ENDPOINTS = Object.fromEntries(SETTINGS_GROUP_KEYS.map((key) => [key, groupEndpoints(key)])) as {
  [Key in SettingsGroupKey]: SettingsGroupEndpoints<Key>;
};
