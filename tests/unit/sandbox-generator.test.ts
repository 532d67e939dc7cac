// The sandbox web generator: deterministic, varied enough to exercise every analyser rule,
// and its ground truth consistent with the records.
import { describe, expect, it } from 'vitest';
import { generateSites } from '../../src/sandbox/generate.ts';
import { atBrackets, cloudflareEncode, htmlEntities } from '../../src/sandbox/render/email.ts';
import { EMAIL_PRESENTATIONS, FAULTS, ROBOTS_POLICIES, type SandboxSite } from '../../src/sandbox/site.ts';
import { groundTruth } from '../../src/sandbox/truth.ts';

const SEED = 'outreach-sandbox-v1';
const sites = generateSites({ seed: SEED, count: 240 });
const truths = sites.map(groundTruth);

function tally<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

function expectEach<T>(values: T[], expected: readonly T[], atLeast = 3): void {
  const counts = tally(values);
  for (const value of expected) expect(counts.get(value) ?? 0, `${String(value)} appears ${counts.get(value) ?? 0} times`).toBeGreaterThanOrEqual(atLeast);
}

describe('generateSites', () => {
  it('gives identical sites for the same seed and different ones for another seed', () => {
    expect(generateSites({ seed: SEED, count: 240 })).toEqual(sites);
    const other = generateSites({ seed: 'another-seed', count: 240 });
    expect(other.map((s) => s.slug)).not.toEqual(sites.map((s) => s.slug));
  });

  it('covers at least 240 sites over 10+ industries and 10+ cities, with unique slugs and domains', () => {
    expect(sites.length).toBe(240);
    expect(new Set(sites.map((s) => s.industry)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(sites.map((s) => s.city)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(sites.map((s) => s.slug)).size).toBe(240);
    expect(new Set(sites.map((s) => s.domain)).size).toBe(240);
    for (const s of sites) expect(s.slug).toMatch(/^[a-z0-9]{2,63}$/);
  });

  it('draws every feature value several times', () => {
    expectEach(sites.map((s) => s.cms), ['WordPress', 'Shopify', 'Wix', 'Squarespace', null]);
    expectEach(sites.map((s) => s.email.presentation), EMAIL_PRESENTATIONS);
    expectEach(sites.map((s) => s.fault), FAULTS);
    expectEach(sites.map((s) => s.robots), ROBOTS_POLICIES);
    expectEach(sites.map((s) => s.language), ['en', 'es', 'fr', 'de']);
    expectEach(sites.map((s) => s.ecommerce), ['Shopify', 'WooCommerce', null]);
    expectEach(sites.map((s) => s.booking), ['Calendly', 'Acuity Scheduling', 'Square Appointments', 'OpenTable', null]);
    expectEach(sites.map((s) => s.liveChat), ['Tawk.to', 'Intercom', 'Drift', null]);
    expectEach(sites.map((s) => s.analytics), ['Google Analytics', 'Plausible', null]);
    expectEach(sites.map((s) => s.template), ['classic', 'modern', 'retro']);
    for (const flag of ['viewport', 'langAttribute', 'contactForm', 'newsletterForm', 'jsonLd'] as const) {
      expectEach(sites.map((s) => s[flag]), [true, false]);
    }
    expectEach(sites.map((s) => s.scheme), ['http', 'https'], 60);
    expectEach(sites.map((s) => s.owner !== null), [true, false], 20);
    expectEach(sites.map((s) => s.email.thirdParty !== null), [true, false]);
    expectEach(sites.map((s) => s.images.some((i) => i.alt === null)), [true, false]);
    expectEach(sites.map((s) => s.images.some((i) => i.width === null)), [true, false]);
    expectEach(sites.map((s) => s.emptyLinks > 0), [true, false]);
  });

  it('keeps about 10% of sites without any email and about a third on http', () => {
    const none = sites.filter((s) => s.email.presentation === 'none').length;
    expect(none / 240).toBeGreaterThan(0.07);
    expect(none / 240).toBeLessThan(0.13);
    const http = sites.filter((s) => s.scheme === 'http').length / 240;
    expect(http).toBeGreaterThan(0.25);
    expect(http).toBeLessThan(0.45);
  });

  it('keeps platform combinations real: Shopify shops on Shopify, WooCommerce on WordPress, OpenTable at restaurants', () => {
    for (const s of sites) {
      if (s.cms === 'Shopify') expect(s.ecommerce).toBe('Shopify');
      if (s.ecommerce === 'WooCommerce') expect(s.cms).toBe('WordPress');
      if (s.booking === 'OpenTable') expect(s.industry).toBe('restaurants');
      if (s.email.presentation === 'contact-page') expect(s.pages.contact).toBe(true);
    }
  });
});

describe('groundTruth', () => {
  it('lists own-domain addresses first and picks an own-domain primary', () => {
    for (const [i, t] of truths.entries()) {
      const site: SandboxSite = sites[i];
      const own = t.emails.filter((e) => e.endsWith(`@${t.own_domain}`));
      expect(t.emails.slice(0, own.length)).toEqual(own);
      if (t.primary_email) {
        expect(t.primary_email).toBe(own[0]);
        expect(t.primary_email.endsWith(`@${site.domain}`)).toBe(true);
      }
      if (site.email.presentation === 'none') expect(t.all_emails).toEqual([]);
      // A named person's own address wins over the role box.
      if (t.primary_email && site.owner && own.length === 2) expect(t.primary_email).not.toMatch(/^(info|contact|hello|office|contacto|hola|bonjour|kontakt|post)@/);
    }
  });

  it('finds nothing on sites a polite crawler cannot read', () => {
    for (const t of truths.filter((x) => !x.reachable)) {
      expect(t.fault === '500' || t.fault === '404' || t.robots.disallowed.includes('/')).toBe(true);
      expect(t.emails).toEqual([]);
      expect(t.primary_email).toBeNull();
      expect(t.contact_name).toBeNull();
    }
    const hidden = truths.filter((t) => t.reachable && t.email_presentation === 'contact-page' && t.robots.disallowed.includes('/contact'));
    for (const t of hidden) expect(t.primary_email).toBeNull();
  });

  it('words technical issues the way the analyser reports them', () => {
    for (const t of truths) {
      expect(t.issues.includes('No SSL certificate (site served over http)')).toBe(!t.has_ssl);
      expect(t.issues.includes('Not mobile responsive (no viewport meta tag)')).toBe(!t.is_mobile_responsive);
      const alt = t.issues.find((i) => i.endsWith('without alt text'));
      expect(alt ?? null).toBe(t.images_without_alt === 0 ? null : `${t.images_without_alt} image${t.images_without_alt === 1 ? '' : 's'} without alt text`);
      expect(t.issue_codes).toHaveLength(t.issues.length);
    }
  });
});

describe('email encodings', () => {
  it('encodes Cloudflare protection the way its decoder reads it', () => {
    const hex = cloudflareEncode('info@lopezplumbing.com', 0x5a);
    const key = parseInt(hex.slice(0, 2), 16);
    let decoded = '';
    for (let i = 2; i < hex.length; i += 2) decoded += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16) ^ key);
    expect(decoded).toBe('info@lopezplumbing.com');
  });

  it('writes the common obfuscations', () => {
    expect(atBrackets('info@lopezplumbing.com')).toBe('info [at] lopezplumbing [dot] com');
    expect(htmlEntities('a@b.co')).toBe('&#97;&#64;&#98;&#46;&#99;&#111;');
  });
});
