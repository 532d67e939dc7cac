// Email Provider: unconfigured → the form; configured → a summary with Update, 'Delete
// Configuration' and 'Send Test Email'. The sender's identity is the Sender section's.
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { clearEmailConfig, type EmailConfig } from '../../api/settings.ts';
import { useToast } from '../Toasts.tsx';
import { providerLabel } from './emailProviders.ts';
import { EmailProviderForm } from './EmailProviderForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { TestEmailForm } from './TestEmailForm.tsx';

interface EmailProviderSectionProps {
  config: EmailConfig | undefined;
  error: unknown;
  onChange: () => void;
}

export function EmailProviderSection({ config, error, onChange }: EmailProviderSectionProps) {
  const [editing, setEditing] = useState(false);
  const saved = () => {
    setEditing(false);
    onChange();
  };
  return (
    <SettingsSection title="Email Provider" description="The service that delivers your outreach emails.">
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load the email configuration')}
        </div>
      ) : null}
      {!config && !error ? <p className="has-text-grey">Loading email configuration...</p> : null}
      {config ? (
        <div className={`box email-provider${config.configured && !editing ? ' is-configured' : ''}`} data-configured={config.configured}>
          {config.configured && !editing ? (
            <EmailProviderSummary config={config} onUpdate={() => setEditing(true)} onCleared={onChange} />
          ) : (
            <>
              {!config.configured ? (
                <p className="mb-4">
                  <span className="tag is-light">Not configured</span>{' '}
                  <span className="is-size-7 has-text-grey">Until a provider is set, emails are written to the local outbox and not delivered.</span>
                </p>
              ) : null}
              <EmailProviderForm config={config} onSaved={saved} onCancel={config.configured ? () => setEditing(false) : undefined} />
            </>
          )}
        </div>
      ) : null}
    </SettingsSection>
  );
}

function EmailProviderSummary({ config, onUpdate, onCleared }: { config: EmailConfig; onUpdate: () => void; onCleared: () => void }) {
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const fromEnvironment = config.source === 'environment';

  async function remove() {
    if (!window.confirm('Delete the email configuration?')) return;
    setDeleting(true);
    try {
      await clearEmailConfig();
      toast.success('Email configuration cleared');
      onCleared();
    } catch (err) {
      toast.error(errorText(err, 'Failed to delete email configuration'));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <>
      <div className="credential-head">
        <p className="has-text-success-dark has-text-weight-semibold">✓ Email provider is configured</p>
        <span className="tag is-success">Configured</span>
      </div>
      <dl className="settings-facts">
        <dt>Provider</dt>
        <dd data-testid="email-provider">{providerLabel(config.provider)}</dd>
        {config.smtp ? (
          <>
            <dt>SMTP server</dt>
            <dd>
              {config.smtp.host}:{config.smtp.port} · TLS {config.smtp.secure ? 'on' : 'off'}
              {config.smtp.user ? ` · user ${config.smtp.user}` : ''}
            </dd>
          </>
        ) : null}
        <dt>Tracking</dt>
        <dd>{config.tracking_enabled ? 'Opens and clicks tracked' : 'Off'}</dd>
      </dl>
      {config.sender_ready ? null : (
        <p className="notification is-warning is-light is-size-7 py-2 px-3 mt-2 mb-0">Nothing is sent until the Sender above is complete (missing: {config.sender_missing.join(', ')}).</p>
      )}
      {fromEnvironment ? <p className="is-size-7 has-text-grey mt-2">Set by environment variable</p> : null}
      <div className="buttons mt-3">
        <button type="button" className="button is-small" onClick={onUpdate} disabled={deleting}>
          Update
        </button>
        {/* Clearing cannot remove what the environment sets. */}
        {fromEnvironment ? null : (
          <button type="button" className={`button is-small is-danger is-outlined${deleting ? ' is-loading' : ''}`} onClick={() => void remove()} disabled={deleting}>
            Delete Configuration
          </button>
        )}
      </div>
      <hr className="my-4" />
      <TestEmailForm defaultTo={config.from_email ?? ''} />
    </>
  );
}
