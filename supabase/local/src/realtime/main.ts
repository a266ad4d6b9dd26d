/**
 * Entry point of the Realtime part: `node --import tsx supabase/local/src/realtime/main.ts`.
 * Listens on loadConfig().ports.realtime (127.0.0.1) and stops cleanly on SIGINT/SIGTERM.
 */
import { loadConfig } from '../config.ts';
import { startRealtimeServer } from './server.ts';

const config = loadConfig();
const server = await startRealtimeServer(config);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  const forced = setTimeout(() => process.exit(0), 5_000);
  forced.unref();
  await server.close().catch(() => {});
  process.exit(0);
}

process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
