// The shell of every API-key card: unconfigured → the entry form; configured → a green
// card with Update and Delete (none for a credential set by the environment). Update
// reopens the form; Cancel returns to the card.
import { useId, type FormEvent, type ReactNode } from 'react';
import type { KeyStatus } from '../../api/settings.ts';
import { formatDateTime } from '../../format.ts';
import { FormButtons } from '../FormFields.tsx';

interface CredentialCardProps {
  title: string;
  intro: ReactNode;
  status: KeyStatus | undefined;
  editing: boolean;
  onUpdate: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** Extra lines for the configured card (engine ID, model selector, ...). */
  summary?: ReactNode;
  /** The entry form. */
  children: ReactNode;
}

export function CredentialCard({ title, intro, status, editing, onUpdate, onDelete, deleting, summary, children }: CredentialCardProps) {
  const titleId = useId();
  const configured = Boolean(status?.configured);
  const showCard = configured && !editing;
  const fromEnvironment = status?.source === 'environment';
  return (
    <section className={`box credential-card${showCard ? ' is-configured' : ''}`} aria-labelledby={titleId} data-configured={configured}>
      <div className="credential-head">
        <h3 id={titleId} className="title is-6">
          {title}
        </h3>
        {status ? (
          <span className={`tag ${configured ? 'is-success' : 'is-light'}`}>{configured ? 'Configured' : 'Not configured'}</span>
        ) : null}
      </div>
      <div className="credential-intro is-size-7 has-text-grey">{intro}</div>
      {showCard ? (
        <div className="credential-summary">
          <p className="has-text-success-dark has-text-weight-semibold">✓ {title} is configured</p>
          {fromEnvironment ? (
            <p className="is-size-7 has-text-grey">Set by environment variable</p>
          ) : status?.last_updated ? (
            <p className="is-size-7 has-text-grey">Last updated {formatDateTime(status.last_updated)}</p>
          ) : null}
          {summary}
          {fromEnvironment ? null : (
            <div className="buttons mt-3">
              <button type="button" className="button is-small" onClick={onUpdate} disabled={deleting}>
                Update
              </button>
              <button type="button" className={`button is-small is-danger is-outlined${deleting ? ' is-loading' : ''}`} onClick={onDelete} disabled={deleting}>
                Delete
              </button>
            </div>
          )}
        </div>
      ) : status ? (
        children
      ) : (
        <p className="has-text-grey is-size-7">Loading...</p>
      )}
    </section>
  );
}

interface KeyFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  error: string | null;
  busy: boolean;
  /** Shown when the credential is configured (Update): returns to the card. */
  onCancel?: () => void;
  submitLabel?: string;
  children: ReactNode;
}

/** The entry form of a credential card; the spec's messages show in its alert. */
export function KeyForm({ onSubmit, error, busy, onCancel, submitLabel = 'Validate & Save', children }: KeyFormProps) {
  return (
    <form className="credential-form" onSubmit={onSubmit} noValidate>
      {children}
      {error ? (
        <div className="notification is-danger is-light is-size-7 py-2 px-3" role="alert">
          {error}
        </div>
      ) : null}
      <FormButtons submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
    </form>
  );
}
