// Google Ads API: OAuth2 client ID and secret, developer token and customer ID, connected
// through the OAuth2 pop-up (the server stores the account once the code is exchanged).
import { useState, type FormEvent } from 'react';
import type { ApiKeyStatus } from '../../api/settings.ts';
import { TextField } from '../FormFields.tsx';
import { CredentialCard, KeyForm } from './CredentialCard.tsx';
import { useGoogleAdsOAuth, type GoogleAdsDetails } from './useGoogleAdsOAuth.ts';
import { useKeyDeleter } from './useKeyActions.ts';

type GoogleAdsStatus = ApiKeyStatus['google_ads_api'];

const KEYS = ['google_ads_client_id', 'google_ads_client_secret', 'google_ads_developer_token', 'google_ads_customer_id', 'google_ads_refresh_token'];

export function GoogleAdsCard({ status, onChange }: { status: GoogleAdsStatus | undefined; onChange: () => void }) {
  const [editing, setEditing] = useState(false);
  const [details, setDetails] = useState<GoogleAdsDetails>({
    client_id: status?.client_id ?? '',
    client_secret: '',
    developer_token: '',
    customer_id: status?.customer_id ?? '',
  });
  const oauth = useGoogleAdsOAuth(() => {
    setEditing(false);
    setDetails((current) => ({ ...current, client_secret: '', developer_token: '' }));
    onChange();
  });
  const deleter = useKeyDeleter('Google Ads API', KEYS, onChange);
  const field = (name: keyof GoogleAdsDetails) => (value: string) => setDetails((current) => ({ ...current, [name]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(details).map(([key, value]) => [key, value.trim()])) as unknown as GoogleAdsDetails;
    oauth.start(trimmed);
  }

  function cancel() {
    setEditing(false);
    oauth.setError(null);
  }

  const redirectUri = `${window.location.origin}/oauth2/google-ads/callback`;

  return (
    <CredentialCard
      title="Google Ads API"
      intro="Connect a Google Ads account through Google's OAuth2 authorization in a pop-up window."
      status={status}
      editing={editing}
      onUpdate={() => setEditing(true)}
      onDelete={deleter.remove}
      deleting={deleter.deleting}
      summary={
        <p className="is-size-7">
          {status?.client_id ? (
            <>
              Client ID: <code className="is-break">{status.client_id}</code>
              <br />
            </>
          ) : null}
          {status?.customer_id ? (
            <>
              Customer ID: <code>{status.customer_id}</code>
            </>
          ) : null}
        </p>
      }
    >
      <KeyForm onSubmit={submit} error={oauth.error} busy={oauth.busy} onCancel={status?.configured ? cancel : undefined} submitLabel="Connect with Google">
        <TextField label="Client ID" value={details.client_id} onChange={field('client_id')} autoComplete="off" placeholder="….apps.googleusercontent.com" />
        <TextField label="Client Secret" type="password" value={details.client_secret} onChange={field('client_secret')} autoComplete="off" />
        <TextField label="Developer Token" type="password" value={details.developer_token} onChange={field('developer_token')} autoComplete="off" />
        <TextField label="Customer ID" value={details.customer_id} onChange={field('customer_id')} autoComplete="off" placeholder="123-456-7890" />
        <p className="help mb-3">
          Add <code className="is-break">{redirectUri}</code> as an authorized redirect URI of the OAuth client.
        </p>
      </KeyForm>
    </CredentialCard>
  );
}
