// Edit-user modal. For another user: email, full name, role, active and an optional password
// reset. For yourself: only email and full name (saved through your own profile).
import { useState, type FormEvent } from 'react';
import defaults from '../../../../config/default.json';
import { updateProfile } from '../../api/auth.ts';
import { errorText } from '../../api/client.ts';
import { resetPassword, updateUser, type Role } from '../../api/users.ts';
import { updateSessionUser, type User } from '../../session.ts';
import { Modal, ModalActions } from '../Modal.tsx';
import { SelectField, TextField } from '../FormFields.tsx';
import { useToast } from '../Toasts.tsx';
import { ROLE_OPTIONS } from './roles.ts';

const MIN = defaults.auth.password_min_length;

interface EditUserModalProps {
  user: User;
  isSelf: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function EditUserModal({ user, isSelf, onClose, onSaved }: EditUserModalProps) {
  const toast = useToast();
  const [email, setEmail] = useState(user.email);
  const [fullName, setFullName] = useState(user.full_name ?? '');
  const [role, setRole] = useState<Role>(user.role);
  const [active, setActive] = useState(user.is_active);
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    if (!isSelf && newPassword && newPassword.length < MIN) {
      setError(`Password must be at least ${MIN} characters`);
      return;
    }
    setBusy(true);
    try {
      const fields = { email: email.trim(), full_name: fullName.trim() || null };
      if (isSelf) {
        updateSessionUser(await updateProfile(fields));
        toast.success('User updated');
      } else {
        await updateUser(user.id, { ...fields, role, is_active: active });
        if (newPassword) {
          await resetPassword(user.id, newPassword);
          toast.success('User updated and password reset');
        } else {
          toast.success('User updated');
        }
      }
      onSaved();
      onClose();
    } catch (err) {
      setError(errorText(err, 'Failed to update user'));
      setBusy(false);
      onSaved();
    }
  }

  return (
    <Modal
      title={`Edit User: ${user.username}`}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      footer={<ModalActions submitLabel="Save Changes" busy={busy} onCancel={onClose} />}
    >
      {error ? <div className="notification is-danger is-light" role="alert">{error}</div> : null}
      <TextField label="Username" value={user.username} onChange={() => undefined} disabled help="Usernames cannot be changed." />
      <TextField label="Email" type="email" value={email} onChange={setEmail} required autoFocus autoComplete="off" />
      <TextField label="Full Name" value={fullName} onChange={setFullName} autoComplete="off" />
      {isSelf ? (
        <div className="notification is-info is-light is-size-7">
          You are editing your own account: only your email and full name can be changed here. To change your password, use
          Change Password in the user menu.
        </div>
      ) : (
        <>
          <SelectField label="Role" value={role} onChange={setRole} options={ROLE_OPTIONS} />
          <div className="field">
            <label className="checkbox">
              <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} /> Active
            </label>
          </div>
          <TextField
            label="Reset password"
            type="password"
            value={newPassword}
            onChange={setNewPassword}
            autoComplete="new-password"
            help={`Optional. Leave empty to keep the current password; at least ${MIN} characters.`}
          />
        </>
      )}
    </Modal>
  );
}
