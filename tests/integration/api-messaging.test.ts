/**
 * System Settings → Email and Fax through the api function, as real staff (contract shared/src/api/messaging.ts):
 * Send Test Email really sends through the pharmacy's SMTP settings (to the test stack's mail catcher, or to an
 * SMTP server started here that demands the password kept in Vault); Test Email Connection reports what the server
 * said, and the failure of an unreachable one; Test Fax Connection says not configured / not reachable / reachable
 * honestly; the queues page on the server and refuse non-admins; the ready notification is queued once per
 * prescription and delivered once, and only with the setting, an email address and consent.
 */
import net from 'node:net';
import os from 'node:os';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_MESSAGES } from '../../shared/src/messaging/email-and-fax.ts';
import { callApi } from '../support/api-call.ts';
import { mailFor } from '../support/mailbox.ts';
import { closeSql, createTestClient, eventually, sql, stackEnv } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import {
  addContactPatient,
  forceBackToProcessing,
  outboxRowsFor,
  readyPrescription,
  saveEmailSettings,
  saveFaxSettings,
  storeSmtpPassword,
  withoutDeliveryRequests,
} from './messaging-support.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let service: SupabaseClient;

/** A TCP port on 127.0.0.1 nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function catcherSettings(overrides: Record<string, unknown> = {}) {
  return { smtpHost: '127.0.0.1', smtpPort: stackEnv().smtp.port, rxEmailAddress: 'rx@messaging-a.example.test', ...overrides };
}

let recipientCounter = 0;
function uniqueRecipient(tag: string): string {
  recipientCounter += 1;
  return `${tag}-${Date.now()}-${recipientCounter}@patients.example.test`;
}

function deliver(pharmacyId: string | null, client: SupabaseClient = service) {
  return callApi<{ claimed: number; sent: number; failed: number }>(client, 'internal/outbox/deliver', { body: { pharmacyId } });
}

beforeAll(async () => {
  service = createTestClient({ key: stackEnv().serviceRoleKey });
  [a, b] = [await createPharmacy('Messaging Pharmacy A'), await createPharmacy('Messaging Pharmacy B')];
}, 120_000);

afterAll(closeSql);

describe('Send Test Email', () => {
  it('sends through the saved SMTP server: the mail arrives in the catcher and the email queue records it as sent', async () => {
    await saveEmailSettings(a.id, catcherSettings());
    const to = uniqueRecipient('test-email');
    const answer = await callApi<{ recipient: string; serverReply: string }>(a.admin.client, 'system-settings/email/test', { body: { to } });
    expect(answer.status).toBe(200);
    expect(answer.body.recipient).toBe(to);
    expect(answer.body.serverReply).toMatch(/^250 /);
    const mail = await mailFor(to);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ Subject: 'Test email from Messaging Pharmacy A', To: [{ Address: to }] });
    expect(mail[0]!.Text).toContain('If you can read it, the pharmacy can send email');
    const [row] = await sql<{ status: string; kind: string; sent_at: Date | null }>(
      'select status, kind, sent_at from public.outbound_messages where pharmacy_id = $1 and recipient = $2', [a.id, to]);
    expect(row).toMatchObject({ status: 'sent', kind: 'test_email' });
    expect(row!.sent_at).not.toBeNull();
  });

  it('uses the SMTP username and the password kept in Vault (a server that demands them)', async () => {
    const logins: Array<{ username: string; password: string }> = [];
    const received: string[] = [];
    const server = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
        if (auth.username === 'smtp-user' && auth.password === 'vault-kept-secret') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((entry) => entry.address).join(','));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as net.AddressInfo;
    try {
      await saveEmailSettings(a.id, catcherSettings({ smtpPort: port, smtpUsername: 'smtp-user' }));
      await storeSmtpPassword(a.id, 'wrong-secret');
      const to = uniqueRecipient('auth');
      const refused = await callApi<{ error: string }>(a.admin.client, 'system-settings/email/test', { body: { to } });
      expect(refused.status).toBe(502);
      expect(refused.body.error).toMatch(/^The test email could not be sent: The server refused the SMTP username or password: 535/);
      expect(received).toEqual([]);

      await storeSmtpPassword(a.id, 'vault-kept-secret');
      const sent = await callApi(a.admin.client, 'system-settings/email/test', { body: { to } });
      expect(sent.status).toBe(200);
      expect(received).toEqual([to]);
      expect(logins.map((login) => login.password)).toEqual(['wrong-secret', 'vault-kept-secret']);

      const connection = await callApi<{ ok: boolean; authenticated: boolean; transcript: string[] }>(a.admin.client, 'system-settings/email/test-connection', { method: 'POST', body: {} });
      expect(connection.body).toMatchObject({ ok: true, authenticated: true });
      // The password never appears in what the api answers.
      expect(JSON.stringify(connection.body)).not.toContain('vault-kept-secret');
      expect(connection.body.transcript).toContain('C: AUTH PLAIN ****');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sql(`delete from vault.secrets where name = $1`, [`pharmacy:${a.id}:email.smtpPassword`]);
    }
  });

  it('with an unreachable server: 502 with the reason, recorded as failed; with no server saved: 409', async () => {
    await saveEmailSettings(a.id, catcherSettings({ smtpPort: await closedPort() }));
    const to = uniqueRecipient('unreachable');
    const failed = await callApi<{ error: string }>(a.admin.client, 'system-settings/email/test', { body: { to } });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/^The test email could not be sent: Could not connect to 127\.0\.0\.1:\d+: connection refused$/);
    const [row] = await sql<{ status: string; last_error: string }>('select status, last_error from public.outbound_messages where recipient = $1', [to]);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.last_error).toMatch(/connection refused/);
    expect(await mailFor(to)).toEqual([]);

    await saveEmailSettings(a.id, { smtpHost: '' });
    const unconfigured = await callApi<{ error: string }>(a.admin.client, 'system-settings/email/test', { body: { to } });
    expect(unconfigured).toEqual({ status: 409, body: { error: MESSAGING_MESSAGES.smtpNotConfigured } });
  });

  it('refuses a bad recipient (400) and anyone but an admin (403)', async () => {
    await saveEmailSettings(a.id, catcherSettings());
    const bad = await callApi<{ errors: string[] }>(a.admin.client, 'system-settings/email/test', { body: { to: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([MESSAGING_MESSAGES.testRecipient]);
    const to = uniqueRecipient('refused');
    for (const staff of [a.pharmacist, a.technician]) {
      const answer = await callApi(staff.client, 'system-settings/email/test', { body: { to } });
      expect(answer).toEqual({ status: 403, body: { error: MESSAGING_MESSAGES.adminOnly } });
    }
    expect(await mailFor(to)).toEqual([]);
  });
});

describe('Test Email Connection', () => {
  it("reports the catcher's greeting and EHLO lines", async () => {
    await saveEmailSettings(a.id, catcherSettings());
    const answer = await callApi<{ ok: boolean; host: string; port: number; encrypted: boolean; transcript: string[]; error: string | null }>(
      a.admin.client, 'system-settings/email/test-connection', { method: 'POST', body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, host: '127.0.0.1', port: stackEnv().smtp.port, encrypted: false, error: null });
    expect(answer.body.transcript[0]).toMatch(/^S: 220 .*Local mail catcher \(nothing is delivered\)/);
    expect(answer.body.transcript).toContain('C: EHLO pharmacy.local');
    expect(answer.body.transcript.some((line) => /^S: 250[- ]/.test(line))).toBe(true);
  });

  it('reports an unreachable server as a failure with the reason, and no server as not configured', async () => {
    const port = await closedPort();
    await saveEmailSettings(a.id, catcherSettings({ smtpPort: port }));
    const answer = await callApi<{ ok: boolean; error: string; transcript: string[] }>(a.admin.client, 'system-settings/email/test-connection', { method: 'POST', body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: false, error: `Could not connect to 127.0.0.1:${port}: connection refused`, transcript: [] });

    await saveEmailSettings(a.id, { smtpHost: '' });
    const unconfigured = await callApi<{ ok: boolean; error: string }>(a.admin.client, 'system-settings/email/test-connection', { method: 'POST', body: {} });
    expect(unconfigured.body).toMatchObject({ ok: false, error: MESSAGING_MESSAGES.smtpNotConfigured });
  });

  it('upgrades with STARTTLS when the server offers it, and reports a failed handshake instead of going on unencrypted', async () => {
    // smtp-server offers STARTTLS with its own self-signed certificate, which no trust store accepts.
    const server = new SMTPServer({ authOptional: true, logger: false, onData: (stream, _session, callback) => stream.on('end', () => callback()).resume() });
    // The client refusing the certificate is this test's point; the server reports it as an error event.
    const serverErrors: Error[] = [];
    server.on('error', (error) => serverErrors.push(error));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as net.AddressInfo;
    try {
      await saveEmailSettings(a.id, catcherSettings({ smtpPort: port }));
      const answer = await callApi<{ ok: boolean; encrypted: boolean; transcript: string[]; error: string | null }>(
        a.admin.client, 'system-settings/email/test-connection', { method: 'POST', body: {} });
      expect(answer.body).toMatchObject({ ok: false, encrypted: false });
      expect(answer.body.transcript).toContain('C: STARTTLS');
      expect(answer.body.transcript.some((line) => /^S: 220 /.test(line) && line !== answer.body.transcript[0])).toBe(true);
      expect(answer.body.error).toMatch(/certificate|tls|handshake/i);
      expect(serverErrors.length).toBeGreaterThan(0);
      expect(new Set(serverErrors.map((error) => error.message))).toEqual(new Set(['Failed to establish TLS session']));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  // A server off the loopback interface without STARTTLS: the encryption setting decides.
  const outsideAddress = Object.values(os.networkInterfaces()).flat().find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
  it.skipIf(outsideAddress === undefined)('with "Email encryption" on, refuses a non-loopback server that offers no STARTTLS; off, connects', async () => {
    const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData: (stream, _session, callback) => stream.on('end', () => callback()).resume() });
    await new Promise<void>((resolve) => server.listen(0, outsideAddress, resolve));
    const { port } = server.server.address() as net.AddressInfo;
    try {
      await saveEmailSettings(a.id, catcherSettings({ smtpHost: outsideAddress, smtpPort: port, requireEncryption: true }));
      const refused = await callApi<{ ok: boolean; error: string | null }>(a.admin.client, 'system-settings/email/test-connection', { method: 'POST', body: {} });
      expect(refused.body).toMatchObject({ ok: false, error: 'The server offers no encryption (STARTTLS), and the settings require an encrypted connection' });
      await saveEmailSettings(a.id, catcherSettings({ smtpHost: outsideAddress, smtpPort: port, requireEncryption: false }));
      const allowed = await callApi<{ ok: boolean; encrypted: boolean }>(a.admin.client, 'system-settings/email/test-connection', { method: 'POST', body: {} });
      expect(allowed.body).toMatchObject({ ok: true, encrypted: false });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses anyone but an admin', async () => {
    for (const staff of [a.pharmacist, a.technician]) {
      const answer = await callApi(staff.client, 'system-settings/email/test-connection', { method: 'POST', body: {} });
      expect(answer).toEqual({ status: 403, body: { error: MESSAGING_MESSAGES.adminOnly } });
    }
  });
});

describe('Test Fax Connection', () => {
  it('says not configured when no provider API URL is saved (never a success)', async () => {
    const answer = await callApi(a.admin.client, 'system-settings/fax/test-connection', { method: 'POST', body: {} });
    expect(answer).toEqual({
      status: 200,
      body: { status: 'not-configured', ok: false, provider: 'efax', url: null, httpStatus: null, message: MESSAGING_MESSAGES.faxNotConfigured },
    });
  });

  it('says not reachable, with the reason, when nothing answers at the URL', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1/status`;
    await saveFaxSettings(a.id, { faxProvider: 'srfax', providerApiUrl: url });
    const answer = await callApi<{ status: string; ok: boolean; message: string; url: string }>(a.admin.client, 'system-settings/fax/test-connection', { method: 'POST', body: {} });
    expect(answer.body).toMatchObject({ status: 'not-reachable', ok: false, provider: 'srfax', url, httpStatus: null });
    expect(answer.body.message).toMatch(/^The fax provider's API is not reachable: .*(refused|Connect)/i);
  });

  it('says reachable, with the HTTP status, when a server answers', async () => {
    const url = `${stackEnv().mailpitUrl}/api/v1/messages?limit=1`;
    await saveFaxSettings(a.id, { providerApiUrl: url });
    const answer = await callApi(a.admin.client, 'system-settings/fax/test-connection', { method: 'POST', body: {} });
    expect(answer.body).toMatchObject({ status: 'reachable', ok: true, url, httpStatus: 200 });
  });

  it('refuses anyone but an admin', async () => {
    const answer = await callApi(a.technician.client, 'system-settings/fax/test-connection', { method: 'POST', body: {} });
    expect(answer).toEqual({ status: 403, body: { error: MESSAGING_MESSAGES.adminOnly } });
  });
});

describe('View Email Queue / View Fax Queue', () => {
  type Page = { messages: Array<{ id: string; recipient: string; status: string; kind: string }>; total: number; page: number; pageSize: number };

  it('pages the channel newest first on the server, filters by status, and shows another pharmacy nothing', async () => {
    await sql('delete from public.outbound_messages where pharmacy_id = any($1)', [[a.id, b.id]]);
    const recipients: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const recipient = `queue-${i}@example.test`;
      recipients.push(recipient);
      await sql(
        // Queued ones are due tomorrow, so no delivery (pg_cron's included) moves them while the test reads.
        `insert into public.outbound_messages (pharmacy_id, channel, kind, recipient, subject, body, status, sent_at, created_at, next_attempt_at)
         values ($1, 'email', 'test_email', $2, 'Queued mail', 'Body', $3, $4, now() - make_interval(mins => $5), now() + interval '1 day')`,
        [a.id, recipient, i % 2 === 0 ? 'sent' : 'queued', i % 2 === 0 ? new Date() : null, 10 - i],
      );
    }
    await sql(`insert into public.outbound_messages (pharmacy_id, channel, kind, recipient, subject, body) values ($1, 'fax', 'ready_notification', '(555) 123-4567', 'Fax', 'Body')`, [a.id]);

    const first = await callApi<Page>(a.admin.client, 'system-settings/email/queue?page=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.body.messages.map((message) => message.recipient)).toEqual([recipients[4], recipients[3]]);
    const third = await callApi<Page>(a.admin.client, 'system-settings/email/queue?page=3&pageSize=2');
    expect(third.body.messages.map((message) => message.recipient)).toEqual([recipients[0]]);
    const beyond = await callApi<Page>(a.admin.client, 'system-settings/email/queue?page=9&pageSize=2');
    expect(beyond.body).toMatchObject({ messages: [], total: 5 });

    const sent = await callApi<Page>(a.admin.client, 'system-settings/email/queue?status=sent');
    expect(sent.body.total).toBe(3);
    expect(new Set(sent.body.messages.map((message) => message.status))).toEqual(new Set(['sent']));

    const fax = await callApi<Page>(a.admin.client, 'system-settings/fax/queue');
    expect(fax.body).toMatchObject({ total: 1, messages: [{ recipient: '(555) 123-4567', status: 'queued', kind: 'ready_notification' }] });

    const other = await callApi<Page>(b.admin.client, 'system-settings/email/queue');
    expect(other.body).toMatchObject({ total: 0, messages: [] });
  });

  it('refuses non-admins (403) and a bad page size (400)', async () => {
    for (const staff of [a.pharmacist, a.technician]) {
      for (const path of ['system-settings/email/queue', 'system-settings/fax/queue']) {
        expect(await callApi(staff.client, path)).toEqual({ status: 403, body: { error: MESSAGING_MESSAGES.adminOnly } });
      }
    }
    const bad = await callApi<{ errors: string[] }>(a.admin.client, 'system-settings/email/queue?pageSize=500');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([MESSAGING_MESSAGES.queuePageSize]);
  });
});

describe('ready notification (autoEmailReadyNotifications)', () => {
  const readyOn = { patientEmailSettings: { autoEmailReadyNotifications: true } };

  it('is queued once per prescription and delivered once by the database\'s request (pg_net): two moves to ready, one email', async () => {
    await saveEmailSettings(a.id, catcherSettings(readyOn));
    const email = uniqueRecipient('ready');
    const patientId = await addContactPatient(a.technician.client, email, true);
    const prescriptionId = await readyPrescription(a, patientId);

    const queued = await outboxRowsFor(prescriptionId);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'ready_notification', recipient: email, subject: 'Your prescription is ready for pickup at Messaging Pharmacy A' });
    expect(queued[0]!.body).not.toMatch(/ibuprofen/i);
    // Nobody calls the delivery endpoint here: the trigger's net.http_post does, once the move commits.
    const [mail] = await eventually(async () => {
      const caught = await mailFor(email);
      return caught.length > 0 ? caught : null;
    }, 'the ready notification in the mail catcher', 20_000);
    expect(mail).toMatchObject({ Subject: 'Your prescription is ready for pickup at Messaging Pharmacy A', To: [{ Address: email }] });
    expect(mail!.Text).toMatch(/Your prescription RX \d+ is ready for pickup at Messaging Pharmacy A/);
    await eventually(async () => (await outboxRowsFor(prescriptionId))[0]?.status === 'sent', 'the message marked sent');
    expect(await outboxRowsFor(prescriptionId)).toMatchObject([{ status: 'sent', attempts: 1 }]);

    // Ready a second time: no second message, so nothing more to send.
    await forceBackToProcessing(prescriptionId);
    expect(await movePrescriptionAs(a.pharmacist.client, prescriptionId, 'ready')).toBeNull();
    expect(await outboxRowsFor(prescriptionId)).toHaveLength(1);
    expect((await deliver(a.id)).body).toMatchObject({ claimed: 0, sent: 0 });
    expect(await mailFor(email)).toHaveLength(1);
  });

  it('without the project secrets the message waits, queued; the delivery endpoint then sends it once', async () => {
    await sql(`delete from public.outbound_messages where pharmacy_id = $1 and status <> 'sent'`, [a.id]);
    await saveEmailSettings(a.id, catcherSettings(readyOn));
    const email = uniqueRecipient('waiting');
    const prescriptionId = await withoutDeliveryRequests(async () => {
      const id = await readyPrescription(a, await addContactPatient(a.technician.client, email, true));
      expect(await outboxRowsFor(id)).toMatchObject([{ status: 'queued', attempts: 0 }]);
      expect((await deliver(a.id)).body).toEqual({ claimed: 1, sent: 1, failed: 0 });
      expect((await deliver(a.id)).body).toEqual({ claimed: 0, sent: 0, failed: 0 });
      return id;
    });
    expect(await outboxRowsFor(prescriptionId)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    expect(await mailFor(email)).toHaveLength(1);
  });

  it('is not queued without consent, without an email address, or with the setting off', async () => {
    await saveEmailSettings(a.id, catcherSettings(readyOn));
    const withoutConsent = await readyPrescription(a, await addContactPatient(a.technician.client, uniqueRecipient('no-consent'), false));
    const withoutEmail = await readyPrescription(a, await addContactPatient(a.technician.client, null, false));
    await saveEmailSettings(a.id, catcherSettings());
    const settingOff = await readyPrescription(a, await addContactPatient(a.technician.client, uniqueRecipient('setting-off'), true));
    for (const prescriptionId of [withoutConsent, withoutEmail, settingOff]) expect(await outboxRowsFor(prescriptionId)).toEqual([]);
  });

  it('a failed delivery is retried per the email settings, then marked failed with the error', async () => {
    await saveEmailSettings(b.id, catcherSettings({ ...readyOn, smtpPort: await closedPort(), maxRetryAttempts: 2, retryDelayMinutes: 7 }));
    await withoutDeliveryRequests(async () => {
      const prescriptionId = await readyPrescription(b, await addContactPatient(b.technician.client, uniqueRecipient('retry'), true));
      expect((await deliver(b.id)).body).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
      const [afterFirst] = await outboxRowsFor(prescriptionId);
      expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1 });
      expect(afterFirst!.last_error).toMatch(/connection refused/);
      const delayMinutes = (afterFirst!.next_attempt_at.getTime() - afterFirst!.last_attempt_at!.getTime()) / 60_000;
      expect(Math.round(delayMinutes)).toBe(7);
      // Not due yet: nothing is claimed.
      expect((await deliver(b.id)).body).toMatchObject({ claimed: 0 });
      await sql(`update public.outbound_messages set next_attempt_at = now() where prescription_id = $1`, [prescriptionId]);
      expect((await deliver(b.id)).body).toMatchObject({ claimed: 1, failed: 1 });
      expect(await outboxRowsFor(prescriptionId)).toMatchObject([{ status: 'failed', attempts: 2 }]);
    });
  });

  it("pg_cron's job asks for delivery of a message whose retry is due", async () => {
    const [job] = await sql<{ schedule: string; command: string }>(`select schedule, command from cron.job where jobname = 'deliver-due-outbound-messages'`);
    expect(job).toEqual({ schedule: '* * * * *', command: 'select private.request_due_outbox_delivery()' });

    await saveEmailSettings(b.id, catcherSettings(readyOn));
    const email = uniqueRecipient('cron');
    const prescriptionId = await withoutDeliveryRequests(async () => {
      const id = await readyPrescription(b, await addContactPatient(b.technician.client, email, true));
      return id;
    });
    // Nothing due anywhere (other tests' queued messages included): no request.
    await sql(`update public.outbound_messages set next_attempt_at = now() + interval '1 hour' where status = 'queued'`);
    expect((await sql<{ request: string | null }>('select private.request_due_outbox_delivery() as request'))[0]!.request).toBeNull();
    await sql(`update public.outbound_messages set next_attempt_at = now() where prescription_id = $1`, [prescriptionId]);
    expect((await sql<{ request: string | null }>('select private.request_due_outbox_delivery() as request'))[0]!.request).not.toBeNull();
    await eventually(async () => (await outboxRowsFor(prescriptionId))[0]?.status === 'sent', 'the due message sent', 20_000);
    expect(await mailFor(email)).toHaveLength(1);
  });

  it('the delivery endpoint takes only the service role', async () => {
    for (const client of [createTestClient(), a.admin.client]) {
      expect(await deliver(a.id, client)).toEqual({ status: 403, body: { error: MESSAGING_MESSAGES.serviceRoleOnly } });
    }
  });
});

async function movePrescriptionAs(client: SupabaseClient, id: string, status: string): Promise<string | null> {
  const { data, error } = await client.rpc('move_prescription', { prescription_id: id, to_status: status });
  if (error) return error.message;
  const result = data as { ok: boolean; message?: string };
  return result.ok ? null : result.message!;
}
