/**
 * System Settings → Email and Fax actions and the outbox (contract: shared/src/api/messaging.ts). The admin
 * endpoints act as the caller: the database says whether they are the pharmacy's admin
 * (public.messaging_admin_pharmacy_id, 403 otherwise) and which pharmacy; settings are read with their JWT (RLS);
 * only the SMTP password (Vault) and the outbox records are read or written as the service role. The delivery
 * endpoint takes only the service role's token (the database calls it through pg_net).
 */
import {
  deliverOutboxEndpoint,
  listEmailQueueEndpoint,
  listFaxQueueEndpoint,
  sendTestEmailEndpoint,
  testEmailConnectionEndpoint,
  testFaxConnectionEndpoint,
} from '@pharmacy/shared/api/messaging.ts';
import { type EmailConnectionResult, MESSAGING_MESSAGES } from '@pharmacy/shared/messaging/email-and-fax.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { isServiceRoleRequest } from '../../_shared/auth.ts';
import { readSettingsGroup } from '../../_shared/settings-groups.ts';
import { HttpError } from '../../_shared/http.ts';
import { createAdminClient, createUserClient, type DatabaseClient } from '../../_shared/supabase-clients.ts';
import { type PharmacyEmailSetup, sendPharmacyEmail, SmtpError, smtpServerOf } from '../messaging/email-sender.ts';
import { probeFaxProvider } from '../messaging/fax-probe.ts';
import { messageQueuePage, requireMessagingAdmin } from '../messaging/message-queue.ts';
import { deliverOutbox } from '../messaging/outbox-delivery.ts';
import { readPharmacySender, settingsGroupSecrets } from '../messaging/pharmacy-messaging-settings.ts';
import { SmtpSession } from '../messaging/smtp-client.ts';

/** The caller's pharmacy's email setup, after the database said the caller is its admin. */
async function adminEmailSetup(req: Request): Promise<{ pharmacyId: string; setup: PharmacyEmailSetup; service: DatabaseClient }> {
  const caller = createUserClient(req);
  const pharmacyId = await requireMessagingAdmin(caller);
  const service = createAdminClient(req);
  const [settings, secrets, sender] = await Promise.all([
    readSettingsGroup(caller, pharmacyId, 'email'),
    settingsGroupSecrets(pharmacyId, 'email'),
    readPharmacySender(caller, pharmacyId),
  ]);
  return { pharmacyId, service, setup: { settings, password: secrets.smtpPassword ?? '', sender } };
}

async function recordTestEmail(service: DatabaseClient, pharmacyId: string, to: string, subject: string, body: string, failure: string | null): Promise<void> {
  const now = new Date().toISOString();
  const { error } = await service.from('outbound_messages').insert({
    pharmacy_id: pharmacyId,
    channel: 'email',
    kind: 'test_email',
    recipient: to,
    subject,
    body,
    status: failure === null ? 'sent' : 'failed',
    attempts: 1,
    last_attempt_at: now,
    sent_at: failure === null ? now : null,
    last_error: failure,
  });
  // The answer is about the mail; a record that could not be written is the server's problem, logged.
  if (error) console.error('messaging: could not record the test email', error);
}

export function addMessagingRoutes(router: ApiRouter): void {
  router.serve(sendTestEmailEndpoint, async ({ req, body }) => {
    const { pharmacyId, setup, service } = await adminEmailSetup(req);
    const subject = `Test email from ${setup.sender.name}`;
    const text =
      `This is a test email from the System Settings of ${setup.sender.name}.\n\n` +
      'If you can read it, the pharmacy can send email with its SMTP settings.';
    try {
      const serverReply = await sendPharmacyEmail(setup, { to: body.to, subject, text });
      await recordTestEmail(service, pharmacyId, body.to, subject, text, null);
      return { recipient: body.to, serverReply };
    } catch (error) {
      if (!(error instanceof SmtpError)) throw error;
      await recordTestEmail(service, pharmacyId, body.to, subject, text, error.message);
      throw new HttpError(502, `The test email could not be sent: ${error.message}`, { transcript: error.transcript });
    }
  });

  router.serve(testEmailConnectionEndpoint, async ({ req }): Promise<EmailConnectionResult> => {
    const { setup } = await adminEmailSetup(req);
    const server = smtpServerOf(setup);
    if (!server) {
      return { ok: false, host: '', port: setup.settings.smtpPort, encrypted: false, authenticated: false, transcript: [], error: MESSAGING_MESSAGES.smtpNotConfigured };
    }
    const base = { host: server.host, port: server.port };
    try {
      const session = await SmtpSession.open(server);
      await session.quit();
      return { ...base, ok: true, encrypted: session.encrypted, authenticated: session.authenticated, transcript: session.transcript, error: null };
    } catch (error) {
      if (!(error instanceof SmtpError)) throw error;
      return { ...base, ok: false, encrypted: false, authenticated: false, transcript: error.transcript, error: error.message };
    }
  });

  router.serve(testFaxConnectionEndpoint, async ({ req }) => {
    const caller = createUserClient(req);
    const pharmacyId = await requireMessagingAdmin(caller);
    return probeFaxProvider(await readSettingsGroup(caller, pharmacyId, 'fax'));
  });

  router.serve(listEmailQueueEndpoint, ({ req, query }) => messageQueuePage(createUserClient(req), 'email', query));
  router.serve(listFaxQueueEndpoint, ({ req, query }) => messageQueuePage(createUserClient(req), 'fax', query));

  router.serve(deliverOutboxEndpoint, async ({ req, body }) => {
    if (!isServiceRoleRequest(req)) throw new HttpError(403, MESSAGING_MESSAGES.serviceRoleOnly);
    const service = createAdminClient();
    return deliverOutbox(service, settingsGroupSecrets, body.pharmacyId);
  });
}
