// Settings (admins only; the server answers 403 to anyone else): credentials, the email
// provider, the sending switch, the system configuration and the Google Ads OAuth2 calls.
import useSWR from 'swr';
import { api, fetcher } from './client.ts';
import type { KeyCheck } from '../../../src/core/model/providers.ts';
import type { ApiKeyStatus, EmailConfig, EmailConfigInput, OptimalSendingTimes, SenderIdentityStatus, SystemConfig, ValidateKeyInput } from '../../../src/core/model/settings.ts';

export type { ApiKeyStatus, EmailConfig, EmailConfigInput, KeyCheck, OptimalSendingTimes, SenderIdentityStatus, SystemConfig, ValidateKeyInput };
export type OptimalWindow = OptimalSendingTimes['optimal_times'][number];
export type KeyStatus = ApiKeyStatus['serpapi_api_key'];
export type EmailProvider = NonNullable<EmailConfig['provider']>;

export interface SettingWrite {
  key: string;
  value: string;
  category: 'api_keys' | 'ai_settings';
  encrypt: boolean;
  description: string;
}

export interface SendingStatus {
  enabled: boolean;
}

export interface GoogleAdsExchange {
  code: string;
  client_id: string;
  client_secret: string;
  developer_token: string;
  customer_id: string;
  state: string;
}

export const API_KEYS_KEY = '/api/settings/api-keys';
export const EMAIL_CONFIG_KEY = '/api/settings/email-config';
export const SENDING_STATUS_KEY = '/api/settings/email-sending-status';
export const SYSTEM_CONFIG_KEY = '/api/settings/system-config';
export const SENDER_IDENTITY_KEY = '/api/settings/sender-identity';

/** Which credentials are configured; refetched when the window regains focus. */
export function useApiKeys(enabled: boolean) {
  return useSWR<ApiKeyStatus>(enabled ? API_KEYS_KEY : null, fetcher, { revalidateOnFocus: true });
}

export function useEmailConfig(enabled: boolean) {
  return useSWR<EmailConfig>(enabled ? EMAIL_CONFIG_KEY : null, fetcher, { revalidateOnFocus: false });
}

/** Whether the sender's name, address and postal address are set (every signed-in user may ask). */
export function useSenderIdentity() {
  return useSWR<SenderIdentityStatus>(SENDER_IDENTITY_KEY, fetcher, { revalidateOnFocus: true });
}

export function useEmailSendingStatus(enabled: boolean) {
  return useSWR<SendingStatus>(enabled ? SENDING_STATUS_KEY : null, fetcher, { revalidateOnFocus: false });
}

export function useSystemConfig(enabled: boolean) {
  return useSWR<SystemConfig>(enabled ? SYSTEM_CONFIG_KEY : null, fetcher, { revalidateOnFocus: false });
}

export function validateKey(input: ValidateKeyInput): Promise<KeyCheck> {
  return api.post<KeyCheck>('/api/settings/validate-key', input);
}

export function saveSetting(write: SettingWrite): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/settings', write);
}

export function deleteSetting(key: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/settings/${encodeURIComponent(key)}`);
}

export function saveEmailConfig(input: EmailConfigInput): Promise<EmailConfig> {
  return api.post<EmailConfig>(EMAIL_CONFIG_KEY, input);
}

export function clearEmailConfig(): Promise<{ message: string }> {
  return api.delete<{ message: string }>(EMAIL_CONFIG_KEY);
}

export function sendTestEmail(to: string): Promise<{ message: string; provider: string }> {
  return api.post<{ message: string; provider: string }>(`${EMAIL_CONFIG_KEY}/test`, { to });
}

export function toggleEmailSending(enable: boolean): Promise<SendingStatus & { message: string }> {
  return api.post<SendingStatus & { message: string }>('/api/settings/toggle-email-sending', { enable });
}

export function saveSystemConfig(config: SystemConfig): Promise<SystemConfig> {
  return api.post<SystemConfig>(SYSTEM_CONFIG_KEY, config);
}

export function authorizeGoogleAds(clientId: string): Promise<{ authorization_url: string; state: string }> {
  return api.get<{ authorization_url: string; state: string }>(`/api/oauth2/google-ads/authorize?client_id=${encodeURIComponent(clientId)}`);
}

export function exchangeGoogleAdsCode(input: GoogleAdsExchange): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/oauth2/google-ads/exchange', input);
}

export const OPTIMAL_TIMES_KEY = '/api/settings/optimal-sending-times';

/** The weekly sending windows (every signed-in user may read them). */
export function useOptimalSendingTimes() {
  return useSWR<OptimalSendingTimes>(OPTIMAL_TIMES_KEY, fetcher, { shouldRetryOnError: false });
}

/** Replaces the weekly sending windows (the server checks each range and names a bad one). */
export const saveOptimalSendingTimes = (windows: OptimalSendingTimes) => api.put<OptimalSendingTimes>(OPTIMAL_TIMES_KEY, windows);
