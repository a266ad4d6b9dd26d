/**
 * Email and fax (spec part 2 §2 Email and Fax tabs, issue 12), admins of the caller's pharmacy only (the database
 * decides: 403 for anyone else), with the pharmacy's saved Email / Fax settings:
 * - POST /api/system-settings/email/test {to} — sends a test email through the pharmacy's SMTP server; 200 with the
 *   server's reply, 409 when no SMTP host is saved or no sender address is set, 502 with what went wrong when
 *   the server refused or could not be reached. Recorded in the email queue either way.
 * - POST /api/system-settings/email/test-connection (no body) — connects, says EHLO, STARTTLS and AUTH where they
 *   apply; 200 with `ok` and what the server said (never a success that did not happen).
 * - POST /api/system-settings/fax/test-connection (no body) — an HTTP request to the provider's API URL with a
 *   short timeout: not configured, not reachable (with the reason) or reachable (with its HTTP status).
 * - GET /api/system-settings/email/queue, /api/system-settings/fax/queue — the messages of the channel, newest
 *   first, paged on the server.
 * - POST /api/internal/outbox/deliver {pharmacyId} — the database's delivery request (pg_net): the service role
 *   only (403 for any other token); sends the due email messages.
 */
import {
  deliverOutboxSchema,
  emailConnectionResultSchema,
  faxConnectionResultSchema,
  messageQueuePageSchema,
  messageQueueQuerySchema,
  outboxDeliveryResultSchema,
  sendTestEmailSchema,
  sentTestEmailSchema,
} from '../messaging/email-and-fax.ts';
import { apiEndpoint } from './endpoint.ts';

export const sendTestEmailEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/system-settings/email/test',
  access: 'signed-in',
  request: sendTestEmailSchema,
  response: sentTestEmailSchema,
  format: 'json',
  successStatus: 200,
});

export const testEmailConnectionEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/system-settings/email/test-connection',
  access: 'signed-in',
  request: null,
  response: emailConnectionResultSchema,
  format: 'json',
  successStatus: 200,
});

export const testFaxConnectionEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/system-settings/fax/test-connection',
  access: 'signed-in',
  request: null,
  response: faxConnectionResultSchema,
  format: 'json',
  successStatus: 200,
});

export const listEmailQueueEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/system-settings/email/queue',
  access: 'signed-in',
  request: null,
  query: messageQueueQuerySchema,
  response: messageQueuePageSchema,
  format: 'json',
  successStatus: 200,
});

export const listFaxQueueEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/system-settings/fax/queue',
  access: 'signed-in',
  request: null,
  query: messageQueueQuerySchema,
  response: messageQueuePageSchema,
  format: 'json',
  successStatus: 200,
});

export const deliverOutboxEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/internal/outbox/deliver',
  access: 'anyone',
  request: deliverOutboxSchema,
  response: outboxDeliveryResultSchema,
  format: 'json',
  successStatus: 200,
});
