/**
 * A plain SMTP client for tests: speaks the dialogue itself over a TCP socket (EHLO, MAIL FROM, RCPT TO, DATA,
 * QUIT), so the mail catcher is checked against the protocol, not against a library that shares its code.
 */
import net from 'node:net';

export interface OutgoingMail {
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
}

/** The MIME text of a message: text only, HTML only, or multipart/alternative with both. */
export function mimeMessage(mail: OutgoingMail): string {
  const headers = [
    `From: Test Sender <${mail.from}>`,
    `To: ${mail.to.join(', ')}`,
    `Subject: ${mail.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@test.local>`,
    'MIME-Version: 1.0',
  ];
  const part = (type: string, body: string) => [`Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: 8bit', '', body].join('\r\n');
  if (mail.text !== undefined && mail.html !== undefined) {
    const boundary = `b-${Math.random().toString(36).slice(2)}`;
    return [
      ...headers,
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      part('text/plain', mail.text),
      `--${boundary}`,
      part('text/html', mail.html),
      `--${boundary}--`,
      '',
    ].join('\r\n');
  }
  const [type, body] = mail.html !== undefined ? ['text/html', mail.html] : ['text/plain', mail.text ?? ''];
  return [...headers, part(type, body)].join('\r\n');
}

/** Sends one message; resolves with the server's reply to the message data (e.g. "250 Ok: queued as ..."). */
export function sendMail(port: number, mail: OutgoingMail, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(10_000, () => socket.destroy(new Error('SMTP timed out')));
    let buffer = '';
    const data = mimeMessage(mail)
      .split('\r\n')
      .map((line) => (line.startsWith('.') ? `.${line}` : line))
      .join('\r\n');
    // Each step: what to send once the previous reply arrived, and the reply code expected.
    const steps: Array<{ send?: string; expect: number }> = [
      { expect: 220 },
      { send: 'EHLO test.local', expect: 250 },
      { send: `MAIL FROM:<${mail.from}>`, expect: 250 },
      ...mail.to.map((address) => ({ send: `RCPT TO:<${address}>`, expect: 250 })),
      { send: 'DATA', expect: 354 },
      { send: `${data}\r\n.`, expect: 250 },
      { send: 'QUIT', expect: 221 },
    ];
    let step = 0;
    let queuedReply = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      // A complete reply ends with a line "NNN text" (a hyphen after the code means more lines follow).
      for (;;) {
        const lines = buffer.split('\r\n');
        const last = lines.findIndex((line) => /^\d{3} /.test(line) || /^\d{3}$/.test(line));
        if (last < 0) return;
        const reply = lines[last]!;
        buffer = lines.slice(last + 1).join('\r\n');
        const code = Number(reply.slice(0, 3));
        const expected = steps[step]!.expect;
        if (code !== expected) {
          socket.destroy();
          reject(new Error(`SMTP: expected ${expected} after "${steps[step]!.send ?? 'connect'}", got "${reply}"`));
          return;
        }
        if (steps[step]!.send?.endsWith('\r\n.')) queuedReply = reply;
        step += 1;
        if (step === steps.length) {
          socket.end();
          resolve(queuedReply);
          return;
        }
        socket.write(`${steps[step]!.send}\r\n`);
      }
    });
    socket.once('error', reject);
  });
}
