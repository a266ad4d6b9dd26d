/**
 * GET /api/system-status — the System Settings summary card's "System Status" (spec part 2: 'Operational'), from a
 * real health check made when asked: the database (a query round trip through the REST API with the caller's JWT,
 * and its latency), the `api` function itself (it answers), and Storage (the logo bucket answers). Each part is ok
 * or failed with its message; the whole is 'operational' only when every part is ok, else 'degraded'. Any signed-in
 * user (401 without one): it tells nothing of any pharmacy's data.
 */
import * as z from 'zod';
import { apiEndpoint } from './endpoint.ts';

export const SYSTEM_STATUS_PARTS = ['database', 'api', 'storage'] as const;
export type SystemStatusPart = (typeof SYSTEM_STATUS_PARTS)[number];

export const SYSTEM_STATUS_LABELS: Record<SystemStatusPart, string> = {
  database: 'Database',
  api: 'API function',
  storage: 'File storage',
};

export const SYSTEM_STATUS_TEXT = {
  operational: 'Operational',
  degraded: 'Degraded',
} as const;

export const systemStatusCheckSchema = z.object({
  status: z.enum(['ok', 'failed']),
  /** What was seen: 'Answering' or the failure. */
  message: z.string(),
  /** Milliseconds the check took (a failure's too). */
  latencyMs: z.number().nonnegative(),
});
export type SystemStatusCheck = z.output<typeof systemStatusCheckSchema>;

export const systemStatusSchema = z.object({
  status: z.enum(['operational', 'degraded']),
  checkedAt: z.string(),
  checks: z.object({ database: systemStatusCheckSchema, api: systemStatusCheckSchema, storage: systemStatusCheckSchema }),
});
export type SystemStatus = z.output<typeof systemStatusSchema>;

/** 'operational' only when every part is ok. */
export function overallSystemStatus(checks: Record<SystemStatusPart, SystemStatusCheck>): SystemStatus['status'] {
  return SYSTEM_STATUS_PARTS.every((part) => checks[part].status === 'ok') ? 'operational' : 'degraded';
}

export const systemStatusEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/system-status',
  access: 'signed-in',
  request: null,
  response: systemStatusSchema,
  format: 'json',
  successStatus: 200,
});
