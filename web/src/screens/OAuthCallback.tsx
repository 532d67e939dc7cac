// Public authorization-return page of the advertising-account OAuth2 pop-up: it hands the
// result to the window that opened it (same origin only) and closes itself.
import { useEffect, useState } from 'react';
import { OAUTH_ERROR, OAUTH_SUCCESS, type OAuthMessage } from '../oauth.ts';

const NO_CODE = 'No authorization code received';

function resultFromQuery(search: string): OAuthMessage {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  const code = params.get('code');
  if (error) return { type: OAUTH_ERROR, error };
  if (code) return { type: OAUTH_SUCCESS, code, state: params.get('state') };
  return { type: OAUTH_ERROR, error: NO_CODE };
}

export function OAuthCallback() {
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const message = resultFromQuery(window.location.search);
    if (window.opener && window.opener !== window) {
      window.opener.postMessage(message, window.location.origin);
      window.close();
    }
    // Still here (no opener, or the browser kept the window open): say what happened.
    if (message.type === OAUTH_ERROR) setProblem(message.error);
  }, []);

  return (
    <section className="login-page">
      <div className="login-card box has-text-centered">
        <h1 className="title is-4">Processing Authorization</h1>
        <p className="has-text-grey">Please wait while we complete the OAuth2 authorization...</p>
        {problem ? (
          <div className="notification is-danger is-light mt-4" role="alert">
            {problem}
          </div>
        ) : null}
      </div>
    </section>
  );
}
