/**
 * What the label generator reads besides the prescription: the pharmacy's Printing and Labels settings groups
 * (_shared/settings-groups.ts, read with the caller's JWT — staff may read both; a group never saved reads as its
 * §9 defaults), the pharmacy logo (Storage `pharmacy-logos/<pharmacy_id>/logo`) and the drug knowledge base's
 * facts about a medication (public.medication_knowledge, as the caller).
 */
import { labelsSettingsReadSchema, type MonographEntry } from '@pharmacy/shared/settings/labels.ts';
import { printingSettingsReadSchema, type PrintingSettings } from '@pharmacy/shared/settings/printing.ts';
import { drugKnowledgeSchema, type DrugKnowledge } from '@pharmacy/shared/labels/monograph.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { readSettingsGroups } from '../../_shared/settings-groups.ts';
import { readPharmacyLogo } from '../pharmacy-logo/logo-storage.ts';

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
 * The pharmacy's logo as a data: URI, or null when it has none or it cannot be read (the label prints without it
 * rather than not at all). Read by the logo feature's reader with the caller's JWT: the pharmacy is that of a record
 * the caller read through RLS, and Storage's policies let its staff read its logo.
 */
export async function readLabelLogo(client: DatabaseClient, pharmacyId: string): Promise<string | null> {
  try {
    return (await readPharmacyLogo(client, pharmacyId))?.dataUri ?? null;
  } catch (error) {
    console.error('Reading the pharmacy logo failed:', error);
    return null;
  }
}

/** The knowledge base's facts about a medication the caller can read. */
export async function readDrugKnowledge(client: DatabaseClient, medicationId: string): Promise<DrugKnowledge> {
  const { data, error } = await client.rpc('medication_knowledge', { knowledge_medication_id: medicationId });
  if (error) throw databaseFailure('reading the drug knowledge base', error);
  if (data === null) throw new Error("the prescription's medication is not readable");
  return drugKnowledgeSchema.parse(data);
}
