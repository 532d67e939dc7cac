// Messages the OAuth2 callback pop-up posts to its opener (the Settings screen listens).
export const OAUTH_SUCCESS = 'google_ads_oauth_success';
export const OAUTH_ERROR = 'google_ads_oauth_error';

export type OAuthMessage =
  | { type: typeof OAUTH_SUCCESS; code: string; state: string | null }
  | { type: typeof OAUTH_ERROR; error: string };
