/**
 * Entry of the auth part: `node --import tsx supabase/local/src/auth/main.ts`, started by the
 * supervisor with the stack's environment. Listens on 127.0.0.1:<ports.auth>.
 */
import { loadConfig } from '../config.ts';
import { createAuthService } from './server.ts';
import { authSettings } from './settings.ts';

const config = loadConfig();
const service = createAuthService({ settings: authSettings(config), dbUrl: config.dbUrl });
const port = await service.listen(config.ports.auth);
console.log(`[auth] listening on http://127.0.0.1:${port}`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await service.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
