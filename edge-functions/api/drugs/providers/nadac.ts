/**
 * Pricing: CMS's National Average Drug Acquisition Cost from the Medicaid data API (data.medicaid.gov, a DKAN
 * datastore; NADAC_API_URL is the NADAC dataset's `/api/1/datastore/query/<id>/0`). Rows have ndc (11 digits),
 * ndc_description, nadac_per_unit, pricing_unit, effective_date and as_of_date, all as text; an NDC has one row per
 * weekly survey, so the newest effective_date wins. The newest as_of_date is the data's version.
 */
import type { NadacPrice, PricingProvider, ProviderSettings } from './drug-data-provider.ts';
import { getProviderJson, isRecord, malformed, providerUrl, stringOrNull } from './provider-http.ts';

const NAME = 'NADAC';
/** NDCs per datastore query (the URL stays short). */
const BATCH = 50;

function rowsOf(body: unknown): Record<string, unknown>[] {
  if (!isRecord(body) || !Array.isArray(body.results)) throw malformed(NAME, 'a results list');
  return body.results.filter(isRecord);
}

/** The newest price per NDC among datastore rows (rows without a number or an 11-digit ndc are skipped). */
export function newestNadacPrices(rows: readonly Record<string, unknown>[]): Map<string, NadacPrice> {
  const prices = new Map<string, NadacPrice>();
  for (const row of rows) {
    const ndc11 = stringOrNull(row.ndc);
    const perUnit = Number(stringOrNull(row.nadac_per_unit) ?? Number.NaN);
    if (!ndc11 || !/^\d{11}$/.test(ndc11) || !Number.isFinite(perUnit) || perUnit < 0) continue;
    const price: NadacPrice = {
      ndc11,
      perUnit,
      pricingUnit: stringOrNull(row.pricing_unit),
      effectiveDate: stringOrNull(row.effective_date)?.slice(0, 10) ?? null,
      asOfDate: stringOrNull(row.as_of_date)?.slice(0, 10) ?? null,
      description: stringOrNull(row.ndc_description),
    };
    const known = prices.get(ndc11);
    if (!known || (price.effectiveDate ?? '') > (known.effectiveDate ?? '')) prices.set(ndc11, price);
  }
  return prices;
}

export function createNadacProvider(settings: ProviderSettings): PricingProvider {
  const get = (query: string) => getProviderJson(NAME, providerUrl(settings.baseUrl, '', query), { timeoutMs: settings.timeoutMs, fetch: settings.fetch });
  return {
    id: 'nadac',
    async prices(ndc11s) {
      const all = new Map<string, NadacPrice>();
      const wanted = [...new Set(ndc11s)];
      for (let start = 0; start < wanted.length; start += BATCH) {
        const batch = wanted.slice(start, start + BATCH);
        const params = [
          'conditions[0][property]=ndc',
          'conditions[0][operator]=in',
          ...batch.map((ndc, index) => `conditions[0][value][${index}]=${ndc}`),
          'sorts[0][property]=effective_date',
          'sorts[0][order]=desc',
          `limit=${Math.min(500, batch.length * 10)}`,
        ].map((param) => param.replace(/\[/g, '%5B').replace(/\]/g, '%5D'));
        for (const [ndc, price] of newestNadacPrices(rowsOf((await get(params.join('&'))).body))) all.set(ndc, price);
      }
      return all;
    },
    async probe() {
      const response = await get(['sorts[0][property]=as_of_date', 'sorts[0][order]=desc', 'limit=1'].map((param) => param.replace(/\[/g, '%5B').replace(/\]/g, '%5D')).join('&'));
      const rows = rowsOf(response.body);
      return { version: stringOrNull(rows[0]?.as_of_date)?.slice(0, 10) ?? null, rateLimit: response.rateLimit };
    },
  };
}
