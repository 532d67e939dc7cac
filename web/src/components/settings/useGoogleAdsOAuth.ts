// The Google Ads OAuth2 pop-up flow: check the details, open a 600×700 pop-up on Google's
// consent page, wait for the callback page's message (web/src/oauth.ts), then have the
// server exchange the code for tokens and save the account. An error message or the
// user closing the pop-up ends the flow.
import { useEffect, useRef, useState } from 'react';
import defaults from '../../../../config/default.json';
import { errorText } from '../../api/client.ts';
import { authorizeGoogleAds, exchangeGoogleAdsCode, validateKey } from '../../api/settings.ts';
import { OAUTH_ERROR, OAUTH_SUCCESS, type OAuthMessage } from '../../oauth.ts';
import { useToast } from '../Toasts.tsx';

export interface GoogleAdsDetails {
  client_id: string;
  client_secret: string;
  developer_token: string;
  customer_id: string;
}

const POPUP_BLOCKED = 'Popup blocked. Please allow popups and try again.';
const POLL_MS = 500;

/** The spec's message for the first missing detail, or null when all are there. */
export function missingDetail(details: GoogleAdsDetails): string | null {
  if (!details.client_id || !details.client_secret) return 'Please enter Client ID and Client Secret';
  if (!details.developer_token) return 'Please enter your Developer Token';
  if (!details.customer_id) return 'Please enter your Customer ID';
  return null;
}

class FlowError extends Error {}

function openPopup(): Window | null {
  const { width, height } = defaults.ui.oauth_popup;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  // Opened at once, inside the click, so that pop-up blockers let it through.
  return window.open('about:blank', 'google-ads-oauth', `width=${width},height=${height},left=${left},top=${top}`);
}

/** Resolves with the callback's message, or null when the user closed the pop-up first. */
function waitForResult(popup: Window, register: (stop: () => void) => void): Promise<OAuthMessage | null> {
  return new Promise((resolve) => {
    let closedTicks = 0;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as Partial<OAuthMessage> | null;
      if (data?.type !== OAUTH_SUCCESS && data?.type !== OAUTH_ERROR) return;
      stop();
      resolve(data as OAuthMessage);
    };
    // The callback posts its message just before closing: give it one more tick to arrive.
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      if (++closedTicks < 2) return;
      stop();
      resolve(null);
    }, POLL_MS);
    const stop = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
    };
    window.addEventListener('message', onMessage);
    register(stop);
  });
}

export function useGoogleAdsOAuth(onConnected: () => void) {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stopWaiting = useRef<(() => void) | null>(null);

  useEffect(() => () => stopWaiting.current?.(), []);

  async function run(popup: Window, details: GoogleAdsDetails) {
    const check = await validateKey({
      key_type: 'google_ads_api',
      key_value: details.client_id,
      google_ads_data: { developer_token: details.developer_token, customer_id: details.customer_id },
    }).catch((err: unknown) => {
      throw new FlowError(errorText(err, 'Failed to validate API key'));
    });
    if (!check.valid) throw new FlowError(check.message || 'Invalid Google Ads API details');

    const start = await authorizeGoogleAds(details.client_id).catch((err: unknown) => {
      throw new FlowError(errorText(err, 'Failed to start OAuth2 flow'));
    });
    popup.location.href = start.authorization_url;

    const result = await waitForResult(popup, (stop) => (stopWaiting.current = stop));
    if (!result) return false; // closed by the user: the flow just ends
    if (result.type === OAUTH_ERROR) throw new FlowError(result.error || 'OAuth2 authorization failed');
    if (result.state && result.state !== start.state) throw new FlowError('OAuth2 authorization failed');

    await exchangeGoogleAdsCode({ ...details, code: result.code, state: start.state }).catch((err: unknown) => {
      throw new FlowError(errorText(err, 'Failed to exchange OAuth2 tokens'));
    });
    return true;
  }

  /** Call from the click handler itself, so the pop-up counts as user-initiated. */
  function start(details: GoogleAdsDetails) {
    setError(null);
    const missing = missingDetail(details);
    if (missing) {
      setError(missing);
      return;
    }
    const popup = openPopup();
    if (!popup) {
      setError(POPUP_BLOCKED);
      return;
    }
    setBusy(true);
    run(popup, details)
      .then((connected) => {
        if (!connected) return;
        toast.success('Google Ads API validated and saved securely');
        onConnected();
      })
      .catch((err: unknown) => setError(err instanceof FlowError ? err.message : 'OAuth2 authorization failed'))
      .finally(() => {
        stopWaiting.current = null;
        if (!popup.closed) popup.close();
        setBusy(false);
      });
  }

  return { error, setError, busy, start };
}
