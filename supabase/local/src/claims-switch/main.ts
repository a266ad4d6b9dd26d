/**
 * Entry of the test claims switch: `node --import tsx supabase/local/src/claims-switch/main.ts`, started by the
 * supervisor on 127.0.0.1:<ports.claimsSwitch> (STACK_PORT_BASE+6, CLAIMS_SWITCH_URL in stack:status). It adjudicates
 * NCPDP D.0 claims by its payer sheets (payer-sheet.ts: the demo seed's test BINs 999001–999003 and their members)
 * with the billing pharmacy's own formulary entries and drug prices read from the local database
 * (pharmacy-lookups.ts), and answers in D.0 (http.ts, d0-exchange.ts, adjudicate.ts). Its claim history lives in
 * memory and is gone when it stops.
 */
import { once } from 'node:events';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { ClaimHistory } from './claim-history.ts';
import { createSwitchHttpServer } from './http.ts';
import { lookupsFor } from './pharmacy-lookups.ts';

const config = loadConfig();
const log = (line: string) => console.log(line);
const db = new pg.Pool({ connectionString: config.dbUrl, max: 2 });
const history = new ClaimHistory();
const today = () => new Date().toISOString().slice(0, 10);

const server = createSwitchHttpServer({
  async contextFor(request) {
    const ndc = request.transactionCode === 'B1' || request.transactionCode === 'B3' ? request.transactions[0]?.claim.productId : undefined;
    const lookups = await lookupsFor(db, request.header.serviceProviderId, ndc);
    return {
      history,
      formulary: (_ndc11, insuranceType) => lookups.formulary.get(insuranceType),
      drugPrices: () => lookups.prices,
      // The switch's date: the latest of its own and the claim's (a pharmacy's evening in the US is already
      // tomorrow in UTC; a real switch runs in the payer's day).
      processedOn: [today(), request.header.dateOfService].sort().at(-1)!,
    };
  },
  history,
  today,
  log,
});
server.listen({ host: '127.0.0.1', port: config.ports.claimsSwitch, exclusive: true });
await once(server, 'listening');
log(`test claims switch at ${config.claimsSwitchUrl} (POST D.0, GET /835?bin=)`);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  server.close(() => void db.end().finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
