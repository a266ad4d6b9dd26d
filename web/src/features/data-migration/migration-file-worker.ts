/**
 * The worker of the staged path (migration-file-job.ts): reads and validates a chosen file off the main thread and
 * keeps its normalised rows for the import that may follow, so the page never holds the file. Messages in:
 * validate (the File and how to reach the database), import, token (the session's refreshed access token). Out:
 * reading progress, the validation, each imported batch (the screen's progress comes from the run itself, over
 * Realtime), the import's result, or a failure.
 */
import type { MigrationData } from '@pharmacy/shared/migration/migration-data.ts';
import { MigrationBatchRefused } from '@pharmacy/shared/migration/run-migration-import.ts';
import { importMigrationFile, MIGRATION_FILE_MAX_BYTES, MIGRATION_FILE_MESSAGES, postgrestRpc, validateMigrationFile } from './migration-file-job.ts';
import type { MigrationWorkerReply, MigrationWorkerRequest } from './migration-worker-messages.ts';

/** The worker's global scope, typed by what is used (the app is compiled with the DOM library, not the worker's). */
const scope = self as unknown as { postMessage(message: MigrationWorkerReply): void; onmessage: ((event: MessageEvent<MigrationWorkerRequest>) => void) | null };

let accessToken = '';
let connection: { supabaseUrl: string; anonKey: string } | null = null;
let validated: { normalised: MigrationData; fileSha256: string } | null = null;
/** A validation or an import is running: another request waits for none (the screen sends one at a time). */
let busy = false;

function reply(message: MigrationWorkerReply): void {
  scope.postMessage(message);
}

function rpc() {
  if (connection === null) throw new Error('The migration worker was not given the database');
  return postgrestRpc(connection.supabaseUrl, connection.anonKey, () => accessToken);
}

function failure(error: unknown): MigrationWorkerReply {
  return { type: 'failed', refused: error instanceof MigrationBatchRefused, message: error instanceof Error ? error.message : String(error) };
}

scope.onmessage = async (event) => {
  const request = event.data;
  if (request.type === 'token') {
    accessToken = request.accessToken;
    return;
  }
  if (busy) {
    reply({ type: 'failed', refused: true, message: 'The file is still being read or imported' });
    return;
  }
  busy = true;
  try {
    await handle(request);
  } finally {
    busy = false;
  }
};

async function handle(request: Exclude<MigrationWorkerRequest, { type: 'token' }>): Promise<void> {
  if (request.type === 'validate') {
    validated = null;
    accessToken = request.accessToken;
    connection = { supabaseUrl: request.supabaseUrl, anonKey: request.anonKey };
    if (request.file.size > MIGRATION_FILE_MAX_BYTES) {
      reply({ type: 'failed', refused: true, message: MIGRATION_FILE_MESSAGES.tooLarge });
      return;
    }
    try {
      const outcome = await validateMigrationFile(request.file, rpc(), (progress) => reply({ type: 'read-progress', ...progress }));
      if (outcome.kind === 'invalid-json') {
        reply({ type: 'invalid-json', detail: outcome.detail });
        return;
      }
      validated = { normalised: outcome.normalised, fileSha256: outcome.fileSha256 };
      reply({ type: 'validated', format: outcome.format, fileSha256: outcome.fileSha256, response: outcome.response });
    } catch (error) {
      reply(failure(error));
    }
    return;
  }
  if (validated === null) {
    reply({ type: 'failed', refused: true, message: 'Validate the file before importing it' });
    return;
  }
  try {
    const result = await importMigrationFile(rpc(), validated.normalised, validated.fileSha256, () => reply({ type: 'batch' }));
    // The rows (patient data) are not kept past their import: importing again starts from the file.
    validated = null;
    reply({ type: 'imported', result });
  } catch (error) {
    reply(failure(error));
  }
}
