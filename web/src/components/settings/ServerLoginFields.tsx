// A mail server's login as the settings forms ask for it (SMTP to send, IMAP to read replies):
// host and port on one line, user and password on the next. Each form names the fields as its
// screen always has; an empty password keeps the saved one where `passwordHelp` says so.
import { NumberField, TextField } from '../FormFields.tsx';

type Field = 'host' | 'port' | 'user' | 'password';

interface ServerLoginFieldsProps {
  labels: Record<Field, string>;
  value: Record<Field, string>;
  set: Record<Field, (value: string) => void>;
  hostPlaceholder?: string;
  userPlaceholder?: string;
  passwordHelp?: string;
  /** Extra classes of each column (the forms' own spacing). */
  columnClass?: string;
}

export function ServerLoginFields({ labels, value, set, hostPlaceholder, userPlaceholder, passwordHelp, columnClass = '' }: ServerLoginFieldsProps) {
  const column = (width: string) => `column ${width} ${columnClass}`.trim();
  return (
    <>
      <div className={column('is-8-tablet')}>
        <TextField label={labels.host} value={value.host} onChange={set.host} autoComplete="off" placeholder={hostPlaceholder} />
      </div>
      <div className={column('is-4-tablet')}>
        <NumberField label={labels.port} value={value.port} onChange={set.port} min={1} max={65535} step={1} />
      </div>
      <div className={column('is-6-tablet')}>
        <TextField label={labels.user} value={value.user} onChange={set.user} autoComplete="off" placeholder={userPlaceholder} />
      </div>
      <div className={column('is-6-tablet')}>
        <TextField label={labels.password} type="password" value={value.password} onChange={set.password} autoComplete="new-password" help={passwordHelp} />
      </div>
    </>
  );
}
