/**
 * The markdown maps (ARCHITECTURE.md, README.md and the READMEs beside the code) name only files and folders that
 * exist (tests/support/docs-paths.ts says what counts as a mention): a move or a rename that leaves a map pointing
 * at nothing fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFiles, missingPaths, repoRoot } from '../support/docs-paths.ts';

describe('paths named in the markdown', () => {
  it('reports a missing file or folder, however it is written, and nothing else', () => {
    const markdown = [
      'The client is `web/src/lib/supabase.ts`; the old one was `web/src/lib/database.types.ts`.',
      'Shared: `shared/src/{common,nowhere}/phone.ts`, `@pharmacy/shared/schemas/patient.ts`, a [link](docs/gone.md).',
      'A folder: tests/nowhere/ and a relative name `routes/users.ts` that is not from here.',
      'Not paths: `edge-functions/<name>/index.ts`, `supabase/local/sql/bootstrap/*.sql`, https://example.com/a/b.ts,',
      '`/api/users`, `@supabase/supabase-js`, `../shared/spec/`, `rxcui/{rxcui}/properties.json`, invite/recovery,',
      'EA/ML/GM, and the ignored `supabase/local/.data` and `supabase/functions/.env`; [ARCHITECTURE](ARCHITECTURE.md#layout).',
    ].join('\n');
    expect(missingPaths(markdown, repoRoot)).toEqual([
      'web/src/lib/database.types.ts',
      'shared/src/nowhere/phone.ts',
      'shared/src/schemas/patient.ts',
      'docs/gone.md',
      'tests/nowhere/',
      'routes/users.ts',
    ]);
  });

  it('a path is read from the markdown file\'s folder or from the repository root', () => {
    const localDir = path.join(repoRoot, 'supabase', 'local');
    expect(missingPaths('`src/supervisor.ts`, `supabase/config.toml`, `../migrations`, `src/nowhere.ts`', localDir)).toEqual(['src/nowhere.ts']);
  });

  const files = markdownFiles();

  it('finds the maps', () => {
    const names = files.map((file) => path.relative(repoRoot, file));
    expect(names).toEqual(expect.arrayContaining(['ARCHITECTURE.md', 'README.md', 'supabase/local/README.md', 'web/src/README.md']));
  });

  it.each(files.map((file) => [path.relative(repoRoot, file), file]))('%s names only paths that exist', (_name, file) => {
    expect(missingPaths(fs.readFileSync(file, 'utf8'), path.dirname(file))).toEqual([]);
  });
});
