/** Removing the pharmacy logo (POST /api/system-settings/pharmacy/logo/remove; admins only, Storage's policies decide). */
import { removePharmacyLogoEndpoint } from '@pharmacy/shared/api/pharmacy-logo.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { systemSettingsKeys } from '../keys.ts';

export async function removePharmacyLogo(): Promise<boolean> {
  return (await invokeApi(removePharmacyLogoEndpoint)).removed;
}

export function useRemovePharmacyLogo(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { writes: [] },
    mutationFn: removePharmacyLogo,
    onSuccess: () => queryClient.setQueryData(systemSettingsKeys.pharmacyLogo(pharmacyId), null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemSettingsKeys.pharmacyLogo(pharmacyId) }),
  });
}
