/**
 * @supabase/storage-js as supabase-js sees it in this app (the redirect: ../supabase-parts.ts): the real client is
 * imported by the first call, so no page downloads Storage before a screen uses it (today only the credentials tab).
 * `supabase.storage.from(bucket)` answers at once; the bucket's methods below answer promises, as storage-js's do.
 * Any other member — a method that answers synchronously (getPublicUrl, throwOnError, setHeader) or the client's
 * bucket administration (buckets come from migrations) — throws, naming this file: add an asynchronous method to
 * ASYNC_BUCKET_METHODS when a screen needs it (tests/unit/supabase-parts.test.ts checks the list against storage-js).
 */
import type { StorageClient as LoadedStorageClient } from '@supabase/storage-js';

/** StorageFileApi's methods that answer a promise (download: a thenable builder; awaiting it reads the file). */
export const ASYNC_BUCKET_METHODS = [
  'upload',
  'uploadToSignedUrl',
  'createSignedUploadUrl',
  'update',
  'move',
  'copy',
  'createSignedUrl',
  'createSignedUrls',
  'download',
  'info',
  'exists',
  'remove',
  'purgeCache',
  'list',
  'listV2',
] as const;

type LoadedBucket = ReturnType<LoadedStorageClient['from']>;
type BucketMethod = (...args: unknown[]) => Promise<unknown>;

function notOnDemand(member: string): never {
  throw new Error(`supabase.storage: ${member} is not available, Storage is loaded on demand (web/build/supabase-parts/storage-on-demand.ts)`);
}

/** supabase-js's Storage client, built with the same arguments when the first bucket method is called. */
export class StorageClient {
  readonly #args: ConstructorParameters<typeof LoadedStorageClient>;
  #client: Promise<LoadedStorageClient> | undefined;

  constructor(...args: ConstructorParameters<typeof LoadedStorageClient>) {
    this.#args = args;
  }

  #load(): Promise<LoadedStorageClient> {
    this.#client ??= import('@supabase/storage-js').then(({ StorageClient: Loaded }) => new Loaded(...this.#args));
    return this.#client;
  }

  from(bucketId: string): Record<string, BucketMethod> {
    const bucket = () => this.#load().then((client) => client.from(bucketId));
    const methods: Record<string, BucketMethod> = {};
    for (const method of ASYNC_BUCKET_METHODS) {
      methods[method] = async (...args) => {
        const loaded = await bucket();
        return (loaded[method] as (this: LoadedBucket, ...rest: unknown[]) => unknown).apply(loaded, args);
      };
    }
    return new Proxy(methods, {
      get: (target, member) => {
        // Not a thenable; symbols (inspection) read nothing.
        if (typeof member === 'symbol' || member === 'then') return undefined;
        return Object.hasOwn(target, member) ? target[member] : notOnDemand(`from(…).${member}`);
      },
    });
  }
}

/** supabase-js re-exports storage-js's error class: this one recognises the errors the loaded storage-js gives. */
export class StorageApiError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && '__isStorageError' in value && 'name' in value && value.name === 'StorageApiError';
  }
}
