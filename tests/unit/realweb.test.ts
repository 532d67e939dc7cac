// The analyser and the contact finder on 45 real small-business pages (messier than the
// sandbox: HTTrack mirrors, page builders, crawler captures without diacritics). They are not
// labelled, so this asserts sanity and prints what was found for a human to eyeball.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrawledPage, CrawlResult } from '../../src/core/model/crawl.ts';
import type { SiteFacts } from '../../src/core/model/analysis.ts';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { findContacts, type Contacts } from '../../src/core/pipeline/contacts/find-contacts.ts';

const DIR = join(import.meta.dirname, '../../../shared/realweb');
const available = existsSync(join(DIR, 'pages'));

/** A plausible home URL per page, from SOURCES.md: the site's domain as the repository names it. */
function urlsFromSources(): Map<string, string> {
  const urls = new Map<string, string>();
  for (const line of readFileSync(join(DIR, 'SOURCES.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (!/^\d{3}$/.test(cells[1] ?? '')) continue;
    const [, nnn, repo, path] = cells;
    const domainLike = /^(?:[a-z0-9-]+\.)+(?:com|net|org|pl|uk|tr|co|in|my|au)$/i;
    const candidates = [path.split('/')[0], path.split('/').pop() ?? '', repo.split('/')[1]];
    const host = candidates.find((c) => domainLike.test(c)) ?? `${repo.split('/')[1].toLowerCase().replace(/[^a-z0-9-]/g, '')}.example`;
    urls.set(nnn, `https://${host.toLowerCase()}/`);
  }
  return urls;
}

interface Result {
  file: string;
  url: string;
  facts: SiteFacts;
  contacts: Contacts;
  ms: number;
}

function runAll(): Result[] {
  const urls = urlsFromSources();
  return readdirSync(join(DIR, 'pages'))
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((file) => {
      const url = urls.get(file.slice(0, 3)) ?? `https://site${file.slice(0, 3)}.example/`;
      const home: CrawledPage = { url, finalUrl: url, status: 200, headers: { 'content-type': 'text/html' }, html: readFileSync(join(DIR, 'pages', file), 'utf8'), kind: 'home' };
      const crawl: CrawlResult = { startUrl: url, home, pages: [home], log: [{ url, status: 200, ms: 120, fetched_at: new Date().toISOString() }] };
      const started = performance.now();
      const facts = extractFacts(crawl);
      const contacts = findContacts(crawl);
      return { file, url, facts, contacts, ms: performance.now() - started };
    });
}

const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}$/;

describe.skipIf(!available)('real small-business pages', () => {
  const results = available ? runAll() : [];

  it('analyses every page without crashing and prints what it found', () => {
    expect(results).toHaveLength(45);
    const rows = results.map(({ file, url, facts: f, contacts: c, ms }) =>
      [
        file.slice(0, 3),
        new URL(url).hostname.padEnd(34).slice(0, 34),
        (f.cms_platform ?? '-').padEnd(12).slice(0, 12),
        (f.website_language ?? '-').padEnd(3),
        String(f.accessibility_score).padStart(3),
        `${String(Math.round(ms)).padStart(4)}ms`,
        [f.ecommerce_platform, f.booking_platform, f.has_live_chat && 'chat', f.has_analytics && 'analytics'].filter(Boolean).join(',').padEnd(28).slice(0, 28),
        c.emails.join(' ') || '-',
        c.contactName ? `(${c.contactName})` : '',
      ].join(' '),
    );
    console.log(['nnn host                               cms          lang a11y   time extras                       emails (contact)', ...rows].join('\n'));
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    console.log(`median ${times[22].toFixed(0)} ms/page, slowest ${times[44].toFixed(0)} ms (the first page also loads the rule set)`);
  });

  it('gives sane, well-typed facts', () => {
    for (const { file, facts: f } of results) {
      expect(f.accessibility_score, file).toSatisfy((n: number) => Number.isInteger(n) && n >= 0 && n <= 100);
      expect(Number.isInteger(f.unoptimized_images_count) && f.unoptimized_images_count >= 0, file).toBe(true);
      expect(new Set(f.technical_issues).size, file).toBe(f.technical_issues.length);
      for (const key of ['has_ssl', 'is_mobile_responsive', 'has_ecommerce', 'has_online_booking', 'has_contact_form', 'has_live_chat', 'has_analytics'] as const) {
        expect(typeof f[key], `${file} ${key}`).toBe('boolean');
      }
      if (f.ecommerce_platform) expect(f.has_ecommerce, file).toBe(true);
      if (f.booking_platform) expect(f.has_online_booking, file).toBe(true);
      for (const text of [f.phone, f.address, f.business_hours, f.title]) if (text !== undefined) expect(text.length, file).toBeLessThan(400);
      if (f.phone) expect(f.phone.replace(/\D/g, '').length, `${file} phone ${f.phone}`).toBeGreaterThanOrEqual(7);
    }
  });

  it('detects a language for most pages, as ISO 639-1 codes', () => {
    const detected = results.filter((r) => r.facts.website_language);
    expect(detected.length).toBeGreaterThanOrEqual(40);
    for (const r of detected) expect(r.facts.website_language).toMatch(/^[a-z]{2,3}$/);
    // The Polish crawler captures (030-045, diacritics stripped) are mostly Polish.
    expect(results.filter((r) => r.file >= '030' && r.facts.website_language === 'pl').length).toBeGreaterThanOrEqual(12);
  });

  it('returns only valid, distinct addresses and never an image name', () => {
    for (const { file, contacts: c, facts } of results) {
      expect(new Set(c.emails).size, file).toBe(c.emails.length);
      for (const e of c.emails) {
        expect(e, file).toMatch(EMAIL);
        expect(e, file).not.toMatch(/@\d+x\.|\.(png|jpe?g|gif|svg|webp)$/);
      }
      if (c.primary) expect(c.emails[0], file).toBe(c.primary);
      expect(facts.emails, file).toEqual(c.emails);
    }
    expect(results.filter((r) => r.contacts.emails.length > 0).length).toBeGreaterThanOrEqual(15);
  });

  it('recognises the platforms whose fingerprints are in the pages', () => {
    const cms = Object.fromEntries(results.map((r) => [r.file.slice(0, 3), r.facts.cms_platform]));
    expect(cms).toMatchObject({ '001': 'Wix', '002': 'Squarespace', '003': 'Shopify', '008': 'WordPress' });
  });
});
