// The two things every credential card does: validate a key with the server and save it
// only when valid; and delete its settings after a confirmation.
import { useState } from 'react';
import { ApiError, errorText } from '../../api/client.ts';
import { deleteSetting, saveSetting, validateKey, type SettingWrite, type ValidateKeyInput } from '../../api/settings.ts';
import { useToast } from '../Toasts.tsx';

export interface SavePlan {
  check: ValidateKeyInput;
  writes: SettingWrite[];
  /** Shown when the server says the key is invalid without a message of its own. */
  invalidText: string;
  /** Shown when the call itself fails without a server message. */
  failureText: string;
  successText: string;
}

/** A secret key setting (always encrypted by the server). */
export const secretKey = (key: string, value: string, description: string): SettingWrite => ({
  key,
  value,
  category: 'api_keys',
  encrypt: true,
  description,
});

/** A credential card's edit state: the typed secret, a saver that closes the form on success, and cancel. */
export function useKeyEditor(onChange: () => void) {
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState('');
  const saver = useKeySaver(() => {
    setEditing(false);
    setSecret('');
    onChange();
  });
  const cancel = () => {
    setEditing(false);
    setSecret('');
    saver.setError(null);
  };
  return { editing, edit: () => setEditing(true), secret, setSecret, saver, cancel };
}

export function useKeySaver(onSaved: () => void) {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function validateAndSave(plan: SavePlan): Promise<boolean> {
    setError(null);
    setBusy(true);
    try {
      const result = await validateKey(plan.check);
      if (!result.valid) {
        setError(result.message || plan.invalidText);
        return false;
      }
      for (const write of plan.writes) await saveSetting(write);
      toast.success(plan.successText);
      onSaved();
      return true;
    } catch (err) {
      setError(errorText(err, plan.failureText));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { error, setError, busy, validateAndSave };
}

/** Deletes the settings behind one card ('Failed to delete {item}' when that fails). */
export function useKeyDeleter(item: string, keys: string[], onDeleted: () => void) {
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    if (!window.confirm(`Delete the ${item}?`)) return;
    setDeleting(true);
    try {
      for (const key of keys) {
        try {
          await deleteSetting(key);
        } catch (err) {
          // Part of a card that was never set is already gone.
          if (!(err instanceof ApiError && err.status === 404)) throw err;
        }
      }
      toast.success(`${item} deleted`);
      onDeleted();
    } catch (err) {
      toast.error(errorText(err, `Failed to delete ${item}`));
    } finally {
      setDeleting(false);
    }
  }

  return { deleting, remove: () => void remove() };
}
