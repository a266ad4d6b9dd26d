/**
 * The one adapter interface for external drug data (issue 13): each drug-data provider searches (brand, generic or
 * NDC), finds one package by its 11-digit NDC, and probes its own state; NADAC (pricing only) has its own
 * interface below. Results are already in the spec's External drug result shape with the product's match score.
 */
import type { DrugProviderId, DrugSearchProviderId, ExternalDrugResult } from '@pharmacy/shared/drugs/external-drug.ts';
import type { FetchLike, RateLimit } from './provider-http.ts';

/** What a probe learnt: reachable, the version or last-modified date, the rate limit from the headers. */
export interface ProviderProbe {
  version: string | null;
  rateLimit: RateLimit | null;
}

export interface DrugDataProvider {
  readonly id: DrugSearchProviderId;
  /** Results for a query of at least 3 characters, best match first; [] when the provider has none. Throws ProviderError. */
  search(query: string): Promise<ExternalDrugResult[]>;
  /** The package with these 11 digits, or null when the provider does not know it. Throws ProviderError. */
  findByNdc(ndc11: string): Promise<ExternalDrugResult | null>;
  probe(): Promise<ProviderProbe>;
}

/** NADAC's price of one NDC: per unit, its unit, the date it took effect and the survey date it comes from. */
export interface NadacPrice {
  ndc11: string;
  perUnit: number;
  pricingUnit: string | null;
  effectiveDate: string | null;
  asOfDate: string | null;
  description: string | null;
}

export interface PricingProvider {
  readonly id: Extract<DrugProviderId, 'nadac'>;
  /** The newest NADAC price of each NDC that has one (NDCs without a price are absent). Throws ProviderError. */
  prices(ndc11s: readonly string[]): Promise<Map<string, NadacPrice>>;
  probe(): Promise<ProviderProbe>;
}

export interface ProviderSettings {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  fetch?: FetchLike;
}
