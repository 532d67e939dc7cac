// Stage 1: ask the search provider for businesses, page by page up to max_results, keep
// the results on the campaign (restart re-uses them) and create one lead per new hostname.
// A retried search (its worker died half-way) re-uses the results it kept and queues the
// analysis of every lead of the campaign still waiting for one, not only those it created.
import { emitAll } from '../../events.ts';
import type { SearchHit } from '../../model/providers.ts';
import { jobAttempts } from '../../resilience/dead-letter.ts';
import type { PipelineDeps } from '../deps.ts';
import type { Job } from '../jobs.ts';
import { normaliseHostname, withoutCredentials } from '../store.ts';
import { runListSearch } from './list-search.ts';

export async function runSearch(job: Job, deps: PipelineDeps): Promise<void> {
  const campaign = await deps.campaigns.find(job.campaignId);
  if (!campaign) return;
  if (campaign.leadListId != null) return runListSearch(campaign.id, campaign.leadListId, campaign.maxResults, deps);
  // A first attempt that got as far as keeping its results paid for them already.
  const fromCache = (job.payload?.fromCache === true || job.attempts > 1) && campaign.searchResults;
  const wanted = campaign.maxResults ?? Number.POSITIVE_INFINITY;
  let hits: SearchHit[];
  let source: string;

  if (fromCache) {
    // Results kept before credentials were stripped lose them here.
    hits = campaign.searchResults!.map((hit) => ({ ...hit, url: withoutCredentials(hit.url) }));
    source = 'cache';
  } else {
    const provider = await deps.searchProvider();
    source = provider.id;
    hits = [];
    const seen = new Set<string>();
    for (let page = 0; hits.length < wanted && page < deps.limits.maxSearchPages; page++) {
      await deps.events.emit({ campaignId: campaign.id, activityType: 'search', status: 'info', message: `Searching ${provider.id} for "${campaign.searchQuery}"${campaign.location ? ` in ${campaign.location}` : ''} (page ${page + 1})` });
      const result = await provider.search({ query: campaign.searchQuery, location: campaign.location ?? undefined, page, pageSize: 10 }, { campaignId: campaign.id });
      for (const hit of result.hits) {
        const host = normaliseHostname(hit.url);
        if (host && !seen.has(host)) {
          seen.add(host);
          hits.push({ ...hit, url: withoutCredentials(hit.url) });
        }
      }
      if (!result.hasMore) break;
    }
    await deps.campaigns.update(campaign.id, { searchResults: hits });
  }

  const selected = hits.slice(0, Number.isFinite(wanted) ? wanted : undefined);
  const created = await deps.store.addLeads(campaign.id, selected, source);
  await emitAll(
    deps.events,
    created.map((lead) => ({ campaignId: campaign.id, leadId: lead.id, activityType: 'discover', status: 'info', message: `Discovered ${lead.title ?? lead.hostname}`, details: { website: lead.url } })),
  );
  const known = selected.length - created.length;
  await deps.events.emit({
    campaignId: campaign.id,
    activityType: 'search',
    status: 'success',
    message: `Found ${selected.length} businesses${fromCache ? ' (cached results, no search quota used)' : ''}: ${created.length} new${known ? `, ${known} already known` : ''}`,
  });
  // Leads a dead attempt inserted are "already known" now: queue every lead without an
  // analysis (the queue adds no second job for a lead that has one).
  const waiting = await deps.store.leadIds(campaign.id, 'unfinished');
  await deps.queue.enqueue(waiting.map((leadId) => ({ campaignId: campaign.id, leadId, stage: 'analyze' as const })), jobAttempts(await deps.system.get()));
  await deps.campaigns.update(campaign.id, { phase: 'analyze' });
}
