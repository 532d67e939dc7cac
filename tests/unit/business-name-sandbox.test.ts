// The business name the analyser reads on every sandbox site, against the name the ground truth
// keeps: all of them, and never a hostname, a slogan, a copyright line or an agency's credit.
// The sandbox shows names the way real small-business pages do (src/sandbox/naming.ts): slogan
// titles, "Home | ...", the name only in a logo's alt text, og:site_name or schema.org, taglines
// beside the name, "Welcome to ..." and trade-in-a-place headings, copyright holders with a legal
// form, in capitals or naming the owner, agency credits, domains that spell the trade and the
// town; and names as real businesses have them (brands, "The ...", one-person businesses named
// after the owner, family firms). Every one of those variants must be among the sites read.
import { describe, expect, it } from 'vitest';
import { isHostname, isSlogan, nameKey, notAName } from '../../src/core/pipeline/analyze/name-shapes.ts';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { DOMAIN_STYLES, NAME_SHAPES } from '../../src/sandbox/generate-details.ts';
import { generatedMatches } from '../../src/sandbox/generated/sites.ts';
import { BRAND_STYLES, COPYRIGHT_STYLES, CREDIT_STYLES, HEADING_STYLES, siteNaming, TITLE_STYLES } from '../../src/sandbox/naming.ts';
import type { SandboxSite } from '../../src/sandbox/site.ts';
import { groundTruth } from '../../src/sandbox/truth.ts';
import { sandboxCrawl, sandboxSites } from '../support/sandbox-crawl.ts';

/** Searches the catalogue cannot answer: their businesses' hosts spell the search, never the name. */
const SEARCHES = ['roofers in Phoenix, AZ', 'dog groomers in Smallville', 'bakeries in Reno, NV', 'dentists in Boise, ID'];

interface Read {
  site: SandboxSite;
  name: string | undefined;
}

function readAll(sites: SandboxSite[]): Read[] {
  const out: Read[] = [];
  for (const site of sites) {
    const crawl = sandboxCrawl(site);
    if (!crawl.home) continue;
    const facts = extractFacts(crawl);
    if (facts.site_state !== 'ok') continue;
    out.push({ site, name: facts.business_name ?? undefined });
  }
  return out;
}

const catalogue = readAll(sandboxSites());
const generated = readAll(SEARCHES.flatMap((q) => generatedMatches(q)));
const all = [...catalogue, ...generated];

function expectEach<T>(values: T[], expected: readonly T[], what: string, atLeast = 2): void {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const missing = expected.filter((v) => (counts.get(v) ?? 0) < atLeast).map((v) => `${what} ${String(v)}: ${counts.get(v) ?? 0}`);
  expect(missing).toEqual([]);
}

describe('business names on the sandbox', () => {
  it('reads the name of every sandbox business whose site answers, as the ground truth keeps it', () => {
    const wrong = all
      .filter((r) => r.name?.toLowerCase() !== groundTruth(r.site).name.toLowerCase())
      .map((r) => `${r.site.slug}: ${JSON.stringify(r.name ?? null)} for ${JSON.stringify(groundTruth(r.site).name)} (${JSON.stringify(siteNaming(r.site))})`);
    console.log(`sandbox names: ${catalogue.length - wrong.filter((w) => catalogue.some((r) => w.startsWith(`${r.site.slug}:`))).length}/${catalogue.length} right on the catalogue, ${all.length - wrong.length}/${all.length} with ${generated.length} generated for searches`);
    expect(catalogue.length).toBeGreaterThan(180);
    expect(generated.length).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  }, 180_000);

  it('never answers a hostname, a slogan, a copyright line, an agency credit or a tagline', () => {
    for (const { site, name } of all) {
      if (!name) continue;
      expect(isHostname(name), name).toBe(false);
      expect(isSlogan(name), name).toBe(false);
      // A name of trade words ("Trusted Dental Studio") is the business's own when it is the truth's.
      const why = notAName(name);
      expect(why === undefined || (why === 'a generic trade noun' && name === groundTruth(site).name), `${site.slug}: ${name} (${why})`).toBe(true);
      expect(nameKey(name), site.slug).not.toBe(nameKey(siteNaming(site).tagline));
      expect(name, site.slug).not.toMatch(/©|all rights|website by|designed by|web design by|site by/i);
    }
  });

  it('reads sites of every naming variant, in every language', () => {
    const sites = all.map((r) => r.site);
    const naming = sites.map(siteNaming);
    expectEach(naming.map((n) => n.title), TITLE_STYLES, 'title');
    expectEach(naming.map((n) => n.brand), BRAND_STYLES, 'brand');
    expectEach(naming.map((n) => n.heading), HEADING_STYLES, 'heading');
    expectEach(naming.map((n) => n.copyright), COPYRIGHT_STYLES, 'copyright');
    expectEach(naming.map((n) => n.credit), CREDIT_STYLES, 'credit');
    expectEach(naming.map((n) => n.siteName), [true, false], 'og:site_name');
    expectEach(sites.map((s) => s.jsonLd), [true, false], 'schema.org');
    expectEach(sites.map((s) => s.nameShape), NAME_SHAPES, 'name shape');
    expectEach(sites.map((s) => s.domainStyle), DOMAIN_STYLES, 'domain');
    expectEach(sites.filter((s) => s.language !== 'en').map((s) => `${s.language} ${siteNaming(s).title === 'tagline-only' ? 'slogan title' : 'named title'}`), ['es', 'fr', 'de'].flatMap((l) => [`${l} slogan title`, `${l} named title`]), 'language', 1);
    // The hard cases together: the title and the heading say no name, the domain does not spell it either.
    const hidden = sites.filter((s, i) => naming[i].title === 'tagline-only' && naming[i].heading !== 'name' && s.domainStyle !== 'name');
    expect(hidden.length).toBeGreaterThanOrEqual(3);
    // Names that start with "The" are read without a doubled article.
    expect(all.filter((r) => /^The /.test(r.site.name)).length).toBeGreaterThanOrEqual(3);
  });
});
