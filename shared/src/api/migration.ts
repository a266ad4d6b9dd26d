/**
 * Data Migration (spec part 2 §7 "Migration", issue 27), admins with data:migrate (decided by the database):
 * - GET /api/migration/report — the pharmacy's totals of patients, medications, prescriptions (orders) and prescribers.
 * - POST /api/migration/validate — body: the parsed import JSON (any of the four arrays); answers isValid and the
 *   errors per row (array, index, source id, field, message), nothing written. A prescription may refer to rows an
 *   earlier file imported.
 * - POST /api/migration/import-primerx — body: the same; validates first (invalid: success false with the errors,
 *   nothing written), then imports prescribers, medications, patients and prescriptions in batches as one audited
 *   run. The summary counts NEW rows: importing the same file again answers 0 (a corrected row updates its target).
 *
 * Bodies are capped at MIGRATION_API_MAX_BODY_BYTES (20 MiB, 413 'Request body is too large' beyond): the body is
 * parsed whole in the function's memory, about 40,000 patients with their prescriptions. Larger files go through
 * the screen's staged path (same validator, same database import functions).
 */
import * as z from 'zod';
import { MIGRATION_ARRAYS } from '../migration/migration-data.ts';
import { MIGRATION_DATA_MESSAGES } from '../migration/validate-migration.ts';
import { apiEndpoint } from './endpoint.ts';

/** The largest JSON body the two POSTs take. */
export const MIGRATION_API_MAX_BODY_BYTES = 20 * 1024 * 1024;

/**
 * Rows per database call of an import (each call one transaction). A call runs under the authenticated role's
 * statement timeout (8 s, as on hosted Supabase); a batch of 2,000 takes 0.1–0.9 s here at a 100,000-patient
 * pharmacy's volume (`npm run bench -- migration`), leaving room on a busy machine. Two batches of one entity may
 * run at once (the database holds the run FOR KEY SHARE).
 */
export const MIGRATION_IMPORT_BATCH_ROWS = 2_000;

export const MIGRATION_API_MESSAGES = {
  /** The database's refusals (data_migration migration). */
  adminOnly: 'Only an admin can import data',
  reportAdminOnly: 'Only an admin can see the data migration',
} as const;

const count = z.number().int().nonnegative();

export const migrationReportSchema = z.object({
  totalPatients: count,
  totalMedications: count,
  totalPrescriptions: count,
  totalPrescribers: count,
});
export type MigrationReport = z.infer<typeof migrationReportSchema>;

const migrationArraySchema = z.enum(MIGRATION_ARRAYS);

/** One problem of the file (shared/src/migration/validate-migration.ts MigrationError). */
export const migrationErrorSchema = z.object({
  array: migrationArraySchema.nullable(),
  index: z.number().int().nonnegative().nullable(),
  sourceId: z.string().nullable(),
  field: z.string(),
  message: z.string(),
  line: z.number().int().positive().optional(),
});

/**
 * The import data as sent: any of the four arrays. Each array's rows are the validator's to read (a row that is not
 * an object, or an array that is not a list, is an error of the answer, not a 400); a body with none of them is
 * 'Migration data is required'.
 */
export const migrationDataRequestSchema = z
  .object({
    patients: z.unknown().optional(),
    medications: z.unknown().optional(),
    prescribers: z.unknown().optional(),
    prescriptions: z.unknown().optional(),
  })
  .refine((data) => MIGRATION_ARRAYS.some((array) => data[array] !== undefined && data[array] !== null), { error: MIGRATION_DATA_MESSAGES.required });

const rowCountsSchema = z.object({ rows: count, valid: count });

export const migrationValidationResponseSchema = z.object({
  isValid: z.boolean(),
  /** At most MIGRATION_ERRORS_MAX; errorCount counts them all. */
  errors: z.array(migrationErrorSchema),
  errorCount: count,
  counts: z.object({ patients: rowCountsSchema, medications: rowCountsSchema, prescribers: rowCountsSchema, prescriptions: rowCountsSchema }),
});
export type MigrationValidationResponse = z.infer<typeof migrationValidationResponseSchema>;

const entityCountsSchema = z.object({ total: count, inserted: count, updated: count, unchanged: count });
export type MigrationEntityCounts = z.infer<typeof entityCountsSchema>;

export const migrationImportResponseSchema = z.object({
  success: z.boolean(),
  /** New rows per entity (spec §3 Import result). */
  summary: z.object({
    patientsImported: count,
    medicationsImported: count,
    prescriptionsImported: count,
    prescribersImported: count,
  }),
  errors: z.array(migrationErrorSchema),
  errorCount: count,
  /** The audited run (null when validation failed and nothing was started). */
  runId: z.uuid().nullable(),
  /** What each entity's batches did: total, inserted, updated, unchanged. */
  counts: z.object({ patients: entityCountsSchema, medications: entityCountsSchema, prescribers: entityCountsSchema, prescriptions: entityCountsSchema }),
});
export type MigrationImportResponse = z.infer<typeof migrationImportResponseSchema>;

export const migrationReportEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/migration/report',
  access: 'signed-in',
  request: null,
  response: migrationReportSchema,
  format: 'json',
  successStatus: 200,
});

export const validateMigrationEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/migration/validate',
  access: 'signed-in',
  request: migrationDataRequestSchema,
  maxBodyBytes: MIGRATION_API_MAX_BODY_BYTES,
  response: migrationValidationResponseSchema,
  format: 'json',
  successStatus: 200,
});

export const importPrimeRxEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/migration/import-primerx',
  access: 'signed-in',
  request: migrationDataRequestSchema,
  maxBodyBytes: MIGRATION_API_MAX_BODY_BYTES,
  response: migrationImportResponseSchema,
  format: 'json',
  successStatus: 200,
});
