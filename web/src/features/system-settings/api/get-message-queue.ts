/**
 * View Email Queue / View Fax Queue (GET /api/system-settings/{email|fax}/queue): one page of the channel's messages,
 * newest first, with the total, paged by the server; admins only (the database decides, others get 403).
 */
import { listEmailQueueEndpoint, listFaxQueueEndpoint } from '@pharmacy/shared/api/messaging.ts';
import type { MessageQueuePage, MessageQueueQuery } from '@pharmacy/shared/messaging/email-and-fax.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { type MessageChannel, systemSettingsKeys } from '../keys.ts';

export function getMessageQueue(channel: MessageChannel, query: MessageQueueQuery): Promise<MessageQueuePage> {
  const params = { page: query.page, pageSize: query.pageSize, ...(query.status ? { status: query.status } : {}) };
  return channel === 'email' ? invokeApi(listEmailQueueEndpoint, params) : invokeApi(listFaxQueueEndpoint, params);
}

export function getMessageQueueQueryOptions(pharmacyId: string, channel: MessageChannel, query: MessageQueueQuery) {
  return queryOptions({ meta: { reads: ['outbound_messages'] }, queryKey: systemSettingsKeys.messageQueuePage(pharmacyId, channel, query), queryFn: () => getMessageQueue(channel, query) });
}

export function useMessageQueue(pharmacyId: string, channel: MessageChannel, query: MessageQueueQuery, enabled: boolean) {
  return useQuery({ ...getMessageQueueQueryOptions(pharmacyId, channel, query), enabled, placeholderData: keepPreviousData });
}
