/**
 * Prescription files (spec part 2 §7 "Prescription files"; issue 23), all as the caller (their JWT: RLS and the
 * prescription-file functions decide; Storage's policies admit an object only once its row exists):
 * - POST /api/prescription-files (multipart `file`, optional `prescriptionId`, `receivedAs`, `ocr`): the type by the
 *   bytes (415 otherwise), empty 400, over 10 MB 413, the same bytes again 409; the row is recorded (with the service
 *   role, naming the caller: what the api decided is not the client's to claim), then the bytes stored as the caller
 *   (a failed store discards the row again). 201 with the file.
 * - GET /api/prescription-files: a keyset page (search, status) with the stats from the database's counters.
 * - GET /api/prescription-files/{prescriptionId}: the files of a prescription (any fill), 404 for one not the caller's.
 * - PUT /api/prescription-files/{id}: update_prescription_file (corrections audited, review, link, OCR).
 * - DELETE /api/prescription-files/{id}: delete_prescription_file (the database keeps a dispensed prescription's
 *   file), then the object.
 * - POST /api/prescription-files/{id}/process: a pending file's extraction (extract-file.ts), recorded by the database;
 *   200 with the file whatever the outcome (error with its reason included); an image without OCR 409, still pending.
 * - POST /api/prescription-files/{id}/prescription: the prescription form entered through the same door as manual
 *   entry (enter-prescription.ts), the file linked in the same insert.
 */
import {
  createPrescriptionFromFileEndpoint,
  deletePrescriptionFileEndpoint,
  listPrescriptionFilesEndpoint,
  prescriptionFilesOfPrescriptionEndpoint,
  processPrescriptionFileEndpoint,
  updatePrescriptionFileEndpoint,
  uploadPrescriptionFileEndpoint,
} from '@pharmacy/shared/api/prescription-files.ts';
import { UNAUTHORIZED_MESSAGE } from '@pharmacy/shared/api/endpoint.ts';
import { UUID_PATTERN } from '@pharmacy/shared/common/field-rules.ts';
import type { User } from '@supabase/supabase-js';
import { detectPrescriptionFileType } from '@pharmacy/shared/prescription-files/file-type.ts';
import {
  MAX_PRESCRIPTION_FILE_BYTES, PRESCRIPTION_FILE_MESSAGES, PRESCRIPTION_FILE_PAGE_SIZE, type PrescriptionFileStats,
  type PrescriptionFileType, encodeFileCursor, parseFileCursor,
} from '@pharmacy/shared/prescription-files/prescription-file.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { type DatabaseClient, createAdminClient, createUserClient } from '../../_shared/supabase-clients.ts';
import { enterPrescription } from '../prescriptions/enter-prescription.ts';
import { NeedsOcrError, extractFile } from '../prescription-files/extract-file.ts';
import { FILE_COLUMNS, type FileRow, fileFromRow } from '../prescription-files/file-row.ts';

const BUCKET = 'prescription-files';

function fileId(id: string | undefined): string {
  if (!id || !UUID_PATTERN.test(id)) throw new HttpError(404, PRESCRIPTION_FILE_MESSAGES.notFound);
  return id;
}

/** The name as sent, without any folder part, control characters or lone surrogates, at most 255 characters (code points). */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = Array.from(base.replace(/[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')).slice(0, 255).join('').trim();
  return clean === '' ? 'prescription' : clean;
}

/**
 * The caller the router verified, whom the service-role steps name; the database checks they are active staff and
 * takes their pharmacy (no second round trip for it here).
 */
function actorOf(user: User | null): string {
  if (!user) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  return user.id;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function readFile(client: DatabaseClient, id: string, columns = FILE_COLUMNS): Promise<FileRow> {
  const { data, error } = await client.from('prescription_files').select(columns).eq('id', id).maybeSingle();
  if (error) throw databaseFailure('reading the prescription file', error);
  if (!data) throw new HttpError(404, PRESCRIPTION_FILE_MESSAGES.notFound);
  return data as unknown as FileRow;
}

async function readStats(client: DatabaseClient): Promise<PrescriptionFileStats> {
  const { data, error } = await client.rpc('prescription_file_stats');
  if (error) throw databaseFailure('reading the prescription file stats', error);
  const stats = data as unknown as Record<keyof PrescriptionFileStats, number | string | null>;
  return {
    pending: Number(stats.pending),
    processed: Number(stats.processed),
    manualReview: Number(stats.manualReview),
    error: Number(stats.error),
    total: Number(stats.total),
    averageConfidence: stats.averageConfidence === null ? null : Number(stats.averageConfidence),
  };
}

export function addPrescriptionFileRoutes(router: ApiRouter): void {
  router.serve(uploadPrescriptionFileEndpoint, async ({ req, body, files, user }) => {
    const file = files.file;
    if (!file) throw new HttpError(400, PRESCRIPTION_FILE_MESSAGES.noFile);
    if (file.size === 0) throw new HttpError(400, PRESCRIPTION_FILE_MESSAGES.empty);
    if (file.size > MAX_PRESCRIPTION_FILE_BYTES) throw new HttpError(413, PRESCRIPTION_FILE_MESSAGES.tooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const fileType: PrescriptionFileType | null = detectPrescriptionFileType(bytes);
    if (fileType === null) throw new HttpError(415, PRESCRIPTION_FILE_MESSAGES.unknownType);
    if (body.ocr && fileType !== 'image/png' && fileType !== 'image/jpeg' && fileType !== 'application/pdf') {
      throw new HttpError(400, 'Only an image or a PDF has recognised text (OCR)');
    }

    const client = createUserClient(req);
    const actor = actorOf(user);
    const id = crypto.randomUUID();
    // The service role records what the api itself decided (type by bytes, hash, size) for the caller's pharmacy: a
    // client cannot register a row that claims other bytes.
    const admin = createAdminClient(req);
    const { data: recorded, error } = await admin.rpc('register_prescription_file', {
      actor,
      file_id: id,
      name: cleanFileName(file.name),
      detected_type: fileType,
      size: bytes.byteLength,
      digest: await sha256Hex(bytes),
      ...(body.receivedAs ? { received: body.receivedAs } : {}),
      ...(body.prescriptionId ? { of_prescription_id: body.prescriptionId } : {}),
      ...(body.ocr ? { ocr: body.ocr } : {}),
    });
    if (error) {
      if (error.code === '23505') {
        let existing: unknown;
        try {
          existing = error.details ? JSON.parse(error.details) : undefined;
        } catch {
          existing = undefined;
        }
        throw new HttpError(409, PRESCRIPTION_FILE_MESSAGES.duplicate, existing === undefined ? undefined : { existing });
      }
      throw databaseFailure('recording the upload', error);
    }
    const row = recorded as unknown as FileRow;
    const { error: storeError } = await client.storage
      .from(BUCKET)
      .upload(row.storage_path, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: fileType }), { contentType: fileType, upsert: false });
    if (storeError) {
      // Nothing half-done stays: without its bytes the record goes again.
      const { error: discardError } = await admin.rpc('discard_prescription_file_upload', { file_id: id });
      if (discardError) console.error(`discarding the record of upload ${id} failed: ${discardError.message}`);
      throw new Error(`storing the prescription file failed: ${storeError.message}`);
    }
    return fileFromRow(row);
  });

  router.serve(listPrescriptionFilesEndpoint, async ({ req, query }) => {
    const client = createUserClient(req);
    const pageSize = query.limit ?? PRESCRIPTION_FILE_PAGE_SIZE;
    const cursor = query.after === undefined ? null : parseFileCursor(query.after);
    const [page, stats] = await Promise.all([
      client
        .rpc('prescription_file_page', {
          ...(query.search ? { search: query.search } : {}),
          ...(query.status ? { status: query.status } : {}),
          ...(cursor ? { after_uploaded_at: cursor.uploadedAt, after_id: cursor.id } : {}),
          page_size: pageSize + 1,
        })
        .select(FILE_COLUMNS),
      readStats(client),
    ]);
    if (page.error) throw databaseFailure('reading the prescription files', page.error);
    const rows = (page.data ?? []) as unknown as FileRow[];
    const more = rows.length > pageSize;
    const shown = rows.slice(0, pageSize);
    const last = shown[shown.length - 1];
    return {
      files: shown.map(fileFromRow),
      stats,
      nextCursor: more && last ? encodeFileCursor(last.uploaded_at, last.id) : null,
    };
  });

  router.serve(prescriptionFilesOfPrescriptionEndpoint, async ({ req, params }) => {
    const prescriptionId = params.prescriptionId ?? '';
    if (!UUID_PATTERN.test(prescriptionId)) throw new HttpError(404, PRESCRIPTION_FILE_MESSAGES.prescriptionNotFound);
    const client = createUserClient(req);
    const { data: prescription, error: readError } = await client.from('prescriptions').select('id').eq('id', prescriptionId).maybeSingle();
    if (readError) throw databaseFailure('reading the prescription', readError);
    if (!prescription) throw new HttpError(404, PRESCRIPTION_FILE_MESSAGES.prescriptionNotFound);
    const { data, error } = await client.rpc('prescription_files_of_prescription', { of_prescription_id: prescriptionId }).select(FILE_COLUMNS);
    if (error) throw databaseFailure("reading the prescription's files", error);
    return { files: ((data ?? []) as unknown as FileRow[]).map(fileFromRow) };
  });

  router.serve(updatePrescriptionFileEndpoint, async ({ req, params, body }) => {
    const id = fileId(params.id);
    const client = createUserClient(req);
    const { data, error } = await client.rpc('update_prescription_file', { file_id: id, changes: body });
    if (error) throw databaseFailure('updating the prescription file', error);
    return fileFromRow(data as unknown as FileRow);
  });

  router.serve(deletePrescriptionFileEndpoint, async ({ req, params }) => {
    const id = fileId(params.id);
    const client = createUserClient(req);
    const { data: storagePath, error } = await client.rpc('delete_prescription_file', { file_id: id });
    if (error) throw databaseFailure('deleting the prescription file', error);
    // The row is gone (the database decided it may go, and audited it): the bytes follow, with the service role, as
    // no staff member may remove a stored object.
    const { error: removeError } = await createAdminClient(req).storage.from(BUCKET).remove([storagePath as string]);
    // Bytes left behind are unreadable to staff (no row names them) and are reported, not hidden.
    if (removeError) console.error(`removing the stored prescription file ${storagePath} failed: ${removeError.message}`);
    return { id, deleted: true as const };
  });

  router.serve(processPrescriptionFileEndpoint, async ({ req, params, user }) => {
    const id = fileId(params.id);
    const client = createUserClient(req);
    const row = await readFile(client, id, `${FILE_COLUMNS}, ocr_text`);
    if (row.processing_status !== 'pending') throw new HttpError(409, PRESCRIPTION_FILE_MESSAGES.notPending);
    const { data: blob, error: downloadError } = await client.storage.from(BUCKET).download(row.storage_path);
    if (downloadError) throw new Error(`reading the stored prescription file failed: ${downloadError.message}`);
    let outcome;
    try {
      outcome = await extractFile(client, {
        fileType: row.file_type as PrescriptionFileType,
        bytes: new Uint8Array(await blob.arrayBuffer()),
        ocrText: (row as FileRow & { ocr_text: string | null }).ocr_text,
        ocrConfidence: row.ocr_confidence === null ? null : Number(row.ocr_confidence),
      });
    } catch (error) {
      if (error instanceof NeedsOcrError) throw new HttpError(409, PRESCRIPTION_FILE_MESSAGES.needsOcr);
      throw error;
    }
    const { data, error } = await createAdminClient(req).rpc('record_prescription_file_processing', {
      actor: actorOf(user),
      file_id: id,
      outcome: JSON.parse(JSON.stringify(outcome)),
    });
    if (error) throw databaseFailure('recording the processing', error);
    return fileFromRow(data as unknown as FileRow);
  });

  router.serve(createPrescriptionFromFileEndpoint, async ({ req, params, body: form }) => {
    const id = fileId(params.id);
    const client = createUserClient(req);
    await readFile(client, id, 'id');
    return enterPrescription(client, form, id);
  });
}
