/**
 * Send Test Email (POST /api/system-settings/email/test {to}): the api sends a real email with the pharmacy's saved
 * SMTP settings and records it in the email queue, so the queue is refreshed whatever the outcome.
 */
import { sendTestEmailEndpoint } from '@pharmacy/shared/api/messaging.ts';
import type { SendTestEmailInput, SentTestEmail } from '@pharmacy/shared/messaging/email-and-fax.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function sendTestEmail(input: SendTestEmailInput): Promise<SentTestEmail> {
  return invokeApi(sendTestEmailEndpoint, input);
}

export function useSendTestEmail() {
  return useMutation({
    meta: { writes: ['outbound_messages'] },
    mutationFn: sendTestEmail,
  });
}
