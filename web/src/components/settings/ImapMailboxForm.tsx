// The IMAP mailbox form: the server logs in with these details (and opens the mailbox
// read-only) before anything is saved; an empty password keeps the saved one.
import { useState, type FormEvent } from 'react';
import defaults from '../../../../config/default.json';
import { errorText } from '../../api/client.ts';
import { saveReplyDetection, type ReplyDetection } from '../../api/reply-detection.ts';
import { useToast } from '../Toasts.tsx';
import { KeyForm } from './CredentialCard.tsx';
import { ServerLoginFields } from './ServerLoginFields.tsx';

const DEFAULT_PORT = defaults.email.imap.default_port;

interface ImapMailboxFormProps {
  config: ReplyDetection;
  onSaved: () => void;
  onCancel?: () => void;
}

export function ImapMailboxForm({ config, onSaved, onCancel }: ImapMailboxFormProps) {
  const toast = useToast();
  const [host, setHost] = useState(config.host ?? '');
  const [port, setPort] = useState(String(config.port ?? DEFAULT_PORT));
  const [user, setUser] = useState(config.user ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keepPassword = config.password_configured && config.source === 'database';

  function problem(): string | null {
    const number = Number(port);
    if (!host.trim()) return 'Please enter the IMAP host';
    if (!Number.isInteger(number) || number < 1 || number > 65535) return 'Please enter an IMAP port between 1 and 65535';
    if (!user.trim()) return 'Please enter the IMAP user name';
    if (!password && !keepPassword) return 'Please enter the IMAP password';
    return null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const wrong = problem();
    if (wrong) return setError(wrong);
    setBusy(true);
    try {
      await saveReplyDetection({ host: host.trim(), port: Number(port), user: user.trim(), ...(password ? { password } : {}) });
      toast.success('IMAP login checked and saved: replies will be detected');
      onSaved();
    } catch (err) {
      setError(errorText(err, 'Failed to connect to the IMAP server'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <KeyForm onSubmit={submit} error={error} busy={busy} onCancel={onCancel} submitLabel="Check & Save">
      <div className="columns is-multiline is-variable is-2 mb-0">
        <ServerLoginFields
          labels={{ host: 'IMAP Host', port: 'Port', user: 'User', password: 'Password' }}
          value={{ host, port, user, password }}
          set={{ host: setHost, port: setPort, user: setUser, password: setPassword }}
          hostPlaceholder="imap.example.com"
          userPlaceholder="replies@agency.example"
          passwordHelp={keepPassword ? 'Leave empty to keep the saved password.' : undefined}
          columnClass="pb-0"
        />
      </div>
      <p className="is-size-7 has-text-grey mb-4">
        Port {DEFAULT_PORT} uses TLS from the start; any other port upgrades with STARTTLS when the server offers it. Use an app password if your
        provider asks for one.
      </p>
    </KeyForm>
  );
}
