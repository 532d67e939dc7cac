// The reply mailbox over IMAP (ImapFlow). It only ever reads: the mailbox is opened
// read-only (EXAMINE) and bodies are fetched with BODY.PEEK, so no flag of the user's
// mail changes — a reply stays unread for the person who reads it.
import { ImapFlow, type ImapFlowError } from 'imapflow';
import { accountKey, type ImapAccount, type Inbox, type InboxCursor, type MailboxItem } from '../../core/replies/index.ts';
import { ProviderError } from '../../core/model/providers.ts';
import { parseIncoming } from './parse-incoming.ts';

const SERVICE = 'imap';
const BATCH = 25;
// A reply with a big attachment is cut here: the headers and the text come first.
const MAX_SOURCE_BYTES = 1024 * 1024;

export interface ImapInboxOptions {
  timeoutMs?: number;
  /** For tests against a server with a self-signed certificate. */
  tls?: { rejectUnauthorized?: boolean };
}

export class ImapInbox implements Inbox {
  constructor(
    private readonly account: ImapAccount,
    private readonly options: ImapInboxOptions = {},
  ) {}

  /** Logs in and opens the mailbox read-only, then leaves: proves the account works (Settings checks it before saving). */
  async check(): Promise<void> {
    const client = this.client();
    try {
      await this.open(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  async *messages(cursor: InboxCursor | undefined, sinceDays: number): AsyncGenerator<MailboxItem> {
    const a = this.account;
    const client = this.client();
    try {
      const box = await this.open(client);
      const uidValidity = String(box.uidValidity);
      const known = cursor && cursor.uidValidity === uidValidity ? cursor : undefined; // UIDVALIDITY changed: UIDs mean nothing now
      const lastUid = known?.lastUid ?? 0;
      const at = (uid: number): InboxCursor => ({ account: accountKey(a), uidValidity, lastUid: uid });

      // Nothing new when UIDNEXT has not moved; `N:*` would otherwise return the newest message.
      const query = known ? { uid: `${lastUid + 1}:*` } : { since: new Date(Date.now() - sinceDays * 86_400_000) };
      const found = box.exists === 0 || (known && box.uidNext <= lastUid + 1) ? [] : ((await client.search(query, { uid: true })) || []);
      const uids = found.filter((uid) => uid > lastUid).sort((x, y) => x - y);

      for (let i = 0; i < uids.length; i += BATCH) {
        const batch = await client.fetchAll(uids.slice(i, i + BATCH).join(','), { uid: true, internalDate: true, source: { maxLength: MAX_SOURCE_BYTES } }, { uid: true });
        for (const item of batch.sort((x, y) => x.uid - y.uid)) {
          const receivedAt = item.internalDate ? new Date(item.internalDate) : undefined;
          try {
            if (!item.source) throw new Error('the server sent no message source');
            yield { cursor: at(item.uid), message: await parseIncoming(item.source, receivedAt) };
          } catch (error) {
            yield { cursor: at(item.uid), error: `message UID ${item.uid} could not be read: ${(error as Error).message}` };
          }
        }
      }
      // Caught up: messages that arrive later get UIDs from UIDNEXT on.
      yield { cursor: at(Math.max(lastUid, (box.uidNext || 1) - 1, uids.at(-1) ?? 0)) };
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  private client(): ImapFlow {
    const a = this.account;
    const timeout = this.options.timeoutMs ?? 30_000;
    const client = new ImapFlow({
      host: a.host,
      port: a.port,
      // 993 is implicit TLS; on any other port STARTTLS is used when the server offers it.
      secure: a.port === 993,
      auth: { user: a.user, pass: a.password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout * 4,
      tls: this.options.tls,
    });
    client.on('error', () => undefined); // failures surface through the awaited calls
    return client;
  }

  /** Connects, logs in and opens the mailbox read-only (EXAMINE). */
  private async open(client: ImapFlow) {
    await client.connect().catch((error: unknown) => {
      throw this.failure(error, 'connect');
    });
    return client.mailboxOpen(this.account.mailbox, { readOnly: true }).catch((error: unknown) => {
      throw this.failure(error, 'open');
    });
  }

  private failure(error: unknown, step: 'connect' | 'open'): ProviderError {
    const e = error as ImapFlowError & { code?: string };
    const where = `${this.account.host}:${this.account.port}`;
    if (e.authenticationFailed) {
      return new ProviderError(SERVICE, 'auth', `IMAP login to ${where} as "${this.account.user}" failed: check imap_user and imap_password${e.response ? ` (server said: ${String(e.response)})` : ''}`);
    }
    if (step === 'open') {
      return new ProviderError(SERVICE, 'bad_request', `The IMAP mailbox "${this.account.mailbox}" could not be opened on ${where}: ${e.responseText ?? e.message}`);
    }
    const tls = /certificate|self[- ]signed|SSL routines|wrong version number|ClosedAfterConnectTLS/i.test(`${e.code} ${e.message}`);
    const hint = tls ? 'a TLS problem: port 993 expects TLS from the first byte, 143 plain text with STARTTLS' : 'check imap_host and imap_port';
    return new ProviderError(SERVICE, 'unavailable', `Cannot connect to the IMAP server ${where} (${e.code ?? e.message}): ${hint}`);
  }
}
