// The signed-in session: {access_token, user} kept in localStorage, plus a tiny store so
// React components re-render when it changes (in this tab or another one).
import { useSyncExternalStore } from 'react';
import type { User } from '../../src/core/model/user.ts';

export type { User };

export interface Session {
  access_token: string;
  user: User;
}

export const SESSION_KEY = 'outreach.session';
const PENDING_TOAST_KEY = 'outreach.pendingToast';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: Session | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    if (typeof value.access_token === 'string' && value.user && typeof value.user === 'object') {
      return value as Session;
    }
  } catch {
    // A damaged entry counts as no session.
  }
  return null;
}

export function getSession(): Session | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setSession(session: Session): void {
  window.localStorage.setItem(SESSION_KEY, JSON.stringify({ access_token: session.access_token, user: session.user }));
  notify();
}

export function updateSessionUser(user: User): void {
  const current = getSession();
  if (!current) return;
  if (JSON.stringify(current.user) === JSON.stringify(user)) return;
  setSession({ ...current, user });
}

export function updateSessionToken(accessToken: string): void {
  const current = getSession();
  if (!current) return;
  setSession({ ...current, access_token: accessToken });
}

/** notifyListeners=false when a full page load follows anyway (no flash of a client-side redirect). */
export function clearSession(notifyListeners = true): void {
  window.localStorage.removeItem(SESSION_KEY);
  if (notifyListeners) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

// A toast that must survive a full page load (the login success reloads the page).
export function stashToast(message: string): void {
  try {
    window.sessionStorage.setItem(PENDING_TOAST_KEY, message);
  } catch {
    // Storage unavailable: the toast is simply lost.
  }
}

export function takeStashedToast(): string | null {
  try {
    const message = window.sessionStorage.getItem(PENDING_TOAST_KEY);
    if (message !== null) window.sessionStorage.removeItem(PENDING_TOAST_KEY);
    return message;
  } catch {
    return null;
  }
}
