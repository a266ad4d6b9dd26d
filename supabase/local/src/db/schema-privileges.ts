/**
 * Privileges as supabase/schema.sql shows them: an object's access list (aclexplode's rows) becomes the few
 * GRANT statements that give it, roles with the same privileges sharing one statement. Pure, so that
 * tests/unit/local-schema-dump.test.ts covers the grouping.
 */

/** One row of aclexplode(): `grantee` is a quoted role name or PUBLIC; `privilege` as Postgres names it. */
export interface AclEntry {
  grantee: string;
  privilege: string;
  grantable: boolean;
}

export type PrivilegeTarget = 'table' | 'sequence' | 'function' | 'schema' | 'type';

/** Every privilege of a kind of object, in the order GRANT lists them; holding all of several reads `all`. */
const PRIVILEGES: Record<PrivilegeTarget, readonly string[]> = {
  table: ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER', 'MAINTAIN'],
  sequence: ['USAGE', 'SELECT', 'UPDATE'],
  function: ['EXECUTE'],
  schema: ['USAGE', 'CREATE'],
  type: ['USAGE'],
};

export interface PrivilegeGroup {
  /** `all`, or the privileges in GRANT's order, lower case (`select, insert`). */
  privileges: string;
  /** Quoted role names (PUBLIC as `public`), PUBLIC first, then by name. */
  grantees: string[];
  grantable: boolean;
}

/** Code-point order, the same on every machine (localeCompare depends on the locale). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareGrantees(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'PUBLIC') return -1;
  if (b === 'PUBLIC') return 1;
  return compareText(a, b);
}

/** How GRANT names a grantee. */
const roleName = (grantee: string) => (grantee === 'PUBLIC' ? 'public' : grantee);
const grantOption = (grantable: boolean) => (grantable ? ' with grant option' : '');

/** Adds `value` to the list under `key`, keeping the keys in first-seen order. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Groups an access list by what each role holds: one group per distinct privilege set (and grant option), in
 * the order of their first grantee. `except` names roles left out (the owner, whose rights are implied).
 */
export function groupPrivileges(target: PrivilegeTarget, entries: readonly AclEntry[], except: readonly string[] = []): PrivilegeGroup[] {
  const order = PRIVILEGES[target];
  const rank = (privilege: string) => (order.includes(privilege) ? order.indexOf(privilege) : order.length);
  const held = new Map<string, AclEntry[]>();
  const sorted = entries
    .filter((entry) => !except.includes(entry.grantee))
    .sort((a, b) => compareGrantees(a.grantee, b.grantee) || Number(a.grantable) - Number(b.grantable));
  for (const entry of sorted) push(held, `${entry.grantee}\u0000${entry.grantable}`, entry);

  const groups = new Map<string, PrivilegeGroup>();
  for (const list of held.values()) {
    const privileges = [...new Set(list.map((entry) => entry.privilege))].sort((a, b) => rank(a) - rank(b) || compareText(a, b));
    const all = order.length > 1 && privileges.length === order.length && privileges.every((privilege) => order.includes(privilege));
    const text = all ? 'all' : privileges.map((privilege) => privilege.toLowerCase()).join(', ');
    const { grantee, grantable } = list[0]!;
    const group = groups.get(`${grantable}:${text}`);
    if (group) group.grantees.push(roleName(grantee));
    else groups.set(`${grantable}:${text}`, { privileges: text, grantees: [roleName(grantee)], grantable });
  }
  return [...groups.values()];
}

/** `grant … on <object> to …;` statements giving an access list (`object`: e.g. `table public.x`, `function f()`). */
export function grantStatements(target: PrivilegeTarget, object: string, entries: readonly AclEntry[], except: readonly string[] = []): string[] {
  return groupPrivileges(target, entries, except).map(
    (group) => `grant ${group.privileges} on ${object} to ${group.grantees.join(', ')}${grantOption(group.grantable)};`,
  );
}

export interface ColumnAcl {
  /** Quoted column name. */
  column: string;
  entries: AclEntry[];
}

/**
 * Column privileges as `grant select (a, b) on table t to r;`: one statement per privilege, column list and
 * grant option, naming every role that holds exactly that; columns keep the order given (the table's).
 */
export function columnGrantStatements(table: string, columns: readonly ColumnAcl[]): string[] {
  const order = PRIVILEGES.table;
  const columnsOf = new Map<string, string[]>();
  for (const { column, entries } of columns) {
    for (const entry of entries) push(columnsOf, JSON.stringify([entry.privilege, entry.grantee, entry.grantable]), column);
  }
  const grants = [...columnsOf.entries()].map(([key, cols]) => {
    const [privilege, grantee, grantable] = JSON.parse(key) as [string, string, boolean];
    return { privilege, grantee, grantable, cols };
  });
  grants.sort((a, b) => order.indexOf(a.privilege) - order.indexOf(b.privilege) || compareGrantees(a.grantee, b.grantee));

  const statements = new Map<string, string[]>();
  for (const grant of grants) {
    const head = `grant ${grant.privilege.toLowerCase()} (${grant.cols.join(', ')}) on table ${table} to`;
    push(statements, JSON.stringify([head, grantOption(grant.grantable)]), roleName(grant.grantee));
  }
  return [...statements.entries()].map(([key, grantees]) => {
    const [head, option] = JSON.parse(key) as [string, string];
    return `${head} ${grantees.join(', ')}${option};`;
  });
}

/** What an `alter default privileges` entry changes: grants beyond the baseline and revokes of what it lacks. */
export function defaultPrivilegeStatements(
  prefix: string,
  target: PrivilegeTarget,
  objects: string,
  entries: readonly AclEntry[],
  baseline: readonly AclEntry[],
): string[] {
  const key = (entry: AclEntry) => JSON.stringify([entry.grantee, entry.privilege, entry.grantable]);
  const inEntries = new Set(entries.map(key));
  const inBaseline = new Set(baseline.map(key));
  const granted = entries.filter((entry) => !inBaseline.has(key(entry)));
  const revoked = baseline.filter((entry) => !inEntries.has(key(entry)));
  return [
    ...groupPrivileges(target, granted).map(
      (group) => `${prefix} grant ${group.privileges} on ${objects} to ${group.grantees.join(', ')}${grantOption(group.grantable)};`,
    ),
    ...groupPrivileges(target, revoked).map((group) => `${prefix} revoke ${group.privileges} on ${objects} from ${group.grantees.join(', ')};`),
  ];
}
