// Session calls: sign in, the current user, own profile and password.
import useSWR from 'swr';
import { api, apiRequest, fetcher } from './client.ts';
import { updateSessionUser, useSession, type User } from '../session.ts';

export interface LoginResponse {
  access_token: string;
  token_type: 'bearer';
  expires_at: string;
  user: User;
}

export interface ChangePasswordResponse {
  message: string;
  access_token: string;
  expires_at: string;
}

export const ME_KEY = '/api/auth/me';

export function login(username: string, password: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/api/auth/login', {
    method: 'POST',
    body: { username, password },
    skipAuthRedirect: true,
  });
}

/** The signed-in user, refreshed from the server; keeps the stored session's copy current. */
export function useMe() {
  const session = useSession();
  return useSWR<User>(session ? ME_KEY : null, fetcher, {
    onSuccess: (user) => updateSessionUser(user),
  });
}

export function changePassword(currentPassword: string, newPassword: string): Promise<ChangePasswordResponse> {
  return api.post<ChangePasswordResponse>('/api/auth/change-password', {
    current_password: currentPassword,
    new_password: newPassword,
  });
}

export function updateProfile(fields: { email?: string; full_name?: string | null }): Promise<User> {
  return api.patch<User>('/api/auth/profile', fields);
}
