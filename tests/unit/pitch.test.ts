// What an email may be about (src/core/drafts/pitch.ts) and what a measured audit lets it say
// (src/core/audit/findings.ts): the strongest measured findings first, fitted to the trade,
// nothing trivial, no agency pitched, and nothing at all when nothing is worth saying.
import { describe, expect, it } from 'vitest';
import { auditFindings, HEAVY_PAGE_BYTES } from '../../src/core/audit/findings.ts';
import { agencyHold, audienceOf, MAX_PITCHED, NOTHING_WORTH_SAYING, pitchFindings, pitchPlan, tradeOf } from '../../src/core/drafts/pitch.ts';
import type { Finding, FindingId } from '../../src/core/model/analysis.ts';
import type { MeasuredAudit, SiteAudit } from '../../src/core/model/audit.ts';

// The home and contact pages read: enough for a claim about the whole site (claims.ts unreadScope).
const finding = (id: FindingId, value: number | null = null): Finding => ({ id, claim: id, evidence: `evidence of ${id}`, url: 'https://example.com/', confidence: 0.9, value, pages: [{ path: '/', kind: 'home' }, { path: '/contact', kind: 'contact' }] });

function audit(overrides: Partial<MeasuredAudit> = {}): MeasuredAudit {
  return {
    measured: true, source: 'lighthouse', url: 'https://example.com/', final_url: 'https://example.com/',
    performance: 72, accessibility: 90, best_practices: 90, seo: 90,
    lcp_ms: 2100, fcp_ms: 1200, cls: 0.02, tbt_ms: 100, speed_index_ms: 2500, total_bytes: 900_000, image_savings_bytes: 0,
    render_blocking: null, is_https: true, mixed_content: [], title: 'pass', meta_description: 'pass', tap_targets: 'pass', font_size: 'pass',
    screenshots: {}, lighthouse_version: '12.2.3', device: 'mobile', throttling: 'mobile, simulated slow 4G, one lab run', runs: 1,
    measured_at: '2026-11-28T10:00:00.000Z', duration_ms: 15000, warnings: [],
    ...overrides,
  };
}

describe('auditFindings', () => {
  it('finds nothing in a good audit, an unmeasured one or none', () => {
    expect(auditFindings(audit())).toEqual([]);
    expect(auditFindings(undefined)).toEqual([]);
    const unmeasured: SiteAudit = { measured: false, url: 'https://example.com/', reason: 'timed out', chromium_missing: false, measured_at: '2026-11-28T10:00:00.000Z', duration_ms: 0 };
    expect(auditFindings(unmeasured)).toEqual([]);
  });

  it('turns each metric in its poor band into a finding with the value, the band, the conditions and the source', () => {
    const found = auditFindings(audit({ lcp_ms: 7940, cls: 0.31, performance: 23, total_bytes: HEAVY_PAGE_BYTES + 1_000_000, image_savings_bytes: 3_400_000 }));
    expect(found.map((f) => [f.id, f.value])).toEqual([
      ['slow_mobile', 7.9],
      ['layout_shift', null],
      ['heavy_page', 6.1],
      ['low_performance', 23],
    ]);
    const slow = found[0];
    expect(slow.evidence).toContain('LCP 7.9 s on a phone (simulated slow 4G, one lab run): poor');
    expect(slow.evidence).toContain('https://web.dev/articles/lcp');
    expect(slow.evidence).toContain('Lighthouse 12.2.3, 2026-11-28');
    expect(found[2].evidence).toContain('images could be 3.4 MB smaller');
  });

  it('leaves out what is only "needs improvement", at the band edges exactly', () => {
    expect(auditFindings(audit({ lcp_ms: 4000, cls: 0.25, performance: 50, total_bytes: HEAVY_PAGE_BYTES }))).toEqual([]);
    expect(auditFindings(audit({ lcp_ms: 4001 })).map((f) => f.id)).toEqual(['slow_mobile']);
  });

  it('states nothing from a desktop run (the pitch is about phones)', () => {
    expect(auditFindings(audit({ device: 'desktop', lcp_ms: 9000 }))).toEqual([]);
  });
});

describe('pitchFindings', () => {
  it('puts measured problems before wishes, two at most, one per topic', () => {
    const all = [finding('no_analytics'), finding('no_booking'), finding('low_performance', 23), finding('slow_mobile', 7.9), finding('broken_links', 3), finding('no_ssl')];
    expect(pitchFindings(all, 'Dental').map((f) => f.id)).toEqual(['no_ssl', 'slow_mobile']);
    expect(pitchFindings([finding('low_performance', 23), finding('slow_mobile', 7.9)], 'Dental').map((f) => f.id)).toEqual(['slow_mobile']);
    expect(pitchFindings(all, 'Dental')).toHaveLength(MAX_PITCHED);
  });

  it('never pitches what is true but trivial', () => {
    const trivial = (['no_analytics', 'images_missing_alt', 'unoptimized_images', 'empty_links', 'missing_lang', 'no_contact_form', 'redirect_chain', 'outdated_software'] as FindingId[]).map((id) => finding(id, 2));
    expect(pitchFindings(trivial, 'Plumbing')).toEqual([]);
  });

  it('mentions a copyright year only when it is clearly old', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(pitchFindings([finding('stale_copyright', 2023), finding('no_ssl')], 'Plumbing', now).map((f) => f.id)).toEqual(['no_ssl']);
    expect(pitchFindings([finding('stale_copyright', 2021), finding('no_ssl')], 'Plumbing', now).map((f) => f.value)).toEqual([null, 2021]);
  });

  it('never writes about an old footer year alone: owners rated such drafts 2 ("trivial for a clinic")', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(pitchFindings([finding('stale_copyright', 2017)], 'Medical', now)).toEqual([]);
  });

  it('pitches online booking only to trades whose customers book a time, and ordering only where people buy online', () => {
    expect(pitchFindings([finding('no_booking')], 'Dental').map((f) => f.id)).toEqual(['no_booking']);
    expect(pitchFindings([finding('no_booking')], 'Beauty & wellness').map((f) => f.id)).toEqual(['no_booking']);
    for (const trade of ['Plumbing', 'Bakery & café', 'Construction', 'Accounting', undefined]) expect(pitchFindings([finding('no_booking')], trade), String(trade)).toEqual([]);
    expect(pitchFindings([finding('no_ecommerce')], 'Florist').map((f) => f.id)).toEqual(['no_ecommerce']);
    for (const trade of ['Plumbing', 'Dental', 'Legal', undefined]) expect(pitchFindings([finding('no_ecommerce')], trade), String(trade)).toEqual([]);
    expect(tradeOf('taxi company')).toEqual({ books: false, sellsOnline: false, audience: null });
  });

  it('names who a business serves from its trade, else from its name, else its customers', () => {
    const audience = (industry: string | undefined) => tradeOf(industry).audience;
    expect(['Dental', 'Medical', 'physiotherapy clinic'].map(audience)).toEqual(['patients', 'patients', 'patients']);
    // A beauty clinic's people are clients, though it is a clinic.
    expect(['Beauty & wellness', 'beauty clinic', 'Legal', 'Accounting', 'Fitness', 'Veterinary'].map(audience)).toEqual(Array(6).fill('clients'));
    expect(['Restaurant', 'hotel'].map(audience)).toEqual(['guests', 'guests']);
    expect(['Plumbing', 'Roofing', 'Bakery & café', 'Florist', 'Construction', 'lawn care'].map(audience)).toEqual(Array(6).fill('customers'));
    expect([undefined, 'Unknown', 'taxi company'].map(audience)).toEqual([null, null, null]);
    // A lead whose trade and name say nothing is written to about its customers, not "people".
    expect(audienceOf({ industry: 'Unknown', companyName: 'Nong Thon Restaurant' })).toBe('guests');
    expect(audienceOf({ industry: 'Unknown', companyName: 'ABN-Agencja Ochrony' })).toBe('customers');
    expect(audienceOf({ industry: null, companyName: null })).toBe('customers');
    expect(audienceOf({ industry: null, companyName: 'Perfect Smile', contactName: 'Dr. Peter Sabolch' })).toBe('patients');
    expect(audienceOf({ industry: null, companyName: 'Sonrisa', contactName: 'Dra. Ana López' })).toBe('patients');
  });

  it('says only that the site is down when it is', () => {
    expect(pitchFindings([finding('no_ssl'), finding('site_broken', 500)], 'Plumbing').map((f) => f.id)).toEqual(['site_broken']);
  });
});

describe('pitchPlan', () => {
  it('adds the audit to the crawl, and says "nothing worth saying" when neither has anything', () => {
    const lead = { findings: [finding('no_analytics')], industry: 'Plumbing' };
    expect(pitchPlan(lead, audit())).toEqual({ findings: [], notWritten: NOTHING_WORTH_SAYING });
    const plan = pitchPlan(lead, audit({ lcp_ms: 6200 }));
    expect(plan.notWritten).toBeNull();
    expect(plan.findings.map((f) => [f.id, f.value])).toEqual([['slow_mobile', 6.2]]);
  });

  it('does not pitch web work to a web or marketing agency, and says why', () => {
    for (const summary of ['Pixel Forge is a web design studio in Austin.', 'Wir sind eine Webagentur aus Köln.', 'Agence web à Lyon : création de sites.', 'Digital marketing agency for local businesses']) {
      const plan = pitchPlan({ findings: [finding('no_ssl')], businessSummary: summary }, null);
      expect(plan.findings, summary).toEqual([]);
      expect(plan.notWritten, summary).toMatch(/^the site is itself a web or marketing agency/);
    }
    expect(agencyHold({ industry: 'Plumbing', businessSummary: 'Smith Plumbing fixes leaks in Austin.' })).toBeNull();
  });

  it("does not write about a home page the analysis could not judge, whatever the audit measured, and says why; an error page the server answered is pitched", () => {
    const slow = audit({ lcp_ms: 6200 });
    expect(pitchPlan({ findings: [], siteState: 'forwards' }, slow)).toEqual({ findings: [], notWritten: "the home page only forwards visitors to another address: the business's site is there, not here" });
    expect(pitchPlan({ findings: [finding('no_booking')], industry: 'Dental', siteState: 'network' }, slow).notWritten).toBe("the page is on another organisation's site (a franchise network or a portal): its owner cannot change that site");
    expect(pitchPlan({ findings: [finding('site_broken')], siteState: 'parked' }, null).notWritten).toMatch(/^the address shows no business site yet/);
    expect(pitchPlan({ findings: [], siteState: 'closing' }, slow).notWritten).toBe('the home page says the business is closing down for good: there is nothing to offer it');
    expect(pitchPlan({ findings: [finding('site_broken', 503)], siteState: 'server_error' }, null).findings.map((f) => f.id)).toEqual(['site_broken']);
    expect(pitchPlan({ findings: [], siteState: 'ok' }, slow).findings.map((f) => f.id)).toEqual(['slow_mobile']);
  });
});
