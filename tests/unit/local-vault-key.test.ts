/**
 * The local stack's Vault root key file (supabase/local/src/db/vault-key.ts): made once with 32 random bytes,
 * mode 0600, kept on every later start, never replaced when it is damaged (secrets would be lost).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureVaultRootKey, vaultKeyFile } from '../../supabase/local/src/db/vault-key.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function tempDataDir(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-key-'));
  roots.push(root);
  return root;
}

const me = { uid: process.getuid!(), gid: process.getgid!() };

describe('ensureVaultRootKey', () => {
  it('writes a new 64-hex-digit key readable by its owner only', async () => {
    const dataDir = tempDataDir();
    const file = await ensureVaultRootKey(dataDir, me);
    expect(file).toBe(vaultKeyFile(dataDir));
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the key of an earlier start, and gives each stack its own', async () => {
    const dataDir = tempDataDir();
    const first = fs.readFileSync(await ensureVaultRootKey(dataDir, me), 'utf8');
    fs.chmodSync(vaultKeyFile(dataDir), 0o644);
    expect(fs.readFileSync(await ensureVaultRootKey(dataDir, me), 'utf8')).toBe(first);
    expect(fs.statSync(vaultKeyFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(await ensureVaultRootKey(tempDataDir(), me), 'utf8')).not.toBe(first);
  });

  it('refuses a file that is not a key without quoting it, and leaves it in place', async () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(vaultKeyFile(dataDir), 'zz-not-a-key-zz\n', { mode: 0o600 });
    const failure = ensureVaultRootKey(dataDir, me);
    await expect(failure).rejects.toThrow(/is not a Vault root key/);
    await expect(failure).rejects.not.toThrow(/zz-not-a-key-zz/);
    expect(fs.readFileSync(vaultKeyFile(dataDir), 'utf8')).toBe('zz-not-a-key-zz\n');
  });
});
