// SerpApi key (serpapi_api_key): Google search results with local business data.
import type { FormEvent } from 'react';
import type { KeyStatus } from '../../api/settings.ts';
import { TextField } from '../FormFields.tsx';
import { CredentialCard, KeyForm } from './CredentialCard.tsx';
import { secretKey, useKeyDeleter, useKeyEditor } from './useKeyActions.ts';

export function SerpApiKeyCard({ status, onChange }: { status: KeyStatus | undefined; onChange: () => void }) {
  const { editing, edit, secret: key, setSecret: setKey, saver, cancel } = useKeyEditor(onChange);
  const deleter = useKeyDeleter('SerpApi key', ['serpapi_api_key'], onChange);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = key.trim();
    if (!value) {
      saver.setError('Please enter a SerpApi key');
      return;
    }
    await saver.validateAndSave({
      check: { key_type: 'serpapi', key_value: value },
      writes: [secretKey('serpapi_api_key', value, 'SerpApi key (Google search results)')],
      invalidText: 'Invalid SerpApi key',
      failureText: 'Failed to validate API key',
      successText: 'SerpApi key validated and saved securely',
    });
  }

  return (
    <CredentialCard
      title="SerpApi"
      intro={
        <>
          Google search results with local business details (address, phone, rating). SerpApi has 100 free searches a month.
        </>
      }
      status={status}
      editing={editing}
      onUpdate={edit}
      onDelete={deleter.remove}
      deleting={deleter.deleting}
    >
      <KeyForm onSubmit={submit} error={saver.error} busy={saver.busy} onCancel={status?.configured ? cancel : undefined}>
        <TextField label="SerpApi Key" type="password" value={key} onChange={setKey} autoComplete="off" placeholder="Your SerpApi API key" />
      </KeyForm>
    </CredentialCard>
  );
}
