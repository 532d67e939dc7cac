// User Management (/users): administrators list, create, edit, (de)activate and delete users.
import { useState } from 'react';
import { errorText } from '../api/client.ts';
import { deleteUser, updateUser, useUsers } from '../api/users.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useToast } from '../components/Toasts.tsx';
import { CreateUserModal } from '../components/users/CreateUserModal.tsx';
import { EditUserModal } from '../components/users/EditUserModal.tsx';
import { formatDateTime, ROLE_LABELS } from '../format.ts';
import { useSession, type User } from '../session.ts';

const TITLE = 'User Management';

export function Users() {
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  if (!isAdmin) {
    return (
      <>
        <PageHeader title={TITLE} />
        <div className="notification is-warning is-light" role="alert">
          Admin access required
        </div>
      </>
    );
  }
  return <UserAdmin selfId={session.user.id} />;
}

function UserAdmin({ selfId }: { selfId: number }) {
  const toast = useToast();
  const { data: users, error, isLoading, mutate } = useUsers(true);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [pending, setPending] = useState<number | null>(null);

  const refresh = () => void mutate();

  async function toggleActive(user: User) {
    setPending(user.id);
    try {
      await updateUser(user.id, { is_active: !user.is_active });
      toast.success('User status updated');
      await mutate();
    } catch (err) {
      toast.error(errorText(err, 'Failed to update user'));
    } finally {
      setPending(null);
    }
  }

  async function remove(user: User) {
    if (!window.confirm('Delete this user?')) return;
    setPending(user.id);
    try {
      await deleteUser(user.id);
      toast.success('User deleted');
      await mutate();
    } catch (err) {
      toast.error(errorText(err, 'Failed to delete user'));
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Create and manage the accounts that can sign in."
        actions={
          <button type="button" className="button is-primary" onClick={() => setCreating(true)}>
            Add User
          </button>
        }
      />
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load users')}
        </div>
      ) : null}
      {isLoading ? <p className="has-text-grey">Loading users...</p> : null}
      {users ? (
        <div className="box p-0 table-box">
          <div className="table-container">
            <table className="table is-fullwidth is-hoverable users-table">
              <thead>
                <tr>
                  <th>Username</th>
                  <th>Full Name</th>
                  <th>Email</th>
                  <th>Role</th>
                  <th>Status</th>
                  <th>Last Login</th>
                  <th className="has-text-right">Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    isSelf={user.id === selfId}
                    busy={pending === user.id}
                    onEdit={() => setEditing(user)}
                    onToggle={() => void toggleActive(user)}
                    onDelete={() => void remove(user)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {creating ? <CreateUserModal onClose={() => setCreating(false)} onCreated={refresh} /> : null}
      {editing ? <EditUserModal user={editing} isSelf={editing.id === selfId} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
    </>
  );
}

interface UserRowProps {
  user: User;
  isSelf: boolean;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

function UserRow({ user, isSelf, busy, onEdit, onToggle, onDelete }: UserRowProps) {
  const status = user.is_active ? 'Active' : 'Inactive';
  const statusClass = user.is_active ? 'is-success' : 'is-danger';
  return (
    <tr data-username={user.username}>
      <td className="has-text-weight-semibold is-nowrap">
        {user.username}
        {isSelf ? <span className="tag is-light is-small ml-2">You</span> : null}
      </td>
      <td>{user.full_name || <span className="has-text-grey-light">—</span>}</td>
      <td>{user.email}</td>
      <td>
        <span className={`tag ${user.role === 'admin' ? 'is-link is-light' : 'is-light'}`}>{ROLE_LABELS[user.role] ?? user.role}</span>
      </td>
      <td>
        {isSelf ? (
          <span className={`tag ${statusClass} is-light`}>{status}</span>
        ) : (
          <button
            type="button"
            className={`button is-small is-light ${statusClass}`}
            onClick={onToggle}
            disabled={busy}
            title={user.is_active ? 'Click to deactivate' : 'Click to activate'}
          >
            {status}
          </button>
        )}
      </td>
      <td className="is-nowrap">{user.last_login ? formatDateTime(user.last_login) : 'Never'}</td>
      <td>
        <div className="buttons are-small is-right is-flex-wrap-nowrap">
          <button type="button" className="button is-small" onClick={onEdit} disabled={busy}>
            Edit
          </button>
          {isSelf ? null : (
            <button type="button" className="button is-small is-danger is-outlined" onClick={onDelete} disabled={busy}>
              Delete
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
