// Under Settings → System Configuration → Site audits: who measures the sites (PageSpeed
// Insights on the Google API key, or Lighthouse in this host's Chromium) and, where Chromium
// is missing, how to install it (said here once). Without it leads are drafted from the crawl alone.
import { errorText } from '../../api/client.ts';
import { useAuditSettings } from '../../api/audits.ts';

export function AuditHostStatus() {
  const { data, error } = useAuditSettings(true);
  if (error) return <p className="help is-danger">{errorText(error, 'Failed to check for Chromium')}</p>;
  if (!data) return <p className="help has-text-grey">Checking for Chromium...</p>;
  const { chromium, provider } = data;
  return (
    <div className="audit-host-status" data-chromium={chromium.available ? 'available' : 'missing'}>
      <p className="help">
        {provider === 'psi'
          ? 'Sites are measured by Google PageSpeed Insights (the Google API key is set).'
          : 'Sites are measured here, by Lighthouse in Chromium (mobile, simulated slow 4G).'}
      </p>
      {chromium.available ? (
        <p className="help has-text-success-dark">Chromium found at {chromium.path}.</p>
      ) : (
        <div className="notification is-warning is-light is-size-7 py-2 px-3 mt-2 mb-0" role="status">
          <p className="has-text-weight-semibold">{chromium.hint}</p>
          <p className="mt-1">Until it is installed, leads are drafted from the crawl alone, without a site audit.</p>
        </div>
      )}
    </div>
  );
}
