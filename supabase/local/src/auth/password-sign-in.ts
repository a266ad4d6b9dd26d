/**
 * The single place where a sign-in's password is judged. It gets the database so that account
 * policies decided there (the product's "3 failed sign-ins lock the account" will be added here) can
 * read and record attempts; today it only compares the bcrypt hash.
 */
import type { Queryable } from './db.ts';
import { badRequest, INVALID_LOGIN_MESSAGE } from './errors.ts';
import { passwordMatches } from './passwords.ts';
import type { UserRow } from './users.ts';

/** Resolves when the password is right; throws the error the client must see otherwise. */
export async function verifyPasswordSignIn(_db: Queryable, user: UserRow, password: string): Promise<void> {
  if (!(await passwordMatches(user.encrypted_password, password))) {
    throw badRequest('invalid_credentials', INVALID_LOGIN_MESSAGE);
  }
}
