// The email provider configuration: which provider, its credentials, the sender and
// the signature. The environment (OUTREACH_BREVO_API_KEY, OUTREACH_EMAIL_FROM, ...) wins.
import defaults from '../../../config/default.json' with { type: 'json' };
import { invalid } from '../errors.ts';
import type { KeyCheck } from '../model/providers.ts';
import type { EmailConfig, EmailConfigInput, EmailProvider, SenderIdentityPart } from '../model/settings.ts';
import type { SettingKey } from './catalog.ts';
import { checkSenderInput, SENDER_PLACE, senderPartsText } from './sender.ts';
import type { SettingsStore } from './store.ts';

export const SENDER_NAME_PLACEHOLDER = '{sender_name}';
const PROVIDER_KEY: Record<EmailProvider, SettingKey> = { brevo: 'brevo_api_key', resend: 'resend_api_key', smtp: 'smtp_url' };

export const renderSignature = (signature: string, senderName: string) =>
  signature.split(SENDER_NAME_PLACEHOLDER).join(senderName);

/** What is missing from the sender's own identity: every send through a real provider needs all three. */
export function senderIdentityProblems(s: Pick<EmailSettings, 'fromName' | 'fromEmail' | 'postalAddress'>): SenderIdentityPart[] {
  const missing: SenderIdentityPart[] = [];
  if (!s.fromName?.trim()) missing.push('sender name');
  if (!s.fromEmail?.trim()) missing.push('sender address');
  if (!s.postalAddress?.trim()) missing.push('postal address');
  return missing;
}

/** The one sentence every surface uses: what to set, and where. */
export function senderIdentityMessage(missing: readonly SenderIdentityPart[]): string {
  return `Set your ${senderPartsText(missing)} in ${SENDER_PLACE} before sending`;
}

/** "Name <address>" or a bare address, as in OUTREACH_EMAIL_FROM. */
export function parseFrom(value: string): { email: string; name?: string } {
  const match = value.match(/^\s*(.*?)\s*<([^>]+)>\s*$/);
  return match ? { email: match[2].trim(), name: match[1].replace(/^"|"$/g, '') || undefined } : { email: value.trim() };
}

export function smtpUrl(host: string, port: number, user: string | undefined, password: string | undefined, secure: boolean): string {
  const auth = user ? `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@` : '';
  return `${secure ? 'smtps' : 'smtp'}://${auth}${host}:${port}`;
}

/** An smtp:// URL's parts, without its password. */
export function describeSmtp(url: string | undefined): EmailConfig['smtp'] {
  if (!url) return null;
  try {
    const u = new URL(url);
    const secure = u.protocol === 'smtps:';
    return { host: u.hostname, port: Number(u.port) || (secure ? 465 : defaults.email.providers.smtp.default_port), user: decodeURIComponent(u.username), secure };
  } catch {
    return null;
  }
}

export interface EmailSettings {
  provider: EmailProvider | null;
  providerKey: string | undefined;
  fromEmail: string | undefined;
  /** The sender's own name; never the product's. Undefined until set. */
  fromName: string | undefined;
  signature: string;
  /** The sender wrote their own signature (otherwise the default, which drafts may translate). */
  customSignature: boolean;
  /** Shown in every email's footer (CAN-SPAM). */
  postalAddress: string | undefined;
  /** Opens and clicks tracked: adds the HTML part with the pixel and tracked links. */
  tracking: boolean;
}

export interface EmailVerifier {
  checkKey(provider: 'brevo' | 'resend', key: string): Promise<KeyCheck>;
  checkSmtp(url: string): Promise<KeyCheck>;
}

export class EmailConfigStore {
  constructor(
    private readonly store: SettingsStore,
    private readonly env: Record<string, string | undefined>,
  ) {}

  /** What the mailer needs: the provider chosen in settings, else the first one the environment configures. */
  async settings(): Promise<EmailSettings> {
    const s = await this.store.states(['email_provider', 'brevo_api_key', 'resend_api_key', 'smtp_url', 'email_from_email', 'email_from_name', 'email_signature', 'email_postal_address', 'email_tracking_enabled']);
    const chosen = s.email_provider.value as EmailProvider | undefined;
    const fromEnv = (['brevo', 'resend', 'smtp'] as const).find((p) => s[PROVIDER_KEY[p] as 'brevo_api_key'].source === 'environment');
    const provider = chosen ?? fromEnv ?? null;
    const envFrom = this.env.OUTREACH_EMAIL_FROM ? parseFrom(this.env.OUTREACH_EMAIL_FROM) : undefined;
    return {
      provider,
      providerKey: provider ? s[PROVIDER_KEY[provider] as 'brevo_api_key'].value : undefined,
      fromEmail: envFrom?.email ?? (s.email_from_email.value || undefined),
      fromName: envFrom?.name ?? (s.email_from_name.value?.trim() || undefined),
      signature: s.email_signature.value ?? defaults.email.default_signature,
      customSignature: s.email_signature.value !== undefined,
      postalAddress: s.email_postal_address.value || undefined,
      tracking: s.email_tracking_enabled.value === undefined ? defaults.email.tracking.opens_and_clicks : s.email_tracking_enabled.value === 'true',
    };
  }

  async describe(): Promise<EmailConfig> {
    const e = await this.settings();
    const keyState = e.provider ? await this.store.state(PROVIDER_KEY[e.provider]) : undefined;
    const missing = senderIdentityProblems(e);
    return {
      configured: Boolean(e.provider && e.providerKey),
      provider: e.provider,
      from_email: e.fromEmail ?? null,
      from_name: e.fromName ?? null,
      email_signature: e.signature,
      // Until a name is set the placeholder shows as is: the product never signs for the sender.
      signature_preview: renderSignature(e.signature, e.fromName ?? SENDER_NAME_PLACEHOLDER),
      postal_address: e.postalAddress ?? null,
      tracking_enabled: e.tracking,
      provider_key_configured: Boolean(e.providerKey),
      source: keyState?.source ?? null,
      smtp: e.provider === 'smtp' ? describeSmtp(e.providerKey) : null,
      sender_ready: missing.length === 0,
      sender_missing: missing,
    };
  }

  /**
   * Saves what was sent; a new provider credential is checked against the provider first.
   * The sender's identity (name, address, signature, postal address) needs no provider.
   */
  async save(input: EmailConfigInput, verifier: EmailVerifier, userId: number | null): Promise<EmailConfig> {
    checkSenderInput(input);
    // Only a provider choice (or a new credential) changes the provider: saving the sender alone never does.
    const provider = input.provider ?? (input.brevo_api_key ? 'brevo' : input.resend_api_key ? 'resend' : input.smtp_host ? 'smtp' : undefined);
    const writes: [SettingKey, string][] = [];

    if (input.brevo_api_key || input.resend_api_key) {
      const which = input.brevo_api_key ? 'brevo' : 'resend';
      const key = (input.brevo_api_key ?? input.resend_api_key)!;
      const check = await verifier.checkKey(which, key);
      if (!check.valid) throw invalid(check.message || `Invalid ${which === 'brevo' ? 'Brevo' : 'Resend'} API key`);
      writes.push([PROVIDER_KEY[which], key]);
    }
    if (input.smtp_host) {
      const secure = input.smtp_secure ?? false;
      const url = smtpUrl(input.smtp_host, input.smtp_port ?? (secure ? 465 : defaults.email.providers.smtp.default_port), input.smtp_user, input.smtp_password, secure);
      const check = await verifier.checkSmtp(url);
      if (!check.valid) throw invalid(check.message || 'Could not connect to the SMTP server');
      writes.push(['smtp_url', url]);
    }
    if (provider) writes.push(['email_provider', provider]);
    if (input.from_email !== undefined) writes.push(['email_from_email', input.from_email]);
    if (input.from_name !== undefined) writes.push(['email_from_name', input.from_name]);
    if (input.email_signature !== undefined) writes.push(['email_signature', input.email_signature]);
    if (input.postal_address !== undefined) writes.push(['email_postal_address', input.postal_address]);
    if (input.tracking_enabled !== undefined) writes.push(['email_tracking_enabled', String(input.tracking_enabled)]);
    if (writes.length === 0) throw invalid('Nothing to save: send at least one field');

    for (const [key, value] of writes) await this.store.set(key, value, userId);
    return this.describe();
  }

  /** Forgets the provider and its credentials; the sender's identity stays (the outbox uses it too). */
  async clear(): Promise<void> {
    await this.store.delete('email_provider', 'brevo_api_key', 'resend_api_key', 'smtp_url', 'email_tracking_enabled');
  }
}
