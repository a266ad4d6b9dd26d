/**
 * The catcher's SMTP side: takes every message for any recipient on 127.0.0.1 and keeps it in the mailbox.
 * Nothing is relayed anywhere. No TLS and no AUTH are offered (GoTrue, like other clients, sends without them
 * when no SMTP user is configured), as with Mailpit's defaults.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { Mailbox } from './mailbox.ts';

/** Larger messages are refused with 552 (Mailpit's default limit is far larger; the app's mail is small). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export function createSmtpServer(mailbox: Mailbox, log: (line: string) => void): SMTPServer {
  return new SMTPServer({
    name: 'localhost',
    banner: 'Local mail catcher (nothing is delivered)',
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
      });
      stream.once('error', (error) => callback(error));
      stream.once('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw, { skipImageLinks: true }).then(
          (parsed) => {
            const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            const message = mailbox.add(parsed, { from: envelopeFrom, to: session.envelope.rcptTo.map((entry) => entry.address), size: raw.length });
            log(`caught "${message.Subject}" for ${message.To.map((entry) => entry.Address).join(', ') || session.envelope.rcptTo.map((entry) => entry.address).join(', ')}`);
            callback(null, `Ok: queued as ${message.ID}`);
          },
          (error: Error) => callback(Object.assign(new Error(`Could not parse the message: ${error.message}`), { responseCode: 554 })),
        );
      });
    },
  });
}
