/**
 * The local stack's Vault root key: 32 random bytes, written once as 64 hex digits to `<dataDir>/vault-root.key`
 * (mode 0600, owned by the OS user Postgres runs as) and never stored in the database. It sits beside the
 * cluster's data directory (`<dataDir>/pg`), as hosted Supabase keeps its root key in
 * /etc/postgresql-custom/pgsodium_root.key outside PGDATA: a copy of the cluster or a dump holds ciphertext only.
 * The bootstrap's `vault._local_root_key()` reads it with pg_read_file at `<data_directory>/../vault-root.key`,
 * a path derived from a setting no session can change (see sql/bootstrap/50-vault.sql).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const VAULT_KEY_FILE_NAME = 'vault-root.key';
const KEY_PATTERN = /^[0-9a-f]{64}$/;

export function vaultKeyFile(dataDir: string): string {
  return path.join(dataDir, VAULT_KEY_FILE_NAME);
}

/**
 * Creates the key file unless it exists (never replacing one: secrets encrypted under it would be lost), and
 * gives it to `owner` (the Postgres data folder's owner, which differs from this process when run as root).
 * A file that is not a key fails the start with its path, never its content.
 */
export async function ensureVaultRootKey(dataDir: string, owner: { uid: number; gid: number }): Promise<string> {
  const file = vaultKeyFile(dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  let existed = false;
  try {
    await fs.writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    existed = true;
  }
  if (existed && !KEY_PATTERN.test((await fs.readFile(file, 'utf8')).trim())) {
    throw new Error(`${file} is not a Vault root key (64 hex digits). Restore it, or delete it to start with a new key (secrets stored under the old one can then no longer be read).`);
  }
  const stat = await fs.stat(file);
  if (stat.uid !== owner.uid || stat.gid !== owner.gid) await fs.chown(file, owner.uid, owner.gid);
  if ((stat.mode & 0o777) !== 0o600) await fs.chmod(file, 0o600);
  return file;
}
