/**
 * Database Sync (spec part 2 §7 "POST /api/drugs/sync-external", §3 Sync result; issue 13): the NDCs typed or
 * imported (`ndcNumbersSchema`: at least one, at most NDC_LIST_MAX) are each validated and normalised, looked up at
 * openFDA by package NDC, and the found ones created or updated in the caller's catalogue in one transaction.
 * Pharmacists and admins only (403 otherwise, nothing changed). `failed` lists the NDCs as typed that were not
 * synced; `errors` one sentence per failure naming the NDC and why (malformed, not found, provider unreachable or
 * not configured). Duplicates (the same 11 digits in any format) count once.
 */
import * as z from 'zod';
import { ndcNumbersSchema } from '../drugs/ndc.ts';
import { apiEndpoint } from './endpoint.ts';

export const syncResultSchema = z.object({
  updated: z.number().int().nonnegative(),
  failed: z.array(z.string()),
  errors: z.array(z.string()),
});

export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncExternalDrugsEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/drugs/sync-external',
  access: 'signed-in',
  request: ndcNumbersSchema,
  response: syncResultSchema,
  format: 'json',
  successStatus: 200,
});

export const DRUG_SYNC_MESSAGES = {
  pharmacistsOnly: 'Only a pharmacist or admin can sync medications into the catalogue',
  notFound: (ndc: string, provider: string) => `NDC ${ndc} was not found at ${provider}`,
  notConfigured: (ndc: string, provider: string) => `NDC ${ndc} could not be looked up: ${provider} is not configured`,
  providerFailed: (ndc: string, reason: string) => `NDC ${ndc} could not be looked up: ${reason}`,
} as const;
