/**
 * The lint's boundary rule (eslint.config.js, tools/eslint/feature-boundaries.js): a feature of the web app
 * never imports another feature, whether the path names 'features/' or climbs there with '../'; its own
 * files, web/src/lib, hooks and components (which import no feature themselves), and app/routes importing any
 * feature stay allowed. Runs ESLint's
 * Node API with the repository's config on a fixture placed, by its file path, inside a feature.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: repoRoot });
const fixture = readFileSync(path.join(repoRoot, 'tests/fixtures/eslint/cross-feature-import.tsx.txt'), 'utf8');

async function boundaryMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result!.messages.filter((message) => message.ruleId === 'pharmacy/feature-boundaries' || message.fatal).map((message) => message.message);
}

// Loading the config and TypeScript's parser takes seconds on a busy machine; no speed is asserted.
describe('lint: features never import each other, nor components, hooks and lib a feature', { timeout: 60_000 }, () => {
  it('fails a feature file that imports another feature through a relative path', async () => {
    const messages = await boundaryMessages(fixture, 'web/src/features/prescriptions/components/fixture.tsx');
    expect(messages).toEqual([
      "The prescriptions feature imports the labels feature ('../../labels/components/labels-page.tsx'): features never import each other — compose them in web/src/app/routes, or move what both need to web/src/lib, hooks or components.",
    ]);
  });

  it('fails dynamic imports and re-exports of another feature too', async () => {
    const code = "export { labelsKeys } from '../labels/keys.ts';\nexport const load = () => import('../../features/dashboard/keys.ts');\n";
    expect(await boundaryMessages(code, 'web/src/features/patients/fixture.ts')).toHaveLength(2);
  });

  it('fails components, hooks and lib importing any feature', async () => {
    const code = "import { drugKeys } from '../features/drugs/keys.ts';\nexport const keys = drugKeys;\n";
    expect(await boundaryMessages(code, 'web/src/lib/fixture.ts')).toEqual([
      "web/src/lib imports the drugs feature ('../features/drugs/keys.ts'): components, hooks and lib are used by features and never import one — pass what they need in, or compose in web/src/app/routes.",
    ]);
    const nested = "export const load = () => import('../../features/labels/components/labels-page.tsx');\n";
    expect(await boundaryMessages(nested, 'web/src/components/ui/fixture.tsx')).toHaveLength(1);
    expect(await boundaryMessages(nested.replace('../../', '../'), 'web/src/hooks/fixture.ts')).toHaveLength(1);
  });

  it('allows the same imports from app/routes, where features meet', async () => {
    const code = "import { LabelsPage } from '../../../features/labels/components/labels-page.tsx';\nimport { PrescriptionManagement } from '../../../features/prescriptions/components/prescription-management.tsx';\nexport { LabelsPage, PrescriptionManagement };\n";
    expect(await boundaryMessages(code, 'web/src/app/routes/app/fixture.tsx')).toEqual([]);
  });

});
