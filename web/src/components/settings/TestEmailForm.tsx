// 'Send Test Email': one message through the configured provider, to prove delivery works.
// It counts against the email quota, so the usage figures are refreshed afterwards.
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { errorText } from '../../api/client.ts';
import { sendTestEmail } from '../../api/settings.ts';
import { USAGE_TODAY_KEY } from '../../api/usage.ts';
import { TextField } from '../FormFields.tsx';
import { useToast } from '../Toasts.tsx';

export function TestEmailForm({ defaultTo }: { defaultTo: string }) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [to, setTo] = useState(defaultTo);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const address = to.trim();
    if (!address) return setError('Please enter an email address to send the test to');
    setBusy(true);
    try {
      const result = await sendTestEmail(address);
      toast.success(result.message);
      void mutate(USAGE_TODAY_KEY);
    } catch (err) {
      setError(errorText(err, 'Failed to send test email'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="test-email-form" onSubmit={submit} noValidate>
      <div className="test-email-row">
        <div className="test-email-input">
          <TextField label="Send a test email to" type="email" value={to} onChange={setTo} autoComplete="off" />
        </div>
        <button type="submit" className={`button is-link is-light${busy ? ' is-loading' : ''}`} disabled={busy}>
          Send Test Email
        </button>
      </div>
      {error ? (
        <div className="notification is-danger is-light is-size-7 py-2 px-3" role="alert">
          {error}
        </div>
      ) : null}
      <p className="help">The test email counts towards today's email quota.</p>
    </form>
  );
}
