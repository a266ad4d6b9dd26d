/**
 * System Settings → Email and Fax actions (spec part 2 §2 "Email tab": Test Email Connection, Send Test Email, View
 * Email Queue; "Fax tab": Test Fax Connection, View Fax Queue): the request bodies, the answers and the messages.
 * The api function and the web components read them from here.
 */
import * as z from 'zod';

export const MESSAGING_MESSAGES = {
  testRecipient: 'Enter a valid email address to send the test email to',
  adminOnly: "Only an admin can use the pharmacy's email and fax settings",
  smtpNotConfigured: 'No SMTP server is configured: enter the SMTP host and save the Email settings first',
  noSender: "No sender address: set the pharmacy's Rx or main email address in the Email settings",
  faxNotConfigured: 'No fax provider API URL is configured',
  queuePage: 'Page must be a whole number from 1',
  queuePageSize: 'Page size must be between 1 and 100',
  queueStatus: 'Status must be queued, sending, sent or failed',
  pharmacyId: 'pharmacyId must be a pharmacy id or null',
  serviceRoleOnly: 'Only the service role can deliver messages',
} as const;

/** Toast texts of the Email and Fax tab buttons. */
export const MESSAGING_TOASTS = {
  testEmailSent: 'Test email sent',
  testEmailFailed: 'Test email failed',
  connectionSucceeded: 'Connection successful',
  connectionFailed: 'Connection failed',
} as const;

// -----------------------------------------------------------------------------------------------------
// Email
// -----------------------------------------------------------------------------------------------------

/** POST /api/system-settings/email/test */
export const sendTestEmailSchema = z.object({
  to: z.string({ error: MESSAGING_MESSAGES.testRecipient }).trim().pipe(z.email({ error: MESSAGING_MESSAGES.testRecipient })),
});
export type SendTestEmailInput = z.input<typeof sendTestEmailSchema>;

export const sentTestEmailSchema = z.object({
  recipient: z.string(),
  /** The server's answer to the message (e.g. "250 Ok: queued as …"). */
  serverReply: z.string(),
});
export type SentTestEmail = z.output<typeof sentTestEmailSchema>;

/**
 * POST /api/system-settings/email/test-connection: what the server said. `ok` only when the greeting, EHLO, and
 * STARTTLS / AUTH where they apply all succeeded; `transcript` holds the server's lines as received (the greeting
 * and the EHLO lines), `error` what went wrong (null when ok).
 */
export const emailConnectionResultSchema = z.object({
  ok: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  /** Whether the conversation ran encrypted (implicit TLS or STARTTLS). */
  encrypted: z.boolean(),
  /** Whether the server accepted the SMTP username and password (false when none is configured). */
  authenticated: z.boolean(),
  transcript: z.array(z.string()),
  error: z.string().nullable(),
});
export type EmailConnectionResult = z.output<typeof emailConnectionResultSchema>;

// -----------------------------------------------------------------------------------------------------
// Fax
// -----------------------------------------------------------------------------------------------------

export const FAX_CONNECTION_STATUSES = ['not-configured', 'not-reachable', 'reachable'] as const;

/**
 * POST /api/system-settings/fax/test-connection: whether the provider's API answered an HTTP request. `reachable`
 * with the HTTP status it answered (which may still refuse the key), `not-reachable` with the reason, or
 * `not-configured` when no API URL is saved.
 */
export const faxConnectionResultSchema = z.object({
  status: z.enum(FAX_CONNECTION_STATUSES),
  ok: z.boolean(),
  provider: z.string(),
  url: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
  message: z.string(),
});
export type FaxConnectionResult = z.output<typeof faxConnectionResultSchema>;

// -----------------------------------------------------------------------------------------------------
// The queues (outbound_messages)
// -----------------------------------------------------------------------------------------------------

export const OUTBOUND_MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboundMessageStatus = (typeof OUTBOUND_MESSAGE_STATUSES)[number];
export const OUTBOUND_MESSAGE_KINDS = ['ready_notification', 'test_email'] as const;
export type OutboundMessageKind = (typeof OUTBOUND_MESSAGE_KINDS)[number];

export const MESSAGE_STATUS_LABELS: Record<OutboundMessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
export const MESSAGE_KIND_LABELS: Record<OutboundMessageKind, string> = {
  ready_notification: 'Ready notification',
  test_email: 'Test email',
};

export const MESSAGE_QUEUE_PAGE_SIZE = 25;
export const MESSAGE_QUEUE_MAX_PAGE_SIZE = 100;

/** GET /api/system-settings/{email|fax}/queue?page=1&pageSize=25&status=queued */
export const messageQueueQuerySchema = z.object({
  page: z.coerce.number({ error: MESSAGING_MESSAGES.queuePage }).int({ error: MESSAGING_MESSAGES.queuePage }).min(1, { error: MESSAGING_MESSAGES.queuePage }).default(1),
  pageSize: z.coerce
    .number({ error: MESSAGING_MESSAGES.queuePageSize })
    .int({ error: MESSAGING_MESSAGES.queuePageSize })
    .min(1, { error: MESSAGING_MESSAGES.queuePageSize })
    .max(MESSAGE_QUEUE_MAX_PAGE_SIZE, { error: MESSAGING_MESSAGES.queuePageSize })
    .default(MESSAGE_QUEUE_PAGE_SIZE),
  status: z.enum(OUTBOUND_MESSAGE_STATUSES, { error: MESSAGING_MESSAGES.queueStatus }).optional(),
});
export type MessageQueueQuery = z.output<typeof messageQueueQuerySchema>;

export const outboundMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(OUTBOUND_MESSAGE_KINDS),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOUND_MESSAGE_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  prescriptionId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type OutboundMessage = z.output<typeof outboundMessageSchema>;

export const messageQueuePageSchema = z.object({
  messages: z.array(outboundMessageSchema),
  /** Messages of the channel (and status, when filtered) in all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MessageQueuePage = z.output<typeof messageQueuePageSchema>;

// -----------------------------------------------------------------------------------------------------
// Delivery (the database asks it through pg_net; service role only)
// -----------------------------------------------------------------------------------------------------

/** POST /api/internal/outbox/deliver: one pharmacy's due messages, or everyone's (null). */
export const deliverOutboxSchema = z.object({
  pharmacyId: z.uuid({ error: MESSAGING_MESSAGES.pharmacyId }).nullable(),
});

export const outboxDeliveryResultSchema = z.object({
  claimed: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type OutboxDeliveryResult = z.output<typeof outboxDeliveryResultSchema>;
