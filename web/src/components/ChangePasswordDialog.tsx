// Change Password dialog (from the user menu). The server answers with a new access token
// (other sessions are signed out), which replaces the stored one.
import { useState, type FormEvent } from 'react';
import defaults from '../../../config/default.json';
import { changePassword } from '../api/auth.ts';
import { errorText } from '../api/client.ts';
import { updateSessionToken } from '../session.ts';
import { Modal, ModalActions } from './Modal.tsx';
import { useToast } from './Toasts.tsx';
import { PasswordField } from './FormFields.tsx';

const MIN = defaults.auth.password_min_length;

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!current || !next || !confirm) {
      setError('Please fill in all fields');
      return;
    }
    if (next !== confirm) {
      setError('New passwords do not match');
      return;
    }
    if (next.length < MIN) {
      setError(`Password must be at least ${MIN} characters`);
      return;
    }
    setBusy(true);
    try {
      const result = await changePassword(current, next);
      if (result?.access_token) updateSessionToken(result.access_token);
      toast.success('✓ Password changed successfully!');
      onClose();
    } catch (err) {
      setError(errorText(err, 'Failed to change password'));
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Change Password"
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      footer={<ModalActions submitLabel="Change Password" busyLabel="Changing..." busy={busy} onCancel={onClose} />}
    >
      {error ? <div className="notification is-danger is-light" role="alert">{error}</div> : null}
      <PasswordField label="Current Password" value={current} onChange={setCurrent} autoComplete="current-password" required autoFocus />
      <PasswordField label="New Password" value={next} onChange={setNext} autoComplete="new-password" required help={`At least ${MIN} characters`} />
      <PasswordField label="Confirm New Password" value={confirm} onChange={setConfirm} autoComplete="new-password" required />
    </Modal>
  );
}
