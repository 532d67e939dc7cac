// Labelled Bulma form fields; the label is tied to its input so tests and screen readers find it.
import { useId, type ReactNode } from 'react';

/**
 * The shell every field shares: a label tied to the control (by id and aria-labelledby),
 * the control itself, and either an error or a help line under it.
 */
export function Field({ label, required, help, error, children }: { label: string; required?: boolean; help?: ReactNode; error?: string | null; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        <span id={`${id}-label`}>{label}</span>
        {required ? <span className="has-text-danger" aria-hidden="true"> *</span> : null}
      </label>
      <div className="control">{children(id)}</div>
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

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  help?: ReactNode;
  disabled?: boolean;
  /** The longest value the server takes (maxlength). */
  maxLength?: number;
  /** The reason the value is refused, shown under the input in place of the help line. */
  error?: string | null;
}

interface TextFieldProps extends FieldProps {
  type?: 'text' | 'email' | 'password';
  placeholder?: string;
}

export function TextField({ label, value, onChange, type = 'text', required, autoFocus, autoComplete, help, disabled, placeholder, maxLength, error }: TextFieldProps) {
  return (
    <Field label={label} required={required} help={help} error={error}>
      {(id) => (
        <input
          id={id}
          aria-labelledby={`${id}-label`}
          className={error ? 'input is-danger' : 'input'}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required={required}
          autoFocus={autoFocus}
          autoComplete={autoComplete}
          disabled={disabled}
          placeholder={placeholder}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
        />
      )}
    </Field>
  );
}

export function PasswordField(props: FieldProps) {
  return <TextField {...props} type="password" />;
}

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<{ value: T; label: string }>;
  required?: boolean;
}

export function SelectField<T extends string>({ label, value, onChange, options, required }: SelectFieldProps<T>) {
  return (
    <Field label={label} required={required}>
      {(id) => (
        <div className="select is-fullwidth">
          <select id={id} aria-labelledby={`${id}-label`} value={value} required={required} onChange={(event) => onChange(event.target.value as T)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
}

interface NumberFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max?: number;
  step?: number;
  help?: ReactNode;
  disabled?: boolean;
}

/** A number input kept as text, so the form can show exactly what was typed (and the server judge it). */
export function NumberField({ label, value, onChange, min, max, step, help, disabled }: NumberFieldProps) {
  return (
    <Field label={label} help={help}>
      {(id) => (
        <input
          id={id}
          aria-labelledby={`${id}-label`}
          className="input"
          type="number"
          inputMode="decimal"
          value={value}
          min={min}
          max={max}
          step={step ?? 'any'}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  help?: ReactNode;
  disabled?: boolean;
  /** The longest value the server takes (maxlength). */
  maxLength?: number;
  /** The reason the value is refused, shown under the input in place of the help line. */
  error?: string | null;
  className?: string;
}

export function TextAreaField({ label, value, onChange, rows = 3, help, disabled, maxLength, error, className = 'textarea' }: TextAreaFieldProps) {
  return (
    <Field label={label} help={help} error={error}>
      {(id) => (
        <textarea
          id={id}
          aria-labelledby={`${id}-label`}
          className={error ? `${className} is-danger` : className}
          rows={rows}
          value={value}
          disabled={disabled}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A form's submit button (spinning while busy) and, optionally, a second one (Cancel, Reset). */
export function FormButtons({ submitLabel, busy, onCancel, cancelLabel = 'Cancel', className = 'buttons' }: { submitLabel: string; busy: boolean; onCancel?: () => void; cancelLabel?: string; className?: string }) {
  return (
    <div className={className}>
      <button type="submit" className={`button is-primary${busy ? ' is-loading' : ''}`} disabled={busy}>
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
      ) : null}
    </div>
  );
}
