// A read-only value with a Copy button (the webhook URL, a token shown once).
import { useRef } from 'react';
import { Field } from '../FormFields.tsx';
import { useToast } from '../Toasts.tsx';

interface CopyFieldProps {
  label: string;
  value: string;
  /** What the toast calls the copied value, e.g. 'Webhook URL'. */
  what: string;
  help?: string;
  /** For tokens: tells l from I and 0 from O. */
  monospace?: boolean;
}

export function CopyField({ label, value, what, help, monospace }: CopyFieldProps) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard API (plain http on another host): copy the selection instead.
      input.current?.select();
      if (!document.execCommand('copy')) return toast.error(`Could not copy: select the ${what.toLowerCase()} and copy it by hand`);
    }
    toast.success(`${what} copied`);
  }

  return (
    <Field label={label} help={help}>
      {(id) => (
        <div className="field has-addons mb-0">
          <div className="control is-expanded">
            <input
              ref={input}
              id={id}
              aria-labelledby={`${id}-label`}
              className={`input${monospace ? ' is-monospace' : ''}`}
              value={value}
              readOnly
              onFocus={(event) => event.target.select()}
            />
          </div>
          <div className="control">
            <button type="button" className="button" onClick={() => void copy()}>
              Copy
            </button>
          </div>
        </div>
      )}
    </Field>
  );
}
