// Settings as the API and CLI see them. Everything but reading the sending windows is
// for administrators only.
import type { SuppressionList } from '../emails/suppression.ts';
import defaults from '../../../config/default.json' with { type: 'json' };
import { invalid } from '../errors.ts';
import { sendTestEmail } from '../emails/test-email.ts';
import type { KeyCheck, MailProvider } from '../model/providers.ts';
import {
  OptimalSendingTimes,
  type ApiKeyStatus,
  type EmailConfigInput,
  type SenderIdentityStatus,
  type ValidateKeyInput,
} from '../model/settings.ts';
import { parseInput, quote } from '../model/validate.ts';
import { requireAdmin, type Actor } from '../users/access.ts';
import { SETTINGS, isSettingKey } from './catalog.ts';
import { senderIdentityMessage, senderIdentityProblems, type EmailConfigStore, type EmailVerifier } from './email-config.ts';
import type { SettingState, SettingsStore } from './store.ts';
import type { SystemConfigStore } from './system-config.ts';

export interface KeyValidator extends EmailVerifier {
  validate(input: ValidateKeyInput): Promise<KeyCheck>;
}

const GEMINI_MODELS: readonly string[] = defaults.ai.gemini_models;

function status(...states: SettingState[]) {
  const configured = states.every((s) => Boolean(s.value));
  const times = states.map((s) => s.updatedAt?.getTime() ?? 0);
  const latest = Math.max(...times);
  return {
    configured,
    last_updated: configured && latest > 0 ? new Date(latest).toISOString() : null,
    source: configured ? (states.some((s) => s.source === 'environment') ? ('environment' as const) : ('database' as const)) : null,
  };
}

export class SettingsService {
  constructor(
    readonly store: SettingsStore,
    readonly system: SystemConfigStore,
    readonly email: EmailConfigStore,
    private readonly validator: KeyValidator,
    private readonly suppressions: SuppressionList,
    /** After the email settings are saved: the sending domain is checked (never fails the save). */
    private readonly afterEmailSave: () => Promise<void> = async () => {},
  ) {}

  async apiKeyStatus(actor: Actor): Promise<ApiKeyStatus> {
    requireAdmin(actor);
    const s = await this.store.states([
      'serpapi_api_key',
      'gemini_api_key',
      'gemini_model',
      'google_custom_search_api_key',
      'google_custom_search_engine_id',
      'google_ads_client_id',
      'google_ads_client_secret',
      'google_ads_developer_token',
      'google_ads_customer_id',
    ]);
    return {
      serpapi_api_key: status(s.serpapi_api_key),
      gemini_api_key: { ...status(s.gemini_api_key), selected_model: s.gemini_model.value ?? defaults.ai.default_gemini_model },
      google_custom_search_api: {
        ...status(s.google_custom_search_api_key, s.google_custom_search_engine_id),
        engine_id: s.google_custom_search_engine_id.value ?? null,
      },
      google_ads_api: {
        ...status(s.google_ads_client_id, s.google_ads_client_secret, s.google_ads_developer_token, s.google_ads_customer_id),
        client_id: s.google_ads_client_id.value ?? null,
        customer_id: s.google_ads_customer_id.value ?? null,
      },
    };
  }

  async validateKey(actor: Actor, input: ValidateKeyInput): Promise<KeyCheck> {
    requireAdmin(actor);
    // Custom Search needs both halves: take the missing one from what is stored.
    if (input.key_type === 'google_custom_search_api_key' && !input.engine_id) {
      input = { ...input, engine_id: await this.store.value('google_custom_search_engine_id') };
    }
    if (input.key_type === 'google_custom_search_engine_id' && !input.api_key) {
      input = { ...input, api_key: await this.store.value('google_custom_search_api_key') };
    }
    return this.validator.validate(input);
  }

  /** Saves one setting. Secrets are always encrypted, whatever the request says. */
  async write(actor: Actor, key: string, value: string): Promise<void> {
    requireAdmin(actor);
    if (!isSettingKey(key)) throw invalid(`Unknown setting "${quote(key)}"`);
    if (key === 'gemini_model' && !GEMINI_MODELS.includes(value)) {
      throw invalid(`gemini_model must be one of ${GEMINI_MODELS.join(', ')}`);
    }
    if (key === 'system_config') {
      await this.system.save(parseJson(value, key), actor.id);
      return;
    }
    if (key === 'optimal_sending_times') {
      await this.saveOptimalTimes(actor, parseJson(value, key));
      return;
    }
    if (key.startsWith('quota_') && !(Number.isInteger(Number(value)) && Number(value) >= 0)) {
      throw invalid(`${key} must be a whole number of 0 or more`);
    }
    if (SETTINGS[key].secret && !value.trim()) throw invalid(`${key} must not be empty`);
    await this.store.set(key, value.trim(), actor.id);
  }

  async remove(actor: Actor, key: string): Promise<boolean> {
    requireAdmin(actor);
    if (!isSettingKey(key)) throw invalid(`Unknown setting "${quote(key)}"`);
    return (await this.store.delete(key)) > 0;
  }

  async emailConfig(actor: Actor) {
    requireAdmin(actor);
    return this.email.describe();
  }

  async saveEmailConfig(actor: Actor, input: EmailConfigInput) {
    requireAdmin(actor);
    const saved = await this.email.save(input, this.validator, actor.id);
    await this.afterEmailSave();
    return saved;
  }

  /** Whether emails may go out through a real provider, and what is missing; readable by every user. */
  async senderIdentity(): Promise<SenderIdentityStatus> {
    const missing = senderIdentityProblems(await this.email.settings());
    return { ready: missing.length === 0, missing, message: missing.length > 0 ? senderIdentityMessage(missing) : null };
  }

  /** Sends a test message through the configured mailer (the outbox when none is configured). */
  async sendTestEmail(actor: Actor, mailer: MailProvider, to: string) {
    requireAdmin(actor);
    return sendTestEmail(mailer, await this.email.settings(), to, this.suppressions);
  }

  async clearEmailConfig(actor: Actor) {
    requireAdmin(actor);
    await this.email.clear();
  }

  async sendingEnabled(): Promise<boolean> {
    const value = await this.store.value('email_sending_enabled');
    return value === undefined ? defaults.email.default_email_sending_enabled : value === 'true';
  }

  async setSendingEnabled(actor: Actor, enabled: boolean): Promise<boolean> {
    requireAdmin(actor);
    await this.store.set('email_sending_enabled', String(enabled), actor.id);
    return enabled;
  }

  async systemConfig(actor: Actor) {
    requireAdmin(actor);
    return this.system.get();
  }

  async saveSystemConfig(actor: Actor, input: unknown) {
    requireAdmin(actor);
    return this.system.save(input, actor.id);
  }

  /** The weekly sending windows; readable by every user (the Drafts screen uses them). */
  async optimalTimes(): Promise<OptimalSendingTimes> {
    const raw = await this.store.value('optimal_sending_times');
    const saved = raw ? OptimalSendingTimes.safeParse(JSON.parse(raw)) : undefined;
    return saved?.success ? saved.data : { optimal_times: defaults.optimal_sending_times as OptimalSendingTimes['optimal_times'] };
  }

  async saveOptimalTimes(actor: Actor, input: unknown): Promise<OptimalSendingTimes> {
    requireAdmin(actor);
    const parsed = parseInput(OptimalSendingTimes, input);
    await this.store.set('optimal_sending_times', JSON.stringify(parsed), actor.id);
    return parsed;
  }
}

function parseJson(value: string, key: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw invalid(`${key} must be JSON`);
  }
}
