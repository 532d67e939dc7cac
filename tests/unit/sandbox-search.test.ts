// The sandbox search provider: local-search queries over the generated sites.
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/core/model/providers.ts';
import { SandboxSearch } from '../../src/providers/search/sandbox.ts';
import { generateSites } from '../../src/sandbox/generate.ts';
import { urlOf } from '../../src/sandbox/urls.ts';

const sites = generateSites({ seed: 'outreach-sandbox-v1', count: 240 });
const ports = { httpPort: 4100, httpsPort: 4101 };
const search = new SandboxSearch({ sites, urlOf: (s) => urlOf(s, ports) });
const bySlug = new Map(sites.map((s) => [new URL(urlOf(s, ports)).hostname, s]));

async function all(query: string, location?: string) {
  const hits = [];
  for (let page = 0; ; page++) {
    const result = await search.search({ query, location, page, pageSize: 7 });
    hits.push(...result.hits);
    if (!result.hasMore) break;
  }
  return hits.map((h) => ({ hit: h, site: bySlug.get(new URL(h.url).hostname)! }));
}

describe('SandboxSearch', () => {
  it('answers "plumbers in Austin" with exactly the plumbers in Austin, over several pages', async () => {
    const found = await all('plumbers in Austin');
    const expected = sites.filter((s) => s.industry === 'plumbers' && s.city === 'Austin');
    expect(expected.length).toBeGreaterThan(10);
    expect(found.map((f) => f.site.slug).sort()).toEqual(expected.map((s) => s.slug).sort());
  });

  it('reads singular, plural, synonyms, state codes and request.location alike', async () => {
    const dentistsDenver = (await all('dentists Denver CO')).map((f) => f.site.slug);
    expect(dentistsDenver.length).toBeGreaterThan(10);
    expect((await all('dentist', 'Denver, CO')).map((f) => f.site.slug)).toEqual(dentistsDenver);
    expect((await all('Dental clinic in denver')).map((f) => f.site.slug)).toEqual(dentistsDenver);
    const bakeries = sites.filter((s) => s.industry === 'bakeries').length;
    expect(await all('bakery')).toHaveLength(bakeries);
    expect(await all('Bakeries')).toHaveLength(bakeries);
    for (const { site } of await all('lawyers in Portland, OR')) expect([site.industry, site.city]).toEqual(['law-firms', 'Portland']);
    for (const { site } of await all('vet', 'Texas')) expect([site.industry, site.state]).toEqual(['veterinarians', 'TX']);
  });

  it('answers places and trades the catalogue does not have with businesses generated for them', async () => {
    const hostOf = (url: string) => new URL(url).hostname;
    const chicago = await search.search({ query: 'plumbers in Chicago', page: 0, pageSize: 10 });
    expect(chicago.hits).toHaveLength(10);
    expect(chicago.hasMore).toBe(true);
    for (const hit of chicago.hits) expect(hostOf(hit.url)).toMatch(/^plumbers-in-chicago-il-\d+\.localhost$/);
    const paris = await search.search({ query: 'plumbers', location: 'Paris, France', page: 0, pageSize: 10 });
    for (const hit of paris.hits) expect(hostOf(hit.url)).toMatch(/^plumbers-in-paris-\d+\.localhost$/);
    const quantum = await search.search({ query: 'quantum computing consultants', page: 0, pageSize: 10 });
    for (const hit of quantum.hits) expect(hostOf(hit.url)).toMatch(/^quantum-computing-consultant-in-[a-z-]+-\d+\.localhost$/);
    for (const hit of [...chicago.hits, ...paris.hits, ...quantum.hits]) expect(bySlug.has(hostOf(hit.url))).toBe(false);
  });

  it('returns an empty page past the last one, or when the query names neither a trade nor a place', async () => {
    expect(await search.search({ query: 'plumbers in Austin', page: 9, pageSize: 10 })).toEqual({ hits: [], hasMore: false });
    expect(await search.search({ query: '', page: 0, pageSize: 10 })).toEqual({ hits: [], hasMore: false });
    expect(await search.search({ query: 'best local businesses', page: 0, pageSize: 10 })).toEqual({ hits: [], hasMore: false });
  });

  it('orders results the same way every time and fills hits with listing data', async () => {
    const first = await search.search({ query: 'restaurants', page: 0, pageSize: 5 });
    expect(await search.search({ query: 'restaurants', page: 0, pageSize: 5 })).toEqual(first);
    const ratings = first.hits.map((h) => h.rating!);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    for (const hit of first.hits) {
      expect(hit.url).toMatch(/^https?:\/\/[a-z0-9]+\.localhost:410[01]\//);
      expect(hit.address).toBeTruthy();
      expect(hit.rating).toBeGreaterThanOrEqual(3.4);
      expect(hit.snippet).toContain('Sandbox site');
    }
  });

  it('refuses a negative page', async () => {
    await expect(search.search({ query: 'plumbers', page: -1, pageSize: 10 })).rejects.toBeInstanceOf(ProviderError);
  });
});
