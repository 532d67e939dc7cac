// Businesses generated for searches the sandbox catalogue cannot answer ("roofers in Phoenix"):
// deterministic from the query alone, served from their host label alone, labelled as test
// data — and the catalogue's own answers exactly as they were.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { SandboxSearch } from '../../src/providers/search/sandbox.ts';
import { SandboxHost } from '../../src/sandbox/host.ts';
import { industryByKey, INDUSTRIES } from '../../src/sandbox/catalog/industries.ts';
import { knownCitiesIn, US_STATES } from '../../src/sandbox/catalog/us-places.ts';
import { generateSites } from '../../src/sandbox/generate.ts';
import { decodeLabel, encodeLabel } from '../../src/sandbox/generated/label.ts';
import { readWanted } from '../../src/sandbox/generated/resolve.ts';
import { generatedSite } from '../../src/sandbox/generated/sites.ts';
import { Lru } from '../../src/sandbox/lru.ts';
import { matchCatalogue, matchSites } from '../../src/sandbox/query.ts';
import { SANDBOX_LABEL } from '../../src/sandbox/render/pages.ts';
import { SiteResponder } from '../../src/sandbox/respond.ts';
import { formatAddress, groundTruth, type SiteTruth } from '../../src/sandbox/truth.ts';
import { hostnameOf, slugFromHost, urlOf } from '../../src/sandbox/urls.ts';

const SEED = 'outreach-sandbox-v1';
const sites = generateSites({ seed: SEED, count: 240 });
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
const slugs = (found: { slug: string }[]) => found.map((s) => s.slug);

describe('the catalogue answers what it answered before', () => {
  it('generates the same 240 sites and ground truth, byte for byte', () => {
    // Taken when the sandbox began to name its businesses as real ones are named (brands, family firms, one-person
    // businesses, domains that spell the trade and town: src/sandbox/naming.ts); any change to a catalogue site shows here.
    expect(digest(sites)).toBe('8c3e81f3f95ae243');
    // An up-to-date footer names the current year: that year is left out, so the digest holds next year too.
    const yearless = (t: SiteTruth) => (t.copyright_stale ? t : { ...t, copyright_year: 'current', copyright_line: t.copyright_line.replace(String(t.copyright_year), 'current'), copyright_notice: t.copyright_notice.replace(String(t.copyright_year), 'current') });
    // The truth changed twice since: a contact form on an http site is a finding of its own (form_not_secure), and so is
    // a phone link that dials the number with two digits swapped (bad_phone_link; the sites themselves did not change).
    expect(digest(sites.map((s) => yearless(groundTruth(s))))).toBe('96f0293992d18097');
  });

  it('keeps the counts and sites of the queries it already answered', () => {
    const counts: [string, number][] = [
      ['dentists in Denver', 13], ['plumbers in Austin', 12], ['dentists Denver CO', 13], ['bakery', 14], ['restaurants', 14],
      ['lawyers in Portland, OR', 2], ['vet', 14], ['Lopez', 5], ['roofers', 14], ['hvac in Boise', 1], ['Texas', 33],
      // A trade and a place it knows, though not this pair's city: still the catalogue's answer (roofers in AZ).
      ['roofers Phoenix', 14], ['roofing companies in Phoenix, AZ', 1],
    ];
    for (const [query, count] of counts) {
      const found = matchSites(sites, query);
      expect(found, query).toHaveLength(count);
      expect(slugs(found), query).toEqual(slugs(matchCatalogue(sites, query)));
      expect(found.every((s) => /^[a-z0-9]+$/.test(s.slug)), query).toBe(true);
    }
    expect(slugs(matchSites(sites, 'plumbers in Austin'))).toEqual(
      slugs(sites.filter((s) => s.industry === 'plumbers' && s.city === 'Austin').sort((a, b) => b.rating - a.rating || b.reviews - a.reviews || a.slug.localeCompare(b.slug))),
    );
  });

  it('answers every industry × city of the catalogue from the catalogue when it has such sites', () => {
    for (const industry of INDUSTRIES) {
      for (const city of new Set(sites.map((s) => s.city))) {
        const query = `${industry.terms[0]} in ${city}`;
        const own = matchCatalogue(sites, query);
        const found = matchSites(sites, query);
        if (own.length > 0) expect(slugs(found), query).toEqual(slugs(own));
        else expect(found.length, query).toBeGreaterThan(0);
      }
    }
  });
});

describe('businesses generated for a search the catalogue cannot answer', () => {
  it('answers "roofers in Phoenix" with roofers in Phoenix, AZ, the same ones every time and on every machine', () => {
    const found = matchSites(sites, 'roofers in Phoenix');
    expect(found.length).toBeGreaterThanOrEqual(30);
    expect(found.every((s) => s.industry === 'roofers' && s.city === 'Phoenix' && s.state === 'AZ')).toBe(true);
    // Fixed values: the generator depends on nothing but the query (no seed, no clock, no Math.random).
    expect(found).toHaveLength(41);
    expect(found.slice(0, 3).map((s) => [s.slug, s.name])).toEqual([
      ['roofers-in-phoenix-az-21', 'Toitures Lefebvre & Fils'],
      ['roofers-in-phoenix-az-20', 'Patel & Daughters Roof Pros'],
      ['roofers-in-phoenix-az-11', 'Maple Leaf Roofing'],
    ]);
    // Whatever the sandbox's seed and size, and however the query is worded.
    const other = generateSites({ seed: 'another-seed', count: 20 });
    expect(matchSites(other, 'Roofers in phoenix')).toEqual(found);
    expect(matchSites(other, 'roofer', 'Phoenix, AZ')).toEqual(found);
    expect(matchSites(sites, 'roofing in Phoenix')).toEqual(found);
    expect(new Set(slugs(found)).size).toBe(found.length);
    expect(new Set(found.map((s) => s.phone).filter(Boolean)).size).toBe(found.filter((s) => s.phone).length);
  });

  it('pages through the generated businesses like any other answer', async () => {
    const search = new SandboxSearch({ sites, urlOf: (s) => urlOf(s, { httpPort: 4100, httpsPort: 4101 }) });
    const urls: string[] = [];
    for (let page = 0; ; page++) {
      const result = await search.search({ query: 'dog groomers in Smallville', page, pageSize: 7 });
      urls.push(...result.hits.map((h) => h.url));
      for (const hit of result.hits) expect(hit.snippet).toContain('generated test data');
      if (!result.hasMore) break;
    }
    expect(urls.length).toBeGreaterThanOrEqual(12);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(new URL(url).hostname).toMatch(/^dog-groomer-in-smallville-\d+\.localhost$/);
    expect(await search.search({ query: 'dog groomers in Smallville', page: 9, pageSize: 10 })).toEqual({ hits: [], hasMore: false });
  });

  it('reads trades: plural, singular, "-ing" and synonyms map to the catalogue; other words become the trade', () => {
    const trade = (query: string) => readWanted(query)?.trades;
    for (const q of ['roofers', 'roofer', 'roofing', 'roof repair', 'roofing companies']) expect(trade(`${q} in Phoenix`), q).toEqual(['roofers']);
    for (const q of ['dentist', 'dentists', 'dental', 'teeth whitening']) expect(trade(`${q} in Phoenix`), q).toEqual(['dentists']);
    expect(trade('barbershops in Reno')).toEqual(['hair-salons']);
    expect(trade('plumbers and electricians in Reno')).toEqual(['plumbers', 'electricians']);
    expect(trade('dog groomers in Reno')).toEqual(['dog-groomer']);
    expect(trade('Dog Groomer in Reno')).toEqual(['dog-groomer']);
    expect(trade('best pool cleaning companies in Reno')).toEqual(['pool-cleaning']);
    expect(trade('coffee shops in Reno')).toEqual(['coffee-shop']);
    expect(trade('businesses in Reno')).toEqual([]); // any trade of the catalogue
    expect(readWanted('')).toBeNull();
    expect(readWanted('best local businesses')).toBeNull();

    const groomer = industryByKey('dog-groomer');
    expect([groomer.label, groomer.singular, groomer.schemaType]).toEqual(['Dog Groomers', 'dog groomer', 'LocalBusiness']);
    expect(industryByKey('carpet-cleaning')).toMatchObject({ label: 'Carpet Cleaning', singular: 'carpet cleaning company' });
    expect(industryByKey('roofers')).toBe(INDUSTRIES.find((i) => i.key === 'roofers'));
    const found = matchSites(sites, 'dog groomers in Phoenix');
    expect(found.every((s) => s.industry === 'dog-groomer' && s.language === 'en')).toBe(true);
    expect(found.some((s) => /Dog Groom/.test(s.name))).toBe(true);
  });

  it('reads places: a known city gets its state, any other town keeps its name and no state', () => {
    const place = (query: string, location?: string) => readWanted(query, location)?.place;
    expect(place('roofers in Phoenix')).toEqual({ city: 'Phoenix', state: 'AZ', known: true });
    expect(place('roofers in salt lake city, utah')).toEqual({ city: 'Salt Lake City', state: 'UT', known: true });
    expect(place('tattoo studios in Portland, ME')).toEqual({ city: 'Portland', state: 'ME', known: true });
    expect(place('dog groomers Phoenix AZ')).toEqual({ city: 'Phoenix', state: 'AZ', known: true });
    expect(place('roofers', 'St. Louis, MO')).toEqual({ city: 'St. Louis', state: 'MO', known: true });
    expect(place('dog groomers in smallville')).toEqual({ city: 'Smallville', state: null, known: false });
    expect(place('dog groomers in Smallville, KS')).toEqual({ city: 'Smallville', state: 'KS', known: false });
    expect(place('plumbers', 'Paris, France')).toEqual({ city: 'Paris', state: null, known: false });
    expect(place('dog groomers in Wyoming')).toEqual({ city: null, state: 'WY', known: false });
    expect(place('mobile notary near me')).toBeNull();
    for (const code of Object.keys(US_STATES)) expect(knownCitiesIn(code).length, code).toBeGreaterThan(0);

    const town = matchSites(sites, 'dog groomers in Smallville');
    expect(town.length).toBeGreaterThanOrEqual(12);
    for (const site of town) {
      expect([site.city, site.state]).toEqual(['Smallville', '']);
      if (site.address) expect(formatAddress(site)).toMatch(/^[^,]+(, Suite \d+)?, Smallville$/);
    }
    const texas = matchSites(sites, 'dog groomers in Texas');
    expect(new Set(texas.map((s) => s.state))).toEqual(new Set(['TX']));
    expect(new Set(texas.map((s) => s.city)).size).toBeGreaterThan(1);
  });

  it('derives every site from its host label alone, a valid DNS label under .localhost', () => {
    const found = [...matchSites(sites, 'roofers in Phoenix'), ...matchSites(sites, 'commercial refrigeration repair services in Rancho Santa Margarita, CA'), ...matchSites(sites, 'pizza')];
    for (const site of found) {
      expect(site.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(site.slug.length).toBeLessThanOrEqual(63);
      expect(slugFromHost(`${hostnameOf(site)}:4101`)).toBe(site.slug);
      expect(generatedSite(site.slug)).toEqual(site);
      expect(site.domain.startsWith(`${site.slug}.`)).toBe(true);
      expect(groundTruth(site).hostname).toBe(hostnameOf(site));
    }
    expect(decodeLabel('roofers-in-phoenix-az-3')).toEqual({ trade: 'roofers', city: 'Phoenix', state: 'AZ', n: 3 });
    expect(encodeLabel({ trade: 'dog-groomer', city: 'Smallville', state: null, n: 12 })).toBe('dog-groomer-in-smallville-12');
    // Only the canonical spelling names a site; catalogue slugs never do.
    for (const label of ['roofers-in-phoenix-3', 'roofers-in-phoenix-az-0', 'roofers-in-phoenix-az-03', 'roofers-phoenix-az-3', 'lopezplumbing', 'x-in-y-100']) {
      expect(generatedSite(label), label).toBeUndefined();
    }
    for (const site of sites) expect(generatedSite(site.slug)).toBeUndefined();
  });

  it('renders generated pages labelled as test data, consistent with their ground truth', () => {
    const responder = new SiteResponder({ httpPort: 4100, httpsPort: 4101 }, false);
    const found = [...matchSites(sites, 'dog groomers in Smallville'), ...matchSites(sites, 'roofers in Phoenix')];
    let checked = 0;
    for (const site of found) {
      const truth = groundTruth(site);
      const home = responder.respond(site, { secure: site.scheme === 'https', method: 'GET', url: '/' });
      expect(home.status, site.slug).toBe(site.fault === '500' ? 500 : site.fault === '404' ? 404 : 200);
      expect(String(home.body), site.slug).toContain(SANDBOX_LABEL);
      if (home.status !== 200) continue;
      const body = String(home.body);
      expect(body).toContain(site.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
      expect(body).not.toMatch(/Smallville, (?:<|\s|\.)/); // no empty state after a town
      if (truth.primary_email && site.email.presentation === 'mailto') expect(body).toContain(`mailto:${truth.primary_email}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe('Lru', () => {
  it('keeps the most recently used entries up to its size', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
    expect(lru.getOr('d', () => 4)).toBe(4);
    expect(lru.get('a')).toBeUndefined();
  });
});

describe('mail domains the sandbox answers for (address checks never ask the real DNS about them)', () => {
  const host = new SandboxHost({ sandbox: { seed: SEED, sites: 240, httpPort: 0, httpsPort: 0 } } as Config);

  it("owns its catalogue businesses' domains and the generated businesses' domains, and nothing else", async () => {
    expect(await host.ownsMailDomain(sites[0].domain)).toBe(true);
    expect(await host.ownsMailDomain(sites[0].domain.toUpperCase())).toBe(true);
    const generated = matchSites(sites, 'roofers in Phoenix');
    expect(generated.length).toBeGreaterThan(0);
    for (const site of generated.slice(0, 5)) expect(await host.ownsMailDomain(site.domain), site.domain).toBe(true);
    expect(await host.ownsMailDomain('gmail.com')).toBe(false);
    expect(await host.ownsMailDomain(`${generated[0].slug}.org`)).toBe(generated[0].domain.endsWith('.org'));
    expect(await host.ownsMailDomain('com')).toBe(false);
  });
});
