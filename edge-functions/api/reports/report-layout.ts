/**
 * What a report file prints besides the report, read as the caller: `public.report_layout()` answers their
 * pharmacy's name, time zone and Reports settings when they may read reports (a pharmacist may, though the settings
 * row is admins' under RLS), laid over the §9 defaults; the logo comes from Storage with the caller's JWT (staff
 * read their pharmacy's logo: migration 20261125000500_pharmacy_logo), only when the settings print it; an SVG logo
 * as its PNG print rendition (migration 20261130009900_logo_print_rendition). A logo that cannot be read leaves the
 * file with the pharmacy's name rather than failing it.
 */
import * as z from 'zod';
import { settingsWithDefaults } from '@pharmacy/shared/settings/groups.ts';
import { reportsSettingsReadSchema } from '@pharmacy/shared/settings/reports.ts';
import { PHARMACY_LOGOS_BUCKET, pharmacyLogoPath, rasterLogoType } from '@pharmacy/shared/settings/pharmacy-logo.ts';
import { pharmacyLogoPrintPath } from '@pharmacy/shared/settings/pharmacy-logo-print.ts';
import { printsLogo, type ReportLayout, type ReportLogo } from '@pharmacy/shared/reports/report-layout.ts';
import { preparePngLogo } from '@pharmacy/shared/reports/png-logo.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';

const layoutAnswerSchema = z.object({
  pharmacyId: z.string(),
  pharmacyName: z.string(),
  timeZone: z.string(),
  settings: z.record(z.string(), z.unknown()),
});

type StoredImage = Pick<ReportLogo, 'contentType' | 'bytes'>;

/** An object of the logos bucket as the client may read it; null when none is stored (404) or it is not readable. */
async function downloadImage(client: DatabaseClient, path: string): Promise<StoredImage | null> {
  const { data, error } = await client.storage.from(PHARMACY_LOGOS_BUCKET).download(path);
  if (error) return null;
  return { contentType: data.type.split(';')[0]!.trim(), bytes: new Uint8Array(await data.arrayBuffer()) };
}

/**
 * The logo to print. An SVG prints as its PNG print rendition, drawn by the admin's browser when it was uploaded
 * (shared/src/settings/pharmacy-logo-print.ts; the api removes it with every new logo, so it is this SVG's); without
 * one, or when it is no PNG, the SVG itself is answered and the PDF prints the pharmacy's name.
 */
async function readLogo(client: DatabaseClient, pharmacyId: string): Promise<ReportLogo | null> {
  try {
    const stored = await downloadImage(client, pharmacyLogoPath(pharmacyId));
    if (stored === null) return null; // none stored (404), or not readable: printed without it
    const rendition = stored.contentType === 'image/svg+xml' ? await downloadImage(client, pharmacyLogoPrintPath(pharmacyId)) : null;
    const printed = rendition !== null && rasterLogoType(rendition.bytes) === 'image/png' ? { contentType: 'image/png', bytes: rendition.bytes } : stored;
    // A transparent PNG (a rendition always is) is split into colours and alpha now, so the PDF can print it (png-logo.ts).
    return { ...printed, prepared: printed.contentType === 'image/png' ? await preparePngLogo(printed.bytes) : null };
  } catch (failure) {
    console.error('Reading the pharmacy logo for a report failed:', failure);
    return null;
  }
}

/**
 * The caller's pharmacy's layout for a report file made now (42501 → 403 when they may not read reports); with
 * `forPharmacyId`, the service role's read of that pharmacy's (scheduled reports: the id is the run's, from the
 * database).
 */
export async function readReportLayout(client: DatabaseClient, generatedAt = new Date(), forPharmacyId?: string): Promise<ReportLayout> {
  const { data, error } = forPharmacyId === undefined
    ? await client.rpc('report_layout')
    : await client.rpc('report_layout_for_pharmacy', { report_pharmacy_id: forPharmacyId });
  if (error) throw databaseFailure('reading the report layout', error);
  const answer = layoutAnswerSchema.parse(data);
  const settings = reportsSettingsReadSchema.parse(settingsWithDefaults('reports', answer.settings));
  return {
    pharmacyName: answer.pharmacyName,
    timeZone: answer.timeZone,
    generatedAt,
    settings,
    logo: printsLogo(settings) ? await readLogo(client, answer.pharmacyId) : null,
  };
}
