/**
 * TODO(step B): placeholder written by the screen from the common brief's interface; the catalog part's file replaces it.
 * POST /api/drugs/sync-external {ndcNumbers} → {updated, failed, errors} (spec part 2 §3 Sync result).
 */
import * as z from 'zod';
import { ndcNumbersSchema } from '../drugs/ndc.ts';
import { apiEndpoint } from './endpoint.ts';

export const syncResultSchema = z.object({ updated: z.number().int().nonnegative(), failed: z.array(z.string()), errors: z.array(z.string()) });
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
