/**
 * Entry of the mail catcher: `node --import tsx supabase/local/src/mail/main.ts`, started by the supervisor.
 * SMTP on 127.0.0.1:<ports.smtp>, the page and Mailpit-compatible API on 127.0.0.1:<ports.mail>. Mail lives in
 * memory (the newest 500 messages, 100 MB at most) and is gone when the catcher stops, as in a fresh Mailpit container.
 */
import { once } from 'node:events';
import { loadConfig } from '../config.ts';
import { createMailHttpServer } from './http.ts';
import { Mailbox } from './mailbox.ts';
import { createSmtpServer } from './smtp.ts';

const config = loadConfig();
const mailbox = new Mailbox(500);
const log = (line: string) => console.log(line);

const httpServer = createMailHttpServer(mailbox);
httpServer.listen({ host: '127.0.0.1', port: config.ports.mail, exclusive: true });
await once(httpServer, 'listening');

const smtpServer = createSmtpServer(mailbox, log);
smtpServer.on('error', (error) => log(`SMTP error: ${error.message}`));
await new Promise<void>((resolve, reject) => {
  const server = smtpServer.server;
  server.once('error', reject);
  smtpServer.listen(config.ports.smtp, '127.0.0.1', () => {
    server.off('error', reject);
    resolve();
  });
});
log(`SMTP on 127.0.0.1:${config.ports.smtp}, mail at ${config.mailUrl}`);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  httpServer.closeAllConnections();
  httpServer.close();
  smtpServer.close(() => process.exit(0));
  // Open SMTP sessions keep close() waiting; the mail is in memory anyway.
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
