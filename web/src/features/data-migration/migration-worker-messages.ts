/** The messages between the Data Migration screen and its file worker (migration-file-worker.ts). */
import type { MigrationImportResponse, MigrationValidationResponse } from '@pharmacy/shared/api/migration.ts';
import type { MigrationFileFormat } from './migration-file-job.ts';

export type MigrationWorkerRequest =
  | { type: 'validate'; file: File; supabaseUrl: string; anonKey: string; accessToken: string }
  | { type: 'import' }
  | { type: 'token'; accessToken: string };

export type MigrationWorkerReply =
  | { type: 'read-progress'; bytesRead: number; totalBytes: number }
  | { type: 'validated'; format: MigrationFileFormat; fileSha256: string; response: MigrationValidationResponse }
  | { type: 'invalid-json'; detail: string }
  | { type: 'batch' }
  | { type: 'imported'; result: MigrationImportResponse }
  /** refused: the database's (or the file's) sentence, to show as it is; otherwise a fault. */
  | { type: 'failed'; refused: boolean; message: string };
