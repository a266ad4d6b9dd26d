/**
 * The pharmacy logo (shared/src/api/pharmacy-logo.ts): GET reads it, POST checks the file by its content, sanitises
 * an SVG and stores it, POST …/remove removes it. Storage's refusal is answered 403; a caller who is not active staff
 * is refused before Storage is asked (nothing of theirs could be written). Every Storage call carries the caller's JWT, so Storage's RLS
 * decides who reads (the pharmacy's staff) and who writes (its admins); the pharmacy is the caller's own, never one
 * named by the request.
 */
import {
  getPharmacyLogoEndpoint,
  removePharmacyLogoEndpoint,
  uploadPharmacyLogoEndpoint,
} from '@pharmacy/shared/api/pharmacy-logo.ts';
import { PHARMACY_LOGO_MESSAGES } from '@pharmacy/shared/settings/pharmacy-logo.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { findCallerPharmacyId } from '../../_shared/caller-pharmacy.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { validationFailed } from '../../_shared/validation.ts';
import { base64ToBytes } from '@pharmacy/shared/common/base64.ts';
import { checkLogoFile } from '../pharmacy-logo/logo-file.ts';
import { readPharmacyLogo, removePharmacyLogo, storePharmacyLogo } from '../pharmacy-logo/logo-storage.ts';

export function addPharmacyLogoRoutes(router: ApiRouter): void {
  router.serve(getPharmacyLogoEndpoint, async ({ req }) => {
    const pharmacyId = await findCallerPharmacyId(req);
    // Someone who is not active staff of a pharmacy has no logo to see.
    return { logo: pharmacyId === null ? null : await readPharmacyLogo(createUserClient(req), pharmacyId) };
  });

  router.serve(uploadPharmacyLogoEndpoint, async ({ req, body }) => {
    const pharmacyId = await findCallerPharmacyId(req);
    const checked = checkLogoFile(body.contentType, base64ToBytes(body.dataBase64));
    if (!checked.ok) throw validationFailed([checked.message]);
    if (pharmacyId === null) throw new HttpError(403, PHARMACY_LOGO_MESSAGES.notAdmin);
    return { logo: await storePharmacyLogo(createUserClient(req), pharmacyId, checked.file) };
  });

  router.serve(removePharmacyLogoEndpoint, async ({ req }) => {
    const pharmacyId = await findCallerPharmacyId(req);
    if (pharmacyId === null) throw new HttpError(403, PHARMACY_LOGO_MESSAGES.notAdmin);
    return { removed: await removePharmacyLogo(createUserClient(req), pharmacyId) };
  });
}
