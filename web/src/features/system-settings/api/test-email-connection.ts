/**
 * Test Email Connection (POST /api/system-settings/email/test-connection): the api connects to the saved SMTP server
 * and answers what it said; `ok` is false when it could not connect or refused a step.
 */
import { testEmailConnectionEndpoint } from '@pharmacy/shared/api/messaging.ts';
import type { EmailConnectionResult } from '@pharmacy/shared/messaging/email-and-fax.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function testEmailConnection(): Promise<EmailConnectionResult> {
  return invokeApi(testEmailConnectionEndpoint);
}

export function useTestEmailConnection() {
  return useMutation({ meta: { writes: [] }, mutationFn: testEmailConnection });
}
