// What the dashboard's forms call each field, and the most some of them take. An API error
// names a field in these words ("Max Emails must be between 1 and 10,000", not "max_emails
// must be ..."), and the forms label their inputs (and set maxlength) from the same place, so
// the message, the label and the limit cannot drift apart. The CLI keeps the field names:
// they are what its users type. No zod here: the dashboard imports this module.

/** System configuration (Settings → System Configuration). */
export const SYSTEM_LABELS = {
  email_send_rate_limit: 'Email send rate limit',
  email_send_delay: 'Delay between emails',
  target_emails_per_day: 'Target emails per day',
  serpapi_rate_limit: 'Search rate limit',
  gemini_rate_limit: 'Gemini rate limit',
  scraping_rate_limit: 'Scraping rate limit',
  scraping_delay: 'Scraping delay',
  max_retries: 'Max retries',
  retry_initial_delay: 'Initial retry delay',
  retry_max_delay: 'Max retry delay',
  retry_exponential_base: 'Retry exponential base',
  circuit_breaker_failure_threshold: 'Failure threshold',
  circuit_breaker_recovery_timeout: 'Recovery timeout',
  dlq_enabled: 'Dead-letter queue',
  dlq_max_retries: 'Dead-letter max retries',
  enable_rate_limiting: 'Rate limiting',
  enable_circuit_breaker: 'Circuit breaker',
  audit_every_lead: 'Site audit of every lead (not only those with a contact email)',
  audit_runs: 'Audit runs per site',
  recheck_after_days: 'Oldest audit a follow-up relies on',
  report_expiry_days: 'Report links stay valid for',
  serpapi_monthly_budget: 'SerpApi monthly budget',
} as const;

/** The Sender form and the Email Provider form (Settings). */
export const SENDER_LABELS = {
  from_name: 'From Name',
  from_email: 'From Email',
  email_signature: 'Email Signature',
  postal_address: 'Postal Address',
  brevo_api_key: 'Brevo API Key',
  resend_api_key: 'Resend API Key',
  smtp_host: 'SMTP Host',
  smtp_port: 'SMTP Port',
  smtp_user: 'SMTP Username',
  smtp_password: 'SMTP Password',
} as const;

/** The longest sender fields taken (model/settings.ts's EmailConfigInput says the same). */
export const SENDER_LIMITS = { from_name: 100, email_signature: 2000, postal_address: 300 } as const;

/** The draft editor (Drafts → Edit). */
export const DRAFT_LABELS = { recipient_email: 'To', subject: 'Subject', body: 'Message' } as const;
export const DRAFT_LIMITS = { subject: 200, body: 10_000 } as const;

/** The campaign form (Campaigns → Create Campaign). */
export const CAMPAIGN_LABELS = {
  name: 'Campaign Name',
  search_query: 'Search Query',
  industry: 'Industry',
  location: 'Location',
  max_results: 'Max Results',
  max_emails: 'Max Emails',
} as const;

/** The user forms (Users, profile, password). */
export const USER_LABELS = {
  username: 'Username',
  email: 'Email',
  password: 'Password',
  full_name: 'Full Name',
  current_password: 'Current Password',
  new_password: 'New Password',
} as const;

/** Every form's field, by the name the API takes it under. */
export const FIELD_LABELS: Readonly<Record<string, string>> = { ...SYSTEM_LABELS, ...SENDER_LABELS, ...DRAFT_LABELS, ...CAMPAIGN_LABELS, ...USER_LABELS };
