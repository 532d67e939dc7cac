// A sending mailbox's form: adding one (the provider chosen first, its fields by provider; the
// connection is checked before anything is saved) or changing one (label, sender, a new
// credential, cap, spacing, ramp). Turning the ramp off shows what skipping it risks.
import { useState, type FormEvent } from 'react';
import defaults from '../../../../config/default.json';
import { rampWarning } from '../../../../src/core/mailboxes/ramp.ts';
import { errorText } from '../../api/client.ts';
import { createMailbox, updateMailbox, type Mailbox, type MailboxInput, type MailboxUpdate } from '../../api/mailboxes.ts';
import { NumberField, SelectField, TextField } from '../FormFields.tsx';
import { useToast } from '../Toasts.tsx';
import { KeyForm } from './CredentialCard.tsx';
import { ServerLoginFields } from './ServerLoginFields.tsx';

type Provider = MailboxInput['provider'];
const RULES = defaults.email.mailboxes;
const PROVIDERS: ReadonlyArray<{ value: Provider; label: string }> = [
  { value: 'smtp', label: 'SMTP server' },
  { value: 'brevo', label: 'Brevo' },
  { value: 'resend', label: 'Resend' },
  { value: 'outbox', label: 'Outbox (writes .eml files, delivers nothing)' },
];

interface MailboxFormProps {
  /** The mailbox changed; none: a new one. */
  mailbox?: Mailbox;
  onSaved: (m: Mailbox) => void;
  onCancel: () => void;
}

export function MailboxForm({ mailbox, onSaved, onCancel }: MailboxFormProps) {
  const toast = useToast();
  const editing = Boolean(mailbox);
  const primary = mailbox?.primary ?? false;
  const [provider, setProvider] = useState<Provider>(mailbox?.provider ?? 'smtp');
  const [label, setLabel] = useState(mailbox?.label ?? '');
  const [fromEmail, setFromEmail] = useState(mailbox?.from_email ?? '');
  const [fromName, setFromName] = useState(mailbox?.from_name ?? '');
  const [host, setHost] = useState(mailbox?.smtp?.host ?? '');
  const [port, setPort] = useState(String(mailbox?.smtp?.port ?? 587));
  const [user, setUser] = useState(mailbox?.smtp?.user ?? '');
  const [password, setPassword] = useState('');
  const [secure, setSecure] = useState(mailbox?.smtp?.secure ?? false);
  const [apiKey, setApiKey] = useState('');
  const [cap, setCap] = useState(mailbox ? (mailbox.daily_cap === null ? '' : String(mailbox.daily_cap)) : String(RULES.daily_cap));
  const [spacing, setSpacing] = useState(String(mailbox?.min_spacing_seconds ?? RULES.min_spacing_seconds));
  const [ramp, setRamp] = useState(mailbox?.ramp ?? true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const capNumber = cap.trim() === '' ? null : Number(cap);
  const sendsMail = provider !== 'outbox';
  // SMTP: a new password, or a changed server or user, is a new connection (checked before it is saved).
  const smtpChanged = !mailbox?.smtp || host.trim() !== mailbox.smtp.host || Number(port) !== mailbox.smtp.port || user.trim() !== mailbox.smtp.user || secure !== mailbox.smtp.secure;
  const newCredential = provider === 'smtp' ? Boolean(password) || (Boolean(host.trim()) && smtpChanged) : Boolean(apiKey.trim());

  function body(): MailboxInput | MailboxUpdate {
    const limits = { daily_cap: capNumber, min_spacing_seconds: Number(spacing), ramp };
    const sender = primary ? {} : { from_email: fromEmail.trim() || undefined, from_name: fromName.trim() || undefined };
    const credential =
      !newCredential || primary
        ? {}
        : provider === 'smtp'
          ? { smtp_host: host.trim(), smtp_port: Number(port), smtp_user: user.trim() || undefined, smtp_password: password || undefined, smtp_secure: secure }
          : { api_key: apiKey.trim() };
    if (editing) return { label: label.trim(), ...sender, ...credential, ...limits };
    return { provider, label: label.trim(), ...sender, ...credential, ...limits, daily_cap: capNumber ?? undefined };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!label.trim()) return setError('Please name the mailbox');
    if (!editing && provider === 'smtp' && !host.trim()) return setError('Please enter the SMTP host');
    if (!editing && (provider === 'brevo' || provider === 'resend') && !apiKey.trim()) return setError('Please enter the API key');
    setBusy(true);
    try {
      const saved = mailbox ? await updateMailbox(mailbox.id, body() as MailboxUpdate) : await createMailbox(body() as MailboxInput);
      toast.success(mailbox ? `Mailbox "${saved.label}" saved` : `Mailbox "${saved.label}" added${saved.test ? `: ${saved.test.result}` : ''}`);
      onSaved(saved);
    } catch (err) {
      setError(errorText(err, mailbox ? 'Failed to save the mailbox' : 'Failed to add the mailbox'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <KeyForm onSubmit={submit} error={error} busy={busy} onCancel={onCancel} submitLabel={editing ? (newCredential ? 'Check & Save' : 'Save') : sendsMail ? 'Check & Add' : 'Add'}>
      <div className="columns is-multiline is-variable is-2 mb-0">
        {editing ? null : (
          <div className="column is-6-tablet pb-0">
            <SelectField label="Provider" value={provider} onChange={setProvider} options={PROVIDERS} />
          </div>
        )}
        <div className="column is-6-tablet pb-0">
          <TextField label="Label" value={label} onChange={setLabel} placeholder="Sam at pixel-two" maxLength={100} />
        </div>
        {primary ? (
          <div className="column is-12 pb-0">
            <p className="is-size-7 has-text-grey mb-3">This is Settings → Email: its provider, sender and signature are changed in the Sender and Email Provider sections above.</p>
          </div>
        ) : (
          <>
            <div className="column is-6-tablet pb-0">
              <TextField label="From address" type="email" value={fromEmail} onChange={setFromEmail} placeholder="sam@agency.example" autoComplete="off" />
            </div>
            <div className="column is-6-tablet pb-0">
              <TextField label="From name" value={fromName} onChange={setFromName} placeholder="Sam Lee" autoComplete="off" />
            </div>
          </>
        )}
        {!primary && provider === 'smtp' ? (
          <>
            <ServerLoginFields
              labels={{ host: 'SMTP host', port: 'SMTP port', user: 'SMTP user', password: 'SMTP password' }}
              value={{ host, port, user, password }}
              set={{ host: setHost, port: setPort, user: setUser, password: setPassword }}
              hostPlaceholder="smtp.agency.example"
              passwordHelp={editing ? 'Leave empty to keep the saved connection; a changed server or user needs it again.' : undefined}
              columnClass="pb-0"
            />
            <div className="column is-12 pb-0">
              <label className="checkbox mb-3">
                <input type="checkbox" checked={secure} onChange={(e) => setSecure(e.target.checked)} /> TLS from the start (usually port 465)
              </label>
            </div>
          </>
        ) : null}
        {!primary && (provider === 'brevo' || provider === 'resend') ? (
          <div className="column is-12 pb-0">
            <TextField
              label={`${provider === 'brevo' ? 'Brevo' : 'Resend'} API key`}
              type="password"
              value={apiKey}
              onChange={setApiKey}
              autoComplete="off"
              help={editing ? 'Leave empty to keep the saved key.' : undefined}
            />
          </div>
        ) : null}
        <div className="column is-4-tablet pb-0">
          <NumberField label="Daily cap" value={cap} onChange={setCap} min={1} max={5000} step={1} help="Emails in any 24 hours once ramped up; empty: no cap of its own (the daily email quota holds)." />
        </div>
        <div className="column is-4-tablet pb-0">
          <NumberField label="Spacing (seconds)" value={spacing} onChange={setSpacing} min={0} max={86400} step={1} help="At least this long between two of its emails." />
        </div>
        <div className="column is-4-tablet pb-0">
          <div className="field">
            <span className="label">Ramp-up</span>
            <label className="checkbox">
              <input type="checkbox" checked={ramp} onChange={(e) => setRamp(e.target.checked)} /> Start slowly
            </label>
            <p className="help">
              {RULES.ramp_start_per_day} emails on day 1, {RULES.ramp_step_per_day} more each day, up to the cap.
              {editing && !mailbox?.ramp && ramp ? ' Turning it on starts the ramp over from day 1.' : ''}
            </p>
          </div>
        </div>
      </div>
      {!ramp && sendsMail ? (
        <div className="notification is-warning is-light is-size-7 py-2 px-3" role="alert" data-testid="ramp-warning">
          {rampWarning({ ramp: false, dailyCap: capNumber })}
        </div>
      ) : null}
    </KeyForm>
  );
}
