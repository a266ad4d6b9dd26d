/**
 * One Print Label for the queue and the labels screen: the label call (generateLabel) is made into a
 * mutation in one place, web/src/hooks/use-print-label.ts, with the spec's toasts and the new window;
 * screens use that hook instead of wrapping the call themselves (they did, twice, with different toasts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webSrc = path.join(import.meta.dirname, '..', '..', 'web', 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(webSrc, file).replaceAll('\\', '/');

describe('the label print hook', () => {
  it('is the only code that turns the label call into a mutation', () => {
    const callers = sourceFiles(webSrc).filter((file) => /\bgenerateLabel\b/.test(readFileSync(file, 'utf8')));
    expect(callers.map(relative).sort()).toEqual(['hooks/use-print-label.ts', 'lib/label-printing.ts']);
  });

  it('is what the queue and the labels screen print with', () => {
    const users = sourceFiles(webSrc).filter((file) => readFileSync(file, 'utf8').includes("from '../../../hooks/use-print-label.ts'"));
    expect(users.map(relative).sort()).toEqual([
      'features/labels/components/labels-page.tsx',
      'features/prescriptions/components/prescription-management.tsx',
    ]);
  });
});
