/**
 * The typed permission list of shared/src/staff/permissions.ts is the database's: for every role,
 * private.role_permissions (which the policies and functions check) answers exactly ROLE_PERMISSIONS[role], in
 * order, and every permission the database hands out is a name of PERMISSIONS. A role the database does not know
 * gets none.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS } from '../../shared/src/staff/permissions.ts';
import { STAFF_ROLES } from '../../shared/src/staff/screens.ts';
import { closeSql, sql } from '../support/stack-env.ts';

afterAll(async () => {
  await closeSql();
});

async function databasePermissions(role: string): Promise<string[]> {
  const [row] = await sql<{ permissions: string[] }>(`select private.role_permissions($1) as permissions`, [role]);
  return row!.permissions;
}

describe('permissions: shared/src/staff/permissions.ts equals private.role_permissions', () => {
  it.each(STAFF_ROLES)('%s', async (role) => {
    expect(await databasePermissions(role)).toEqual([...ROLE_PERMISSIONS[role]]);
  });

  it('every permission the database grants is in the typed list, and every listed one is granted to some role', async () => {
    const granted = new Set((await Promise.all(STAFF_ROLES.map(databasePermissions))).flat());
    expect([...granted].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('an unknown role has no permissions', async () => {
    expect(await databasePermissions('owner')).toEqual([]);
  });
});
