/**
 * Test Fax Connection (POST /api/system-settings/fax/test-connection): whether the saved provider API URL answers —
 * not configured, not reachable (with the reason) or reachable (with its HTTP status).
 */
import { testFaxConnectionEndpoint } from '@pharmacy/shared/api/messaging.ts';
import type { FaxConnectionResult } from '@pharmacy/shared/messaging/email-and-fax.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function testFaxConnection(): Promise<FaxConnectionResult> {
  return invokeApi(testFaxConnectionEndpoint);
}

export function useTestFaxConnection() {
  return useMutation({ meta: { writes: [] }, mutationFn: testFaxConnection });
}
