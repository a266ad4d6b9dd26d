/**
 * Step-up before a high-risk override (POST /api/step-up, shared/src/api/step-up.ts): the pharmacist's password
 * is checked again by the auth service and a single-use grant recorded, which the next severe override consumes.
 * A wrong password is an ApiError with the server's message (no grant).
 */
import { stepUpEndpoint } from '@pharmacy/shared/api/step-up.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export async function confirmStepUp(password: string): Promise<void> {
  await invokeApi(stepUpEndpoint, { password });
}

export function useConfirmStepUp() {
  return useMutation({ mutationFn: confirmStepUp });
}
