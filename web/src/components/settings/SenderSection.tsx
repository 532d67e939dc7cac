// Sender: who the emails come from — name, address, signature and postal address. Saved
// without any provider or key (the outbox uses them too); real providers refuse to send
// until the name, the address and the postal address are all set.
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import defaults from '../../../../config/default.json';
import { errorText } from '../../api/client.ts';
import { SENDER_IDENTITY_KEY, saveEmailConfig, type EmailConfig, type EmailConfigInput } from '../../api/settings.ts';
import { POSTAL_ADDRESS_MIN, SENDER_MAX, senderInputProblem } from '../../../../src/core/settings/sender.ts';
import { SENDER_LABELS as L } from '../../../../src/core/model/labels.ts';
import { FormButtons, TextAreaField, TextField } from '../FormFields.tsx';
import { useToast } from '../Toasts.tsx';
import { SENDER_NAME_PLACEHOLDER } from './emailProviders.ts';
import { SettingsSection } from './SettingsSection.tsx';
import { SignatureField } from './SignatureField.tsx';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface SenderSectionProps {
  config: EmailConfig | undefined;
  onChange: () => void;
}

export function SenderSection({ config, onChange }: SenderSectionProps) {
  return (
    <SettingsSection title="Sender" anchor="sender" description="Who your emails come from. No provider is needed to set this; nothing is sent until it is complete.">
      {config ? <SenderForm config={config} onSaved={onChange} /> : <p className="has-text-grey">Loading sender...</p>}
    </SettingsSection>
  );
}

function SenderForm({ config, onSaved }: { config: EmailConfig; onSaved: () => void }) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [fromName, setFromName] = useState(config.from_name ?? '');
  const [fromEmail, setFromEmail] = useState(config.from_email ?? '');
  const [signature, setSignature] = useState(config.email_signature || defaults.email.default_signature);
  const [postalAddress, setPostalAddress] = useState(config.postal_address ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Only what is typed, or was saved (so that blanking a saved field is refused, not done). */
  function build(): EmailConfigInput | string {
    const email = fromEmail.trim();
    if (email && !EMAIL_PATTERN.test(email)) return 'Please enter a valid from email address';
    const keep = (value: string, saved: string | null) => (value.trim() || saved ? value.trim() : undefined);
    const input: EmailConfigInput = {
      from_name: keep(fromName, config.from_name),
      from_email: keep(fromEmail, config.from_email),
      email_signature: signature,
      postal_address: keep(postalAddress, config.postal_address),
    };
    // The signature alone (the default one, untouched) is not a sender: say what is missing.
    const typed = input.from_name ?? input.from_email ?? input.postal_address;
    return senderInputProblem(typed === undefined ? { ...input, email_signature: '' } : input) ?? input;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const body = build();
    if (typeof body === 'string') return setError(body);
    setBusy(true);
    try {
      const saved = await saveEmailConfig(body);
      toast.success(saved.sender_ready ? 'Sender saved' : `Sender saved; still missing: ${saved.sender_missing.join(', ')}`);
      void mutate(SENDER_IDENTITY_KEY);
      onSaved();
    } catch (err) {
      setError(errorText(err, 'Failed to save the sender'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="box sender-identity" data-ready={config.sender_ready}>
      <div className="credential-head">
        {config.sender_ready ? (
          <p className="has-text-success-dark has-text-weight-semibold">✓ Sender is complete</p>
        ) : (
          <p className="has-text-warning-dark has-text-weight-semibold" data-testid="sender-missing">
            Missing: {config.sender_missing.join(', ')}
          </p>
        )}
        <span className={`tag ${config.sender_ready ? 'is-success' : 'is-warning'}`}>{config.sender_ready ? 'Complete' : 'Incomplete'}</span>
      </div>
      <form onSubmit={submit} noValidate>
        <div className="columns is-multiline mb-0">
          <div className="column is-6-tablet">
            <TextField label={L.from_name} value={fromName} onChange={setFromName} autoComplete="name" placeholder="Ann Smith, Pixel Agency" maxLength={SENDER_MAX.from_name} />
          </div>
          <div className="column is-6-tablet">
            <TextField label={L.from_email} type="email" value={fromEmail} onChange={setFromEmail} autoComplete="email" placeholder="you@agency.example" />
          </div>
        </div>
        <SignatureField value={signature} onChange={setSignature} fromName={fromName.trim() || SENDER_NAME_PLACEHOLDER} maxLength={SENDER_MAX.email_signature} />
        <TextAreaField
          label={L.postal_address}
          value={postalAddress}
          onChange={setPostalAddress}
          rows={2}
          maxLength={SENDER_MAX.postal_address}
          help={`Printed in every email's footer, with the unsubscribe link (required for commercial email in the US and EU). Street, town and postcode: at least ${POSTAL_ADDRESS_MIN} characters.`}
        />
        {error ? (
          <div className="notification is-danger is-light is-size-7 py-2 px-3 mt-3" role="alert">
            {error}
          </div>
        ) : null}
        <FormButtons submitLabel="Save Sender" busy={busy} className="buttons mt-4" />
      </form>
    </div>
  );
}
