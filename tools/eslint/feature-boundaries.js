/**
 * `pharmacy/feature-boundaries`: a feature of the web app (web/src/features/<name>) never imports another
 * feature, and the app-wide layers (web/src/components, hooks, lib) never import a feature at all; features meet
 * in web/src/app/routes, which may import any of them. Relative imports are resolved against the importing file,
 * so '../../labels/…' is caught as surely as a path naming 'features/'.
 */
import path from 'node:path';

const FEATURE = /(?:^|\/)web\/src\/features\/([^/]+)\//;
const SHARED_LAYER = /(?:^|\/)web\/src\/(components|hooks|lib)\//;

/** The feature a file belongs to, or null. */
function featureOf(file) {
  return FEATURE.exec(file.replaceAll('\\', '/'))?.[1] ?? null;
}

/** The app-wide layer a file belongs to (components, hooks, lib), or null. */
function sharedLayerOf(file) {
  return SHARED_LAYER.exec(file.replaceAll('\\', '/'))?.[1] ?? null;
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A feature of web/src/features never imports another feature, and web/src/components, hooks and lib never import a feature; they meet in web/src/app/routes.',
    },
    messages: {
      crossFeature:
        "The {{from}} feature imports the {{to}} feature ('{{source}}'): features never import each other — compose them in web/src/app/routes, or move what both need to web/src/lib, hooks or components.",
      layerImportsFeature:
        "web/src/{{from}} imports the {{to}} feature ('{{source}}'): components, hooks and lib are used by features and never import one — pass what they need in, or compose in web/src/app/routes.",
    },
    schema: [],
  },
  create(context) {
    const feature = featureOf(context.filename);
    const layer = sharedLayerOf(context.filename);
    if (feature === null && layer === null) return {};
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(context.filename), source.value) + '/');
      if (to === null) return;
      if (layer !== null) context.report({ node: source, messageId: 'layerImportsFeature', data: { from: layer, to, source: source.value } });
      else if (to !== feature) context.report({ node: source, messageId: 'crossFeature', data: { from: feature, to, source: source.value } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
