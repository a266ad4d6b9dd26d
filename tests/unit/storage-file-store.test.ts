/**
 * The storage service's file store: staged uploads left by a service that stopped mid-upload are cleared when the
 * store starts; stored versions are kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStore } from '../../supabase/local/src/storage/file-store.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'));
  roots.push(root);
  return root;
}

describe('FileStore', () => {
  it('clears staged files left by an earlier run and keeps stored versions', async () => {
    const root = tempRoot();
    const first = new FileStore(root);
    const version = '0b5e9bd5-8d3c-4d43-9b1e-7d4a3c2f1e00';
    await first.place(await first.stage(Buffer.from('kept')), 'docs', version);
    const abandoned = await first.stage(Buffer.from('never recorded'));
    expect(fs.existsSync(abandoned.tempPath)).toBe(true);

    const restarted = new FileStore(root);
    expect(fs.existsSync(abandoned.tempPath)).toBe(false);
    expect(fs.readdirSync(path.join(root, '.incoming'))).toEqual([]);
    const chunks: Buffer[] = [];
    for await (const chunk of restarted.open('docs', version)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('kept');
  });
});
