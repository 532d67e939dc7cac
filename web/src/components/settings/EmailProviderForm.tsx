// The email provider form: the provider and its credential (checked by the server before
// anything is saved) and open/click tracking. Who the emails come from is the Sender
// section's (SenderSection.tsx): it needs no provider.
import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { saveEmailConfig, type EmailConfig, type EmailConfigInput, type EmailProvider } from '../../api/settings.ts';
import { FormButtons, TextField } from '../FormFields.tsx';
import { ServerLoginFields } from './ServerLoginFields.tsx';
import { Switch } from '../Switch.tsx';
import { useToast } from '../Toasts.tsx';
import { SMTP_DEFAULT_PORT, SMTPS_PORT } from './emailProviders.ts';
import { ProviderChoice } from './ProviderChoice.tsx';

interface EmailProviderFormProps {
  config: EmailConfig;
  onSaved: () => void;
  onCancel?: () => void;
}

interface SmtpState {
  host: string;
  port: string;
  user: string;
  password: string;
  secure: boolean;
}

export function EmailProviderForm({ config, onSaved, onCancel }: EmailProviderFormProps) {
  const toast = useToast();
  const [provider, setProvider] = useState<EmailProvider>(config.provider ?? 'brevo');
  const [apiKey, setApiKey] = useState('');
  const [smtp, setSmtp] = useState<SmtpState>({
    host: config.smtp?.host ?? '',
    port: String(config.smtp?.port ?? SMTP_DEFAULT_PORT),
    user: config.smtp?.user ?? '',
    password: '',
    secure: config.smtp?.secure ?? false,
  });
  const [tracking, setTracking] = useState(config.tracking_enabled);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The saved credential of this provider may be kept: its field can stay empty.
  const keyOnFile = config.provider_key_configured && config.provider === provider;
  const setSmtpField = <K extends keyof SmtpState>(name: K) => (value: SmtpState[K]) => setSmtp((current) => ({ ...current, [name]: value }));

  function setSecure(secure: boolean) {
    setSmtp((current) => {
      const port = secure && current.port === String(SMTP_DEFAULT_PORT) ? String(SMTPS_PORT) : !secure && current.port === String(SMTPS_PORT) ? String(SMTP_DEFAULT_PORT) : current.port;
      return { ...current, secure, port };
    });
  }

  /** The SMTP fields go out when they changed (the server then connects to check them). */
  function smtpChanged(): boolean {
    const saved = config.provider === 'smtp' ? config.smtp : null;
    if (!saved || smtp.password) return true;
    return saved.host !== smtp.host.trim() || String(saved.port) !== smtp.port.trim() || saved.user !== smtp.user.trim() || saved.secure !== smtp.secure;
  }

  /** The request body, or the spec's message for what is missing. */
  function build(): EmailConfigInput | string {
    const body: EmailConfigInput = { provider, tracking_enabled: tracking };
    if (provider === 'brevo' || provider === 'resend') {
      const key = apiKey.trim();
      if (!key && !keyOnFile) return provider === 'brevo' ? 'Please enter your Brevo API key' : 'Please enter your Resend API key';
      if (key) body[provider === 'brevo' ? 'brevo_api_key' : 'resend_api_key'] = key;
    } else if (smtpChanged()) {
      const port = Number(smtp.port);
      if (!smtp.host.trim()) return 'Please enter the SMTP host';
      if (!Number.isInteger(port) || port < 1 || port > 65535) return 'Please enter an SMTP port between 1 and 65535';
      Object.assign(body, { smtp_host: smtp.host.trim(), smtp_port: port, smtp_user: smtp.user.trim(), smtp_password: smtp.password, smtp_secure: smtp.secure });
    }
    return body;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const body = build();
    if (typeof body === 'string') return setError(body);
    const checked = body.brevo_api_key ? 'Brevo API key' : body.resend_api_key ? 'Resend API key' : body.smtp_host ? 'SMTP server' : null;
    setBusy(true);
    try {
      await saveEmailConfig(body);
      toast.success(checked ? `${checked} validated and saved securely` : 'Email settings saved');
      onSaved();
    } catch (err) {
      const fallback = body.brevo_api_key
        ? 'Failed to validate Brevo API key'
        : body.resend_api_key
          ? 'Failed to validate Resend API key'
          : body.smtp_host
            ? 'Failed to connect to the SMTP server'
            : 'Failed to save email settings';
      setError(errorText(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  const keepHelp = keyOnFile ? 'Leave empty to keep the saved key.' : undefined;
  return (
    <form className="email-provider-form" onSubmit={submit} noValidate>
      <ProviderChoice value={provider} onChange={setProvider} />
      {provider === 'brevo' ? (
        <TextField label="Brevo API Key" type="password" value={apiKey} onChange={setApiKey} autoComplete="off" placeholder="xkeysib-…" help={keepHelp} />
      ) : null}
      {provider === 'resend' ? (
        <TextField label="Resend API Key" type="password" value={apiKey} onChange={setApiKey} autoComplete="off" placeholder="re_…" help={keepHelp} />
      ) : null}
      {provider === 'smtp' ? (
        <div className="columns is-multiline mb-0">
          <ServerLoginFields
            labels={{ host: 'SMTP Host', port: 'SMTP Port', user: 'SMTP Username', password: 'SMTP Password' }}
            value={smtp}
            set={{ host: setSmtpField('host'), port: setSmtpField('port'), user: setSmtpField('user'), password: setSmtpField('password') }}
            hostPlaceholder="smtp.example.com"
            passwordHelp={config.provider === 'smtp' && config.smtp ? 'Leave empty to keep the saved password.' : undefined}
          />
          <div className="column is-12 pt-0">
            <Switch
              label="Use TLS"
              checked={smtp.secure}
              onChange={setSecure}
              help={`On: an encrypted connection from the start (usually port ${SMTPS_PORT}). Off: the connection is upgraded with STARTTLS when the server offers it (port ${SMTP_DEFAULT_PORT}).`}
            />
          </div>
        </div>
      ) : null}
      <hr className="my-4" />
      <Switch
        label="Track opens and clicks"
        checked={tracking}
        onChange={setTracking}
        help="Adds a minimal HTML version with an open pixel and tracked links. Scanner and proxy hits are counted apart."
      />
      {error ? (
        <div className="notification is-danger is-light is-size-7 py-2 px-3 mt-3" role="alert">
          {error}
        </div>
      ) : null}
      <FormButtons submitLabel="Save Email Settings" busy={busy} onCancel={onCancel} className="buttons mt-4" />
    </form>
  );
}
