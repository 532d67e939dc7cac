// API Keys: the search-results, AI, custom-search and advertising-platform credentials.
import { errorText } from '../../api/client.ts';
import { useApiKeys } from '../../api/settings.ts';
import { CustomSearchCard } from './CustomSearchCard.tsx';
import { GeminiKeyCard } from './GeminiKeyCard.tsx';
import { GoogleAdsCard } from './GoogleAdsCard.tsx';
import { SerpApiKeyCard } from './SerpApiKeyCard.tsx';
import { SettingsSection } from './SettingsSection.tsx';

export function ApiKeysSection() {
  const { data, error, mutate } = useApiKeys(true);
  const refresh = () => void mutate();
  return (
    <SettingsSection
      title="API Keys"
      description="Each key is checked with its service before it is saved. Keys are stored encrypted (AES-256) and are never shown again."
    >
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load API key status')}
        </div>
      ) : null}
      {data ? (
        <div className="columns is-multiline is-desktop">
          <div className="column is-half-desktop">
            <SerpApiKeyCard status={data.serpapi_api_key} onChange={refresh} />
          </div>
          <div className="column is-half-desktop">
            <GeminiKeyCard status={data.gemini_api_key} onChange={refresh} />
          </div>
          <div className="column is-half-desktop">
            <CustomSearchCard status={data.google_custom_search_api} onChange={refresh} />
          </div>
          <div className="column is-half-desktop">
            <GoogleAdsCard status={data.google_ads_api} onChange={refresh} />
          </div>
        </div>
      ) : error ? null : (
        <p className="has-text-grey">Loading API keys...</p>
      )}
    </SettingsSection>
  );
}
