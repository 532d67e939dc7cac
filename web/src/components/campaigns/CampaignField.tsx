// A labelled text input that shows its own validation message (Bulma is-danger), without the
// browser's native `required` bubble, so the spec's messages are what the user sees.
import { useId } from 'react';

interface CampaignFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
  placeholder?: string;
  help?: string;
  autoFocus?: boolean;
  type?: 'text' | 'number';
}

export function CampaignField({ label, value, onChange, error, required, placeholder, help, autoFocus, type = 'text' }: CampaignFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        <span id={`${id}-label`}>{label}</span>
        {required ? <span className="has-text-danger" aria-hidden="true"> *</span> : null}
      </label>
      <div className="control">
        <input
          id={id}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`input${error ? ' is-danger' : ''}`}
          type={type}
          inputMode={type === 'number' ? 'numeric' : undefined}
          step={type === 'number' ? 'any' : undefined}
          value={value}
          placeholder={placeholder}
          autoFocus={autoFocus}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {error ? (
        <p className="help is-danger" id={`${id}-error`}>
          {error}
        </p>
      ) : help ? (
        <p className="help">{help}</p>
      ) : null}
    </div>
  );
}
