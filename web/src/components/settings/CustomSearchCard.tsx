// Google Custom Search JSON API: an API key (google_custom_search_api_key) and a
// Programmable Search Engine ID (google_custom_search_engine_id), checked together.
import { useState, type FormEvent } from 'react';
import defaults from '../../../../config/default.json';
import type { ApiKeyStatus } from '../../api/settings.ts';
import { formatUsd } from '../../format.ts';
import { TextField } from '../FormFields.tsx';
import { CredentialCard, KeyForm } from './CredentialCard.tsx';
import { secretKey, useKeyDeleter, useKeyEditor } from './useKeyActions.ts';

type CustomSearchStatus = ApiKeyStatus['google_custom_search_api'];

const COSTS = defaults.costs_usd_estimates;
const KEYS = ['google_custom_search_api_key', 'google_custom_search_engine_id'];

export function CustomSearchCard({ status, onChange }: { status: CustomSearchStatus | undefined; onChange: () => void }) {
  const { editing, edit, secret: apiKey, setSecret: setApiKey, saver, cancel } = useKeyEditor(onChange);
  const [engineId, setEngineId] = useState(status?.engine_id ?? '');
  const deleter = useKeyDeleter('Google Custom Search API', KEYS, onChange);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const key = apiKey.trim();
    const engine = engineId.trim();
    if (!key) return saver.setError('Please enter a Google Custom Search API key');
    if (!engine) return saver.setError('Please enter a Google Custom Search Engine ID');
    await saver.validateAndSave({
      check: { key_type: 'google_custom_search_api_key', key_value: key, engine_id: engine },
      writes: [
        secretKey('google_custom_search_api_key', key, 'Google Custom Search JSON API key'),
        { key: 'google_custom_search_engine_id', value: engine, category: 'api_keys', encrypt: false, description: 'Google Programmable Search Engine ID (cx)' },
      ],
      invalidText: 'Invalid Google Custom Search API key',
      failureText: 'Failed to validate API key',
      successText: 'Google Custom Search API validated and saved securely',
    });
  }

  return (
    <CredentialCard
      title="Google Custom Search"
      intro={
        <>
          <p>
            Google Custom Search is about 67 percent cheaper than the search-results service with 100 free queries a day (about{' '}
            {formatUsd(COSTS.google_custom_search_per_query, 3)} a query against {formatUsd(COSTS.serpapi_per_search, 3)} a SerpApi search).
          </p>
          <p className="mt-1 has-text-warning-dark">
            Note: Google has closed the Custom Search JSON API to new customers; only existing keys can be used.
          </p>
        </>
      }
      status={status}
      editing={editing}
      onUpdate={edit}
      onDelete={deleter.remove}
      deleting={deleter.deleting}
      summary={status?.engine_id ? <p className="is-size-7">Engine ID: <code>{status.engine_id}</code></p> : null}
    >
      <KeyForm onSubmit={submit} error={saver.error} busy={saver.busy} onCancel={status?.configured ? cancel : undefined}>
        <TextField label="Custom Search API Key" type="password" value={apiKey} onChange={setApiKey} autoComplete="off" placeholder="Your Google API key" />
        <TextField label="Search Engine ID" value={engineId} onChange={setEngineId} autoComplete="off" placeholder="The cx of your Programmable Search Engine" />
      </KeyForm>
    </CredentialCard>
  );
}
