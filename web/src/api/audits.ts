// Site audits: a lead's latest audit (404 until it has one), its screenshots (JPEG bytes that
// need the bearer token, so fetched as blobs and shown through object URLs), and Settings'
// word on whether this host can run audits (Chromium) and which auditor is active.
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { AuditFactView, AuditMetricView, AuditView, FieldMetricView, MeasuredAuditView } from '../../../src/core/audit/view.ts';
import { getSession } from '../session.ts';
import { ApiError, fetcher } from './client.ts';

export type { AuditFactView, AuditMetricView, AuditView, FieldMetricView, MeasuredAuditView };
export type Band = AuditMetricView['band'];

export interface AuditSettings {
  chromium: { available: boolean; path: string; hint: string | null };
  provider: 'lighthouse' | 'psi';
}

/** The lead's audit; error.status 404 when it has none yet. */
export function useLeadAudit(id: number | null) {
  return useSWR<AuditView>(id ? `/api/leads/${id}/audit` : null, fetcher, { shouldRetryOnError: false, revalidateOnFocus: false });
}

export function useAuditSettings(enabled: boolean) {
  return useSWR<AuditSettings>(enabled ? '/api/settings/audit' : null, fetcher, { revalidateOnFocus: false });
}

export const notAudited = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A screenshot as an object URL (the API wants the bearer token, which an <img src> cannot
 * send); revoked when the path changes or the component goes. null while loading, 'failed'
 * when it could not be fetched.
 */
export function useScreenshot(path: string | null): string | null | 'failed' {
  const [url, setUrl] = useState<string | null | 'failed'>(null);
  useEffect(() => {
    setUrl(null);
    if (!path) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const headers: Record<string, string> = { Accept: 'image/jpeg' };
    const token = getSession()?.access_token;
    if (token) headers.Authorization = `Bearer ${token}`;
    fetch(path, { headers, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setUrl('failed');
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}

/** The lead's report page as the agency previews it (not counted as the lead's view); url null until the site was measured. */
export function useReportPreview(id: number | null) {
  return useSWR<{ url: string | null }>(id ? `/api/leads/${id}/report-preview` : null, fetcher, { shouldRetryOnError: false, revalidateOnFocus: false });
}
