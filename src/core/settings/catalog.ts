// Every setting the product stores: whether it is a secret (always encrypted, never
// returned), which environment variable overrides it, and its category.
export type SettingCategory = 'api_keys' | 'ai_settings' | 'email' | 'system' | 'quotas';

export interface SettingSpec {
  secret: boolean;
  category: SettingCategory;
  env?: string;
  description: string;
}

const secret = (category: SettingCategory, env: string | undefined, description: string): SettingSpec => ({ secret: true, category, env, description });
const plain = (category: SettingCategory, env: string | undefined, description: string): SettingSpec => ({ secret: false, category, env, description });

export const SETTINGS = {
  serpapi_api_key: secret('api_keys', 'OUTREACH_SERPAPI_KEY', 'SerpApi key (Google search results)'),
  gemini_api_key: secret('api_keys', 'OUTREACH_GEMINI_API_KEY', 'Gemini API key'),
  gemini_model: plain('ai_settings', 'OUTREACH_GEMINI_MODEL', 'Gemini model used for analysis and writing'),
  google_custom_search_api_key: secret('api_keys', 'OUTREACH_GOOGLE_CSE_KEY', 'Google Custom Search JSON API key'),
  google_custom_search_engine_id: plain('api_keys', 'OUTREACH_GOOGLE_CSE_ENGINE_ID', 'Google Programmable Search Engine ID (cx)'),
  google_ads_client_id: plain('api_keys', undefined, 'Google Ads OAuth2 client ID'),
  google_ads_client_secret: secret('api_keys', undefined, 'Google Ads OAuth2 client secret'),
  google_ads_developer_token: secret('api_keys', undefined, 'Google Ads developer token'),
  google_ads_customer_id: plain('api_keys', undefined, 'Google Ads customer ID'),
  google_ads_refresh_token: secret('api_keys', undefined, 'Google Ads OAuth2 refresh token'),
  brevo_api_key: secret('email', 'OUTREACH_BREVO_API_KEY', 'Brevo API key'),
  resend_api_key: secret('email', 'OUTREACH_RESEND_API_KEY', 'Resend API key'),
  smtp_url: secret('email', 'OUTREACH_SMTP_URL', 'SMTP server as smtp://user:pass@host:port (smtps:// for TLS)'),
  email_provider: plain('email', undefined, 'Email provider: brevo, resend or smtp'),
  email_from_email: plain('email', undefined, 'From address'),
  email_from_name: plain('email', undefined, 'From name'),
  email_signature: plain('email', undefined, 'Signature appended to every email'),
  email_postal_address: plain('email', 'OUTREACH_POSTAL_ADDRESS', "Sender's postal address, shown in every email's footer"),
  email_tracking_enabled: plain('email', undefined, 'Whether opens and clicks are tracked (true) or not (false)'),
  email_dkim_selector: plain('email', undefined, 'SMTP: the DKIM selector the server signs with, checked at <selector>._domainkey.<domain>'),
  email_spf_include: plain('email', undefined, 'SMTP: the SPF include the mail host documents, accepted as authorising the server'),
  sending_domain_checks: plain('email', undefined, "The sending domain's last DNS and blocklist checks (JSON, kept automatically)"),
  sending_domain_decisions: plain('email', undefined, "Operators' decisions per sending domain: the SPF/DKIM rule overridden, blocklist listings acknowledged (JSON, who and when)"),
  brevo_webhook_token: secret('email', 'OUTREACH_BREVO_WEBHOOK_TOKEN', 'Bearer token Brevo sends with its webhooks (delivery, bounce, complaint)'),
  resend_webhook_secret: secret('email', 'OUTREACH_RESEND_WEBHOOK_SECRET', "Resend webhook signing secret (whsec_…): Resend's bounce and complaint webhooks at /hooks/resend are verified with it"),
  imap_host: plain('email', 'OUTREACH_IMAP_HOST', 'IMAP server polled for replies'),
  imap_port: plain('email', 'OUTREACH_IMAP_PORT', 'IMAP port (993 = TLS)'),
  imap_user: plain('email', 'OUTREACH_IMAP_USER', 'IMAP user name'),
  imap_password: secret('email', 'OUTREACH_IMAP_PASSWORD', 'IMAP password'),
  imap_cursor: plain('email', undefined, 'Where reply polling left off in the IMAP mailbox (JSON, kept automatically)'),
  email_sending_enabled: plain('email', undefined, 'Whether approved emails are sent (true) or only queued (false)'),
  system_config: plain('system', undefined, 'Rate limits, retries, circuit breaker and dead-letter settings (JSON)'),
  optimal_sending_times: plain('system', undefined, 'Weekly sending windows (JSON)'),
  quota_emails_per_day: plain('quotas', 'OUTREACH_QUOTA_EMAILS_PER_DAY', 'Emails per rolling 24 hours'),
  quota_search_calls_per_month: plain('quotas', 'OUTREACH_QUOTA_SEARCH_CALLS_PER_MONTH', 'Search calls per calendar month'),
  quota_ai_tokens_per_day: plain('quotas', 'OUTREACH_QUOTA_AI_TOKENS_PER_DAY', 'AI tokens per day (UTC)'),
} as const satisfies Record<string, SettingSpec>;

export type SettingKey = keyof typeof SETTINGS;

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key);
