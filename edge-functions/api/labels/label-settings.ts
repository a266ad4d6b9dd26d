/**
 * What the label generator reads besides the prescription: the pharmacy's Printing and Labels settings groups
 * (_shared/settings-groups.ts, read with the caller's JWT — staff may read both; a group never saved reads as its
 * §9 defaults), the pharmacy logo (Storage `pharmacy-logos/<pharmacy_id>/logo`) and the drug knowledge base's
 * facts about a medication (public.medication_knowledge, as the caller).
 */
import { labelsSettingsReadSchema, type MonographEntry } from '@pharmacy/shared/settings/labels.ts';
import { printingSettingsReadSchema, type PrintingSettings } from '@pharmacy/shared/settings/printing.ts';
import { logoDataUri, PHARMACY_LOGO_BUCKET, pharmacyLogoPath } from '@pharmacy/shared/labels/label-logo.ts';
import { drugKnowledgeSchema, type DrugKnowledge } from '@pharmacy/shared/labels/monograph.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import { createAdminClient } from '../../_shared/supabase-clients.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { readSettingsGroups } from '../../_shared/settings-groups.ts';

export interface LabelSettings {
  printing: PrintingSettings;
  /** The Labels group's monograph list (its switches are the Printing group's, stored once there). */
  monographs: MonographEntry[];
}

/** The pharmacy's Printing and Labels groups laid over their defaults. */
export async function readLabelSettings(client: DatabaseClient, pharmacyId: string): Promise<LabelSettings> {
  const { printing, labels } = await readSettingsGroups(client, pharmacyId, ['printing', 'labels']);
  return { printing: printingSettingsReadSchema.parse(printing), monographs: labelsSettingsReadSchema.parse(labels).monographs };
}

/**
 * The pharmacy's logo as a data: URI, or null when it has none (no object, no bucket yet, or not an image type).
 * Read with the service role: the object name comes from the pharmacy of a record the caller read through RLS
 * (never from the request), and the logo prints on every label, whoever may list the bucket.
 */
export async function readPharmacyLogo(pharmacyId: string, req: Request): Promise<string | null> {
  const { data, error } = await createAdminClient(req).storage.from(PHARMACY_LOGO_BUCKET).download(pharmacyLogoPath(pharmacyId));
  if (error || !data) {
    const status = (error as { statusCode?: string; status?: number } | null)?.statusCode ?? (error as { status?: number } | null)?.status;
    if (error && String(status) !== '404' && String(status) !== '400') console.error('Reading the pharmacy logo failed:', error);
    return null;
  }
  return logoDataUri(data.type, new Uint8Array(await data.arrayBuffer()));
}

/** The knowledge base's facts about a medication the caller can read. */
export async function readDrugKnowledge(client: DatabaseClient, medicationId: string): Promise<DrugKnowledge> {
  const { data, error } = await client.rpc('medication_knowledge', { knowledge_medication_id: medicationId });
  if (error) throw databaseFailure('reading the drug knowledge base', error);
  if (data === null) throw new Error("the prescription's medication is not readable");
  return drugKnowledgeSchema.parse(data);
}
