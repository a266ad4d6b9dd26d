/**
 * External drug data (spec part 2 §3 "External drug result", §2 API Configuration, §8 search texts; issue 13):
 * what the api answers for a search of a provider (openFDA's NDC directory, NLM RxNorm) and for each provider's
 * state, and how the screen shows prices and scores. Results are one per package NDC, mapped from the
 * provider's own record; nothing is filled in that the provider did not report (prices a provider does not
 * publish are null, shown 'n/a').
 */
import * as z from 'zod';

export const DRUG_PROVIDER_IDS = ['openfda', 'rxnorm', 'nadac'] as const;
export type DrugProviderId = (typeof DRUG_PROVIDER_IDS)[number];

/** The providers a drug search can ask (NADAC is pricing only). */
export const DRUG_SEARCH_PROVIDER_IDS = ['openfda', 'rxnorm'] as const;
export type DrugSearchProviderId = (typeof DRUG_SEARCH_PROVIDER_IDS)[number];

export const DRUG_PROVIDER_NAMES: Record<DrugProviderId, string> = {
  openfda: 'openFDA NDC Directory',
  rxnorm: 'NLM RxNorm (RxNav)',
  nadac: 'CMS NADAC (Medicaid)',
};

/** Spec §2: the external search starts only when the query is longer than 2 characters. */
export const EXTERNAL_SEARCH_MIN_LENGTH = 3;

export const EXTERNAL_SEARCH_MESSAGES = {
  queryTooShort: `Enter at least ${EXTERNAL_SEARCH_MIN_LENGTH} characters to search external drug data`,
  queryTooLong: 'The search may be at most 100 characters',
  provider: `provider must be one of: ${DRUG_SEARCH_PROVIDER_IDS.join(', ')}`,
  /** Spec §8: the toast when the external search fails (provider unreachable, not configured or answering an error). */
  failedTitle: 'External Search Failed',
  failedDescription: 'Unable to search external drug database. Check API configuration.',
  notFound: 'No such drug at the provider',
  staffOnly: 'Only pharmacy staff can use external drug data',
} as const;

/** GET /api/drugs/search-external's query: the text (3–100 characters) and the provider (default openFDA). */
export const externalSearchQuerySchema = z.object({
  query: z
    .string({ error: EXTERNAL_SEARCH_MESSAGES.queryTooShort })
    .trim()
    .min(EXTERNAL_SEARCH_MIN_LENGTH, { error: EXTERNAL_SEARCH_MESSAGES.queryTooShort })
    .max(100, { error: EXTERNAL_SEARCH_MESSAGES.queryTooLong }),
  provider: z.enum(DRUG_SEARCH_PROVIDER_IDS, { error: EXTERNAL_SEARCH_MESSAGES.provider }).default('openfda'),
});

const price = z.number().nonnegative().nullable();

/** Spec §3 External drug result, plus the codes and facts sync needs. */
export const externalDrugResultSchema = z.object({
  /** `<provider>:<11-digit package NDC>`, for GET /api/drugs/external/{id}. */
  id: z.string(),
  provider: z.enum(DRUG_SEARCH_PROVIDER_IDS),
  name: z.string(),
  genericName: z.string().nullable(),
  strength: z.string().nullable(),
  dosageForm: z.string().nullable(),
  /** The package NDC in its labeler format when the provider tells it, else 5-4-2. */
  ndcNumber: z.string(),
  ndc11: z.string().regex(/^\d{11}$/),
  productNdc: z.string().nullable(),
  packageDescription: z.string().nullable(),
  manufacturer: z.string().nullable(),
  /** AWP and WAC when the provider publishes them (neither openFDA nor RxNorm does): null is 'n/a'. */
  pricing: z.object({ awp: price, wac: price }),
  matchScore: z.number().min(0).max(1),
  /** Interactions the provider reports with the record (none of the current providers does; the product's own engine checks them). */
  interactions: z.array(z.string()),
  deaSchedule: z.string().nullable(),
  pharmClass: z.array(z.string()),
  /** The provider's marketing or NDC status where it reports one (RxNorm: ACTIVE, OBSOLETE, …). */
  status: z.string().nullable(),
});

export type ExternalDrugResult = z.infer<typeof externalDrugResultSchema>;

export const PROVIDER_STATES = ['connected', 'not-reachable', 'not-configured'] as const;
export type ProviderStateKind = (typeof PROVIDER_STATES)[number];

export const PROVIDER_STATE_LABELS: Record<ProviderStateKind, string> = {
  connected: 'Connected',
  'not-reachable': 'Not Reachable',
  'not-configured': 'Not Configured',
};

/** A provider's state as last checked (API Configuration tab). */
export const providerStatusSchema = z.object({
  id: z.enum(DRUG_PROVIDER_IDS),
  name: z.string(),
  state: z.enum(PROVIDER_STATES),
  /** When the state was checked (ISO timestamp). */
  checkedAt: z.string(),
  /** The version or last-modified date the provider reports, when it does. */
  version: z.string().nullable(),
  /** The limit and calls left from the provider's response headers, when it sends them. */
  rateLimit: z.object({ limit: z.number().int().nullable(), remaining: z.number().int().nullable() }).nullable(),
  /** Why it is not reachable (status or network error), for the admin. */
  detail: z.string().nullable(),
  /** Whether an API key is set for it (never the key). */
  apiKeySet: z.boolean(),
});

export type ProviderStatus = z.infer<typeof providerStatusSchema>;

/** AWP/WAC as shown (spec §2): 2 decimals, 'n/a' when unknown. */
export function formatDrugPrice(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : value.toFixed(2);
}

/** The match score as shown (spec §2): a whole percent. */
export function formatMatchScore(score: number): string {
  return `${Math.round(score * 100)}%`;
}

/** `openfda:00002322730` → its parts, or null for an id that names no provider's package. */
export function parseExternalDrugId(id: string): { provider: DrugSearchProviderId; ndc11: string } | null {
  const match = /^(openfda|rxnorm):(\d{11})$/.exec(id);
  return match ? { provider: match[1] as DrugSearchProviderId, ndc11: match[2]! } : null;
}

export function externalDrugId(provider: DrugSearchProviderId, ndc11: string): string {
  return `${provider}:${ndc11}`;
}
