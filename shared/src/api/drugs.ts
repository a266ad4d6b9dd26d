/**
 * External drug data (spec part 2 §7 "Drugs"; issue 13), signed-in staff only (403 for anyone else):
 * - GET /api/drugs/search-external?query=&provider= — results of one provider (openfda, the default, or rxnorm)
 *   for a query of 3–100 characters (400 otherwise), best match first. A provider that is not configured,
 *   cannot be reached or answers an error is 502/503 with the spec's message — never results it did not give.
 * - GET /api/drugs/external/{id} — one result by its id (`<provider>:<11-digit NDC>`); 404 when the provider does
 *   not know it.
 * - GET /api/drugs/providers — each provider's state as just checked (connected, not reachable, not configured),
 *   the version and rate limit it reports.
 */
import * as z from 'zod';
import { externalDrugResultSchema, externalSearchQuerySchema, providerStatusSchema } from '../drugs/external-drug.ts';
import { apiEndpoint } from './endpoint.ts';

export const searchExternalDrugsEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/drugs/search-external',
  access: 'signed-in',
  request: null,
  query: externalSearchQuerySchema,
  response: z.array(externalDrugResultSchema),
  format: 'json',
  successStatus: 200,
});

export const externalDrugEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/drugs/external/:id',
  access: 'signed-in',
  request: null,
  response: externalDrugResultSchema,
  format: 'json',
  successStatus: 200,
});

export const drugProvidersEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/drugs/providers',
  access: 'signed-in',
  request: null,
  response: z.array(providerStatusSchema),
  format: 'json',
  successStatus: 200,
});
