// An on/off switch: a real checkbox with role="switch", drawn as a sliding toggle.
import { useId, type ReactNode } from 'react';
import './switch.css';

interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  help?: ReactNode;
}

export function Switch({ label, checked, onChange, disabled, help }: SwitchProps) {
  const id = useId();
  return (
    <div className="field">
      <label className={`switch${disabled ? ' is-disabled' : ''}`} htmlFor={id}>
        <input id={id} type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
        <span className="switch-track" aria-hidden="true" />
        <span className="switch-label">{label}</span>
      </label>
      {help ? <p className="help">{help}</p> : null}
    </div>
  );
}
