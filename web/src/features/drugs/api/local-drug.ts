/**
 * A product of the pharmacy's catalog as the Drug Database shows it (spec part 2 §3 Medication plus the catalog's
 * columns of issue 13): the api's Medication (GET /api/medications answers the same rows, mapped by the same
 * shared/src/drugs/medication.ts), without the per-product interactions it never stores.
 */
import type { Medication } from '@pharmacy/shared/drugs/medication.ts';

export type LocalDrug = Omit<Medication, 'interactions'>;
