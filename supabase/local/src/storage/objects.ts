/**
 * The object operations of Supabase Storage's HTTP API (upload, download, list, remove, sign, info), each run as the
 * caller (database.ts) so the RLS policies on storage.objects decide. Files are staged before the transaction that
 * records them and freed only after the transaction that stops referring to them commits (file-store.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { Caller } from './caller.ts';
import { asCaller, asService, bucketLimits, testAsCaller, type Queryable } from './database.ts';
import { errors } from './errors.ts';
import type { FileStore } from './file-store.ts';
import { readUpload } from './upload-body.ts';

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

const OBJECT_COLUMNS = 'id, name, bucket_id, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Object names as Storage accepts them: not empty, no control characters, at most 1024 bytes. */
export function mustBeValidKey(name: string): void {
  // eslint-disable-next-line no-control-regex
  if (name.length === 0 || Buffer.byteLength(name) > 1024 || /[\u0000-\u001f\u007f]/.test(name)) throw errors.invalidKey(name);
}

/** Inserts (or with `upsert` replaces) an object's row: bucket_id, name, version, metadata, user_metadata, owner, owner_id. */
async function writeObjectRow(client: Queryable, upsert: boolean, values: unknown[]): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, version, metadata, user_metadata, owner, owner_id)
     values ($1, $2, $3, $4::jsonb, $5::jsonb, $6::uuid, $7)
     ${upsert ? `on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata,
       user_metadata = excluded.user_metadata, owner = excluded.owner, owner_id = excluded.owner_id, last_accessed_at = now()` : ''}
     returning id`,
    values,
  );
  return rows[0]!.id;
}

export class ObjectService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly files: FileStore,
    private readonly globalFileSizeLimit: number,
  ) {}

  /** POST (x-upsert) and PUT /object/{bucket}/{name}: stores the content; PUT and x-upsert replace an existing object. */
  async upload(caller: Caller, bucketId: string, name: string, request: IncomingMessage, upsert: boolean): Promise<{ Id: string; Key: string }> {
    mustBeValidKey(name);
    const bucket = await asService(this.pool, (client) => bucketLimits(client, bucketId));
    const owner = caller.sub && UUID.test(caller.sub) ? caller.sub : null;
    const operation = upsert ? 'storage.object.upload_upsert' : 'storage.object.upload';
    // As hosted Storage's canUpload: whether RLS lets the caller write this object is tried (and rolled back) before
    // the body is read, so a refused caller never has a file buffered and staged.
    await testAsCaller(this.pool, caller, operation, (client) => writeObjectRow(client, upsert, [bucketId, name, randomUUID(), '{}', null, owner, caller.sub]));
    const limit = Math.min(bucket.fileSizeLimit ?? this.globalFileSizeLimit, this.globalFileSizeLimit);
    const body = await readUpload(request, limit, bucket.allowedMimeTypes);
    const staged = await this.files.stage(body.content);
    const version = randomUUID();
    const metadata = {
      eTag: staged.eTag,
      size: staged.size,
      mimetype: body.mimeType,
      cacheControl: body.cacheControl,
      lastModified: new Date().toUTCString(),
      contentLength: staged.size,
      httpStatusCode: 200,
    };
    let replaced: string | null = null;
    let id: string;
    try {
      id = await asCaller(
        this.pool,
        caller,
        operation,
        async (client) => {
          const values = [bucketId, name, version, JSON.stringify(metadata), body.userMetadata === null ? null : JSON.stringify(body.userMetadata), owner, caller.sub];
          const objectId = await writeObjectRow(client, upsert, values);
          await this.files.place(staged, bucketId, version);
          return objectId;
        },
        async (client) => {
          // As Storage itself: which stored file an upsert frees (the caller may not see the row it replaces).
          const { rows } = await client.query<{ version: string | null }>('select version from storage.objects where bucket_id = $1 and name = $2 for update', [bucketId, name]);
          replaced = rows[0]?.version ?? null;
        },
      );
    } catch (error) {
      await this.files.discardStaged(staged);
      await this.files.remove(bucketId, version);
      throw error;
    }
    if (replaced !== null && replaced !== version) await this.files.remove(bucketId, replaced);
    return { Id: id, Key: `${bucketId}/${name}` };
  }

  private async findVisible(client: Queryable, bucketId: string, name: string): Promise<ObjectRow> {
    const { rows } = await client.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
    if (!rows[0]) throw errors.noSuchKey();
    return rows[0];
  }

  /** The object row as the caller may see it (download, info, exists); NoSuchKey when missing or hidden by RLS. */
  find(caller: Caller, bucketId: string, name: string): Promise<ObjectRow> {
    return asCaller(this.pool, caller, 'storage.object.get_authenticated', (client) => this.findVisible(client, bucketId, name));
  }

  /** The object row read as Storage itself: signed URLs (already authorized) and public buckets. */
  findAsService(bucketId: string, name: string, publicOnly: boolean): Promise<ObjectRow> {
    return asService(this.pool, async (client) => {
      if (publicOnly && !(await bucketLimits(client, bucketId)).public) throw errors.noSuchBucket();
      return this.findVisible(client, bucketId, name);
    });
  }

  open(row: ObjectRow) {
    if (!row.version) throw errors.noSuchKey();
    return this.files.open(row.bucket_id, row.version);
  }

  /** POST /object/list/{bucket}: one folder level under `prefix`, as storage.search answers it for the caller. */
  list(caller: Caller, bucketId: string, options: { prefix: string; limit?: number; offset?: number; sortBy?: { column?: string; order?: string }; search?: string }): Promise<unknown[]> {
    const prefix = options.prefix.length > 0 && !options.prefix.endsWith('/') ? `${options.prefix}/` : options.prefix;
    const search = options.search ?? '';
    return asCaller(this.pool, caller, 'storage.object.list', async (client) => {
      const { rows } = await client.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
        prefix,
        bucketId,
        options.limit ?? 100,
        `${prefix}${search}`.split('/').length,
        options.offset ?? 0,
        search,
        options.sortBy?.column ?? 'name',
        options.sortBy?.order ?? 'asc',
      ]);
      return rows;
    });
  }

  /** DELETE /object/{bucket} {prefixes}: removes the named objects the caller may see and delete; answers them. */
  async remove(caller: Caller, bucketId: string, names: string[]): Promise<ObjectRow[]> {
    const rows = await asCaller(this.pool, caller, 'storage.object.delete_many', async (client) => {
      const result = await client.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [bucketId, names]);
      return result.rows;
    });
    for (const row of rows) await this.files.remove(bucketId, row.version);
    return rows;
  }

  /** Which of `names` the caller may see (signing checks visibility under RLS first). */
  visibleNames(caller: Caller, bucketId: string, names: string[]): Promise<Set<string>> {
    return asCaller(this.pool, caller, 'storage.object.sign', async (client) => {
      const { rows } = await client.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, names]);
      return new Set(rows.map((row) => row.name));
    });
  }
}
