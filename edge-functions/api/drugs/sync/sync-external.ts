/**
 * POST /api/drugs/sync-external's work, without HTTP: the NDCs as typed are validated and normalised
 * (parseNdcList: a malformed one fails with its reason, the same 11 digits in two formats count once), each valid
 * one is looked up by package NDC at the provider, and the found records are handed to `write` (one transaction
 * as the caller). Not found, or the provider not configured or failing: that NDC fails with the reason — never a
 * record the provider did not give.
 */
import { DRUG_SYNC_MESSAGES, type SyncResult } from '@pharmacy/shared/api/drug-sync.ts';
import { parseNdc, parseNdcList } from '@pharmacy/shared/drugs/ndc.ts';
import { type MedicationSyncRecord, syncRecordOf } from '@pharmacy/shared/drugs/sync-record.ts';
import type { DrugDataProvider } from '../providers/drug-data-provider.ts';
import { ProviderError } from '../providers/provider-http.ts';

/** Lookups at once: openFDA's limit is per minute, and a Bulk Import batch is up to 500 NDCs. */
const LOOKUPS_AT_ONCE = 4;

export interface SyncInput {
  ndcNumbers: readonly string[];
  /** The provider, or null when it is not configured. */
  provider: DrugDataProvider | null;
  providerName: string;
  /** Writes the records (all or nothing); returns how many it wrote. */
  write: (records: MedicationSyncRecord[]) => Promise<number>;
}

type Lookup = { typed: string; record: MedicationSyncRecord } | { typed: string; error: string };

export async function syncExternalDrugs({ ndcNumbers, provider, providerName, write }: SyncInput): Promise<SyncResult> {
  const { valid, invalid } = parseNdcList(ndcNumbers);
  // Each code as first typed, to report it as the user wrote it.
  const typedByNdc11 = new Map<string, string>();
  for (const input of ndcNumbers) {
    const parsed = parseNdc(input);
    if (parsed.ok && !typedByNdc11.has(parsed.ndc.ndc11)) typedByNdc11.set(parsed.ndc.ndc11, input.trim());
  }

  const lookups: Lookup[] = new Array(valid.length);
  let next = 0;
  const worker = async () => {
    while (next < valid.length) {
      const index = next++;
      const ndc = valid[index]!;
      const typed = typedByNdc11.get(ndc.ndc11) ?? ndc.display;
      if (!provider) {
        lookups[index] = { typed, error: DRUG_SYNC_MESSAGES.notConfigured(typed, providerName) };
        continue;
      }
      try {
        const found = await provider.findByNdc(ndc.ndc11);
        lookups[index] = found ? { typed, record: syncRecordOf(found) } : { typed, error: DRUG_SYNC_MESSAGES.notFound(typed, providerName) };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        console.error(`drug sync: ${error.message}`);
        lookups[index] = { typed, error: DRUG_SYNC_MESSAGES.providerFailed(typed, error.message) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, valid.length) }, worker));

  const records = lookups.flatMap((lookup) => ('record' in lookup ? [lookup.record] : []));
  const updated = records.length > 0 ? await write(records) : 0;
  // Reported in the order they were typed.
  const position = (typed: string) => ndcNumbers.findIndex((input) => input.trim() === typed);
  const failures = [
    ...invalid.map((entry) => ({ typed: entry.input, error: entry.error })),
    ...lookups.flatMap((lookup) => ('error' in lookup ? [lookup] : [])),
  ].sort((x, y) => position(x.typed) - position(y.typed));
  return { updated, failed: failures.map((failure) => failure.typed), errors: failures.map((failure) => failure.error) };
}
