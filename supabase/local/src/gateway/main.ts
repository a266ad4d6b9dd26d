/**
 * Entry of the gateway part: listens on the stack's public API port.
 */
import { loadConfig } from '../config.ts';
import { createGateway } from './gateway.ts';

const config = loadConfig();
const gateway = createGateway(config);
gateway.listen(config.ports.api, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${config.ports.api}\n`);
});
process.on('SIGTERM', () => gateway.close(() => process.exit(0)));
