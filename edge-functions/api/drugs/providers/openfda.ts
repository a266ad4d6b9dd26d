/**
 * Provider 1: the FDA's openFDA NDC directory (GET /drug/ndc.json; https://open.fda.gov/apis/drug/ndc/). One
 * record per product with its packages; we answer one result per package. Searches: a package NDC
 * (packaging.package_ndc, written in its labeler format, so an 11-digit query asks for each format its zeros
 * allow), a product NDC (product_ndc), else names whose words start with each word typed (openFDA's wildcard
 * `brand_name:lipi*`, so a partial name finds the drug) in brand_name or generic_name. openFDA answers 404
 * NOT_FOUND when nothing matches: that is an empty result, not a failure. meta.last_updated is its version.
 */
import { type ExternalDrugResult, externalDrugId } from '@pharmacy/shared/drugs/external-drug.ts';
import { matchScore } from '@pharmacy/shared/drugs/match-score.ts';
import { NDC_LABELER_FORMATS, formatNdc, labelerFormatOf, parseNdc, parseProductNdc } from '@pharmacy/shared/drugs/ndc.ts';
import type { DrugDataProvider, ProviderProbe, ProviderSettings } from './drug-data-provider.ts';
import { getProviderJson, isRecord, malformed, providerUrl, stringOrNull } from './provider-http.ts';

const NAME = 'openFDA';
/** Products asked for per search (each has one or more packages). */
const SEARCH_LIMIT = 20;
const MAX_RESULTS = 50;

/** The query's words for openFDA wildcard terms: letters and digits only (nothing that is query syntax), at most 5. */
function searchWords(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word !== '').slice(0, 5);
}

/** Every word as the start of a word of the field (openFDA's `field:word*`, case-insensitive), all of them. */
function wordsPrefixTerm(field: string, words: readonly string[]): string {
  return `(${words.map((word) => `${field}:${word}*`).join('+AND+')})`;
}

/** The package_ndc spellings an 11-digit code can have: each labeler format whose zero it carries. */
function packageNdcSpellings(ndc11: string): string[] {
  const spellings = NDC_LABELER_FORMATS.map((format) => formatNdc(ndc11, format));
  return [...new Set([...spellings, formatNdc(ndc11, '5-4-2')])];
}

/** The `search` expression for a query (openFDA's syntax: field:"term" exact, field:word* wildcard, `+` OR, `+AND+`). */
export function openFdaSearchExpression(query: string): string {
  const ndc = parseNdc(query);
  if (ndc.ok) return packageNdcSpellings(ndc.ndc.ndc11).map((spelling) => `packaging.package_ndc:"${spelling}"`).join('+');
  const product = parseProductNdc(query);
  if (product.ok) return `product_ndc:"${product.product.display}"`;
  const words = searchWords(query);
  if (words.length === 0) return 'brand_name:""';
  return `${wordsPrefixTerm('brand_name', words)}+${wordsPrefixTerm('generic_name', words)}`;
}

interface OpenFdaPackage {
  package_ndc?: unknown;
  description?: unknown;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

function strengthOf(product: Record<string, unknown>): string | null {
  const ingredients = Array.isArray(product.active_ingredients) ? product.active_ingredients.filter(isRecord) : [];
  const parts = ingredients.map((ingredient) => stringOrNull(ingredient.strength)).filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' / ') : null;
}

/** One result per package of an openFDA product record (packages without a well-formed NDC are left out). */
export function resultsFromOpenFdaProduct(product: unknown, query: string): ExternalDrugResult[] {
  if (!isRecord(product)) return [];
  const brand = stringOrNull(product.brand_name);
  const generic = stringOrNull(product.generic_name);
  const productNdc = stringOrNull(product.product_ndc);
  const productParse = productNdc ? parseProductNdc(productNdc) : null;
  const packages = Array.isArray(product.packaging) ? (product.packaging as OpenFdaPackage[]) : [];
  const results: ExternalDrugResult[] = [];
  for (const pack of packages) {
    const packageNdc = stringOrNull(pack?.package_ndc);
    const parsed = packageNdc ? parseNdc(packageNdc) : null;
    if (!packageNdc || !parsed?.ok) continue;
    const ndc11 = parsed.ndc.ndc11;
    const format = labelerFormatOf(packageNdc);
    results.push({
      id: externalDrugId('openfda', ndc11),
      provider: 'openfda',
      name: brand ?? generic ?? packageNdc,
      genericName: generic,
      strength: strengthOf(product),
      dosageForm: stringOrNull(product.dosage_form),
      ndcNumber: formatNdc(ndc11, format ?? '5-4-2'),
      ndc11,
      productNdc,
      packageDescription: stringOrNull(pack.description),
      manufacturer: stringOrNull(product.labeler_name),
      pricing: { awp: null, wac: null },
      matchScore: matchScore(query, { ndc11, productNdc9: productParse?.ok ? productParse.product.ndc9 : null, names: [brand, generic] }),
      interactions: [],
      deaSchedule: stringOrNull(product.dea_schedule),
      pharmClass: strings(product.pharm_class),
      status: null,
    });
  }
  return results;
}

function resultsOf(provider: string, body: unknown): unknown[] {
  if (!isRecord(body)) throw malformed(provider, 'a JSON object');
  if (body.results === undefined && isRecord(body.error)) return []; // the 404 NOT_FOUND body
  if (!Array.isArray(body.results)) throw malformed(provider, 'a results list');
  return body.results;
}

export function createOpenFdaProvider(settings: ProviderSettings): DrugDataProvider {
  const query = (search: string | null, limit: number) => {
    const params = [...(search === null ? [] : [`search=${encodeURI(search)}`]), `limit=${limit}`];
    if (settings.apiKey) params.push(`api_key=${encodeURIComponent(settings.apiKey)}`);
    return getProviderJson(NAME, providerUrl(settings.baseUrl, '/drug/ndc.json', params.join('&')), {
      timeoutMs: settings.timeoutMs,
      fetch: settings.fetch,
      // openFDA: 404 with {"error":{"code":"NOT_FOUND"}} means no record matched.
      acceptStatus: [404],
    }).then((response) => {
      if (response.status === 404) {
        const error = isRecord(response.body) && isRecord(response.body.error) ? response.body.error : null;
        if (error?.code !== 'NOT_FOUND') throw malformed(NAME, 'a NOT_FOUND error for its 404');
      }
      return response;
    });
  };

  return {
    id: 'openfda',
    async search(text) {
      const response = await query(openFdaSearchExpression(text), SEARCH_LIMIT);
      return resultsOf(NAME, response.body)
        .flatMap((product) => resultsFromOpenFdaProduct(product, text))
        .sort((a, b) => b.matchScore - a.matchScore)
        .slice(0, MAX_RESULTS);
    },
    async findByNdc(ndc11) {
      const response = await query(openFdaSearchExpression(ndc11), 5);
      const results = resultsOf(NAME, response.body).flatMap((product) => resultsFromOpenFdaProduct(product, ndc11));
      return results.find((result) => result.ndc11 === ndc11) ?? null;
    },
    async probe(): Promise<ProviderProbe> {
      const response = await query(null, 1);
      if (!isRecord(response.body) || !isRecord(response.body.meta)) throw malformed(NAME, 'its meta block');
      return { version: stringOrNull(response.body.meta.last_updated), rateLimit: response.rateLimit };
    },
  };
}
