/**
 * `multipart/form-data` bodies (uploads from the web app, a scanner or a fax gateway) read with a bound: the body is
 * read as a stream and refused with 413 once it passes the limit, before the parser sees it, so a huge or endless
 * body costs nothing. Text fields become strings (those named JSON are parsed), files stay Files.
 */
import { HttpError } from './http.ts';

export const MULTIPART_MESSAGES = {
  notMultipart: 'Request body must be multipart/form-data',
  tooLarge: 'Request body is too large',
  unreadable: 'The multipart body could not be read',
  notJson: (field: string) => `${field} must be JSON`,
} as const;

export interface MultipartBody {
  fields: Record<string, unknown>;
  files: Record<string, File>;
}

/** The body's bytes, refused with 413 once more than maxBytes have arrived (or are declared). */
export async function readBounded(req: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(413, MULTIPART_MESSAGES.tooLarge);
  if (req.body === null) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, MULTIPART_MESSAGES.tooLarge);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readMultipart(req: Request, maxBytes: number, jsonFields: readonly string[] = []): Promise<MultipartBody> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new HttpError(400, MULTIPART_MESSAGES.notMultipart);
  const bytes = await readBounded(req, maxBytes);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(400, MULTIPART_MESSAGES.unreadable);
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, File> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') {
      files[name] = value;
    } else if (jsonFields.includes(name)) {
      try {
        fields[name] = JSON.parse(value);
      } catch {
        throw new HttpError(400, MULTIPART_MESSAGES.notJson(name));
      }
    } else if (value !== '') {
      fields[name] = value;
    }
  }
  return { fields, files };
}
