// Restart modal of a finished campaign: new limits, then a restart from its cached search
// results (no search-service usage). Bounds and defaults come from config (spec §5).
import { useState, type FormEvent } from 'react';
import defaults from '../../../../config/default.json';
import type { Campaign } from '../../api/campaigns.ts';
import { NumberField } from '../FormFields.tsx';
import { Modal, ModalActions } from '../Modal.tsx';

const LIMITS = defaults.campaigns.restart;

interface Bound {
  min: number;
  max: number;
}

/** A whole number within the bound, or the message that says what is wrong. */
function check(label: string, raw: string, { min, max }: Bound): number | string {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) return `${label} must be a whole number between ${min} and ${max}`;
  return value;
}

interface RestartModalProps {
  campaign: Campaign;
  onClose: () => void;
  onRestart: (input: { max_emails: number; max_results: number }) => Promise<boolean>;
}

export function RestartModal({ campaign, onClose, onRestart }: RestartModalProps) {
  const [maxEmails, setMaxEmails] = useState(String(LIMITS.max_emails.default));
  const [maxResults, setMaxResults] = useState(String(LIMITS.max_results.default));
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const emails = check('Max emails', maxEmails, LIMITS.max_emails);
    const results = check('Max websites', maxResults, LIMITS.max_results);
    if (typeof emails === 'string' || typeof results === 'string') {
      setErrors([emails, results].filter((v): v is string => typeof v === 'string'));
      return;
    }
    setErrors([]);
    setBusy(true);
    if (await onRestart({ max_emails: emails, max_results: results })) onClose();
    else setBusy(false);
  }

  return (
    <Modal
      title="Restart Campaign"
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      footer={<ModalActions submitLabel="Restart" busy={busy} onCancel={onClose} />}
    >
      <p className="mb-4">
        Restart <strong>{campaign.name}</strong> from its cached search results. No search-service quota is used.
      </p>
      {errors.length ? (
        <div className="notification is-danger is-light" role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <NumberField
        label="Max emails to target"
        value={maxEmails}
        onChange={setMaxEmails}
        help={`${LIMITS.max_emails.min}–${LIMITS.max_emails.max}, default ${LIMITS.max_emails.default}`}
      />
      <NumberField
        label="Max websites to analyse"
        value={maxResults}
        onChange={setMaxResults}
        help={`${LIMITS.max_results.min}–${LIMITS.max_results.max}, default ${LIMITS.max_results.default}`}
      />
    </Modal>
  );
}
