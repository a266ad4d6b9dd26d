/**
 * `pharmacy/query-declares-tables`: every query of the web app declares the tables it reads and every mutation the
 * tables it writes (`meta: { reads }` / `meta: { writes }`, web/src/lib/table-queries.ts), so a change refreshes
 * every screen that shows it. Checked where options are written out: an object literal given to queryOptions,
 * infiniteQueryOptions, useQuery, useInfiniteQuery or useMutation needs a `meta` property, unless it spreads options
 * made elsewhere (which were checked where they were made). react-query's types then hold `reads`/`writes` to table
 * names.
 */
const QUERY_FUNCTIONS = new Set(['queryOptions', 'infiniteQueryOptions', 'useQuery', 'useInfiniteQuery', 'useSuspenseQuery']);
const MUTATION_FUNCTIONS = new Set(['useMutation', 'mutationOptions']);

export const queryDeclaresTables = {
  meta: {
    type: 'problem',
    docs: { description: 'Queries declare the tables they read (meta.reads), mutations the tables they write (meta.writes).' },
    messages: {
      query: '{{name}}() needs `meta: { reads: [...] }`: the tables its answer is read from ([] when none), so a change to them refreshes it (web/src/lib/table-queries.ts).',
      mutation: '{{name}}() needs `meta: { writes: [...] }`: the tables it may change ([] when none), so every query reading them is refreshed (web/src/lib/table-queries.ts).',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const name = node.callee.type === 'Identifier' ? node.callee.name : null;
        if (name === null || (!QUERY_FUNCTIONS.has(name) && !MUTATION_FUNCTIONS.has(name))) return;
        const [options] = node.arguments;
        if (!options || options.type !== 'ObjectExpression') return;
        const declares = options.properties.some(
          (property) => property.type === 'SpreadElement' || (property.type === 'Property' && !property.computed && property.key.type === 'Identifier' && property.key.name === 'meta'),
        );
        if (!declares) context.report({ node: options, messageId: MUTATION_FUNCTIONS.has(name) ? 'mutation' : 'query', data: { name } });
      },
    };
  },
};
