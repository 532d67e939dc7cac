// Leads: the keyset-paged list (loaded page by page with next_cursor), one lead and its
// sub-resources (analysis, emails, interactions, history), status changes, deletes and
// the CSV export of exactly the selected leads.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { Interaction, Lead, LeadAnalysis, LeadDetail, LeadEmail, LeadHistory, LeadPage, LeadSort, LeadStatus } from '../../../src/core/model/lead.ts';
import type { SequenceState } from '../../../src/core/model/sequence.ts';
import { getSession } from '../session.ts';
import { ApiError, api, fetcher } from './client.ts';

export type { Interaction, Lead, LeadAnalysis, LeadEmail, LeadHistory, LeadPage, LeadSort, LeadStatus };

export const LEADS_KEY = '/api/leads';
export const LEADS_PAGE_SIZE = 50;

export interface LeadFilters {
  search: string;
  status: string;
  business_category: string;
  sort: LeadSort;
}

function listQuery(filters: LeadFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.status) query.set('status', filters.status);
  if (filters.business_category) query.set('business_category', filters.business_category);
  query.set('sort', filters.sort);
  query.set('limit', String(LEADS_PAGE_SIZE));
  return query;
}

/** The lead list one server page at a time; setSize(size + 1) loads the next page. */
export function useLeadPages(filters: LeadFilters) {
  const base = listQuery(filters).toString();
  return useSWRInfinite<LeadPage>(
    (index, previous: LeadPage | null) => {
      if (index === 0) return `${LEADS_KEY}?${base}`;
      if (!previous?.next_cursor) return null;
      return `${LEADS_KEY}?${base}&cursor=${encodeURIComponent(previous.next_cursor)}`;
    },
    fetcher,
    { revalidateFirstPage: false },
  );
}

const leadPath = (id: number) => `${LEADS_KEY}/${id}`;

export function useLead(id: number | null) {
  // The status call answers the lead without its contact check: keep the check as optional.
  return useSWR<Lead & Partial<Pick<LeadDetail, 'contact_email_check'>>>(id ? leadPath(id) : null, fetcher, { shouldRetryOnError: false });
}

/** Pass null to skip the call (the analysis is requested only once a lead is past NEW). */
export function useLeadAnalysis(id: number | null) {
  return useSWR<LeadAnalysis>(id ? `${leadPath(id)}/analysis` : null, fetcher, { shouldRetryOnError: false });
}

export function useLeadEmails(id: number | null) {
  return useSWR<LeadEmail[]>(id ? `${leadPath(id)}/emails` : null, fetcher);
}

export function useLeadInteractions(id: number | null) {
  return useSWR<Interaction[]>(id ? `${leadPath(id)}/interactions` : null, fetcher);
}

/** Where the lead is in its campaign's sequence; null before any email. */
export function useLeadSequence(id: number | null) {
  return useSWR<SequenceState | null>(id ? `${leadPath(id)}/sequence` : null, fetcher);
}

export type { SequenceState };

export function useLeadHistory(id: number | null) {
  return useSWR<LeadHistory>(id ? `${leadPath(id)}/history` : null, fetcher);
}

export const deleteLeadsWithoutContact = () => api.delete<{ deleted_count: number }>(`${LEADS_KEY}/bulk/without-contact`);
export const deleteLead = (id: number) => api.delete<{ message: string }>(leadPath(id));
export const updateLeadStatus = (id: number, status: LeadStatus) => api.patch<Lead>(`${leadPath(id)}/status`, { status });

/** Deletes the leads in parallel; rejects if any delete failed (the others still happened). */
export async function deleteLeads(ids: number[]): Promise<void> {
  const results = await Promise.allSettled(ids.map((id) => deleteLead(id)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Downloads exactly these leads as CSV (fetch with the bearer token → Blob → <a download>). */
export async function exportLeads(ids: number[]): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/csv' };
  const token = getSession()?.access_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api/export/leads?ids=${ids.join(',')}`, { headers });
  if (!response.ok) throw new ApiError('Request failed', response.status, false);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `leads-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}
