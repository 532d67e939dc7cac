// Small toast notifications, fixed top-right. useToast() gives success/error/info helpers.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { takeStashedToast } from '../session.ts';
import './toasts.css';

type Kind = 'success' | 'danger' | 'info' | 'warning';

interface Toast {
  id: number;
  kind: Kind;
  message: string;
}

interface ToastApi {
  show: (message: string, kind?: Kind, durationMs?: number) => void;
  success: (message: string, durationMs?: number) => void;
  error: (message: string, durationMs?: number) => void;
  info: (message: string, durationMs?: number) => void;
}

const DEFAULT_DURATION_MS = 4000;
const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
    const timer = timers.current.get(id);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (message: string, kind: Kind = 'info', durationMs = DEFAULT_DURATION_MS) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, kind, message }]);
      timers.current.set(id, window.setTimeout(() => dismiss(id), durationMs));
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message, durationMs) => show(message, 'success', durationMs),
      error: (message, durationMs) => show(message, 'danger', durationMs),
      info: (message, durationMs) => show(message, 'info', durationMs),
    }),
    [show],
  );

  // A toast stashed before a full page load (e.g. 'Welcome back!' after signing in).
  useEffect(() => {
    const stashed = takeStashedToast();
    if (stashed) api.success(stashed);
  }, [api]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-stack" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`notification is-${toast.kind} toast-item`} role={toast.kind === 'danger' ? 'alert' : 'status'}>
            <button type="button" className="delete" aria-label="Dismiss" onClick={() => dismiss(toast.id)} />
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
