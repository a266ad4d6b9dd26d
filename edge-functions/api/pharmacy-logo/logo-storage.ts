/**
 * The pharmacy's logo in Storage (`pharmacy-logos/<pharmacy_id>/logo`), always through a client carrying the
 * caller's JWT, so the RLS policies of migration 20261125000500_pharmacy_logo decide: staff read, admins write.
 * Other api code that prints the logo (labels, reports) reads it with readPharmacyLogo. Storing or removing the logo
 * also removes an SVG logo's print rendition (`<pharmacy_id>/logo-print.png`, shared/src/settings/pharmacy-logo-print.ts):
 * the admin's browser stores a new one after an SVG upload, so a rendition never outlives the logo it was drawn from.
 */
import type { PharmacyLogo } from '@pharmacy/shared/api/pharmacy-logo.ts';
import {
  PHARMACY_LOGO_MESSAGES,
  PHARMACY_LOGOS_BUCKET,
  isPharmacyLogoType,
  pharmacyLogoPath,
} from '@pharmacy/shared/settings/pharmacy-logo.ts';
import { pharmacyLogoPrintPath } from '@pharmacy/shared/settings/pharmacy-logo-print.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import { logoDataUri } from '@pharmacy/shared/labels/label-logo.ts';
import type { LogoFile } from './logo-file.ts';

interface StorageFailure {
  message: string;
  status?: number;
  statusCode?: string;
}

function failureStatus(error: StorageFailure): string {
  return error.statusCode ?? String(error.status ?? '');
}

/** Storage answers a missing (or, under RLS, hidden) object as 404 "Object not found". */
function isNotFound(error: StorageFailure): boolean {
  return failureStatus(error) === '404' || error.message === 'Object not found';
}

function logoOf(contentType: string, bytes: Uint8Array): PharmacyLogo {
  const dataUri = logoDataUri(contentType, bytes);
  if (!isPharmacyLogoType(contentType) || dataUri === null) throw new Error(`the stored logo (${contentType}, ${bytes.length} bytes) is no logo image`);
  return { contentType, size: bytes.length, dataUri };
}

/**
 * The audit entry of an upload or removal: the database reads the stored logo itself (the caller's view) and records
 * it, so the entry is what Storage holds. Storage and the audit log are not one transaction: a failure here is a
 * 500 after the change, reported rather than hidden.
 */
async function recordLogoChange(client: DatabaseClient): Promise<void> {
  const { error } = await client.rpc('record_pharmacy_logo_change');
  if (error) throw databaseFailure('recording the pharmacy logo change', error);
}

/**
 * Removes the print rendition drawn from the previous logo, if any (Storage answers a missing one as nothing
 * removed). A failure fails the request: a stale rendition would print the old logo on reports.
 */
async function removePrintRendition(client: DatabaseClient, pharmacyId: string): Promise<void> {
  const { error } = await client.storage.from(PHARMACY_LOGOS_BUCKET).remove([pharmacyLogoPrintPath(pharmacyId)]);
  if (error) throw new Error(`removing the pharmacy logo's print rendition failed: ${error.message}`);
}

/** The pharmacy's logo as the caller may read it; null when none is stored (or the caller may not see it). */
export async function readPharmacyLogo(client: DatabaseClient, pharmacyId: string): Promise<PharmacyLogo | null> {
  const { data, error } = await client.storage.from(PHARMACY_LOGOS_BUCKET).download(pharmacyLogoPath(pharmacyId));
  if (error) {
    if (isNotFound(error as StorageFailure)) return null;
    throw new Error(`reading the pharmacy logo failed: ${error.message}`);
  }
  return logoOf(data.type.split(';')[0]!.trim(), new Uint8Array(await data.arrayBuffer()));
}

/** Stores (or replaces) the logo; 403 when Storage's RLS refuses the caller. */
export async function storePharmacyLogo(client: DatabaseClient, pharmacyId: string, file: LogoFile): Promise<PharmacyLogo> {
  const { error } = await client.storage
    .from(PHARMACY_LOGOS_BUCKET)
    .upload(pharmacyLogoPath(pharmacyId), new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType }), {
      contentType: file.contentType,
      upsert: true,
      cacheControl: '0',
    });
  if (error) {
    const status = failureStatus(error as StorageFailure);
    if (status === '403') throw new HttpError(403, PHARMACY_LOGO_MESSAGES.notAdmin);
    if (status === '413') throw new HttpError(400, PHARMACY_LOGO_MESSAGES.tooLarge);
    if (status === '415') throw new HttpError(400, PHARMACY_LOGO_MESSAGES.wrongType);
    throw new Error(`storing the pharmacy logo failed: ${status} ${error.message}`);
  }
  await removePrintRendition(client, pharmacyId);
  await recordLogoChange(client);
  return logoOf(file.contentType, file.bytes);
}

/**
 * Removes the logo. Storage removes only what RLS lets the caller delete and answers the rest as nothing removed,
 * so a logo still readable afterwards was refused: 403.
 */
export async function removePharmacyLogo(client: DatabaseClient, pharmacyId: string): Promise<boolean> {
  const bucket = client.storage.from(PHARMACY_LOGOS_BUCKET);
  const { data, error } = await bucket.remove([pharmacyLogoPath(pharmacyId)]);
  if (error) throw new Error(`removing the pharmacy logo failed: ${error.message}`);
  if (data.length > 0) {
    await removePrintRendition(client, pharmacyId);
    await recordLogoChange(client);
    return true;
  }
  if ((await readPharmacyLogo(client, pharmacyId)) !== null) throw new HttpError(403, PHARMACY_LOGO_MESSAGES.notAdmin);
  return false;
}
