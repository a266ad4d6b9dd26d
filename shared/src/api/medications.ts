/**
 * The local catalog (spec part 2 §7 "GET /api/medications (optional search or lowStock=true)"; issue 13), staff of
 * the pharmacy (every role reads it):
 * - GET /api/medications?search=&lowStock=true&includeInactive=true&limit=&offset= — one page (at most 100) of
 *   the caller's pharmacy's medications matching the search (brand or generic name words, or an NDC in any
 *   format), in name and strength order, with the exact total (0 on a page past the last):
 *   public.search_medications as the caller.
 */
import { medicationPageSchema, medicationsQuerySchema } from '../drugs/medication.ts';
import { apiEndpoint } from './endpoint.ts';

export const listMedicationsEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/medications',
  access: 'signed-in',
  request: null,
  query: medicationsQuerySchema,
  response: medicationPageSchema,
  format: 'json',
  successStatus: 200,
});
