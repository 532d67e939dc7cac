// Stage 1: ask the search provider for businesses, page by page up to max_results, keep
// the results on the campaign (restart re-uses them) and create one lead per new hostname.
// A retried search (its worker died half-way) re-uses the results it kept and queues the
// analysis of every lead of the campaign still waiting for one, not only those it created.
import { emitAll } from '../../events.ts';
import { jobAttempts } from '../../resilience/dead-letter.ts';
import type { PipelineDeps } from '../deps.ts';
import type { Job } from '../jobs.ts';
import { normaliseHostname, withoutCredentials, type RankedHit } from '../store.ts';
import { searchQueryText } from '../analyze/crawl-findings.ts';
import { runListSearch } from './list-search.ts';

export async function runSearch(job: Job, deps: PipelineDeps): Promise<void> {
  const campaign = await deps.campaigns.find(job.campaignId);
  if (!campaign) return;
  if (campaign.leadListId != null) return runListSearch(campaign.id, campaign.leadListId, campaign.maxResults, deps);
  // A first attempt that got as far as keeping its results paid for them already.
  const fromCache = (job.payload?.fromCache === true || job.attempts > 1) && campaign.searchResults;
  const wanted = campaign.maxResults ?? Number.POSITIVE_INFINITY;
  let hits: RankedHit[];
  let source: string;
  // What the search service answered, to say why it found fewer than asked for.
  const answered: SearchAnswer = { results: 0, noWebsite: 0, duplicates: 0, pages: 0, exhausted: false };

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
      // Results of the earlier pages, all counted (those without a website too): a hit's position is after them.
      const before = answered.results;
      answered.pages++;
      answered.results += result.hits.length + (result.skipped?.noWebsite ?? 0) + (result.skipped?.duplicates ?? 0);
      answered.noWebsite += result.skipped?.noWebsite ?? 0;
      answered.duplicates += result.skipped?.duplicates ?? 0;
      for (const [i, hit] of result.hits.entries()) {
        const host = normaliseHostname(hit.url);
        if (host && !seen.has(host)) {
          seen.add(host);
          // 1-based across pages; results the provider left out of this page are not placed, so it is at best this.
          hits.push({ ...hit, url: withoutCredentials(hit.url), position: before + i + 1 });
        } else answered.duplicates++;
      }
      if (!result.hasMore) {
        answered.exhausted = true;
        break;
      }
    }
    await deps.campaigns.update(campaign.id, { searchResults: hits });
  }

  const selected = hits.slice(0, Number.isFinite(wanted) ? wanted : undefined);
  // Kept results carry their positions, so a retried search still records them.
  const created = await deps.store.addLeads(campaign.id, selected, source, searchQueryText(campaign.searchQuery, campaign.location));
  await emitAll(
    deps.events,
    created.map((lead) => ({ campaignId: campaign.id, leadId: lead.id, activityType: 'discover', status: 'info', message: `Discovered ${lead.title ?? lead.hostname}`, details: { website: lead.url } })),
  );
  const known = selected.length - created.length;
  const note = Number.isFinite(wanted) && selected.length < wanted ? fewerFound(selected.length, wanted, fromCache ? undefined : answered, deps.limits.maxSearchPages) : null;
  await deps.campaigns.update(campaign.id, { searchNote: note });
  await deps.events.emit({
    campaignId: campaign.id,
    activityType: 'search',
    status: note ? 'warning' : 'success',
    message: `${note ?? `Found ${businesses(selected.length)}`}${fromCache ? ' (cached results, no search quota used)' : ''}: ${created.length} new${known ? `, ${known} already known` : ''}`,
  });
  // Leads a dead attempt inserted are "already known" now: queue every lead without an
  // analysis (the queue adds no second job for a lead that has one).
  const waiting = await deps.store.leadIds(campaign.id, 'unfinished');
  await deps.queue.enqueue(waiting.map((leadId) => ({ campaignId: campaign.id, leadId, stage: 'analyze' as const })), jobAttempts(await deps.system.get()));
  await deps.campaigns.update(campaign.id, { phase: 'analyze' });
}

interface SearchAnswer {
  /** Results the service returned over all pages, those without a website or a second listing included. */
  results: number;
  noWebsite: number;
  /** Second listings of one website (within a page, as the provider said, or across pages). */
  duplicates: number;
  pages: number;
  /** The service said there were no more results. */
  exhausted: boolean;
}

const businesses = (n: number) => `${n} ${n === 1 ? 'business' : 'businesses'}`;
const results = (n: number) => `${n} ${n === 1 ? 'result' : 'results'}`;

/**
 * "Found 1 business (asked for 10): the search returned only 1 result" — why a search found
 * fewer than max_results, from what the search service answered (undefined: the cached results).
 */
export function fewerFound(found: number, wanted: number, answered: SearchAnswer | undefined, maxPages: number): string {
  const head = `Found ${businesses(found)} (asked for ${wanted})`;
  if (!answered) return `${head}: the saved search results hold only ${found === 1 ? 'that one' : `those ${found}`}`;
  const why: string[] = [];
  if (answered.exhausted) why.push(`the search returned only ${results(answered.results)}`);
  else if (answered.pages >= maxPages) why.push(`the search stops after ${maxPages} ${maxPages === 1 ? 'page' : 'pages'} of results (${results(answered.results)})`);
  const dropped = [answered.noWebsite && `${answered.noWebsite} had no website`, answered.duplicates && `${answered.duplicates} ${answered.duplicates === 1 ? 'was a second listing' : 'were second listings'} of a website already found`].filter(Boolean);
  if (dropped.length) why.push(`of those, ${dropped.join(' and ')}`);
  return why.length ? `${head}: ${why.join('; ')}` : head;
}
