// The operator's own lead lists: preview an uploaded file, import it as a campaign, Add lead.
import type { Campaign } from '../../../src/core/model/campaign.ts';
import type { AddLeadInput, ListPreview } from '../../../src/core/model/lead-list.ts';
import { apiRequest } from './client.ts';

export type { ListPreview };

export interface ImportOptions {
  name: string;
  mode: 'test' | 'live';
  start: boolean;
}

export const previewList = (file: File) =>
  apiRequest<ListPreview>(`/api/leads/import/preview?${new URLSearchParams({ file_name: file.name.slice(0, 200) })}`, { method: 'POST', file });

export function importList(file: File, options: ImportOptions) {
  const query = new URLSearchParams({ file_name: file.name.slice(0, 200), mode: options.mode, start: String(options.start) });
  if (options.name.trim()) query.set('name', options.name.trim());
  return apiRequest<{ campaign: Campaign; preview: ListPreview }>(`/api/leads/import?${query}`, { method: 'POST', file });
}

export const addLead = (input: Partial<AddLeadInput> & { url: string }) => apiRequest<{ campaign: Campaign; hostname: string }>('/api/leads', { method: 'POST', body: input });
