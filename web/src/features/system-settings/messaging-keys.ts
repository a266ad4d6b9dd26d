/**
 * Query keys of the Email and Fax queues (System Settings), starting with the pharmacy so one pharmacy's cache never
 * answers for another. A send or a test refreshes the email queue, which records it.
 */
import type { MessageQueueQuery } from '@pharmacy/shared/schemas/messaging.ts';

export type MessageChannel = 'email' | 'fax';

export const messagingKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'system-settings', 'messaging'] as const,
  /** Every page of a channel's queue. */
  queue: (pharmacyId: string, channel: MessageChannel) => [...messagingKeys.all(pharmacyId), 'queue', channel] as const,
  queuePage: (pharmacyId: string, channel: MessageChannel, query: MessageQueueQuery) =>
    [...messagingKeys.queue(pharmacyId, channel), { ...query }] as const,
};
