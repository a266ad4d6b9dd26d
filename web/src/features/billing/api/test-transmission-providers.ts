/**
 * Test Transmission Connection (POST /api/claims/test-providers): a real test E1 to each configured switch, each
 * answering whether a D.0 response came back, how, and how long it took. Each transmission is recorded.
 */
import { testProvidersEndpoint, type ProviderTest } from '@pharmacy/shared/api/claims.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function testTransmissionProviders(): Promise<ProviderTest> {
  return invokeApi(testProvidersEndpoint, {});
}

export function useTestTransmissionProviders() {
  return useMutation({ meta: { writes: ['claim_transmissions'] }, mutationFn: testTransmissionProviders });
}
