/**
 * Provider 2: NLM RxNorm through the RxNav REST API (https://lhncbc.nlm.nih.gov/RxNav/APIs/RxNormAPIs.html).
 * - a name: approximateTerm.json (option=1: RxNorm terms only) gives candidate concepts; for the best few,
 *   rxcui/{rxcui}/properties.json names the concept and ndcproperties.json?id={rxcui} lists its packages;
 * - an NDC: ndcstatus.json (status and concept) and ndcproperties.json?id={ndc} (labeler, packaging, schedule);
 * - a product NDC (labeler-product): ndcproperties.json?id={product NDC} lists its packages;
 * - version.json is its version.
 * RxNorm publishes no prices and no separate strength or form fields: the concept name carries them.
 */
import { type ExternalDrugResult, externalDrugId } from '@pharmacy/shared/drugs/external-drug.ts';
import { matchScore } from '@pharmacy/shared/drugs/match-score.ts';
import { formatNdc, labelerFormatOf, parseNdc, parseProductNdc } from '@pharmacy/shared/drugs/ndc.ts';
import type { DrugDataProvider, ProviderSettings } from './drug-data-provider.ts';
import { getProviderJson, isRecord, malformed, providerUrl, stringOrNull } from './provider-http.ts';

const NAME = 'RxNav';
/** Concepts looked at per name search (each costs two more calls; RxNav allows 20 calls a second). */
const CONCEPTS_PER_SEARCH = 3;
const MAX_RESULTS = 50;

interface Concept {
  rxcui: string;
  name: string | null;
  status: string | null;
}

function propertyValues(ndcProperty: Record<string, unknown>, name: string): string[] {
  const list = isRecord(ndcProperty.propertyConceptList) ? ndcProperty.propertyConceptList.propertyConcept : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .filter(isRecord)
    .filter((concept) => concept.propName === name)
    .map((concept) => stringOrNull(concept.propValue))
    .filter((value): value is string => value !== null);
}

function ndcPropertiesOf(body: unknown): Record<string, unknown>[] {
  if (!isRecord(body)) throw malformed(NAME, 'a JSON object');
  // No match: RxNav answers {} (or an empty ndcPropertyList).
  if (body.ndcPropertyList === undefined || body.ndcPropertyList === null) return [];
  if (!isRecord(body.ndcPropertyList)) throw malformed(NAME, 'an ndcPropertyList object');
  const list = body.ndcPropertyList.ndcProperty;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw malformed(NAME, 'an ndcProperty list');
  return list.filter(isRecord);
}

/** The result for one ndcProperty record (null when its NDC is not well-formed). */
export function resultFromNdcProperty(property: Record<string, unknown>, concept: Concept | null, query: string): ExternalDrugResult | null {
  const ndc10 = stringOrNull(property.ndc10);
  const parsed = parseNdc(stringOrNull(property.ndcItem) ?? ndc10 ?? '');
  if (!parsed.ok) return null;
  const ndc11 = parsed.ndc.ndc11;
  const format = ndc10 ? labelerFormatOf(ndc10) : null;
  const productNdc = ndc10 ? ndc10.split('-').slice(0, 2).join('-') : null;
  const productParse = productNdc ? parseProductNdc(productNdc) : null;
  const packaging = isRecord(property.packagingList) && Array.isArray(property.packagingList.packaging)
    ? property.packagingList.packaging.filter((item): item is string => typeof item === 'string')
    : [];
  const name = concept?.name ?? `NDC ${formatNdc(ndc11, format ?? '5-4-2')}`;
  return {
    id: externalDrugId('rxnorm', ndc11),
    provider: 'rxnorm',
    name,
    genericName: null,
    strength: null,
    dosageForm: null,
    ndcNumber: formatNdc(ndc11, format ?? '5-4-2'),
    ndc11,
    productNdc,
    packageDescription: packaging[0] ?? null,
    manufacturer: propertyValues(property, 'LABELER')[0] ?? null,
    pricing: { awp: null, wac: null },
    matchScore: matchScore(query, { ndc11, productNdc9: productParse?.ok ? productParse.product.ndc9 : null, names: [concept?.name] }),
    interactions: [],
    deaSchedule: propertyValues(property, 'DCSA')[0] ?? null,
    pharmClass: [],
    status: concept?.status ?? propertyValues(property, 'MARKETING_STATUS')[0] ?? null,
  };
}

export function createRxNavProvider(settings: ProviderSettings): DrugDataProvider {
  const get = (path: string, query: string) =>
    getProviderJson(NAME, providerUrl(settings.baseUrl, path, query), { timeoutMs: settings.timeoutMs, fetch: settings.fetch });

  const conceptName = async (rxcui: string): Promise<string | null> => {
    const { body } = await get(`/rxcui/${encodeURIComponent(rxcui)}/properties.json`, '');
    if (!isRecord(body)) throw malformed(NAME, 'a JSON object');
    return isRecord(body.properties) ? stringOrNull(body.properties.name) : null;
  };

  const ndcProperties = async (id: string) => ndcPropertiesOf((await get('/ndcproperties.json', `id=${encodeURIComponent(id)}`)).body);

  const findByNdc = async (ndc11: string, query: string): Promise<ExternalDrugResult | null> => {
    const { body } = await get('/ndcstatus.json', `ndc=${ndc11}`);
    if (!isRecord(body) || !isRecord(body.ndcStatus)) throw malformed(NAME, 'an ndcStatus object');
    const status = body.ndcStatus;
    const statusText = stringOrNull(status.status);
    if (statusText === null || statusText === 'UNKNOWN') return null;
    const concept: Concept = { rxcui: stringOrNull(status.rxcui) ?? '', name: stringOrNull(status.conceptName), status: statusText };
    const properties = await ndcProperties(ndc11);
    const property = properties.find((item) => item.ndcItem === ndc11) ?? properties[0];
    if (property) return resultFromNdcProperty(property, concept, query);
    // Known to RxNorm (e.g. obsolete) without current properties: the status record alone.
    return resultFromNdcProperty({ ndcItem: ndc11 }, concept, query);
  };

  return {
    id: 'rxnorm',
    async search(text) {
      const ndc = parseNdc(text);
      if (ndc.ok) {
        const found = await findByNdc(ndc.ndc.ndc11, text);
        return found ? [found] : [];
      }
      const product = parseProductNdc(text);
      if (product.ok) {
        // ndcproperties takes a product NDC (labeler-product) too: its packages, named by their concepts.
        const properties = await ndcProperties(product.product.display);
        const rxcuis = [...new Set(properties.map((property) => stringOrNull(property.rxcui)).filter((id): id is string => id !== null))];
        const names = new Map(await Promise.all(rxcuis.map(async (rxcui) => [rxcui, await conceptName(rxcui)] as const)));
        return properties
          .map((property) => {
            const rxcui = stringOrNull(property.rxcui);
            return resultFromNdcProperty(property, rxcui ? { rxcui, name: names.get(rxcui) ?? null, status: null } : null, text);
          })
          .filter((result): result is ExternalDrugResult => result !== null)
          .slice(0, MAX_RESULTS);
      }
      const { body } = await get('/approximateTerm.json', `term=${encodeURIComponent(text)}&maxEntries=20&option=1`);
      if (!isRecord(body) || !isRecord(body.approximateGroup)) throw malformed(NAME, 'an approximateGroup object');
      const candidates = Array.isArray(body.approximateGroup.candidate) ? body.approximateGroup.candidate.filter(isRecord) : [];
      const rxcuis = [...new Set(candidates.map((candidate) => stringOrNull(candidate.rxcui)).filter((id): id is string => id !== null))].slice(0, CONCEPTS_PER_SEARCH);
      const perConcept = await Promise.all(
        rxcuis.map(async (rxcui) => {
          const [name, properties] = await Promise.all([conceptName(rxcui), ndcProperties(rxcui)]);
          const concept: Concept = { rxcui, name, status: null };
          return properties.map((property) => resultFromNdcProperty(property, concept, text)).filter((result): result is ExternalDrugResult => result !== null);
        }),
      );
      const seen = new Set<string>();
      return perConcept
        .flat()
        .filter((result) => (seen.has(result.ndc11) ? false : (seen.add(result.ndc11), true)))
        .sort((a, b) => b.matchScore - a.matchScore)
        .slice(0, MAX_RESULTS);
    },
    findByNdc: (ndc11) => findByNdc(ndc11, ndc11),
    async probe() {
      const response = await get('/version.json', '');
      if (!isRecord(response.body)) throw malformed(NAME, 'a JSON object');
      return { version: stringOrNull(response.body.version), rateLimit: response.rateLimit };
    },
  };
}
