/**
 * Entry of the gateway part: the public API port, and the internal one the stack's own servers (edge
 * functions) call, which keeps the X-Forwarded-For they send for their caller (see gateway.ts).
 */
import { loadConfig } from '../config.ts';
import { createGateway } from './gateway.ts';

const config = loadConfig();
const publicGateway = createGateway(config, { trustForwardedFor: false });
const internalGateway = createGateway(config, { trustForwardedFor: true });
publicGateway.listen(config.ports.api, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${config.ports.api}\n`);
});
internalGateway.listen(config.ports.internalApi, '127.0.0.1', () => {
  process.stdout.write(`internal listener on http://127.0.0.1:${config.ports.internalApi}\n`);
});
process.on('SIGTERM', () => {
  let open = 2;
  const closed = () => {
    if (--open === 0) process.exit(0);
  };
  publicGateway.close(closed);
  internalGateway.close(closed);
});
