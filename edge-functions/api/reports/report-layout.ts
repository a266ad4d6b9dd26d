/**
 * What a report file prints besides the report, read as the caller: `public.report_layout()` answers their
 * pharmacy's name, time zone and Reports settings when they may read reports (a pharmacist may, though the settings
 * row is admins' under RLS), laid over the §9 defaults; the logo comes from Storage with the caller's JWT (staff
 * read their pharmacy's logo: migration 20261125000500_pharmacy_logo), only when the settings print it. A logo
 * that cannot be read leaves the file with the pharmacy's name rather than failing it.
 */
import * as z from 'zod';
import { settingsWithDefaults } from '@pharmacy/shared/settings/groups.ts';
import { reportsSettingsReadSchema } from '@pharmacy/shared/settings/reports.ts';
import { PHARMACY_LOGOS_BUCKET, pharmacyLogoPath } from '@pharmacy/shared/settings/pharmacy-logo.ts';
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

async function readLogo(client: DatabaseClient, pharmacyId: string): Promise<ReportLogo | null> {
  try {
    const { data, error } = await client.storage.from(PHARMACY_LOGOS_BUCKET).download(pharmacyLogoPath(pharmacyId));
    if (error) return null; // none stored (404), or not readable: printed without it
    const contentType = data.type.split(';')[0]!.trim();
    const bytes = new Uint8Array(await data.arrayBuffer());
    // A transparent PNG is split into colours and alpha now, so the PDF can print it (png-logo.ts).
    return { contentType, bytes, prepared: contentType === 'image/png' ? await preparePngLogo(bytes) : null };
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
