// User administration (admins only; the server answers 403 to anyone else).
import useSWR from 'swr';
import { api, fetcher } from './client.ts';
import type { User } from '../session.ts';

export type Role = User['role'];

export interface NewUser {
  username: string;
  email: string;
  password: string;
  full_name: string | null;
  role: Role;
}

export interface UserChanges {
  email?: string;
  full_name?: string | null;
  role?: Role;
  is_active?: boolean;
}

export const USERS_KEY = '/api/users';

export function useUsers(enabled: boolean) {
  return useSWR<User[]>(enabled ? USERS_KEY : null, fetcher);
}

export function createUser(user: NewUser): Promise<User> {
  return api.post<User>(USERS_KEY, user);
}

export function updateUser(id: number, changes: UserChanges): Promise<User> {
  return api.patch<User>(`${USERS_KEY}/${id}`, changes);
}

export function deleteUser(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`${USERS_KEY}/${id}`);
}

export function resetPassword(id: number, newPassword: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`${USERS_KEY}/${id}/reset-password`, { new_password: newPassword });
}
