// The contact finder against the sandbox web's ground truth (every presentation of an address,
// robots.txt closing /contact, agencies' addresses), plus one case per obfuscation and trap.
import { describe, expect, it } from 'vitest';
import type { CrawledPage, CrawlResult } from '../../src/core/model/crawl.ts';
import { findContacts } from '../../src/core/pipeline/contacts/find-contacts.ts';
import { acceptEmail, isOwnDomain } from '../../src/core/pipeline/contacts/email-rules.ts';
import { cloudflareEncode } from '../../src/sandbox/render/email.ts';
import { groundTruth } from '../../src/sandbox/truth.ts';
import { sandboxCrawl, sandboxSites, Score, scoreTable } from '../support/sandbox-crawl.ts';

describe('findContacts on the sandbox web', () => {
  const runs = sandboxSites().map((site) => ({ truth: groundTruth(site), found: findContacts(sandboxCrawl(site)) }));
  const scores = { emails: new Score(), primary_email: new Score(), contact_name: new Score(), email_order: new Score() };
  const byPresentation = new Map<string, Score>();
  for (const { truth: t, found: f } of runs) {
    scores.emails.addSet(f.emails, t.emails, t.slug);
    scores.primary_email.add(f.primary ?? null, t.primary_email, t.slug);
    scores.contact_name.add(f.contactName ?? null, t.contact_name, t.slug);
    scores.email_order.add(f.emails.join(' '), t.emails.join(' '), t.slug);
    if (!byPresentation.has(t.email_presentation)) byPresentation.set(t.email_presentation, new Score());
    byPresentation.get(t.email_presentation)!.addSet(f.emails, t.emails, t.slug);
  }

  it('finds the addresses, the primary one and the owner (precision and recall printed)', () => {
    console.log(scoreTable(`findContacts vs ground truth, ${runs.length} sites`, scores));
    console.log(scoreTable('emails by presentation', Object.fromEntries(byPresentation)));
    const misses = (s: Score) => s.misses.join(' | ');
    expect(scores.emails.precision, misses(scores.emails)).toBeGreaterThanOrEqual(0.95);
    expect(scores.emails.recall, misses(scores.emails)).toBeGreaterThanOrEqual(0.95);
    expect(scores.primary_email.accuracy, misses(scores.primary_email)).toBeGreaterThanOrEqual(0.95);
    expect(scores.contact_name.accuracy, misses(scores.contact_name)).toBeGreaterThanOrEqual(0.95);
    expect(scores.email_order.accuracy, misses(scores.email_order)).toBeGreaterThanOrEqual(0.95);
  });

  it('says where every address was found and never lists one twice', () => {
    for (const { found } of runs) {
      expect(new Set(found.emails).size).toBe(found.emails.length);
      expect(Object.keys(found.sources).sort()).toEqual([...found.emails].sort());
      if (found.primary) expect(found.emails[0]).toBe(found.primary);
    }
  });
});

const HOST = 'https://lopezplumbing.example/';
const page = (html: string, kind: CrawledPage['kind'] = 'home', path = '/'): CrawledPage => ({
  url: new URL(path, HOST).href,
  finalUrl: new URL(path, HOST).href,
  status: 200,
  headers: {},
  html: `<!DOCTYPE html><html lang="en"><head><title>Lopez Plumbing</title></head><body>${html}</body></html>`,
  kind,
});
const crawl = (...pages: CrawledPage[]): CrawlResult => ({ startUrl: HOST, home: pages[0], pages, log: [] });
const emailsOf = (html: string) => findContacts(crawl(page(html))).emails;

describe('findContacts: every way a page shows an address', () => {
  it('reads mailto links, with query strings and percent-encoding', () => {
    expect(emailsOf('<a href="mailto:info%40lopezplumbing.com?subject=Quote">Write to us</a>')).toEqual(['info@lopezplumbing.com']);
    expect(emailsOf('<a href="MAILTO:Info@LopezPlumbing.com">mail</a>')).toEqual(['info@lopezplumbing.com']);
  });

  it('reads plain text, even when an address is broken over lines by <br>', () => {
    expect(emailsOf('<p>Email: info@lopezplumbing.com<br>Phone: 555</p>')).toEqual(['info@lopezplumbing.com']);
  });

  it('decodes "[at]" / "[dot]", "(at)" and spelled-out "at … dot" forms', () => {
    expect(emailsOf('<p>info [at] lopezplumbing [dot] com</p>')).toEqual(['info@lopezplumbing.com']);
    expect(emailsOf('<p>info(at)lopezplumbing.com</p>')).toEqual(['info@lopezplumbing.com']);
    expect(emailsOf('<p>maria at lopezplumbing dot com</p>')).toEqual(['maria@lopezplumbing.com']);
    expect(emailsOf('<p>Call us at home or at work.</p>')).toEqual([]);
  });

  it('decodes addresses written as HTML entities', () => {
    const entities = [...'info@lopezplumbing.com'].map((c) => `&#${c.charCodeAt(0)};`).join('');
    const found = findContacts(crawl(page(`<span>${entities}</span>`)));
    expect(found.emails).toEqual(['info@lopezplumbing.com']);
    expect(found.sources['info@lopezplumbing.com']).toMatch(/HTML-encoded/);
  });

  it('decodes Cloudflare email protection (data-cfemail and the /cdn-cgi link)', () => {
    // Key 0x42: "a@b.co" → 61^42=23, 40^42=02, 62^42=20, 2e^42=6c, 63^42=21, 6f^42=2d
    expect(emailsOf('<span class="__cf_email__" data-cfemail="422302206c212d">[email&#160;protected]</span>')).toEqual(['a@b.co']);
    const hex = cloudflareEncode('hello@lopezplumbing.com', 0x5a);
    expect(emailsOf(`<span data-cfemail="${hex}">[email protected]</span>`)).toEqual(['hello@lopezplumbing.com']);
    expect(emailsOf(`<a href="/cdn-cgi/l/email-protection#${cloudflareEncode('office@lopezplumbing.com', 7)}">[email protected]</a>`)).toEqual(['office@lopezplumbing.com']);
  });

  it('reads schema.org JSON-LD and finds addresses shown only on /contact', () => {
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Plumber","email":"mailto:info@lopezplumbing.com"}</script>`;
    expect(emailsOf(ld)).toEqual(['info@lopezplumbing.com']);
    const found = findContacts(crawl(page('<p>Welcome</p>'), page('<a href="mailto:contact@lopezplumbing.com">contact@lopezplumbing.com</a>', 'contact', '/contact')));
    expect(found).toMatchObject({ emails: ['contact@lopezplumbing.com'], primary: 'contact@lopezplumbing.com' });
    expect(found.sources['contact@lopezplumbing.com']).toBe('mailto link on /contact');
  });
});

describe('findContacts: traps', () => {
  it('ignores the newsletter placeholder, template addresses and image file names', () => {
    const html = `<form action="/subscribe"><input type="email" placeholder="you@example.com"></form>
      <p>Type your address like you@example.com or email@domain.com or name@yourdomain.com</p>
      <img src="/images/plumber-1@2x.jpg" srcset="/images/logo@2x.png 2x"><p>hero@2x.jpg logo@3x.webp</p>`;
    expect(emailsOf(html)).toEqual([]);
  });

  it('ignores error-tracking and no-reply machinery', () => {
    expect(emailsOf('<p>605a7baede844d278b89dc95ae0a9123@sentry-next.wixpress.com no-reply@lopezplumbing.com</p>')).toEqual([]);
    expect(acceptEmail('abc@o123.ingest.sentry.io')).toBeUndefined();
  });

  it('never invents an address', () => {
    const found = findContacts(crawl(page('<h1>Lopez Plumbing</h1><p>Owner: Maria Lopez</p><p>Call (512) 555-0142</p>')));
    expect(found).toEqual({
      emails: [],
      contactName: 'Maria Lopez',
      greeting: { name: 'Maria Lopez', role: 'owner', evidence: '"Owner: Maria Lopez" on https://lopezplumbing.example/', url: 'https://lopezplumbing.example/' },
      sources: {},
      credits: [],
    });
  });
});

describe('findContacts: ranking and the owner', () => {
  const footer = (addresses: string[]) => `<p>${addresses.map((a) => `<a href="mailto:${a}">${a}</a>`).join(' · ')}</p>`;

  it("puts the named owner's own address first", () => {
    const found = findContacts(crawl(page(`<p>Meet Maria Lopez, owner</p>${footer(['info@lopezplumbing.com', 'mlopez@lopezplumbing.com'])}`)));
    expect(found).toMatchObject({ primary: 'mlopez@lopezplumbing.com', contactName: 'Maria Lopez', emails: ['mlopez@lopezplumbing.com', 'info@lopezplumbing.com'] });
  });

  it('prefers a role address over a personal one when nobody is named', () => {
    expect(findContacts(crawl(page(footer(['dave@lopezplumbing.com', 'hello@lopezplumbing.com'])))).primary).toBe('hello@lopezplumbing.com');
  });

  it("puts a web agency's credit address last and never makes it the primary", () => {
    const credit = '<p class="credit">Website by PixelForge Studio · <a href="mailto:webmaster@pixelforgestudio.com">webmaster@pixelforgestudio.com</a></p>';
    expect(findContacts(crawl(page(`${credit}${footer(['info@lopezplumbing.com'])}`))).emails).toEqual(['info@lopezplumbing.com', 'webmaster@pixelforgestudio.com']);
    const alone = findContacts(crawl(page(credit)));
    expect(alone.emails).toEqual(['webmaster@pixelforgestudio.com']);
    expect(alone.primary).toBeUndefined();
  });

  it("takes a free-mail box as the primary when the site has no address on its domain", () => {
    expect(findContacts(crawl(page(footer(['lopezplumbing512@gmail.com'])))).primary).toBe('lopezplumbing512@gmail.com');
  });

  it('treats the same name under another extension, and *.localhost sandbox hosts, as the own domain', () => {
    expect(isOwnDomain('info@lopezplumbing.com', 'lopezplumbing.localhost')).toBe(true);
    expect(isOwnDomain('info@mail.lopezplumbing.co.uk', 'www.lopezplumbing.co.uk')).toBe(true);
    expect(isOwnDomain('info@pixelforgestudio.com', 'lopezplumbing.localhost')).toBe(false);
  });

  it.each([
    ['<p>Owner: Maria Lopez</p>', 'Maria Lopez'],
    ['<p>Founded by James Bennett in 2009</p>', 'James Bennett'],
    ['<p>Meet Priya Okafor, owner</p>', 'Priya Okafor'],
    ['<p>Inhaber: Stefan Müller</p>', 'Stefan Müller'],
    ['<p>Fondée par Élodie Girard en 2001</p>', 'Élodie Girard'],
    ['<script type="application/ld+json">{"@type":"Dentist","founder":{"@type":"Person","name":"Grace Tran"}}</script>', 'Grace Tran'],
  ])('names the owner from %s', (html, name) => {
    expect(findContacts(crawl(page(html))).contactName).toBe(name);
  });

  it('does not take headings or business names for an owner', () => {
    expect(findContacts(crawl(page('<h2>Meet Our Team</h2><p>Contact: Main Office</p><p>Lopez Plumbing, Austin</p>'))).contactName).toBeUndefined();
  });

  // Greet a person only when the page names them as owner or contact (issue 22): a doctor the page
  // introduces without saying whose practice it is, a reviewer or a team member is not greeted.
  it.each([
    '<p>Meet Dr. Hannah Whitaker</p>',
    '<p>"Great service!" – Laura Smith</p>',
    '<h2>Our team</h2><p>Tom Baker, Technician</p>',
  ])('greets nobody from %s', (html) => {
    expect(findContacts(crawl(page(html))).contactName).toBeUndefined();
  });

  it("uses the owner's name to rank their own address, with the page's words as evidence", () => {
    const found = findContacts(crawl(page(`<p>Maria Lopez – Owner</p>${footer(['info@lopezplumbing.com', 'maria.lopez@lopezplumbing.com'])}`)));
    expect(found.primary).toBe('maria.lopez@lopezplumbing.com');
    expect(found.greeting).toMatchObject({ name: 'Maria Lopez', role: 'owner', url: 'https://lopezplumbing.example/' });
    expect(found.greeting?.evidence).toContain('Maria Lopez – Owner');
  });
});
