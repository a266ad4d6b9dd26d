/**
 * The audit log as the Security Manager's Audit Log tab reads it (spec part 2 §3 "Audit log entry", §7
 * GET /api/audit-logs, §9 audit page size 100): the query parameters of a page (strings on the wire, so numbers
 * are coerced) and an entry as the api answers it. The database (public.audit_log_page) repeats the page-size,
 * cursor and date-order checks.
 */
import * as z from 'zod';

/** Spec §9: the audit log shows 100 entries a page. */
export const AUDIT_LOG_PAGE_SIZE = 100;

/** The 403 of GET /api/audit-logs for anyone but the pharmacy's admin (the database's own refusal). */
export const AUDIT_LOG_ADMIN_ONLY_MESSAGE = 'Only a pharmacy admin can read the audit log';

export const AUDIT_LOG_MESSAGES = {
  limit: `The limit must be a whole number from 1 to ${AUDIT_LOG_PAGE_SIZE}`,
  beforeTimestamp: 'beforeTimestamp must be the timestamp of an entry',
  beforeId: 'beforeId must be the id of an entry',
  cursor: 'A page cursor needs both beforeTimestamp and beforeId',
  userId: 'userId must be a user id',
  action: 'action must be 1 to 100 characters',
  patientId: 'patientId must be a patient id',
  from: 'from must be a date (YYYY-MM-DD)',
  to: 'to must be a date (YYYY-MM-DD)',
  dateOrder: 'The from date must not be after the to date',
} as const;

/**
 * GET /api/audit-logs's query: limit (default 100), the cursor of the next page (the last entry's timestamp and
 * id), and the filters: user, action, patient, and whole days from/to in the pharmacy's time zone.
 */
export const auditLogQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: AUDIT_LOG_MESSAGES.limit })
      .int({ error: AUDIT_LOG_MESSAGES.limit })
      .min(1, { error: AUDIT_LOG_MESSAGES.limit })
      .max(AUDIT_LOG_PAGE_SIZE, { error: AUDIT_LOG_MESSAGES.limit })
      .default(AUDIT_LOG_PAGE_SIZE),
    beforeTimestamp: z.iso.datetime({ offset: true, error: AUDIT_LOG_MESSAGES.beforeTimestamp }).optional(),
    beforeId: z.coerce
      .number({ error: AUDIT_LOG_MESSAGES.beforeId })
      .int({ error: AUDIT_LOG_MESSAGES.beforeId })
      .positive({ error: AUDIT_LOG_MESSAGES.beforeId })
      .optional(),
    userId: z.uuid({ error: AUDIT_LOG_MESSAGES.userId }).optional(),
    action: z.string().min(1, { error: AUDIT_LOG_MESSAGES.action }).max(100, { error: AUDIT_LOG_MESSAGES.action }).optional(),
    patientId: z.uuid({ error: AUDIT_LOG_MESSAGES.patientId }).optional(),
    from: z.iso.date({ error: AUDIT_LOG_MESSAGES.from }).optional(),
    to: z.iso.date({ error: AUDIT_LOG_MESSAGES.to }).optional(),
  })
  .refine((query) => (query.beforeTimestamp === undefined) === (query.beforeId === undefined), { error: AUDIT_LOG_MESSAGES.cursor })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, { error: AUDIT_LOG_MESSAGES.dateOrder });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/** One entry (spec §3): userName null for an unknown or removed user (the tab says 'Unknown User'). */
export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  action: z.string(),
  description: z.string(),
  patientId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  success: z.boolean(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
