// The three email providers, as config/default.json describes them.
import defaults from '../../../../config/default.json';
import type { EmailProvider } from '../../api/settings.ts';

const P = defaults.email.providers;

export interface ProviderInfo {
  id: EmailProvider;
  label: string;
  blurb: string;
  recommended: boolean;
}

export const EMAIL_PROVIDERS: ProviderInfo[] = [
  { id: 'brevo', label: P.brevo.label, blurb: `${P.brevo.free_per_day} free emails a day`, recommended: P.brevo.recommended },
  { id: 'resend', label: P.resend.label, blurb: `${P.resend.free_per_day} emails a day`, recommended: false },
  { id: 'smtp', label: P.smtp.label, blurb: `Any mail server (port ${P.smtp.default_port})`, recommended: false },
];

export const SMTP_DEFAULT_PORT = P.smtp.default_port;
export const SMTPS_PORT = 465;
export const RECOMMENDED = EMAIL_PROVIDERS.find((p) => p.recommended) ?? EMAIL_PROVIDERS[0];

export const providerLabel = (id: EmailProvider | null) => EMAIL_PROVIDERS.find((p) => p.id === id)?.label ?? 'None';

/** The signature as it will be sent: the placeholder replaced with the from name. */
export const SENDER_NAME_PLACEHOLDER = '{sender_name}';
export const renderSignature = (signature: string, fromName: string) => signature.split(SENDER_NAME_PLACEHOLDER).join(fromName);
