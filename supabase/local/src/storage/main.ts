/**
 * Entry of the storage part: `node --import tsx supabase/local/src/storage/main.ts`, started by the supervisor.
 * A Supabase Storage-compatible HTTP service on 127.0.0.1:<ports.storage> (the gateway's /storage/v1): buckets and
 * objects in the `storage` schema (sql/bootstrap/40-storage.sql), files under <dataDir>/storage.
 */
import { loadConfig } from '../config.ts';
import { createPool } from './database.ts';
import { FileStore } from './file-store.ts';
import { ObjectService } from './objects.ts';
import { createStorageServer } from './server.ts';
import { loadStorageConfig } from './storage-config.ts';

const config = loadConfig();
const storageConfig = loadStorageConfig(config);
const log = (line: string) => console.log(line);
const pool = createPool(config.dbUrl);
const objects = new ObjectService(pool, new FileStore(storageConfig.filesDir), storageConfig.globalFileSizeLimit);
const server = createStorageServer({ pool, objects, jwtSecret: config.jwtSecret, log });
server.listen({ host: '127.0.0.1', port: config.ports.storage, exclusive: true }, () => {
  log(`listening on http://127.0.0.1:${config.ports.storage}, files in ${storageConfig.filesDir}`);
});

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  server.close(() => void pool.end().finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
