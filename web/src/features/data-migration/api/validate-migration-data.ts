/** Validate Data (POST /api/migration/validate): the pasted JSON checked by the shared validator, nothing written. */
import { validateMigrationEndpoint, type MigrationValidationResponse } from '@pharmacy/shared/api/migration.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function validateMigrationData(data: Record<string, unknown>): Promise<MigrationValidationResponse> {
  return invokeApi(validateMigrationEndpoint, data);
}

export function useValidateMigrationData() {
  return useMutation({ meta: { writes: [] }, mutationFn: validateMigrationData });
}
