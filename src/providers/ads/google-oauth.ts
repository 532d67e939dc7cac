// Google's OAuth2 token endpoint: authorization code → tokens (form-encoded, per RFC 6749).
import type { OAuthCodeExchanger, OAuthTokens } from '../../core/settings/google-ads-oauth.ts';
import { ProviderError } from '../../core/model/providers.ts';
import { errorMessage, failureFor } from '../http.ts';

export class GoogleOAuthExchanger implements OAuthCodeExchanger {
  constructor(private readonly tokenUrl: string, private readonly timeoutMs = 15_000) {}

  async exchange(input: { code: string; clientId: string; clientSecret: string; redirectUri: string }): Promise<OAuthTokens> {
    let response: Response;
    try {
      response = await fetch(this.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          code: input.code,
          client_id: input.clientId,
          client_secret: input.clientSecret,
          redirect_uri: input.redirectUri,
          grant_type: 'authorization_code',
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ProviderError('google_oauth', 'unavailable', `Google's token endpoint could not be reached (${(error as Error).message})`);
    }
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!response.ok) {
      // invalid_grant / invalid_client are answered 400/401: the user must authorize again.
      if (response.status === 400 || response.status === 401) {
        const reason = typeof body?.error_description === 'string' ? body.error_description : errorMessage(body, 'authorization failed');
        throw new ProviderError('google_oauth', 'auth', `Google refused the authorization: ${reason}`, response.status);
      }
      throw failureFor('google_oauth', response.status, body, response.headers);
    }
    if (typeof body?.access_token !== 'string') throw new ProviderError('google_oauth', 'bad_response', 'Google answered without an access token');
    return { accessToken: body.access_token, refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined };
  }
}
