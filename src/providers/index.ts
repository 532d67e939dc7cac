// The ONE place that picks implementations from the settings: a configured key wins,
// otherwise the offline default (sandbox search, heuristic AI, outbox mailer). Paid
// adapters come wrapped in the metered gateway. Also checks keys for the Settings screen.
// Every adapter (the search APIs, the heuristic writer, the Crawlee crawler, the Gemini SDK,
// nodemailer) is imported when first used, so a command that never searches, crawls, writes or
// sends does not load it, nor does an idle server.
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { AiProvider, KeyCheck, MailProvider, SearchProvider } from '../core/model/providers.ts';
import type { ValidateKeyInput } from '../core/model/settings.ts';
import type { ServiceGateway } from '../core/resilience/gateway.ts';
import type { EmailConfigStore, EmailSettings } from '../core/settings/email-config.ts';
import type { KeyValidator } from '../core/settings/service.ts';
import type { SettingsStore } from '../core/settings/store.ts';
import type { Crawler } from '../core/model/crawl.ts';
import type { SiteAuditor } from '../core/model/audit.ts';
import type { CheerioSiteCrawlerOptions } from './crawl/crawler.ts';
import { meteredAi, meteredMailer, meteredSearch } from './metered.ts';

/** The sandbox web, started on first use. */
export interface SandboxAccess {
  search(): Promise<SearchProvider>;
  start(): Promise<{ httpPort: number; httpsPort: number; caPem: string }>;
}

export class Providers implements KeyValidator {
  private crawlerInstance?: { key: string; crawler: Crawler };

  constructor(
    private readonly config: Config,
    private readonly settings: SettingsStore,
    private readonly email: EmailConfigStore,
    private readonly gateway: ServiceGateway,
    private readonly sandbox: SandboxAccess,
  ) {}

  /** Which search provider is active, without starting anything. */
  async searchKind(): Promise<'serpapi' | 'google_cse' | 'sandbox'> {
    const s = await this.settings.states(['serpapi_api_key', 'google_custom_search_api_key', 'google_custom_search_engine_id']);
    if (s.serpapi_api_key.value) return 'serpapi';
    if (s.google_custom_search_api_key.value && s.google_custom_search_engine_id.value) return 'google_cse';
    return 'sandbox';
  }

  async search(): Promise<SearchProvider> {
    const s = await this.settings.states(['serpapi_api_key', 'google_custom_search_api_key', 'google_custom_search_engine_id']);
    const urls = this.config.providerUrls;
    if (s.serpapi_api_key.value) {
      const { SerpApiSearch } = await import('./search/serpapi.ts');
      return meteredSearch(new SerpApiSearch({ apiKey: s.serpapi_api_key.value, baseUrl: urls.serpapi }), this.gateway);
    }
    if (s.google_custom_search_api_key.value && s.google_custom_search_engine_id.value) {
      const { GoogleCseSearch } = await import('./search/google-cse.ts');
      const cse = new GoogleCseSearch({ apiKey: s.google_custom_search_api_key.value, engineId: s.google_custom_search_engine_id.value, baseUrl: urls.googleCse });
      return meteredSearch(cse, this.gateway);
    }
    return this.sandbox.search();
  }

  /**
   * The crawler, SSRF-guarded. While the sandbox is the search provider its loopback
   * ports are allow-listed and its certificate trusted; nothing else on loopback is.
   * One instance per process and allow-list: its pacer holds the per-host delays and the
   * global scraping_rate_limit across every job, which a crawler per job could not.
   */
  async crawler(): Promise<Crawler> {
    const options = await this.crawlOptions();
    const key = options.allow?.length ? options.allow.join(',') : 'public';
    if (this.crawlerInstance?.key !== key) {
      const { CheerioSiteCrawler } = await import('./crawl/crawler.ts');
      if (this.crawlerInstance?.key !== key) this.crawlerInstance = { key, crawler: new CheerioSiteCrawler(options) };
    }
    return this.crawlerInstance.crawler;
  }

  /** The crawler's address rules for the rows of an imported list (no DNS: that is checked when crawled). */
  async listTargetCheck(): Promise<(url: URL) => string | null> {
    const { SsrfGuard } = await import('./crawl/ssrf-guard.ts');
    const guard = new SsrfGuard({ allow: (await this.crawlOptions()).allow });
    return (url) => guard.staticProblem(url);
  }

  private async crawlOptions(): Promise<CheerioSiteCrawlerOptions> {
    if ((await this.searchKind()) !== 'sandbox') return { allow: [] };
    const web = await this.sandbox.start();
    return { allow: [`127.0.0.1:${web.httpPort}`, `127.0.0.1:${web.httpsPort}`], ca: [web.caPem] };
  }

  /**
   * Which site auditor measures (this URL), without starting anything: PageSpeed Insights on the
   * Google API key, local Lighthouse without it or for a page Google cannot reach.
   */
  async auditorKind(url?: string): Promise<'psi' | 'lighthouse'> {
    if (!(await this.settings.value('google_custom_search_api_key'))) return 'lighthouse';
    return url === undefined || (await import('./audit/psi.ts')).googleCanReach(url) ? 'psi' : 'lighthouse';
  }

  /**
   * The site auditor. With a Google API key (the Custom Search key): PageSpeed Insights, each
   * query through the gateway (metered, quota before the call), for every page Google can reach;
   * the sandbox's (on loopback) are measured locally. Otherwise Lighthouse in local Chromium with
   * the crawler's address rules: the sandbox's ports are allow-listed while it is the search
   * provider, nothing else on loopback. CHROME_PATH, where set, names Chromium.
   */
  async siteAuditor(onRun?: (run: number, of: number) => void): Promise<SiteAuditor> {
    const key = await this.settings.value('google_custom_search_api_key');
    if (!key) return this.lighthouse(onRun);
    const audit = this.config.defaults.audit;
    const { PsiAuditor, googleCanReach } = await import('./audit/psi.ts');
    const psi = new PsiAuditor({ apiKey: key, baseUrl: this.config.providerUrls.pagespeed, gateway: this.gateway, timeoutMs: audit.timeout_ms, onRun });
    let local: Promise<SiteAuditor> | undefined;
    return {
      audit: async (url, options) => (googleCanReach(url) ? psi : await (local ??= this.lighthouse(onRun))).audit(url, options),
    };
  }

  private async lighthouse(onRun?: (run: number, of: number) => void): Promise<SiteAuditor> {
    const audit = this.config.defaults.audit;
    const { LighthouseAuditor } = await import('./audit/lighthouse.ts');
    return new LighthouseAuditor({ ...(await this.crawlOptions()), chromePath: this.config.env.CHROME_PATH || audit.chrome_path, timeoutMs: audit.timeout_ms, onRun });
  }

  async ai(): Promise<AiProvider> {
    const s = await this.settings.states(['gemini_api_key', 'gemini_model']);
    if (!s.gemini_api_key.value) {
      const { HeuristicAi } = await import('./ai/heuristic.ts');
      return new HeuristicAi();
    }
    const model = s.gemini_model.value ?? this.config.defaults.ai.default_gemini_model;
    const { GeminiAi } = await import('./ai/gemini.ts');
    return meteredAi(new GeminiAi({ apiKey: s.gemini_api_key.value, model, baseUrl: this.config.providerUrls.gemini }), this.gateway);
  }

  /** Mailbox 1's mailer: the provider of Settings → Email (the outbox when none). */
  async mailer(): Promise<MailProvider> {
    return this.mailerFor(await this.email.settings());
  }

  /** The mailer of a mailbox's provider and credential (src/core/mailboxes). */
  async mailerFor(e: Pick<EmailSettings, 'provider' | 'providerKey'>): Promise<MailProvider> {
    const urls = this.config.providerUrls;
    let mailer: MailProvider;
    const { BrevoMailer, OutboxMailer, ResendMailer, SmtpMailer } = await mailAdapters();
    if (e.provider === 'brevo' && e.providerKey) mailer = new BrevoMailer({ apiKey: e.providerKey, baseUrl: urls.brevo });
    else if (e.provider === 'resend' && e.providerKey) mailer = new ResendMailer({ apiKey: e.providerKey, baseUrl: urls.resend });
    else if (e.provider === 'smtp' && e.providerKey) mailer = new SmtpMailer(e.providerKey);
    else mailer = new OutboxMailer({ dir: join(this.config.dataDir, this.config.defaults.providers.outbox_dir) });
    return meteredMailer(mailer, this.gateway);
  }

  async validate(input: ValidateKeyInput): Promise<KeyCheck> {
    const urls = this.config.providerUrls;
    const key = input.key_value;
    switch (input.key_type) {
      case 'serpapi':
        return (await import('./search/serpapi.ts')).validateSerpApiKey(urls.serpapi, key);
      case 'gemini': {
        const model = (await this.settings.value('gemini_model')) ?? this.config.defaults.ai.default_gemini_model;
        const { validateGeminiKey } = await import('./ai/gemini.ts');
        return validateGeminiKey(urls.gemini, key, model);
      }
      case 'google_custom_search_api_key':
        if (!input.engine_id) return { valid: false, message: 'Please enter a Google Custom Search Engine ID' };
        return (await import('./search/google-cse.ts')).validateGoogleCse(urls.googleCse, key, input.engine_id);
      case 'google_custom_search_engine_id':
        if (!input.api_key) return { valid: false, message: 'Please enter a Google Custom Search API key' };
        return (await import('./search/google-cse.ts')).validateGoogleCse(urls.googleCse, input.api_key, key);
      case 'brevo':
        return (await mailAdapters()).validateBrevoKey(urls.brevo, key);
      case 'resend':
        return (await mailAdapters()).validateResendKey(urls.resend, key);
      case 'google_ads_api':
        return checkGoogleAdsFormat(key, input.google_ads_data);
    }
  }

  checkKey(provider: 'brevo' | 'resend', key: string): Promise<KeyCheck> {
    return this.validate({ key_type: provider, key_value: key });
  }

  async checkSmtp(url: string): Promise<KeyCheck> {
    return (await mailAdapters()).verifySmtp(url);
  }
}

/**
 * Google Ads access can only be proven through its OAuth2 flow; before that we can
 * check that the identifiers have the documented shapes.
 */
function checkGoogleAdsFormat(clientId: string, data: ValidateKeyInput['google_ads_data']): KeyCheck {
  if (!/\.apps\.googleusercontent\.com$/.test(clientId)) {
    return { valid: false, message: 'Invalid Google Ads client ID: it ends with .apps.googleusercontent.com' };
  }
  if (data?.developer_token !== undefined && !/^[A-Za-z0-9_-]{22}$/.test(data.developer_token)) {
    return { valid: false, message: 'Invalid Google Ads developer token: it is 22 letters, digits, - or _' };
  }
  if (data?.customer_id !== undefined && !/^\d{3}-?\d{3}-?\d{4}$/.test(data.customer_id)) {
    return { valid: false, message: 'Invalid Google Ads customer ID: it is 10 digits, like 123-456-7890' };
  }
  return { valid: true, message: 'Google Ads details have the right format; access is confirmed when you authorize with Google' };
}

/** The mail adapters, loaded with nodemailer on first use. */
async function mailAdapters() {
  const [brevo, outbox, resend, smtp] = await Promise.all([import('./mail/brevo.ts'), import('./mail/outbox.ts'), import('./mail/resend.ts'), import('./mail/smtp.ts')]);
  return { ...brevo, ...outbox, ...resend, ...smtp };
}
