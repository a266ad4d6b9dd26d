/**
 * Query keys of System Settings, starting with the pharmacy so one pharmacy's cache never answers for another.
 * The settings groups are THE pharmacy-wide queries of hooks/use-settings-group.ts (the print flow reads the
 * Printing group too); a save refreshes every group reading the tables it wrote (spec part 2 §4, §7), since groups
 * share fields (the DEA number is the Pharmacy and the Controlled tab's; the monograph switch, format and
 * integration are the Printing and the Labels tab's). A send or a test refreshes the email queue, which records it.
 */
import type { MessageQueueQuery } from '@pharmacy/shared/messaging/email-and-fax.ts';

export type MessageChannel = 'email' | 'fax';

export const systemSettingsKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'system-settings'] as const,
  /** The pharmacy's time zone (its "today" for the DEA compliance card). */
  /** GET /api/system-settings/pharmacy/logo. */
  pharmacyLogo: (pharmacyId: string) => [...systemSettingsKeys.all(pharmacyId), 'pharmacy-logo'] as const,
  /** GET /api/system-status. */
  systemStatus: (pharmacyId: string) => [...systemSettingsKeys.all(pharmacyId), 'system-status'] as const,
  /** Every page of a channel's queue (Email, Fax). */
  messageQueue: (pharmacyId: string, channel: MessageChannel) => [...systemSettingsKeys.all(pharmacyId), 'messaging', 'queue', channel] as const,
  messageQueuePage: (pharmacyId: string, channel: MessageChannel, query: MessageQueueQuery) =>
    [...systemSettingsKeys.messageQueue(pharmacyId, channel), { ...query }] as const,
};
