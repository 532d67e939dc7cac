// Entry point of the dashboard.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import './bulma/index.scss';
import './styles.css';
import { App } from './App.tsx';
import { ApiError, fetcher } from './api/client.ts';
import { ToastProvider } from './components/Toasts.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

createRoot(root).render(
  <StrictMode>
    <SWRConfig
      value={{
        fetcher,
        errorRetryCount: 1,
        // A 4xx will not get better by asking again.
        onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
          // SWR counts from 1: the first retry arrives with retryCount 1.
          if (retryCount > (config.errorRetryCount ?? 1)) return;
          setTimeout(() => void revalidate({ retryCount }), config.errorRetryInterval);
        },
      }}
    >
      <ToastProvider>
        <App />
      </ToastProvider>
    </SWRConfig>
  </StrictMode>,
);
