// Campaign mode radio: test (drafts wait for review, the default) or live (sends automatically).
import { useId } from 'react';

export type Mode = 'test' | 'live';

const MODES: ReadonlyArray<{ value: Mode; label: string; help: string }> = [
  { value: 'test', label: 'Test mode', help: 'Drafts are kept for review before sending' },
  { value: 'live', label: 'Live mode', help: 'Emails are sent automatically' },
];

export function ModeChoice({ value, onChange }: { value: Mode; onChange: (mode: Mode) => void }) {
  const name = useId();
  return (
    <fieldset className="field">
      <legend className="label">Mode</legend>
      <div className="control mode-choice">
        {MODES.map((mode) => (
          <label key={mode.value} className="radio mode-option">
            <input type="radio" name={name} value={mode.value} checked={value === mode.value} onChange={() => onChange(mode.value)} />
            <strong>{mode.label}</strong>
            <span className="is-size-7 has-text-grey mode-help">{mode.help}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
