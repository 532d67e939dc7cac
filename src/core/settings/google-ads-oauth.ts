// Connecting a Google Ads account: the browser is sent to Google's consent page with a
// signed, short-lived `state`; the code Google hands back is exchanged (server-side,
// with the client secret) for a refresh token, stored encrypted with the account details.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import defaults from '../../../config/default.json' with { type: 'json' };
import { invalid } from '../errors.ts';
import type { Actor } from '../users/access.ts';
import { requireAdmin } from '../users/access.ts';
import type { SettingsStore } from './store.ts';

export interface OAuthTokens {
  refreshToken?: string;
  accessToken: string;
}

/** The provider side: trade an authorization code for tokens. */
export interface OAuthCodeExchanger {
  exchange(input: { code: string; clientId: string; clientSecret: string; redirectUri: string }): Promise<OAuthTokens>;
}

export interface ExchangeInput {
  code: string;
  client_id: string;
  client_secret: string;
  developer_token: string;
  customer_id: string;
  state: string;
}

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export class GoogleAdsOAuth {
  constructor(
    private readonly store: SettingsStore,
    private readonly exchanger: OAuthCodeExchanger,
    private readonly stateKey: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  authorizationUrl(actor: Actor, clientId: string, redirectUri: string): { authorization_url: string; state: string } {
    requireAdmin(actor);
    if (!clientId.trim()) throw invalid('Please enter Client ID and Client Secret');
    const state = this.sign({ uid: actor.id, exp: this.now() + defaults.providers.oauth_state_minutes * 60_000, n: randomBytes(8).toString('hex') });
    const url = new URL(defaults.providers.google_oauth_authorize_url);
    url.search = new URLSearchParams({
      client_id: clientId.trim(),
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: defaults.providers.google_ads_scope,
      access_type: 'offline', // ask for a refresh token
      prompt: 'consent',
      state,
    }).toString();
    return { authorization_url: url.toString(), state };
  }

  async exchange(actor: Actor, input: ExchangeInput, redirectUri: string): Promise<void> {
    requireAdmin(actor);
    this.verify(input.state, actor);
    if (!input.client_id || !input.client_secret) throw invalid('Please enter Client ID and Client Secret');
    if (!input.developer_token) throw invalid('Please enter your Developer Token');
    if (!input.customer_id) throw invalid('Please enter your Customer ID');
    const tokens = await this.exchanger.exchange({ code: input.code, clientId: input.client_id, clientSecret: input.client_secret, redirectUri });
    if (!tokens.refreshToken) throw invalid('Google returned no refresh token: remove the app from your Google account permissions and authorize again');
    await this.store.set('google_ads_client_id', input.client_id, actor.id);
    await this.store.set('google_ads_client_secret', input.client_secret, actor.id);
    await this.store.set('google_ads_developer_token', input.developer_token, actor.id);
    await this.store.set('google_ads_customer_id', input.customer_id, actor.id);
    await this.store.set('google_ads_refresh_token', tokens.refreshToken, actor.id);
  }

  private sign(payload: object): string {
    const body = b64(JSON.stringify(payload));
    return `${body}.${b64(createHmac('sha256', this.stateKey).update(body).digest())}`;
  }

  /** The state must be ours, unexpired, and issued to the same user. */
  private verify(state: string, actor: Actor): void {
    const [body, mac] = state.split('.');
    const expected = body ? createHmac('sha256', this.stateKey).update(body).digest() : Buffer.alloc(0);
    const given = Buffer.from(mac ?? '', 'base64url');
    if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid('Invalid OAuth2 state: start the authorization again');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { uid: number | null; exp: number };
    if (payload.exp < this.now()) throw invalid('The OAuth2 authorization expired: start it again');
    if (payload.uid !== actor.id) throw invalid('Invalid OAuth2 state: start the authorization again');
  }
}
