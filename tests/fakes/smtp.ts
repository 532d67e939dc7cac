// A real SMTP server (smtp-server) on 127.0.0.1 for the SMTP adapter's tests: AUTH PLAIN/LOGIN
// required, no TLS, recipients refused permanently (550) or temporarily (451) on demand.
// It keeps each message's raw text; parseHeaders reads the header block.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpServerOptions {
  user: string;
  pass: string;
  /** RCPT TO for these addresses answers 550 (a hard bounce). */
  rejectRecipients?: string[];
  /** RCPT TO for these addresses answers 451 (try again later). */
  tempFailRecipients?: string[];
}

export interface ReceivedMessage {
  from: string;
  to: string[];
  user?: string;
  raw: string;
}

export interface FakeSmtpServer {
  host: string;
  port: number;
  messages: ReceivedMessage[];
  /** Successful logins, to tell "sent without auth" from "authenticated". */
  logins: string[];
  /** Mutable per test. */
  rejectRecipients: Set<string>;
  tempFailRecipients: Set<string>;
  /** Messages to these addresses are received but never acknowledged (the sender hangs after DATA). */
  holdRecipients: Set<string>;
  url(user?: string, pass?: string): string;
  stop(): Promise<void>;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startSmtpServer(options: SmtpServerOptions): Promise<FakeSmtpServer> {
  const messages: ReceivedMessage[] = [];
  const logins: string[] = [];
  const rejectRecipients = new Set((options.rejectRecipients ?? []).map((a) => a.toLowerCase()));
  const tempFailRecipients = new Set((options.tempFailRecipients ?? []).map((a) => a.toLowerCase()));
  const holdRecipients = new Set<string>();

  const server = new SMTPServer({
    secure: false,
    authOptional: false,
    allowInsecureAuth: true,
    hideSTARTTLS: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) {
        logins.push(auth.username);
        return callback(null, { user: auth.username });
      }
      return callback(smtpError(535, 'Authentication credentials invalid'));
    },
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (rejectRecipients.has(to)) return callback(smtpError(550, `5.1.1 <${to}>: Recipient address rejected: User unknown`));
      if (tempFailRecipients.has(to)) return callback(smtpError(451, `4.7.1 <${to}>: Recipient address rejected: Greylisted, try again later`));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        if (session.envelope.rcptTo.some((r) => holdRecipients.has(r.address.toLowerCase()))) return;
        callback(null, 'Message queued as FAKE1234');
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined); // a client hanging up mid-session is not a test failure
  const port = (server.server.address() as AddressInfo).port;

  return {
    host: '127.0.0.1',
    port,
    messages,
    logins,
    rejectRecipients,
    tempFailRecipients,
    holdRecipients,
    url: (user = options.user, pass = options.pass) => `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    // Held sessions would keep close() waiting: drop every connection.
    stop: () => new Promise<void>((resolve) => { for (const c of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? []) c.close(); server.close(() => resolve()); }),
  };
}

/** The header block of a raw message, unfolded, keyed by lower-case name. */
export function parseHeaders(raw: string): Map<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The body after the header block. */
export function bodyOf(raw: string): string {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? raw.slice(match.index + match[0].length) : '';
}
