/**
 * Password hashing as GoTrue does it: bcrypt, cost 10, "$2a$" hashes. Verification also accepts the
 * "$2b$"/"$2y$" variants and other costs, so users seeded with pgcrypto's crypt(pw, gen_salt('bf'))
 * sign in too. Strength rules are GoTrue's defaults (minimum length, 72-byte bcrypt limit).
 */
import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';
import { badRequest, weakPassword, type AuthHttpError } from './errors.ts';

const BCRYPT_COST = 10;
/** bcrypt ignores bytes past 72; GoTrue refuses longer passwords instead. */
const MAX_PASSWORD_BYTES = 72;

export async function hashPassword(password: string): Promise<string> {
  // bcryptjs writes "$2b$"; the algorithm is identical for passwords under 255 bytes, and GoTrue
  // (Go's x/crypto/bcrypt) writes "$2a$", so the salt is given in that form.
  const salt = (await bcrypt.genSalt(BCRYPT_COST)).replace(/^\$2b\$/, '$2a$');
  return bcrypt.hash(password, salt);
}

/** A hash of a password nobody knows: compared against when there is no user, so that an unknown email costs
 * the same bcrypt work as a known one and the answer's timing tells nothing. */
const DUMMY_HASH = bcrypt.hashSync(randomBytes(24).toString('base64url'), BCRYPT_COST);

/** Whether `password` matches `hash`; without a usable hash, a comparison against DUMMY_HASH still runs. */
export async function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  if (!hash || !/^\$2[aby]?\$\d\d\$/.test(hash)) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    // A malformed hash in the table is a non-matching password, not a server error.
    return false;
  }
}

/** GoTrue's checkPasswordStrength with its default policy. Returns the error to raise, or null. */
export function passwordStrengthError(password: string, minLength: number): AuthHttpError | null {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    return badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if ([...password].length < minLength) {
    return weakPassword(`Password should be at least ${minLength} characters.`, ['length']);
  }
  return null;
}

/** What GoTrue sets when an admin creates a user without a password: one nobody knows. */
export function unguessablePassword(): string {
  return randomBytes(48).toString('base64url').slice(0, 64);
}
