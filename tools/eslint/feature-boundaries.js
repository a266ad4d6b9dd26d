/**
 * `pharmacy/feature-boundaries`: a feature of the web app (web/src/features/<name>) never imports another
 * feature; features meet in web/src/app/routes, which may import any of them. Relative imports are resolved
 * against the importing file, so '../../labels/…' is caught as surely as a path naming 'features/'.
 */
import path from 'node:path';

const FEATURE = /(?:^|\/)web\/src\/features\/([^/]+)\//;

/** The feature a file belongs to, or null. */
function featureOf(file) {
  return FEATURE.exec(file.replaceAll('\\', '/'))?.[1] ?? null;
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature of web/src/features never imports another feature; they meet in web/src/app/routes.' },
    messages: {
      crossFeature:
        "The {{from}} feature imports the {{to}} feature ('{{source}}'): features never import each other — compose them in web/src/app/routes, or move what both need to web/src/lib, hooks or components.",
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename);
    if (from === null) return {};
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(context.filename), source.value) + '/');
      if (to !== null && to !== from) context.report({ node: source, messageId: 'crossFeature', data: { from, to, source: source.value } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { meta: { name: 'pharmacy' }, rules: { 'feature-boundaries': featureBoundaries } };
