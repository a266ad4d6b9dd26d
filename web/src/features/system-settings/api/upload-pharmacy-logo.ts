/**
 * Uploading the pharmacy logo (POST /api/system-settings/pharmacy/logo): the file is checked here first
 * (pharmacy-logo-upload-body.ts) and sent as base64; the server checks it again by its content, sanitises an SVG and
 * stores it with the admin's session, so Storage's policies decide. The answer is the stored logo, which becomes
 * the cached one. For an SVG the browser then stores the PNG that PDF reports print (store-logo-print-rendition.ts);
 * when that fails the logo stays uploaded and the mutation fails with the message saying reports print the name.
 */
import { type PharmacyLogo, uploadPharmacyLogoEndpoint } from '@pharmacy/shared/api/pharmacy-logo.ts';
import { PHARMACY_LOGO_MESSAGES } from '@pharmacy/shared/settings/pharmacy-logo.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { systemSettingsKeys } from '../keys.ts';
import { pharmacyLogoUploadBody } from '../pharmacy-logo-upload-body.ts';
import { storeLogoPrintRendition } from './store-logo-print-rendition.ts';

export async function uploadPharmacyLogo(pharmacyId: string, file: File): Promise<PharmacyLogo | null> {
  const checked = await pharmacyLogoUploadBody(file);
  if (!checked.ok) throw new Error(checked.message);
  const logo = (await invokeApi(uploadPharmacyLogoEndpoint, checked.body)).logo;
  if (logo?.contentType === 'image/svg+xml') {
    // Drawn from what the server stored (the sanitised SVG), never from the chosen file.
    await storeLogoPrintRendition(pharmacyId, logo.dataUri).catch((failure: unknown) => {
      throw new Error(PHARMACY_LOGO_MESSAGES.printRenditionFailed, { cause: failure });
    });
  }
  return logo;
}

export function useUploadPharmacyLogo(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { writes: [] },
    mutationFn: (file: File) => uploadPharmacyLogo(pharmacyId, file),
    onSuccess: (logo) => queryClient.setQueryData(systemSettingsKeys.pharmacyLogo(pharmacyId), logo),
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemSettingsKeys.pharmacyLogo(pharmacyId) }),
  });
}
