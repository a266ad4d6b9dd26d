/**
 * An upload's content as Supabase Storage reads it: a raw body (Content-Type is the object's MIME type,
 * Cache-Control and the base64 JSON `x-metadata` header as sent) or multipart form data as storage-js sends a
 * Blob/File (the file part; `contentType`, `cacheControl` and `metadata` text fields). The bucket's
 * `allowed_mime_types` (with `type/*` wildcards) and the size limit are enforced before anything is stored.
 */
import type { IncomingMessage } from 'node:http';
import { readBodyWithin } from '../http-body.ts';
import { errors } from './errors.ts';

export interface UploadBody {
  content: Buffer;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** Room for the multipart framing and text fields around the file part. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Reads at most `limit` bytes; throws EntityTooLarge when the body is longer. */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return readBodyWithin(request, limit, errors.entityTooLarge);
}

/** Whether a MIME type is one of the allowed ones (`image/*` allows every image type). Throws InvalidMimeType. */
export function checkMimeType(mimeType: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype] = mimeType.split('/');
  if (type === undefined || subtype === undefined) throw errors.invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split('/');
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
  }
  throw errors.invalidMimeType(mimeType);
}

function parseMetadata(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function readUpload(request: IncomingMessage, sizeLimit: number, allowedMimeTypes: string[] | null): Promise<UploadBody> {
  const contentType = request.headers['content-type'] ?? '';
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const raw = await readBody(request, sizeLimit + MULTIPART_OVERHEAD);
    let form: FormData;
    try {
      form = await new Response(new Blob([new Uint8Array(raw)]), { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw errors.noContent();
    }
    let file: File | null = null;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw errors.noContent();
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    };
    const mimeType = field('contentType') || file.type || 'text/plain';
    checkMimeType(mimeType, allowedMimeTypes);
    if (file.size > sizeLimit) throw errors.entityTooLarge();
    const cacheSeconds = field('cacheControl');
    return {
      content: Buffer.from(await file.arrayBuffer()),
      mimeType,
      cacheControl: cacheSeconds ? `max-age=${cacheSeconds}` : 'no-cache',
      userMetadata: parseMetadata(field('metadata')),
    };
  }
  const mimeType = contentType || 'text/plain';
  checkMimeType(mimeType, allowedMimeTypes);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > sizeLimit) throw errors.entityTooLarge();
  const metadataHeader = request.headers['x-metadata'];
  return {
    content: await readBody(request, sizeLimit),
    mimeType,
    cacheControl: request.headers['cache-control'] ?? 'no-cache',
    userMetadata: typeof metadataHeader === 'string' ? parseMetadata(Buffer.from(metadataHeader, 'base64').toString('utf8')) : null,
  };
}
