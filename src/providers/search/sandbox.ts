// The offline search provider: answers local-search queries from the sandbox web, the
// deterministic generated sites served on loopback. No network, no key, no metering.
import { ProviderError, type SearchHit, type SearchPage, type SearchProvider, type SearchRequest } from '../../core/model/providers.ts';
import { industryByKey } from '../../sandbox/catalog/industries.ts';
import { matchSites } from '../../sandbox/query.ts';
import type { SandboxSite } from '../../sandbox/site.ts';
import { formatAddress } from '../../sandbox/truth.ts';

/** A started sandbox satisfies this; so does a site list with a URL function. */
export interface SandboxDirectory {
  readonly sites: readonly SandboxSite[];
  urlOf(site: SandboxSite): string;
}

function hit(site: SandboxSite, url: string): SearchHit {
  const industry = industryByKey(site.industry);
  const kind = industry.singular[0].toUpperCase() + industry.singular.slice(1);
  return {
    title: site.name,
    url,
    // Listings know the address even when the website does not show it.
    address: formatAddress(site) ?? place(site),
    phone: site.phone ?? undefined,
    rating: site.rating,
    reviews: site.reviews,
    snippet: `${kind} in ${place(site)}. ${industry.services.slice(0, 3).join(', ')}. Sandbox site (generated test data).`,
  };
}

export class SandboxSearch implements SearchProvider {
  readonly id = 'sandbox' as const;

  constructor(private readonly web: SandboxDirectory) {}

  async search(request: SearchRequest): Promise<SearchPage> {
    const { page, pageSize } = request;
    if (!Number.isInteger(page) || page < 0) throw new ProviderError('sandbox', 'bad_request', `page must be a whole number from 0, got ${page}`);
    if (!Number.isInteger(pageSize) || pageSize < 1) throw new ProviderError('sandbox', 'bad_request', `pageSize must be a whole number from 1, got ${pageSize}`);
    const matches = matchSites(this.web.sites, request.query, request.location);
    const start = page * pageSize;
    return {
      hits: matches.slice(start, start + pageSize).map((site) => hit(site, this.web.urlOf(site))),
      hasMore: start + pageSize < matches.length,
    };
  }
}

/** "Austin, TX"; a town the sandbox generated for a query may have no state: "Smallville". */
const place = (site: { city: string; state?: string | null }) => [site.city, site.state].filter(Boolean).join(', ');
