/**
 * GET /api/health — liveness of the `api` function and who the caller is (null for the anon key). The sign-in
 * page checks it, so this module is zod/mini only.
 */
import * as z from 'zod/mini';
import { apiEndpoint } from './endpoint.ts';

export const healthSchema = z.object({
  status: z.literal('ok'),
  service: z.literal('api'),
  time: z.string(),
  user: z.nullable(z.object({ id: z.string(), email: z.nullable(z.string()) })),
});

export type Health = z.infer<typeof healthSchema>;

export const healthEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/health',
  access: 'anyone',
  request: null,
  response: healthSchema,
  format: 'json',
  successStatus: 200,
});
