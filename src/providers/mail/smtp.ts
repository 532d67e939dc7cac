// Generic SMTP through nodemailer. The Message-ID is ours (the email id), so a reply or a
// bounce can be matched to the email row whatever server relayed it.
import { createTransport, type Transporter } from 'nodemailer';
import type { KeyCheck, Mailbox, MailProvider, OutgoingEmail, SentReceipt } from '../../core/model/providers.ts';
import { ProviderError } from '../../core/model/providers.ts';

export interface SmtpConfig {
  host: string;
  /** 587 by default (465 when `secure`). */
  port?: number;
  user?: string;
  password?: string;
  /** Implicit TLS from the first byte (port 465, `smtps://`). Otherwise STARTTLS when offered. */
  secure?: boolean;
  /** Refuse to send unless the server upgrades to TLS with STARTTLS. */
  requireTLS?: boolean;
  /** Connection, greeting and idle-socket timeout. */
  timeoutMs?: number;
  tls?: { rejectUnauthorized?: boolean; servername?: string };
}

const DEFAULT_TIMEOUT_MS = 30_000;
const SERVICE = 'smtp';
const TLS_TROUBLE = /certificate|self[- ]signed|SSL routines|wrong version number/i;

/** A user name or password as the URL writes it (percent-encoded); a stray "%" is refused with the fix, never echoed. */
function decodePart(value: string, what: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ProviderError(SERVICE, 'bad_request', `The SMTP URL's ${what} has a % that starts no valid escape (write a % in it as %25)`);
  }
}

/** Parses `smtp://user:pass@host:587` or `smtps://user:pass@host:465` (`?requireTLS=true` allowed). */
export function parseSmtpUrl(raw: string): SmtpConfig {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Never echo the URL: it carries the password.
    throw new ProviderError(SERVICE, 'bad_request', 'The SMTP URL is not a valid URL (expected smtp://user:pass@host:587 or smtps://…:465)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ProviderError(SERVICE, 'bad_request', `The SMTP URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  if (!url.hostname) throw new ProviderError(SERVICE, 'bad_request', 'The SMTP URL has no host');
  const secure = url.protocol === 'smtps:';
  const flag = url.searchParams.get('requireTLS') ?? url.searchParams.get('requiretls');
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    user: url.username ? decodePart(url.username, 'user name') : undefined,
    password: url.password ? decodePart(url.password, 'password') : undefined,
    secure,
    requireTLS: flag === 'true' || flag === '1',
  };
}

/** Our Message-ID header value: `<id@sender-domain>` unless the id already is one. */
export function messageIdHeader(messageId: string, fromEmail: string): string {
  const id = messageId.trim().replace(/^<|>$/g, '').replace(/[\s<>]/g, '');
  if (id.includes('@')) return `<${id}>`;
  const domain = fromEmail.split('@')[1]?.trim() || 'outreach.invalid';
  return `<${id}@${domain}>`;
}

/** `Name <email>` with the name quoted when RFC 5322 requires it; line breaks removed. */
/** Our message in nodemailer's terms (used by SMTP sends and the outbox's .eml files alike). */
export function nodemailerMessage(message: OutgoingEmail) {
  const box = (m: Mailbox) => ({ name: m.name ?? '', address: m.email });
  return {
    messageId: messageIdHeader(message.messageId, message.from.email),
    from: box(message.from),
    to: box(message.to),
    replyTo: message.replyTo ? box(message.replyTo) : undefined,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  };
}

export function formatMailbox(box: Mailbox): string {
  const name = (box.name ?? '').replace(/[\r\n]+/g, ' ').trim();
  if (!name) return box.email;
  const plain = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/.test(name);
  return plain ? `${name} <${box.email}>` : `"${name.replace(/(["\\])/g, '\\$1')}" <${box.email}>`;
}

interface SmtpFailure extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

/** Turns a nodemailer error into a ProviderError whose kind says whether retrying can help. */
const NEVER_CONNECTED = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EDNS|Greeting never received/i;

export function smtpFailure(error: unknown, secrets: (string | undefined)[] = []): ProviderError {
  const e = error as SmtpFailure;
  let message = e?.message ?? String(error);
  // nodemailer never quotes the password, but a server reply might; very short ones would mangle the text.
  for (const secret of secrets) if (secret && secret.length >= 4) message = message.split(secret).join('***');
  const code = e?.responseCode;
  const kind = ((): ProviderError['kind'] => {
    // 530/534/535/538: authentication required or refused.
    if (e?.code === 'EAUTH' || e?.code === 'ENOAUTH' || code === 530 || code === 534 || code === 535 || code === 538) {
      return code !== undefined && code < 500 ? 'unavailable' : 'auth';
    }
    if (code !== undefined && code >= 400 && code < 500) return 'unavailable';
    if (code === 503) return 'unavailable'; // bad sequence: fine on a new connection
    if (code !== undefined && code >= 500) {
      // A refused recipient or message is a bounce; a refused sender is our configuration.
      return e.command === 'MAIL FROM' ? 'bad_request' : 'rejected';
    }
    // TLS trouble (bad certificate, TLS spoken to a plain port) stays until the settings change.
    if (e?.code === 'ETLS' || e?.code === 'EREQUIRETLS' || e?.code === 'ECONFIG') return 'bad_request';
    if (e?.code !== 'ETIMEDOUT' && TLS_TROUBLE.test(message)) return 'bad_request';
    return 'unavailable'; // ECONNECTION, ETIMEDOUT, ESOCKET, EDNS, ECONNREFUSED, …
  })();
  const tls = code === undefined && (e?.code === 'ETLS' || (e?.code !== 'ETIMEDOUT' && TLS_TROUBLE.test(message)));
  const hint = tls ? 'TLS failed (check the port, smtp:// vs smtps://, and the server certificate): ' : '';
  // No reply and not a refused connection: the session died somewhere, possibly after the
  // server took the message. Repeating it could deliver twice.
  const uncertain = kind === 'unavailable' && code === undefined && !NEVER_CONNECTED.test(`${e?.code ?? ''} ${message}`);
  return new ProviderError(SERVICE, kind, `SMTP: ${hint}${message.trim()}`, code, undefined, uncertain);
}

function transportFor(config: SmtpConfig): Transporter {
  const timeout = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const secure = config.secure ?? false;
  return createTransport({
    host: config.host,
    port: config.port ?? (secure ? 465 : 587),
    secure,
    requireTLS: config.requireTLS ?? false,
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    tls: config.tls,
    logger: false, // nodemailer's debug log would print the AUTH exchange
    debug: false,
    disableFileAccess: true, // message content is ours; never let it read files or URLs
    disableUrlAccess: true,
  });
}

export class SmtpMailer implements MailProvider {
  readonly id = 'smtp' as const;
  readonly service = 'email' as const;
  private readonly config: SmtpConfig;
  private readonly transport: Transporter;

  /** A URL (`smtp://user:pass@host:587`, `smtps://…:465`) or discrete fields. */
  constructor(config: SmtpConfig | string, timeoutMs?: number) {
    const parsed = typeof config === 'string' ? parseSmtpUrl(config) : { ...config };
    if (timeoutMs !== undefined && parsed.timeoutMs === undefined) parsed.timeoutMs = timeoutMs;
    this.config = parsed;
    this.transport = transportFor(parsed);
  }

  async send(message: OutgoingEmail): Promise<SentReceipt> {
    const messageId = messageIdHeader(message.messageId, message.from.email);
    try {
      const info = await this.transport.sendMail(nodemailerMessage(message));
      return { providerMessageId: (info as { messageId?: string }).messageId ?? messageId };
    } catch (error) {
      throw smtpFailure(error, [this.config.password]);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/** Connects and logs in (when credentials are set) without sending anything. Never throws. */
export async function verifySmtp(config: SmtpConfig | string): Promise<KeyCheck> {
  let parsed: SmtpConfig;
  try {
    parsed = typeof config === 'string' ? parseSmtpUrl(config) : config;
  } catch (error) {
    return { valid: false, message: (error as Error).message };
  }
  const transport = transportFor(parsed);
  const where = `${parsed.host}:${parsed.port ?? (parsed.secure ? 465 : 587)}`;
  try {
    await transport.verify();
    const login = parsed.user ? ` and logged in as ${parsed.user}` : ' (no user name given, so no login was tried)';
    return { valid: true, message: `Connected to ${where}${login}` };
  } catch (error) {
    const failure = smtpFailure(error, [parsed.password]);
    const message =
      failure.kind === 'auth'
        ? `The SMTP server at ${where} refused the user name or password`
        : `Could not use the SMTP server at ${where}: ${failure.message.replace(/^SMTP: /, '')}`;
    return { valid: false, message };
  } finally {
    transport.close();
  }
}
