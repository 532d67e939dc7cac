// A labelled text input that shows its own validation message (Bulma is-danger), without the
// browser's native `required` bubble, so the spec's messages are what the user sees.
import { Field } from '../FormFields.tsx';

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
  return (
    <Field label={label} required={required} help={help} error={error}>
      {(id) => (
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
      )}
    </Field>
  );
}
