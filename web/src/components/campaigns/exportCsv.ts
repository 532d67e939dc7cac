// Downloads a campaign's leads as campaign-{id}-leads.csv: the export call needs the bearer
// token, so it is fetched, turned into a Blob and saved through a temporary <a download>.
import { ApiError } from '../../api/client.ts';
import { CAMPAIGNS_KEY } from '../../api/campaigns.ts';
import { getSession } from '../../session.ts';

export const exportFileName = (id: number) => `campaign-${id}-leads.csv`;

export async function downloadCampaignCsv(id: number): Promise<void> {
  const token = getSession()?.access_token;
  const response = await fetch(`${CAMPAIGNS_KEY}/${id}/export`, {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new ApiError('Request failed', response.status, false);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(id);
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start the download before the object URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
