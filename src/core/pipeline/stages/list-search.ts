// Stage 1 of a campaign made from the operator's own list: the list is the search result. Its
// rows are read in file order a batch at a time (a 100,000-row list never sits in memory), and
// each new hostname becomes a lead with what the list said about it (name, phone, city, the
// contact email marked as from the list). No search service is asked: no quota is used.
import type { SearchHit } from '../../model/providers.ts';
import { jobAttempts } from '../../resilience/dead-letter.ts';
import type { ListRow } from '../../leads/list-file.ts';
import type { PipelineDeps } from '../deps.ts';

const BATCH = 500;

const toHit = (r: ListRow): SearchHit => ({
  title: r.name ?? r.hostname,
  url: r.url,
  ...(r.phone && { phone: r.phone }),
  ...((r.address || r.city) && { address: [r.address, r.city].filter(Boolean).join(', ') }),
  ...(r.city && { city: r.city }),
  ...(r.email && { email: r.email }),
  ...(r.contactName && { contactName: r.contactName }),
});

export async function runListSearch(campaignId: number, listId: number, maxResults: number | null, deps: PipelineDeps): Promise<void> {
  await deps.events.emit({ campaignId, activityType: 'search', status: 'info', message: 'Reading the imported list (no search quota used)' });
  const wanted = maxResults ?? Number.POSITIVE_INFINITY;
  let read = 0;
  let created = 0;
  let after = 0;
  while (read < wanted) {
    const rows = (await deps.lists.entries(listId, after, BATCH)).slice(0, Number.isFinite(wanted) ? wanted - read : undefined);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].line;
    read += rows.length;
    // A row whose hostname became a lead meanwhile (another campaign, an earlier attempt) adds nothing.
    const leads = await deps.store.addListLeads(campaignId, rows.map(toHit));
    created += leads.length;
    // One line a batch, not one a row: a 100,000-row list would bury the activity feed.
    if (leads.length) {
      const lines = `lines ${rows[0].line}–${rows[rows.length - 1].line}`;
      const message = leads.length === 1 ? `Discovered ${leads[0].hostname} from your list` : `Discovered ${leads.length} businesses from your list (${lines})`;
      await deps.events.emit({ campaignId, leadId: leads.length === 1 ? leads[0].id : null, activityType: 'discover', status: 'info', message });
    }
  }
  const known = read - created;
  await deps.events.emit({
    campaignId,
    activityType: 'search',
    status: 'success',
    message: `Read ${read} businesses from the imported list (no search quota used): ${created} new${known ? `, ${known} already known` : ''}`,
  });
  const waiting = await deps.store.leadIds(campaignId, 'unfinished');
  await deps.queue.enqueue(waiting.map((leadId) => ({ campaignId, leadId, stage: 'analyze' as const })), jobAttempts(await deps.system.get()));
  await deps.campaigns.update(campaignId, { phase: 'analyze' });
}
