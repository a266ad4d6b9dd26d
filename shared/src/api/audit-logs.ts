/**
 * The audit log (spec part 2 §7 "Security manager"), admins only, acting as the caller (the database decides):
 * - GET /api/audit-logs?limit=100 — the newest entries of the caller's pharmacy, newest first; the next page
 *   with beforeTimestamp and beforeId of the last entry; filters userId, action, patientId, from, to (days in
 *   the pharmacy's time zone). 400 with the schema's messages, 403 for staff who are not its admin.
 */
import * as z from 'zod';
import { auditLogEntrySchema, auditLogQuerySchema } from '../security/audit-log.ts';
import { apiEndpoint } from './endpoint.ts';

export const listAuditLogsEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/audit-logs',
  access: 'signed-in',
  request: null,
  query: auditLogQuerySchema,
  response: z.array(auditLogEntrySchema),
  format: 'json',
  successStatus: 200,
});
