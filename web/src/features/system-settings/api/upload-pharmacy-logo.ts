/**
 * Uploading the pharmacy logo (POST /api/system-settings/pharmacy/logo): the file is checked here first
 * (pharmacy-logo-upload-body.ts) and sent as base64; the server checks it again by its content, sanitises an SVG and
 * stores it with the admin's session, so Storage's policies decide. The answer is the stored logo, which becomes
 * the cached one.
 */
import { type PharmacyLogo, uploadPharmacyLogoEndpoint } from '@pharmacy/shared/api/pharmacy-logo.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { systemSettingsKeys } from '../keys.ts';
import { pharmacyLogoUploadBody } from '../pharmacy-logo-upload-body.ts';

export async function uploadPharmacyLogo(file: File): Promise<PharmacyLogo | null> {
  const checked = await pharmacyLogoUploadBody(file);
  if (!checked.ok) throw new Error(checked.message);
  return (await invokeApi(uploadPharmacyLogoEndpoint, checked.body)).logo;
}

export function useUploadPharmacyLogo(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { writes: [] },
    mutationFn: uploadPharmacyLogo,
    onSuccess: (logo) => queryClient.setQueryData(systemSettingsKeys.pharmacyLogo(pharmacyId), logo),
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemSettingsKeys.pharmacyLogo(pharmacyId) }),
  });
}
