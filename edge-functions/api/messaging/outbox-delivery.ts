/**
 * Delivering the outbox (POST /api/internal/outbox/deliver, asked by the database through pg_net, service role):
 * claims the due email messages (public.claim_outbound_messages: status sending, one more attempt, rows other
 * deliveries hold skipped), sends each with its pharmacy's Email settings, and reports each outcome
 * (public.finish_outbound_message: sent, or queued again after the group's retry delay until its retry attempts are
 * spent, then failed with the error). A message's attachment_paths (a scheduled report's files, in the private
 * scheduled-reports bucket) are attached while they fit the Email settings' attachmentMaxSizeMb together; a file that
 * does not fit is named in the mail as stored on the Reports screen and too large to attach.
 */
import type { OutboxDeliveryResult } from '@pharmacy/shared/messaging/email-and-fax.ts';
import type { Database } from '@pharmacy/shared/database/database.types.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import { type OutgoingEmail, type PharmacyEmailSetup, sendPharmacyEmail } from './email-sender.ts';
import type { EmailAttachment } from './mime-message.ts';
import { SCHEDULED_REPORTS_BUCKET } from '@pharmacy/shared/reports/schedules.ts';
import { readSettingsGroup } from '../../_shared/settings-groups.ts';
import { type GroupSecretsReader, readPharmacySender } from './pharmacy-messaging-settings.ts';

type OutboundMessageRow = Database['public']['Tables']['outbound_messages']['Row'];

/** Messages claimed at a time; a request takes at most MAX_PER_REQUEST, the rest wait for the next one. */
const CLAIM_BATCH = 20;
const MAX_PER_REQUEST = 200;

function failureReason(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

async function loadSetup(service: DatabaseClient, secrets: GroupSecretsReader, pharmacyId: string): Promise<PharmacyEmailSetup> {
  const [settings, groupSecrets, sender] = await Promise.all([
    readSettingsGroup(service, pharmacyId, 'email'),
    secrets(pharmacyId, 'email'),
    readPharmacySender(service, pharmacyId),
  ]);
  return { settings, password: groupSecrets.smtpPassword ?? '', sender };
}

async function finish(service: DatabaseClient, message: OutboundMessageRow, error: unknown | null): Promise<void> {
  const { error: failure } = await service.rpc('finish_outbound_message', {
    message_id: message.id,
    delivered: error === null,
    ...(error === null ? {} : { delivery_error: failureReason(error) }),
  });
  if (failure) throw databaseFailure('recording a delivery', failure);
}

/** The last segment of an object name: the file's name. */
function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The email of a message: its attachments read from Storage and attached in order while their total stays within
 * attachmentMaxSizeMb; each one past it is named in the text instead. A file that cannot be read fails the attempt
 * (it is retried like any other failure).
 */
async function emailOf(service: DatabaseClient, setup: PharmacyEmailSetup, message: OutboundMessageRow): Promise<OutgoingEmail> {
  const email: OutgoingEmail = { to: message.recipient, subject: message.subject, text: message.body };
  if (message.attachment_paths.length === 0) return email;
  const limit = setup.settings.attachmentMaxSizeMb * 1024 * 1024;
  const attachments: EmailAttachment[] = [];
  const tooLarge: string[] = [];
  let total = 0;
  for (const path of message.attachment_paths) {
    const { data, error } = await service.storage.from(SCHEDULED_REPORTS_BUCKET).download(path);
    if (error) throw new Error(`The attachment ${fileNameOf(path)} could not be read: ${error.message}`);
    const bytes = new Uint8Array(await data.arrayBuffer());
    if (total + bytes.byteLength > limit) {
      tooLarge.push(fileNameOf(path));
      continue;
    }
    total += bytes.byteLength;
    attachments.push({ fileName: fileNameOf(path), contentType: data.type.split(';')[0]!.trim() || 'application/octet-stream', bytes });
  }
  const note = tooLarge.map((name) =>
    `${name} is stored with the pharmacy's reports (Reports → Scheduled reports) and is too large to attach (limit ${setup.settings.attachmentMaxSizeMb} MB).`);
  return { ...email, text: note.length > 0 ? `${email.text}\n\n${note.join('\n')}` : email.text, attachments };
}

export async function deliverOutbox(service: DatabaseClient, secrets: GroupSecretsReader, pharmacyId: string | null): Promise<OutboxDeliveryResult> {
  const result: OutboxDeliveryResult = { claimed: 0, sent: 0, failed: 0 };
  const setups = new Map<string, Promise<PharmacyEmailSetup>>();
  while (result.claimed < MAX_PER_REQUEST) {
    const { data, error } = await service.rpc('claim_outbound_messages', { claim_pharmacy_id: pharmacyId ?? undefined, claim_limit: CLAIM_BATCH });
    if (error) throw databaseFailure('claiming messages to deliver', error);
    const claimed = data as OutboundMessageRow[];
    if (claimed.length === 0) break;
    result.claimed += claimed.length;
    for (const message of claimed) {
      let outcome: unknown | null = null;
      try {
        if (!setups.has(message.pharmacy_id)) setups.set(message.pharmacy_id, loadSetup(service, secrets, message.pharmacy_id));
        const setup = await setups.get(message.pharmacy_id)!;
        await sendPharmacyEmail(setup, await emailOf(service, setup, message));
      } catch (error) {
        outcome = error;
      }
      await finish(service, message, outcome);
      if (outcome === null) result.sent += 1;
      else result.failed += 1;
    }
    if (claimed.length < CLAIM_BATCH) break;
  }
  return result;
}
