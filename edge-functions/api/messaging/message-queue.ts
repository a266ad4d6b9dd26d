/**
 * View Email Queue / View Fax Queue: one page of the pharmacy's outbound messages of a channel, newest first, read
 * with the caller's JWT (RLS: only the pharmacy's admins see its messages). The caller is first asked for as an
 * admin (public.messaging_admin_pharmacy_id, 42501 → 403), so a non-admin is refused rather than shown an empty list.
 */
import type { MessageQueuePage, MessageQueueQuery, OutboundMessage } from '@pharmacy/shared/messaging/email-and-fax.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';

const COLUMNS = 'id, kind, recipient, subject, status, attempts, last_error, prescription_id, created_at, sent_at, next_attempt_at';

/** The caller's pharmacy when they are its admin; 403 with the database's sentence otherwise. */
export async function requireMessagingAdmin(caller: DatabaseClient): Promise<string> {
  const { data, error } = await caller.rpc('messaging_admin_pharmacy_id');
  if (error) throw databaseFailure('checking who may use the email and fax settings', error);
  return data;
}

export async function messageQueuePage(caller: DatabaseClient, channel: 'email' | 'fax', query: MessageQueueQuery): Promise<MessageQueuePage> {
  const pharmacyId = await requireMessagingAdmin(caller);
  const from = (query.page - 1) * query.pageSize;
  const filtered = <Q extends { eq: (column: string, value: string) => Q }>(request: Q): Q => {
    const ofChannel = request.eq('pharmacy_id', pharmacyId).eq('channel', channel);
    return query.status ? ofChannel.eq('status', query.status) : ofChannel;
  };
  const { data, error, count } = await filtered(caller.from('outbound_messages').select(COLUMNS, { count: 'exact' }))
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + query.pageSize - 1);
  if (error?.code === 'PGRST103') {
    // A page past the end (PostgREST answers 416 without a count): an empty page, with the total counted alone.
    const counted = await filtered(caller.from('outbound_messages').select('id', { count: 'exact', head: true }));
    if (counted.error) throw databaseFailure('counting the message queue', counted.error);
    return { messages: [], total: counted.count ?? 0, page: query.page, pageSize: query.pageSize };
  }
  if (error) throw databaseFailure('reading the message queue', error);
  const messages = (data ?? []).map((row): OutboundMessage => ({
    id: row.id,
    kind: row.kind as OutboundMessage['kind'],
    recipient: row.recipient,
    subject: row.subject,
    status: row.status as OutboundMessage['status'],
    attempts: row.attempts,
    lastError: row.last_error,
    prescriptionId: row.prescription_id,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.next_attempt_at,
  }));
  return { messages, total: count ?? 0, page: query.page, pageSize: query.pageSize };
}
