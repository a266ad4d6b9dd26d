/**
 * Providers (spec part 2 §7 "Providers"; issue 22), staff of the pharmacy:
 * - GET /api/prescribers?search=&status=&after=&limit= — one page of the directory (search on first name, last
 *   name, specialty or NPI; status verified | pending | expired), the tabs' counts, and the next page's cursor.
 * - GET /api/prescribers/{id} — one prescriber with its verification history (404 outside the caller's pharmacy).
 * - POST /api/prescribers — any staff member adds (201); PUT /api/prescribers/{id} — pharmacists and admins edit.
 *   Both answer the prescriber with `warnings` (e.g. a DEA number whose second letter is not the last name's initial).
 * - POST /api/prescribers/{id}/verify (empty body) — pharmacists and admins: asks the NPPES NPI Registry
 *   (`GET {NPPES_API_URL}/?version=2.1&number={npi}`), then the database decides and records the outcome from NPPES,
 *   the licence, the DEA registration and the OIG exclusion list. 200 with the outcome, whatever it is.
 * - POST /api/internal/prescribers/reverify `{pharmacyId}` — service role only (the monthly job).
 */
import {
  prescriberDetailSchema,
  prescriberDirectoryQuerySchema,
  prescriberDirectorySchema,
  prescriberFormSchema,
  reverifyRequestSchema,
  reverifyResultSchema,
  savedPrescriberSchema,
  verifyResultSchema,
} from '../prescribers/prescriber.ts';
import * as z from 'zod';
import { apiEndpoint } from './endpoint.ts';

export const listPrescribersEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/prescribers',
  access: 'signed-in',
  request: null,
  query: prescriberDirectoryQuerySchema,
  response: prescriberDirectorySchema,
  format: 'json',
  successStatus: 200,
});

export const getPrescriberEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/prescribers/:id',
  access: 'signed-in',
  request: null,
  response: prescriberDetailSchema,
  format: 'json',
  successStatus: 200,
});

export const createPrescriberEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/prescribers',
  access: 'signed-in',
  request: prescriberFormSchema,
  response: savedPrescriberSchema,
  format: 'json',
  successStatus: 201,
});

export const updatePrescriberEndpoint = apiEndpoint({
  method: 'PUT',
  path: '/api/prescribers/:id',
  access: 'signed-in',
  request: prescriberFormSchema,
  response: savedPrescriberSchema,
  format: 'json',
  successStatus: 200,
});

export const verifyPrescriberEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/prescribers/:id/verify',
  access: 'signed-in',
  request: z.object({}),
  bodyOptional: true,
  response: verifyResultSchema,
  format: 'json',
  successStatus: 200,
});

export const reverifyPrescribersEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/internal/prescribers/reverify',
  access: 'anyone',
  request: reverifyRequestSchema,
  response: reverifyResultSchema,
  format: 'json',
  successStatus: 200,
});
