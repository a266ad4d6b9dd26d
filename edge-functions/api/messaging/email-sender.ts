/**
 * Sending with a pharmacy's Email settings (policy; smtp-client.ts is the mechanism):
 * - the server: smtpHost:smtpPort, implicit TLS when smtpSecure (port 465's mode), otherwise STARTTLS whenever the
 *   server offers it; `requireEncryption` refuses an unencrypted conversation, except with a loopback host
 *   (the local mail catcher, whose traffic never leaves the machine); the SMTP username and the password from Vault;
 * - the sender: the Rx email address, else the main one, else the pharmacy record's email, named after the pharmacy.
 */
import { MESSAGING_MESSAGES } from '@pharmacy/shared/messaging/email-and-fax.ts';
import type { EmailSettingsRead } from '@pharmacy/shared/settings/email.ts';
import { HttpError } from '../../_shared/http.ts';
import { type EmailAttachment, plainTextEmail } from './mime-message.ts';
import type { PharmacySender } from './pharmacy-messaging-settings.ts';
import { isLoopback, SmtpError, type SmtpServer, SmtpSession } from './smtp-client.ts';

/** Connect and each reply: long enough for a slow server, short enough for a button someone is waiting on. */
export const SMTP_TIMEOUT_MS = 10_000;

export interface PharmacyEmailSetup {
  settings: EmailSettingsRead;
  /** The SMTP password from Vault ('' when none). */
  password: string;
  sender: PharmacySender;
}

/** The SMTP server of the settings, or null when no host is saved. */
export function smtpServerOf(setup: PharmacyEmailSetup): SmtpServer | null {
  const { settings } = setup;
  const host = settings.smtpHost.trim();
  if (host === '') return null;
  return {
    host,
    port: settings.smtpPort,
    implicitTls: settings.smtpSecure,
    requireTls: settings.requireEncryption && !isLoopback(host),
    username: settings.smtpUsername.trim(),
    password: setup.password,
    clientName: 'pharmacy.local',
    timeoutMs: SMTP_TIMEOUT_MS,
  };
}

/** The From address and name, or null when the pharmacy has none. */
export function senderOf(setup: PharmacyEmailSetup): { name: string; address: string } | null {
  const { settings, sender } = setup;
  const address = [settings.rxEmailAddress, settings.mainEmailAddress, sender.email ?? ''].map((value) => value.trim()).find((value) => value !== '');
  return address ? { name: sender.name, address } : null;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly EmailAttachment[];
}

/**
 * Sends one email; resolves with the server's reply to the message. Throws HttpError 409 when the settings lack a
 * server or a sender, SmtpError with the server's words when the server refuses or cannot be reached.
 */
export async function sendPharmacyEmail(setup: PharmacyEmailSetup, email: OutgoingEmail): Promise<string> {
  const server = smtpServerOf(setup);
  if (!server) throw new HttpError(409, MESSAGING_MESSAGES.smtpNotConfigured);
  const from = senderOf(setup);
  if (!from) throw new HttpError(409, MESSAGING_MESSAGES.noSender);
  const session = await SmtpSession.open(server);
  try {
    const data = plainTextEmail({ fromName: from.name, fromAddress: from.address, to: email.to, subject: email.subject, text: email.text, attachments: email.attachments ?? [] });
    return await session.send({ from: from.address, to: email.to, data });
  } finally {
    await session.quit();
  }
}

export { SmtpError };
