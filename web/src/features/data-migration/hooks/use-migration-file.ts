/**
 * The staged path's state for the screen: one file worker for the page's life (leaving the screen and coming back
 * keeps a validation or an import that is running), its messages turned into a state the tabs show. The worker gets
 * the signed-in session's access token, and the refreshed one whenever the session refreshes, so a long import keeps
 * its rights. Each imported batch refreshes the run (the progress), in case Realtime is slower than the batch.
 */
import type { MigrationImportResponse, MigrationValidationResponse } from '@pharmacy/shared/api/migration.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { supabase, supabaseAnonKey, supabaseUrl } from '../../../lib/supabase.ts';
import { refreshTables } from '../../../lib/table-queries.ts';
import { MIGRATION_IMPORT_WRITES } from '../api/import-migration-data.ts';
import type { MigrationFileFormat } from '../migration-file-job.ts';
import type { MigrationWorkerReply, MigrationWorkerRequest } from '../migration-worker-messages.ts';

export type MigrationFileState =
  | { status: 'idle' }
  | { status: 'reading'; fileName: string; bytesRead: number; totalBytes: number }
  | { status: 'invalid-json'; fileName: string; detail: string }
  | { status: 'validated'; fileName: string; format: MigrationFileFormat; response: MigrationValidationResponse }
  | { status: 'importing'; fileName: string; response: MigrationValidationResponse }
  | { status: 'imported'; fileName: string; response: MigrationValidationResponse; result: MigrationImportResponse }
  | { status: 'failed'; fileName: string; refused: boolean; message: string; during: 'validation' | 'import' };

let state: MigrationFileState = { status: 'idle' };
const listeners = new Set<() => void>();
let worker: Worker | null = null;
/** Whose session the worker acts with: another user (or none) ends it, rows and all. */
let workerUserId: string | null = null;
/** Settles the validate/import call waiting for the worker's answer. */
let settle: ((state: MigrationFileState) => void) | null = null;
let onBatch: (() => void) | null = null;

function setState(next: MigrationFileState): void {
  state = next;
  for (const listener of listeners) listener();
}

function receive(reply: MigrationWorkerReply): void {
  const fileName = state.status === 'idle' ? '' : state.fileName;
  const validation = state.status === 'validated' || state.status === 'importing' || state.status === 'imported' ? state.response : null;
  switch (reply.type) {
    case 'read-progress':
      setState({ status: 'reading', fileName, bytesRead: reply.bytesRead, totalBytes: reply.totalBytes });
      return;
    case 'batch':
      onBatch?.();
      return;
    case 'validated':
      setState({ status: 'validated', fileName, format: reply.format, response: reply.response });
      break;
    case 'invalid-json':
      setState({ status: 'invalid-json', fileName, detail: reply.detail });
      break;
    case 'imported':
      setState({ status: 'imported', fileName, response: validation!, result: reply.result });
      break;
    case 'failed':
      setState({ status: 'failed', fileName, refused: reply.refused, message: reply.message, during: state.status === 'importing' ? 'import' : 'validation' });
      break;
  }
  settle?.(state);
  settle = null;
}

/**
 * Ends the worker — its import, its file's rows (patient data) — when its user signs out or another signs in: a
 * sign-out swaps the routes without reloading the page, and the next user must neither see the file nor have its
 * batches sent with their token.
 */
function endWorker(): void {
  worker?.terminate();
  worker = null;
  workerUserId = null;
  const waiting = settle;
  settle = null;
  setState({ status: 'idle' });
  waiting?.(state);
}

supabase.auth.onAuthStateChange((_event, session) => {
  if (worker === null) return;
  if (!session || session.user.id !== workerUserId) endWorker();
  else worker.postMessage({ type: 'token', accessToken: session.access_token } satisfies MigrationWorkerRequest);
});

function theWorker(userId: string): Worker {
  if (worker !== null && workerUserId !== userId) endWorker();
  if (worker === null) {
    worker = new Worker(new URL('../migration-file-worker.ts', import.meta.url), { type: 'module', name: 'data-migration' });
    worker.onmessage = (event: MessageEvent<MigrationWorkerReply>) => receive(event.data);
    worker.onerror = (event) => receive({ type: 'failed', refused: false, message: event.message || 'The file could not be read' });
    workerUserId = userId;
  }
  return worker;
}

function post(userId: string, request: MigrationWorkerRequest): void {
  theWorker(userId).postMessage(request);
}

function answer(): Promise<MigrationFileState> {
  return new Promise((resolve) => {
    settle = resolve;
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMigrationFile() {
  const queryClient = useQueryClient();
  const current = useSyncExternalStore(subscribe, () => state);

  useEffect(() => {
    onBatch = () => void refreshTables(queryClient, ['migration_runs'], 'write');
    return () => {
      onBatch = null;
    };
  }, [queryClient]);

  /** Reads and validates the file in the worker; resolves with the outcome. */
  const validate = useCallback(async (file: File): Promise<MigrationFileState> => {
    if (state.status === 'reading' || state.status === 'importing') return state;
    // Busy at once: a second click while the session is read starts nothing.
    setState({ status: 'reading', fileName: file.name, bytesRead: 0, totalBytes: file.size });
    const { data } = await supabase.auth.getSession();
    if (!data.session) {
      endWorker();
      return state;
    }
    const answered = answer();
    post(data.session.user.id, { type: 'validate', file, supabaseUrl, anonKey: supabaseAnonKey, accessToken: data.session.access_token });
    return answered;
  }, []);

  /** Imports the validated file's rows; resolves with the outcome. The counts and the run refresh after. */
  const startImport = useCallback(async (): Promise<MigrationFileState> => {
    if (state.status !== 'validated') return state;
    // Importing at once: a second click while the session is read starts nothing.
    setState({ status: 'importing', fileName: state.fileName, response: state.response });
    const { data } = await supabase.auth.getSession();
    if (!data.session || data.session.user.id !== workerUserId) {
      endWorker();
      return state;
    }
    const answered = answer();
    post(data.session.user.id, { type: 'token', accessToken: data.session.access_token });
    post(data.session.user.id, { type: 'import' });
    const outcome = await answered;
    await refreshTables(queryClient, MIGRATION_IMPORT_WRITES, 'write');
    return outcome;
  }, [queryClient]);

  /** Forgets the file (a new one, or the pasted JSON instead); not while an import runs. */
  const clear = useCallback(() => {
    if (state.status !== 'importing' && state.status !== 'reading') setState({ status: 'idle' });
  }, []);

  return { state: current, validate, startImport, clear };
}
