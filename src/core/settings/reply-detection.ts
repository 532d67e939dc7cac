// Reply detection as administrators set it up in Settings: the IMAP mailbox polled for
// replies (the login is checked against the server before anything is stored) and the
// bearer token Brevo's webhooks must carry. The environment wins, as everywhere: what it
// sets is shown, and cannot be changed or cleared here.
import { randomBytes } from 'node:crypto';
import { conflict, invalid } from '../errors.ts';
import { ProviderError } from '../model/providers.ts';
import { ReplyDetectionInput, type ImapAccount, type ReplyDetection, type WebhookToken } from '../model/reply-detection.ts';
import { parseInput, quote } from '../model/validate.ts';
import { requireAdmin, type Actor } from '../users/access.ts';
import type { SettingKey } from './catalog.ts';
import type { SettingsStore } from './store.ts';

const IMAP_KEYS = ['imap_host', 'imap_port', 'imap_user', 'imap_password'] as const satisfies SettingKey[];
const IMAP_ENV = 'OUTREACH_IMAP_HOST, OUTREACH_IMAP_PORT, OUTREACH_IMAP_USER, OUTREACH_IMAP_PASSWORD';
export const BREVO_WEBHOOK_PATH = '/hooks/brevo';

/** Logs in to the mailbox and opens it read-only; throws a ProviderError when it cannot. */
export type ImapCheck = (account: ImapAccount) => Promise<void>;

export interface ReplyDetectionDeps {
  store: SettingsStore;
  /** Where Brevo reaches this server (OUTREACH_PUBLIC_URL). */
  publicUrl: string;
  imap: { default_port: number; mailbox: string };
  check: ImapCheck;
}

export class ReplyDetectionConfig {
  constructor(private readonly d: ReplyDetectionDeps) {}

  private get webhookUrl(): string {
    return this.d.publicUrl + BREVO_WEBHOOK_PATH;
  }

  /** What is set up, never a password or a token. */
  async describe(actor: Actor): Promise<ReplyDetection> {
    requireAdmin(actor);
    const s = await this.d.store.states([...IMAP_KEYS, 'brevo_webhook_token']);
    const host = s.imap_host.value?.trim() || null;
    const user = s.imap_user.value?.trim() || null;
    const passwordConfigured = Boolean(s.imap_password.value);
    const fromEnvironment = IMAP_KEYS.some((key) => s[key].source === 'environment');
    return {
      configured: Boolean(host && user && passwordConfigured),
      host,
      port: host ? this.port(s.imap_port.value) : null,
      user,
      password_configured: passwordConfigured,
      source: fromEnvironment ? 'environment' : host || user || passwordConfigured ? 'database' : null,
      webhook: {
        url: this.webhookUrl,
        token_configured: Boolean(s.brevo_webhook_token.value),
        source: s.brevo_webhook_token.source ?? null,
      },
    };
  }

  /**
   * Checks the login against the server (connect, open the mailbox read-only) and only
   * then stores the account; the password is encrypted. An empty password keeps the stored one.
   */
  async save(actor: Actor, input: ReplyDetectionInput): Promise<ReplyDetection> {
    requireAdmin(actor);
    const { host, port, user, password } = parseInput(ReplyDetectionInput, input);
    await this.refuseEnvironment('changed');
    const newPassword = password ? password : undefined;
    const secret = newPassword ?? (await this.d.store.value('imap_password'));
    if (!secret) throw invalid('Please enter the IMAP password');

    const account: ImapAccount = { host, port, user, password: secret, mailbox: this.d.imap.mailbox };
    await this.d.check(account).catch((error: unknown) => {
      throw refusal(error, account);
    });

    await this.d.store.set('imap_host', host, actor.id);
    await this.d.store.set('imap_port', String(port), actor.id);
    await this.d.store.set('imap_user', user, actor.id);
    if (newPassword) await this.d.store.set('imap_password', newPassword, actor.id);
    return this.describe(actor);
  }

  /** Forgets the stored account (and where polling left off): reply detection stops. */
  async clear(actor: Actor): Promise<number> {
    requireAdmin(actor);
    await this.refuseEnvironment('cleared');
    return this.d.store.delete(...IMAP_KEYS, 'imap_cursor');
  }

  /** Stores a new random webhook token and returns it: the only time it is ever shown. */
  async generateWebhookToken(actor: Actor): Promise<WebhookToken> {
    requireAdmin(actor);
    if ((await this.d.store.state('brevo_webhook_token')).source === 'environment') {
      throw conflict('The Brevo webhook token is set by the environment variable OUTREACH_BREVO_WEBHOOK_TOKEN: change it there');
    }
    const token = randomBytes(24).toString('base64url');
    await this.d.store.set('brevo_webhook_token', token, actor.id);
    return { token, url: this.webhookUrl };
  }

  private port(value: string | undefined): number | null {
    if (!value) return this.d.imap.default_port;
    const port = Number(value);
    return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : null;
  }

  private async refuseEnvironment(what: 'changed' | 'cleared'): Promise<void> {
    const s = await this.d.store.states([...IMAP_KEYS]);
    if (IMAP_KEYS.some((key) => s[key].source === 'environment')) {
      throw conflict(`Reply detection is set by environment variables (${IMAP_ENV}): it can only be ${what} there`);
    }
  }
}

/** A failed check as the administrator should read it; nothing has been stored. */
function refusal(error: unknown, a: ImapAccount): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error.kind === 'auth') {
    return invalid(`Wrong user name or password: the IMAP server ${quote(a.host)}:${a.port} refused the login as "${quote(a.user)}". Nothing was saved.`);
  }
  return invalid(`${error.message.replace(/\.$/, '')}. Nothing was saved.`);
}
