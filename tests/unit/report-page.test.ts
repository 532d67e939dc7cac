// The report page's rules without a server: its signed, expiring token; the link the first
// email offers (none without the campaign's switch, a measured audit or a public address); the
// sentence per metric in the email's language; the per-address limit; a view stopping a
// sequence only where the campaign says so; the page showing only what was measured, escaped.
import { describe, expect, it } from 'vitest';
import { THRESHOLDS, type MetricId } from '../../src/core/audit/bands.ts';
import type { StoredAudit } from '../../src/core/audit/store.ts';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { TrackingTokens } from '../../src/core/emails/tracking-token.ts';
import type { MeasuredAudit } from '../../src/core/model/audit.ts';
import { DAY_MS, reportUrl, type ReportLinkDeps } from '../../src/core/report/link.ts';
import { renderReportPage } from '../../src/core/report/page.ts';
import { conditionsIn, meaningOf, REPORT_LANGUAGES, reportLanguage, reportPhrases } from '../../src/core/report/phrases.ts';
import type { ReportData } from '../../src/core/report/service.ts';
import { FixedWindowLimiter } from '../../src/core/resilience/fixed-window.ts';
import { sequenceStopReason, type StopFacts } from '../../src/core/sequences/stop.ts';

const tokens = new TrackingTokens(new Uint8Array(32).fill(9));
const NOW = new Date('2026-11-28T12:00:00.000Z');
const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);

const measured = (over: Partial<MeasuredAudit> = {}): MeasuredAudit => ({
  measured: true, source: 'lighthouse', url: 'https://novak-dental.example/', final_url: 'https://novak-dental.example/',
  performance: 41, accessibility: 95, best_practices: null, seo: 88, lcp_ms: 5200, fcp_ms: 1500, cls: 0.31, tbt_ms: null, speed_index_ms: null,
  total_bytes: 2_100_000, image_savings_bytes: 0, render_blocking: null, is_https: false, mixed_content: null,
  title: 'pass', meta_description: 'pass', tap_targets: null, font_size: null, screenshots: {}, lighthouse_version: '12.2.3', device: 'mobile',
  throttling: 'mobile, simulated slow 4G, the middle of 3 lab runs by performance score', runs: 3, measured_at: '2026-11-20T10:00:00.000Z', duration_ms: 1, warnings: [],
  ...over,
});
const stored = (audit: StoredAudit['audit']): StoredAudit => ({ audit, screenshots: { mobile: true, desktop: false } });

describe('report tokens', () => {
  it('carry the lead and an expiry, and are refused once it has passed', () => {
    const expiresAt = new Date(NOW.getTime() + 60 * DAY_MS);
    const token = tokens.reportToken(42, expiresAt);
    expect(token).toMatch(/^[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(tokens.verifyReport(token, NOW)).toEqual({ leadId: 42, expired: false });
    expect(tokens.verifyReport(token, new Date(expiresAt.getTime() - 1000))).toEqual({ leadId: 42, expired: false });
    expect(tokens.verifyReport(token, expiresAt)).toEqual({ leadId: 42, expired: true });
    expect(tokens.verifyReport(token, new Date(expiresAt.getTime() + DAY_MS))).toEqual({ leadId: 42, expired: true });
  });

  it('cannot be changed: another lead, a later expiry, a flipped signature, another key or another purpose is not ours', () => {
    const token = tokens.reportToken(42, new Date(NOW.getTime() + DAY_MS));
    const [lead, expiry, sig] = token.split('.');
    expect(tokens.verifyReport(`${(43).toString(36)}.${expiry}.${sig}`, NOW)).toBeUndefined();
    expect(tokens.verifyReport(`${lead}.${(parseInt(expiry, 36) + 365 * 86_400).toString(36)}.${sig}`, NOW)).toBeUndefined();
    for (const i of [0, 11, 21]) expect(tokens.verifyReport(`${lead}.${expiry}.${flip(sig, i)}`, NOW)).toBeUndefined();
    expect(tokens.verifyReport(`0${lead}.${expiry}.${sig}`, NOW)).toBeUndefined(); // another spelling of the same id
    expect(new TrackingTokens(new Uint8Array(32).fill(8)).verifyReport(token, NOW)).toBeUndefined();
    // An unsubscribe or click token is no report token, nor the other way round.
    expect(tokens.verifyReport(tokens.token('unsubscribe', 42), NOW)).toBeUndefined();
    expect(tokens.verify('unsubscribe', token)).toBeUndefined();
    for (const junk of ['', 'x', '1.2', '1.2.3', `${lead}.${expiry}.${sig}x`]) expect(tokens.verifyReport(junk, NOW)).toBeUndefined();
  });
});

describe("the agency's preview mark", () => {
  it('marks one token only, and cannot be made without the key', () => {
    const token = tokens.reportToken(42, new Date(NOW.getTime() + DAY_MS));
    const other = tokens.reportToken(43, new Date(NOW.getTime() + DAY_MS));
    const mark = tokens.reportPreview(token);
    expect(tokens.isReportPreview(token, mark)).toBe(true);
    expect(tokens.isReportPreview(other, mark)).toBe(false);
    expect(tokens.isReportPreview(token, undefined)).toBe(false);
    expect(tokens.isReportPreview(token, flip(mark, 3))).toBe(false);
    expect(new TrackingTokens(new Uint8Array(32).fill(8)).isReportPreview(token, mark)).toBe(false);
  });
});

describe('the report link the first email offers', () => {
  const deps = (over: Partial<ReportLinkDeps> = {}, audit: StoredAudit | null = stored(measured())): ReportLinkDeps => ({
    tokens,
    audits: { latest: async () => audit ?? undefined },
    publicUrl: () => 'https://outreach.agency.example/',
    expiryDays: async () => 30,
    now: () => NOW,
    ...over,
  });

  it('is the public address of the page, valid for report_expiry_days', async () => {
    const url = await reportUrl(deps(), 7, { reportPages: true });
    expect(url).toMatch(/^https:\/\/outreach\.agency\.example\/r\/7\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    const token = url!.split('/r/')[1];
    expect(tokens.verifyReport(token, new Date(NOW.getTime() + 30 * DAY_MS - 1000))).toEqual({ leadId: 7, expired: false });
    expect(tokens.verifyReport(token, new Date(NOW.getTime() + 30 * DAY_MS))).toEqual({ leadId: 7, expired: true });
  });

  it('is null when the campaign switched the pages off, the site was not measured or there is no public address', async () => {
    expect(await reportUrl(deps(), 7, { reportPages: false })).toBeNull();
    expect(await reportUrl(deps(), 7, null)).toBeNull();
    expect(await reportUrl(deps({}, null), 7, { reportPages: true })).toBeNull();
    const failed = stored({ measured: false, url: 'https://x.example/', reason: 'timed out', chromium_missing: false, measured_at: NOW.toISOString(), duration_ms: 1 });
    expect(await reportUrl(deps({}, failed), 7, { reportPages: true })).toBeNull();
    expect(await reportUrl(deps({ publicUrl: () => '' }), 7, { reportPages: true })).toBeNull();
  });

  it("is no claim to check: the claim checker masks every address, the link's digits included", async () => {
    const url = (await reportUrl(deps(), 123456, { reportPages: true }))!;
    const draft = { subject: 'Your website', body: `Hi,\n\nI put your site's numbers on one page: ${url}\n\nBest,` };
    expect(checkClaims(draft, []).ok).toBe(true);
  });
});

describe("what each number means for the business's customers", () => {
  const metrics = Object.keys(THRESHOLDS) as MetricId[];

  it('has one plain sentence per metric in English, Spanish, French and German, without a number', () => {
    for (const language of REPORT_LANGUAGES) {
      const sentences = metrics.map((m) => meaningOf(m, 'poor', language));
      expect(new Set(sentences).size).toBe(metrics.length); // each metric its own
      for (const s of sentences) {
        expect(s).toMatch(/^[\p{Lu}¿¡].*\.$/u);
        expect(s).not.toMatch(/\d/);
      }
    }
    expect(meaningOf('lcp_ms', 'poor', 'es')).toBe('Sus visitantes esperan este tiempo antes de ver la parte principal de la página, y muchos se van antes.');
    expect(meaningOf('cls', 'needs_improvement', 'de')).toBe('Teile der Seite verrutschen beim Laden, sodass Besucher die Stelle verlieren oder daneben tippen.');
    expect(meaningOf('lcp_ms', 'good', 'fr')).toBe('Dans la zone « bonne » de Google : vos visiteurs ne remarquent aucun problème ici.');
  });

  it("is in the email's language when the writer has a set for it, else English", () => {
    for (const language of REPORT_LANGUAGES) expect(reportLanguage(language)).toBe(language);
    expect(reportLanguage('es')).toBe('es');
    expect(reportLanguage('en-GB')).toBe('en');
    expect(reportLanguage('de')).toBe('de');
    // A Swiss lead's page is the German one, which writes no "ß" (Swiss Standard German has none).
    expect(reportLanguage('de-CH')).toBe('de');
    expect(JSON.stringify(reportPhrases('de'))).not.toContain('ß');
    for (const other of ['ja', 'tr', 'vi', null, undefined, '']) expect(reportLanguage(other)).toBe('en');
  });

  it("says Lighthouse's conditions in the page's words", () => {
    expect(conditionsIn('mobile', 'mobile, simulated slow 4G, one lab run', 'en')).toBe('on a phone (simulated slow 4G, one lab run)');
    expect(conditionsIn('mobile', 'mobile, simulated slow 4G, the middle of 3 lab runs by performance score', 'fr')).toBe('sur un téléphone (4G lente simulée, la médiane de 3 tests en laboratoire)');
    expect(conditionsIn('desktop', 'desktop, simulated fast connection, one lab run', 'de')).toBe('auf dem Computer (simulierte schnelle Verbindung, eine Labormessung)');
  });
});

describe('the page', () => {
  const data = (over: Partial<ReportData> = {}): ReportData => ({
    token: '7.abc.' + 'A'.repeat(22),
    language: 'en',
    businessName: 'Novak <Dental>',
    url: 'https://novak-dental.example/',
    audit: stored(measured()),
    findings: [{ id: 'stale_copyright', claim: 'The footer says © 2019', evidence: '<script>alert(1)</script> in the footer', url: 'https://novak-dental.example/', confidence: 1, value: 2019 }],
    sender: { name: 'Ann Smith', email: 'ann@agency.example', postalAddress: '1 Main St, Austin' },
    unsubscribePath: '/u/abc.def',
    expiresAt: new Date('2027-01-27T00:00:00.000Z'),
    ...over,
  });

  it('shows only measured metrics, with their bands, and escapes every text it did not write', () => {
    const html = renderReportPage(data());
    expect(html).toContain('Novak &lt;Dental&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<li class="metric poor"><div class="head"><span class="label">Main content shown (LCP)</span><span class="value">5.2 s</span>');
    expect(html).toContain('Layout shift (CLS)</span><span class="value">0.31</span><span class="band">Poor</span>');
    for (const unmeasured of ['TBT', 'Speed Index', 'Best-practices']) expect(html).not.toContain(unmeasured);
    expect(html).toContain('No: browsers mark the page &quot;Not secure&quot;');
    expect(html).not.toContain('Images could be smaller'); // nothing to save: no row
    expect(html).toContain('<a id="unsubscribe" href="/u/abc.def">Unsubscribe</a>');
    expect(html).toContain('January 27, 2027');
  });

  it('says why an audit could not measure, and shows no numbers', () => {
    const html = renderReportPage(data({ audit: stored({ measured: false, url: 'https://x.example/', reason: 'the page did not load within 120 s', chromium_missing: false, measured_at: NOW.toISOString(), duration_ms: 1 }) }));
    expect(html).toContain('We could not measure the page: the page did not load within 120 s');
    expect(html).not.toContain('class="metric');
    expect(html).not.toContain('<img');
  });

  it('without an email sent yet, tells the reader how to opt out instead of linking nowhere', () => {
    expect(renderReportPage(data({ unsubscribePath: null, language: 'de' }))).toContain('Wenn Sie nichts mehr von uns hören möchten, antworten Sie einfach auf unsere E-Mail.');
    expect(reportPhrases('de').unsubscribe).toBe('Abmelden');
  });
});

describe('the per-address limit of the public pages', () => {
  it('lets `limit` requests through per window and key, then refuses until the window ends', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter({ now: () => now }, () => 3, 60_000);
    expect([1, 2, 3, 4].map(() => limiter.hit('203.0.113.7'))).toEqual([true, true, true, false]);
    expect(limiter.hit('198.51.100.2')).toBe(true); // another address has its own window
    now = 30_000;
    expect(limiter.retryAfterSeconds('203.0.113.7')).toBe(30);
    expect(limiter.hit('203.0.113.7')).toBe(false);
    now = 60_000;
    expect(limiter.hit('203.0.113.7')).toBe(true);
  });
});

describe('a report view and the sequence', () => {
  const facts = (over: Partial<StopFacts>): StopFacts => ({ leadStatus: 'EMAIL_SENT', leadStopReason: null, suppression: null, stepStatuses: ['SENT'], stopOnClick: false, ...over });

  it('stops it only when the campaign says so and a person viewed the page', () => {
    expect(sequenceStopReason(facts({ reportViewed: true }))).toBeUndefined();
    expect(sequenceStopReason(facts({ stopOnReportView: true }))).toBeUndefined();
    expect(sequenceStopReason(facts({ stopOnReportView: true, reportViewed: true }))).toBe('the lead viewed its report page (this campaign stops on a report view)');
  });
});
