// 'Add User' modal: username, email, password, full name and role.
import { useState, type FormEvent } from 'react';
import defaults from '../../../../config/default.json';
import { errorText } from '../../api/client.ts';
import { createUser, type Role } from '../../api/users.ts';
import { Modal, ModalActions } from '../Modal.tsx';
import { SelectField, TextField } from '../FormFields.tsx';
import { useToast } from '../Toasts.tsx';
import { ROLE_OPTIONS } from './roles.ts';

const MIN = defaults.auth.password_min_length;

export function CreateUserModal({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const toast = useToast();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<Role>('user');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!username.trim() || !email.trim() || !password || !role) {
      setError('Username, email, password and role are required');
      return;
    }
    if (password.length < MIN) {
      setError(`Password must be at least ${MIN} characters`);
      return;
    }
    setBusy(true);
    try {
      await createUser({ username: username.trim(), email: email.trim(), password, full_name: fullName.trim() || null, role });
      toast.success('User created');
      onCreated();
      onClose();
    } catch (err) {
      setError(errorText(err, 'Failed to create user'));
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Add User"
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      footer={<ModalActions submitLabel="Create User" busy={busy} onCancel={onClose} />}
    >
      {error ? <div className="notification is-danger is-light" role="alert">{error}</div> : null}
      <TextField label="Username" value={username} onChange={setUsername} required autoFocus autoComplete="off" />
      <TextField label="Email" type="email" value={email} onChange={setEmail} required autoComplete="off" />
      <TextField label="Password" type="password" value={password} onChange={setPassword} required autoComplete="new-password" help={`At least ${MIN} characters`} />
      <TextField label="Full Name" value={fullName} onChange={setFullName} autoComplete="off" />
      <SelectField label="Role" value={role} onChange={setRole} options={ROLE_OPTIONS} required />
    </Modal>
  );
}
