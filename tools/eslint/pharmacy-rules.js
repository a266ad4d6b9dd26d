/** The project's own lint rules, as one plugin (`pharmacy/...` in eslint.config.js). */
import { featureBoundaries } from './feature-boundaries.js';
import { queryDeclaresTables } from './query-declares-tables.js';

export default { meta: { name: 'pharmacy' }, rules: { 'feature-boundaries': featureBoundaries, 'query-declares-tables': queryDeclaresTables } };
