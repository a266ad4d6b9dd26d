/**
 * A small SMTP client (RFC 5321) over Deno's TCP and TLS: greeting, EHLO, STARTTLS (RFC 3207) or implicit TLS,
 * AUTH PLAIN / LOGIN (RFC 4954), MAIL FROM, RCPT TO, DATA, QUIT. Written here rather than taken from a library
 * because Test Email Connection must report what the server itself said (greeting and EHLO lines), which mail
 * libraries keep to themselves. Every server line is kept in the transcript; every wait has a timeout.
 *
 * Mechanism only: what to connect to, whether encryption is required and what to send are the caller's policy
 * (email-sender.ts).
 */

export interface SmtpServer {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (port 465's mode); otherwise STARTTLS when the server offers it. */
  implicitTls: boolean;
  /** Refuse to go on unencrypted (after EHLO, when the server offers no STARTTLS). */
  requireTls: boolean;
  /** Empty: no AUTH. */
  username: string;
  password: string;
  /** The name this client gives in EHLO. */
  clientName: string;
  /** Each connect and each reply must come within this many milliseconds. */
  timeoutMs: number;
}

export interface SmtpEnvelope {
  from: string;
  to: string;
  /** The whole message (headers, blank line, body) with CRLF line ends. */
  data: string;
}

/** A failure, with what the server said up to it. */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly transcript: string[],
  ) {
    super(message);
    this.name = 'SmtpError';
  }
}

interface Reply {
  code: number;
  lines: string[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function withTimeout<T>(promise: Promise<T>, ms: number, what: string, onTimeout: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`${what} timed out after ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A readable reason from a connect or TLS error. */
function describeNetworkError(error: unknown): string {
  if (error instanceof Deno.errors.ConnectionRefused) return 'connection refused';
  if (error instanceof Deno.errors.TimedOut) return 'connection timed out';
  if (error instanceof Error) return error.message;
  return String(error);
}

/** One SMTP conversation. */
export class SmtpSession {
  readonly transcript: string[] = [];
  encrypted = false;
  authenticated = false;
  private extensions = new Set<string>();
  private authMethods = new Set<string>();
  private buffer = '';
  private closed = false;

  private constructor(
    private conn: Deno.Conn,
    private readonly server: SmtpServer,
  ) {}

  /** Connects and reads the greeting, says EHLO, upgrades with STARTTLS and authenticates as the server settings say. */
  static async open(server: SmtpServer): Promise<SmtpSession> {
    let conn: Deno.Conn;
    const attempt: Promise<Deno.Conn> = server.implicitTls
      ? Deno.connectTls({ hostname: server.host, port: server.port })
      : Deno.connect({ hostname: server.host, port: server.port });
    try {
      conn = await withTimeout(attempt, server.timeoutMs, `Connecting to ${server.host}:${server.port}`, () => {
        attempt.then((late) => late.close(), () => undefined);
      });
    } catch (error) {
      throw new SmtpError(`Could not connect to ${server.host}:${server.port}: ${describeNetworkError(error)}`, []);
    }
    const session = new SmtpSession(conn, server);
    session.encrypted = server.implicitTls;
    try {
      await session.expect(await session.readReply('the greeting'), [220], 'The server refused the connection');
      await session.hello();
      if (!session.encrypted && session.extensions.has('STARTTLS')) await session.startTls();
      if (!session.encrypted && server.requireTls) {
        throw new SmtpError('The server offers no encryption (STARTTLS), and the settings require an encrypted connection', session.transcript);
      }
      if (server.username !== '') await session.authenticate();
      return session;
    } catch (error) {
      session.close();
      throw session.asSmtpError(error);
    }
  }

  private asSmtpError(error: unknown): SmtpError {
    if (error instanceof SmtpError) return error;
    return new SmtpError(describeNetworkError(error), this.transcript);
  }

  private async hello(): Promise<void> {
    const reply = await this.command(`EHLO ${this.server.clientName}`, [250], 'The server refused EHLO');
    this.extensions = new Set();
    this.authMethods = new Set();
    for (const line of reply.lines.slice(1)) {
      const [keyword = '', ...parameters] = line.slice(4).trim().toUpperCase().split(/\s+/);
      this.extensions.add(keyword);
      if (keyword === 'AUTH') for (const method of parameters) this.authMethods.add(method);
    }
  }

  private async startTls(): Promise<void> {
    await this.command('STARTTLS', [220], 'The server refused STARTTLS');
    if (this.buffer !== '') throw new SmtpError('The server sent data before the TLS handshake', this.transcript);
    const attempt = Deno.startTls(this.conn as Deno.TcpConn, { hostname: this.server.host });
    this.conn = await withTimeout(attempt, this.server.timeoutMs, 'The TLS handshake', () => this.close());
    this.encrypted = true;
    // RFC 3207: the client forgets what it knew and says EHLO again.
    await this.hello();
  }

  private async authenticate(): Promise<void> {
    if (!this.encrypted && !isLoopback(this.server.host)) {
      throw new SmtpError('Refusing to send the SMTP password over an unencrypted connection (the server offers no STARTTLS)', this.transcript);
    }
    const { username, password } = this.server;
    if (this.authMethods.has('PLAIN')) {
      const token = base64Utf8(`\u0000${username}\u0000${password}`);
      await this.command(`AUTH PLAIN ${token}`, [235], 'The server refused the SMTP username or password', 'AUTH PLAIN ****');
    } else if (this.authMethods.has('LOGIN')) {
      await this.command('AUTH LOGIN', [334], 'The server refused AUTH LOGIN');
      await this.command(base64Utf8(username), [334], 'The server refused the SMTP username', '****');
      await this.command(base64Utf8(password), [235], 'The server refused the SMTP username or password', '****');
    } else {
      throw new SmtpError(
        this.extensions.has('AUTH')
          ? `The server offers no sign-in method this client speaks (PLAIN, LOGIN): ${[...this.authMethods].join(', ')}`
          : 'A username is set, but the server offers no sign-in (AUTH)',
        this.transcript,
      );
    }
    this.authenticated = true;
  }

  /** Sends one message; resolves with the server's reply to its data (e.g. "250 Ok: queued as …"). */
  async send(envelope: SmtpEnvelope): Promise<string> {
    try {
      for (const address of [envelope.from, envelope.to]) {
        if (/[<>\s]/.test(address)) throw new SmtpError(`Not a mailbox address: ${address}`, this.transcript);
      }
      await this.command(`MAIL FROM:<${envelope.from}>`, [250], 'The server refused the sender');
      await this.command(`RCPT TO:<${envelope.to}>`, [250, 251], 'The server refused the recipient');
      await this.command('DATA', [354], 'The server refused DATA');
      // Dot-stuffing (RFC 5321 §4.5.2), then the terminating line.
      const stuffed = envelope.data.replace(/(^|\r\n)\./g, '$1..');
      const reply = await this.command(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}.`, [250], 'The server refused the message', '<message>');
      return reply.lines.join(' ');
    } catch (error) {
      throw this.asSmtpError(error);
    }
  }

  /** QUIT politely (its answer does not matter), then close. */
  async quit(): Promise<void> {
    try {
      await this.command('QUIT', [221], 'QUIT');
    } catch {
      // The conversation is over either way.
    } finally {
      this.close();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.conn.close();
    } catch {
      // Already closed.
    }
  }

  private async command(line: string, expected: number[], refusal: string, shown = line): Promise<Reply> {
    this.transcript.push(`C: ${shown}`);
    await withTimeout(writeAll(this.conn, encoder.encode(`${line}\r\n`)), this.server.timeoutMs, 'Sending to the server', () => this.close());
    return this.expect(await this.readReply(`the answer to ${shown.split(' ')[0]}`), expected, refusal);
  }

  private expect(reply: Reply, expected: number[], refusal: string): Reply {
    if (!expected.includes(reply.code)) throw new SmtpError(`${refusal}: ${reply.lines.join(' ')}`, this.transcript);
    return reply;
  }

  /** One (possibly multi-line) reply: "250-…" lines continue, "250 …" ends it. */
  private async readReply(what: string): Promise<Reply> {
    const lines: string[] = [];
    for (;;) {
      const line = await this.readLine(what);
      this.transcript.push(`S: ${line}`);
      const match = /^(\d{3})([ -]|$)/.exec(line);
      if (!match) throw new SmtpError(`The server's answer is not SMTP: ${line}`, this.transcript);
      lines.push(line);
      if (match[2] !== '-') return { code: Number(match[1]), lines };
      if (lines.length > 100) throw new SmtpError('The server sent too long an answer', this.transcript);
    }
  }

  private async readLine(what: string): Promise<string> {
    for (;;) {
      const end = this.buffer.indexOf('\r\n');
      if (end >= 0) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        return line;
      }
      if (this.buffer.length > 64 * 1024) throw new SmtpError('The server sent too long a line', this.transcript);
      const chunk = new Uint8Array(4096);
      const read = await withTimeout(this.conn.read(chunk), this.server.timeoutMs, `Waiting for ${what}`, () => this.close());
      if (read === null) throw new SmtpError(`The server closed the connection before ${what}`, this.transcript);
      this.buffer += decoder.decode(chunk.subarray(0, read), { stream: true });
    }
  }
}

async function writeAll(conn: Deno.Conn, data: Uint8Array): Promise<void> {
  let written = 0;
  while (written < data.length) written += await conn.write(data.subarray(written));
}

function base64Utf8(text: string): string {
  const bytes = encoder.encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Traffic to this host never leaves the machine (the local mail catcher). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
