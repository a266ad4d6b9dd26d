/**
 * Wholesalers and wholesale orders (spec part 2 "Inventory Management & Wholesale Integration"; issue 24; the
 * architecture brief's fixed interfaces), staff of the pharmacy:
 * - GET /api/wholesalers — the pharmacy's connections, the key masked.
 * - POST /api/wholesalers `{name, apiEndpoint, apiKey, accountNumber, dailyOrderCutoff}` → 201 with `id`;
 *   PUT /api/wholesalers/{id} (Configure; a blank key keeps the saved one) — pharmacists and admins.
 * - POST /api/wholesalers/{id}/test — a real, harmless exchange (pharmacists and admins); /sync — fetch the
 *   wholesaler's new documents (855, 856, 810) and apply them (any staff). Both answer what happened.
 * - POST /api/inventory/orders `{wholesalerId, lines: [{ndc, quantity}]}` → 201 with `id` (any staff; Schedule II
 *   with `controlledOrder` {form, number}, pharmacists and admins).
 * - POST /api/inventory/orders/{id}/submit — pharmacists and admins: the X12 850 (Schedule II: recorded with its
 *   DEA Form 222 / CSOS number, nothing sent).
 * - POST /api/inventory/orders/{id}/receive `{scans: [GS1 element strings], lines: [{ndc, lot, expiration,
 *   quantity}]}` — any staff (Schedule II pharmacists and admins): receipts into the ledger, the discrepancies.
 * - POST /api/internal/wholesalers/sync-due — service role only (the scheduled sync).
 */
import * as z from 'zod';
import {
  createOrderSchema, createWholesalerSchema, exchangeResultSchema, orderCreatedSchema, receiveOrderSchema, receiveResultSchema,
  wholesalerFormSchema, wholesalerSchema,
} from '../inventory/wholesale.ts';
import { apiEndpoint } from './endpoint.ts';

export const listWholesalersEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/wholesalers',
  access: 'signed-in',
  request: null,
  response: z.object({ wholesalers: z.array(wholesalerSchema) }),
  format: 'json',
  successStatus: 200,
});

export const createWholesalerEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/wholesalers',
  access: 'signed-in',
  request: createWholesalerSchema,
  response: wholesalerSchema,
  format: 'json',
  successStatus: 201,
});

export const updateWholesalerEndpoint = apiEndpoint({
  method: 'PUT',
  path: '/api/wholesalers/:id',
  access: 'signed-in',
  request: wholesalerFormSchema,
  response: wholesalerSchema,
  format: 'json',
  successStatus: 200,
});

export const testWholesalerEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/wholesalers/:id/test',
  access: 'signed-in',
  request: z.object({}),
  bodyOptional: true,
  response: exchangeResultSchema,
  format: 'json',
  successStatus: 200,
});

export const syncWholesalerEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/wholesalers/:id/sync',
  access: 'signed-in',
  request: z.object({}),
  bodyOptional: true,
  response: exchangeResultSchema,
  format: 'json',
  successStatus: 200,
});

export const syncDueWholesalersEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/internal/wholesalers/sync-due',
  access: 'anyone',
  request: z.object({}),
  bodyOptional: true,
  response: z.object({ synced: z.number().int(), failed: z.number().int() }),
  format: 'json',
  successStatus: 200,
});

export const createOrderEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/inventory/orders',
  access: 'signed-in',
  request: createOrderSchema,
  response: orderCreatedSchema,
  format: 'json',
  successStatus: 201,
});

export const submitOrderEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/inventory/orders/:id/submit',
  access: 'signed-in',
  request: z.object({}),
  bodyOptional: true,
  response: exchangeResultSchema,
  format: 'json',
  successStatus: 200,
});

export const receiveOrderEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/inventory/orders/:id/receive',
  access: 'signed-in',
  request: receiveOrderSchema,
  response: receiveResultSchema,
  format: 'json',
  successStatus: 200,
});
