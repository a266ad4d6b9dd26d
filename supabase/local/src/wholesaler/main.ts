/**
 * Entry of the test wholesaler: `node --import tsx supabase/local/src/wholesaler/main.ts`, started by the supervisor
 * on 127.0.0.1:<ports.wholesaler> (STACK_PORT_BASE+5, WHOLESALER_URL in stack:status). It takes purchase orders as
 * X12 over HTTP and answers as a wholesaler would (http.ts, x12-exchange.ts, fulfilment.ts); accounts and outboxes
 * live in memory and are gone when it stops.
 */
import { once } from 'node:events';
import { loadConfig } from '../config.ts';
import { Accounts, configuredKeys } from './accounts.ts';
import { createWholesalerHttpServer } from './http.ts';

const config = loadConfig();
const log = (line: string) => console.log(line);

const server = createWholesalerHttpServer({ accounts: new Accounts(configuredKeys()), log });
server.listen({ host: '127.0.0.1', port: config.ports.wholesaler, exclusive: true });
await once(server, 'listening');
log(`test wholesaler at ${config.wholesalerUrl} (POST /x12, GET /x12?after=)`);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
