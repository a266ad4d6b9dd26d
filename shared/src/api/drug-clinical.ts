/**
 * The Drug Database's clinical calls (spec part 2 §7 "Drugs"; issue 13), signed-in staff only:
 * - POST /api/drugs/dur-check {medication, patientProfile: {currentMedications?, allergies?}} — what entering the
 *   medication for that profile would flag: the findings that involve it, exactly as a prescription entered for
 *   that profile stores them (public.dur_check), with each finding's kind and source.
 * - POST /api/drugs/check-interactions {medications} — the interaction engine over the list (public.check_interactions).
 * - GET /api/drugs/formulary/{id}?insuranceType= — the formulary entry of the caller's medication for a payer type;
 *   404 when there is none (or the medication is another pharmacy's), 400 for a malformed id or unknown type.
 * Both checks answer the engine's shape (interactionCheckResultSchema).
 */
import { formularyEntrySchema, formularyQuerySchema } from '../drugs/formulary.ts';
import { drugInteractionsSchema, durCheckSchema } from '../interactions/dur-check-schema.ts';
import { apiEndpoint } from './endpoint.ts';
import { interactionCheckResultSchema } from './interactions.ts';

export const durCheckEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/drugs/dur-check',
  access: 'signed-in',
  request: durCheckSchema,
  response: interactionCheckResultSchema,
  format: 'json',
  successStatus: 200,
});

export const drugInteractionsEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/drugs/check-interactions',
  access: 'signed-in',
  request: drugInteractionsSchema,
  response: interactionCheckResultSchema,
  format: 'json',
  successStatus: 200,
});

export const formularyEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/drugs/formulary/:id',
  access: 'signed-in',
  request: null,
  query: formularyQuerySchema,
  response: formularyEntrySchema,
  format: 'json',
  successStatus: 200,
});
