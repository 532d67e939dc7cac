// 'Choose Campaign Mode': mode (reset to test each time it opens, since it mounts fresh),
// max emails 1-500 (50 when not a number) and max websites 10-200 (100 when not a number).
// No min/max attributes: the browser would block the form instead of applying the bounds.
import { useState, type FormEvent } from 'react';
import defaults from '../../../../config/default.json';
import type { CampaignSuggestion } from '../../api/suggestions.ts';
import { ModeChoice, type Mode } from '../campaigns/ModeChoice.tsx';
import { NumberField } from '../FormFields.tsx';
import { Modal, ModalActions } from '../Modal.tsx';
import '../campaigns/campaigns.css'; // the mode radio's layout

const LIMITS = defaults.campaigns.suggestion_start;

/** Not a number → the default; otherwise kept within the bounds. */
export function clampOr(raw: string, { min, max, default: fallback }: { min: number; max: number; default: number }): number {
  const value = Math.round(Number(raw));
  if (raw.trim() === '' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

interface StartModalProps {
  suggestion: CampaignSuggestion;
  onClose: () => void;
  onStart: (input: { mode: Mode; max_emails: number; max_results: number }) => Promise<boolean>;
}

export function StartSuggestionModal({ suggestion, onClose, onStart }: StartModalProps) {
  const [mode, setMode] = useState<Mode>('test');
  const [maxEmails, setMaxEmails] = useState(String(LIMITS.max_emails.default));
  const [maxResults, setMaxResults] = useState(String(LIMITS.max_results.default));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const ok = await onStart({ mode, max_emails: clampOr(maxEmails, LIMITS.max_emails), max_results: clampOr(maxResults, LIMITS.max_results) });
    if (!ok) setBusy(false);
  }

  return (
    <Modal title="Choose Campaign Mode" onClose={onClose} onSubmit={submit} busy={busy} footer={<ModalActions submitLabel="Create Campaign" busy={busy} onCancel={onClose} />}>
      <p className="mb-4">
        Start <strong>{suggestion.name}</strong> (<code>{suggestion.query}</code>). The campaign is created and starts searching right away.
      </p>
      <ModeChoice value={mode} onChange={setMode} />
      <NumberField label="Max emails" value={maxEmails} onChange={setMaxEmails} step={1} help={`${LIMITS.max_emails.min}–${LIMITS.max_emails.max} (kept within these bounds), default ${LIMITS.max_emails.default}`} />
      <NumberField label="Max websites" value={maxResults} onChange={setMaxResults} step={1} help={`${LIMITS.max_results.min}–${LIMITS.max_results.max} (kept within these bounds), default ${LIMITS.max_results.default}`} />
    </Modal>
  );
}
