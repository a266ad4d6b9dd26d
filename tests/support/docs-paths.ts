/**
 * The files and folders the project's markdown names, checked against the tree: after a move or a rename, a map
 * that points at nothing is worse than no map. A mention is a code span, a link target or a bare word with a
 * slash; it is taken for a path when its last part has a file extension (`web/src/lib/supabase.ts`) or its first
 * part is an entry of the markdown file's folder or of the repository root (`supabase/local/`, `src/auth/`). It is
 * looked up from the markdown file's folder and from the root, and it is found when either exists or when git
 * ignores it (a local file such as `supabase/functions/.env`). Placeholders and globs (`<name>`, `*`, `{id}`,
 * `…`), URLs, route paths (`/api/users`), package names (`@scope/name`) and paths outside the repository
 * (`../shared/spec/`) are not checked; `a/{b,c}.ts` is both `a/b.ts` and `a/c.ts`; `@pharmacy/shared/<path>` is
 * `shared/src/<path>`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const EXTENSIONS = new Set(['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'sql', 'toml', 'md', 'css', 'html', 'yml', 'yaml', 'control', 'lock', 'env', 'example', 'sh', 'txt']);
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

/** Every markdown file of the repository (not dependencies, build output or hidden folders such as .git and the stack's .data). */
export function markdownFiles(dir = repoRoot): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(full));
    else if (entry.isFile() && entry.name.endsWith('.md')) found.push(full);
  }
  return found.sort();
}

const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]`'"]*/gi;
const LINK_TARGET = /\]\(([^)\s]+)\)/g;
// A word with a slash that does not continue a route, a URL, a package scope or another word.
const PATH_WORD = /(?<![\w./@:~-])[\w.@~-][\w.@{},*<>$~…-]*\/[\w.@{},*<>$~…/-]*/g;

/** The words of a markdown text that may name a file or folder, as written. */
export function pathMentions(markdown: string): string[] {
  const text = markdown.replace(LINK_TARGET, (_link, target: string) => `](${target.startsWith('#') || /^[a-z]+:/i.test(target) ? '' : ` ${target.replace(/#.*$/, '')} `})`).replace(URL_PATTERN, ' ');
  return [...text.matchAll(PATH_WORD)].map((match) => match[0].replace(/[.,:;]+$/, ''));
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d` (braces with a comma only; nested ones one level at a time). */
function expandBraces(word: string): string[] {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(word);
  if (!match) return [word];
  return match[1]!.split(',').flatMap((choice) => expandBraces(word.slice(0, match.index) + choice + word.slice(match.index + match[0].length)));
}

function isPlaceholder(word: string): boolean {
  return /[<>*$…]/.test(word) || word.includes('...') || /\{[^{},]*\}/.test(word) || (word.startsWith('@') && !word.startsWith('@pharmacy/shared/'));
}

function entriesOf(dir: string): Set<string> {
  return new Set(fs.readdirSync(dir));
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Whether git ignores the path as a file or (a pattern ending in '/' needs it spelt so) as a folder. */
function ignoredByGit(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return [relative, `${relative}/`].some((spelling) => {
    try {
      execFileSync('git', ['check-ignore', '-q', spelling], { cwd: root, stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

/** The mentions of `markdown` (a file in `markdownDir`) that name a path of the repository that does not exist. */
export function missingPaths(markdown: string, markdownDir: string, root = repoRoot): string[] {
  const localEntries = entriesOf(markdownDir);
  const rootEntries = entriesOf(root);
  const missing: string[] = [];
  for (const word of pathMentions(markdown)) {
    if (isPlaceholder(word)) continue;
    for (const mention of expandBraces(word.replace(/^@pharmacy\/shared\//, 'shared/src/'))) {
      const parts = mention.split('/').filter((part) => part !== '');
      const first = parts[0];
      const last = parts.at(-1);
      if (first === undefined || last === undefined) continue;
      const extension = /\.([A-Za-z0-9]+)$/.exec(last)?.[1]?.toLowerCase();
      const pathLike = (extension !== undefined && EXTENSIONS.has(extension)) || first === '.' || first === '..' || localEntries.has(first) || rootEntries.has(first);
      if (!pathLike) continue;
      const candidates = [path.resolve(markdownDir, mention), path.resolve(root, mention)].filter((file) => isInside(root, file));
      if (candidates.length === 0) continue;
      if (candidates.some((file) => fs.existsSync(file) || ignoredByGit(root, file))) continue;
      missing.push(mention);
    }
  }
  return [...new Set(missing)];
}
