// Gemini API key (gemini_api_key) and the model used for analysis and writing (gemini_model).
import { useState, type FormEvent } from 'react';
import defaults from '../../../../config/default.json';
import { errorText } from '../../api/client.ts';
import { saveSetting, type ApiKeyStatus } from '../../api/settings.ts';
import { SelectField, TextField } from '../FormFields.tsx';
import { useToast } from '../Toasts.tsx';
import { CredentialCard, KeyForm } from './CredentialCard.tsx';
import { secretKey, useKeyDeleter, useKeyEditor } from './useKeyActions.ts';

type GeminiStatus = ApiKeyStatus['gemini_api_key'];

const DEFAULT_MODEL = defaults.ai.default_gemini_model;
const MODEL_OPTIONS = [
  { value: '', label: 'Select a model' },
  ...defaults.ai.gemini_models.map((model) => ({ value: model, label: model === DEFAULT_MODEL ? `${model} (default)` : model })),
];

const modelWrite = (model: string) => ({
  key: 'gemini_model',
  value: model,
  category: 'ai_settings' as const,
  encrypt: false,
  description: 'Gemini model used for analysis and writing',
});

export function GeminiKeyCard({ status, onChange }: { status: GeminiStatus | undefined; onChange: () => void }) {
  const { editing, edit, secret: key, setSecret: setKey, saver, cancel } = useKeyEditor(onChange);
  const [model, setModel] = useState(status?.selected_model ?? DEFAULT_MODEL);
  const deleter = useKeyDeleter('Gemini API key', ['gemini_api_key'], onChange);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = key.trim();
    if (!value) return saver.setError('Please enter a Gemini API key');
    if (!model) return saver.setError('Please select a Gemini model');
    const writes = [secretKey('gemini_api_key', value, 'Gemini API key')];
    if (model !== status?.selected_model) writes.push(modelWrite(model));
    await saver.validateAndSave({
      check: { key_type: 'gemini', key_value: value },
      writes,
      invalidText: 'Invalid Gemini API key',
      failureText: 'Failed to validate API key',
      successText: 'Gemini API key validated and saved securely',
    });
  }

  return (
    <CredentialCard
      title="Gemini AI"
      intro="Google's Gemini model analyses websites and writes the personalised emails. Without a key the built-in rule-based writer is used."
      status={status}
      editing={editing}
      onUpdate={edit}
      onDelete={deleter.remove}
      deleting={deleter.deleting}
      summary={status ? <ModelSelector current={status.selected_model} onSaved={onChange} /> : null}
    >
      <KeyForm onSubmit={submit} error={saver.error} busy={saver.busy} onCancel={status?.configured ? cancel : undefined}>
        <TextField label="Gemini API Key" type="password" value={key} onChange={setKey} autoComplete="off" placeholder="Your Gemini API key" />
        <SelectField label="Model" value={model} onChange={setModel} options={MODEL_OPTIONS} />
      </KeyForm>
    </CredentialCard>
  );
}

/** Changes the model without touching the key ('Gemini model updated'). */
function ModelSelector({ current, onSaved }: { current: string; onSaved: () => void }) {
  const toast = useToast();
  const [model, setModel] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!model) return setError('Please select a Gemini model');
    setBusy(true);
    try {
      await saveSetting(modelWrite(model));
      toast.success('Gemini model updated');
      onSaved();
    } catch (err) {
      setError(errorText(err, 'Failed to save Gemini model'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="model-selector mt-3" onSubmit={submit} noValidate>
      <SelectField label="Model" value={model} onChange={setModel} options={MODEL_OPTIONS} />
      {error ? (
        <div className="notification is-danger is-light is-size-7 py-2 px-3" role="alert">
          {error}
        </div>
      ) : null}
      <button type="submit" className={`button is-link is-light${busy ? ' is-loading' : ''}`} disabled={busy || model === current}>
        Save Model
      </button>
    </form>
  );
}
