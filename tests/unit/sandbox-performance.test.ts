// How sandbox sites perform: decided by the host name alone, spread over a few profiles (most
// of them ordinary), drawn and served as the ground truth says, with modest delays.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateSites } from '../../src/sandbox/generate.ts';
import { generatedSite } from '../../src/sandbox/generated/sites.ts';
import { heroBytes, heroImage, type HeroSpec } from '../../src/sandbox/images.ts';
import { PERFORMANCE_PROFILES, sitePerformance } from '../../src/sandbox/performance.ts';
import { renderPage } from '../../src/sandbox/render/pages.ts';
import { SiteResponder } from '../../src/sandbox/respond.ts';
import { groundTruth, type SiteTruth } from '../../src/sandbox/truth.ts';
import { baseUrlOf } from '../../src/sandbox/urls.ts';

const sites = generateSites({ seed: 'outreach-sandbox-v1', count: 200 });
const truths = sites.map(groundTruth);
const PORTS = { httpPort: 4100, httpsPort: 4101 };
const share = (pick: (t: SiteTruth) => boolean, among = truths) => among.filter(pick).length / among.length;

describe('the performance of a sandbox site', () => {
  it('is decided by the host: the same host gives the same answer, whatever the seed, size or process', () => {
    const again = generateSites({ seed: 'outreach-sandbox-v1', count: 200 });
    expect(again.map((s) => groundTruth(s).performance)).toEqual(truths.map((t) => t.performance));
    // A bigger sandbox renumbers nothing that matters here: a host keeps its profile.
    const bigger = new Map(generateSites({ seed: 'outreach-sandbox-v1', count: 260 }).map((s) => [s.slug, s]));
    for (const site of sites.filter((s) => bigger.has(s.slug))) expect(sitePerformance(bigger.get(site.slug)!).profile, site.slug).toBe(sitePerformance(site).profile);
    // A site generated for a search, made twice from its label.
    const label = 'roofers-in-phoenix-az-7';
    expect(groundTruth(generatedSite(label)!).performance).toEqual(groundTruth(structuredClone(generatedSite(label)!)).performance);
  });

  it('spreads 200 hosts over every profile, most of them ordinary', () => {
    const counts = Object.fromEntries(PERFORMANCE_PROFILES.map((p) => [p, truths.filter((t) => t.performance.profile === p).length]));
    console.log('profiles of 200 hosts:', counts);
    for (const p of PERFORMANCE_PROFILES) expect(counts[p], p).toBeGreaterThanOrEqual(8);
    expect(counts.ordinary).toBeGreaterThanOrEqual(80);
    expect(share((t) => t.copyright_stale)).toBeGreaterThan(0.15);
    expect(share((t) => t.copyright_stale)).toBeLessThan(0.5);
    expect(share((t) => t.broken_resources.some((r) => r.status !== 404))).toBeGreaterThan(0.03);
    expect(share((t) => t.broken_resources.some((r) => r.kind === 'image'))).toBeGreaterThan(0.03);
    expect(new Set(truths.map((t) => t.certificate))).toEqual(new Set(['valid', 'expiring', 'expired', 'none']));
  });

  it('keeps delays modest and heavy images heavy, light ones light', () => {
    for (const t of truths) {
      const p = t.performance;
      if (t.fault !== 'slow') expect(p.first_byte_delay_ms, t.slug).toBeLessThanOrEqual(1500);
      expect(p.render_blocking_delay_ms, t.slug).toBeLessThanOrEqual(2000);
      expect(p.render_blocking.length > 0, t.slug).toBe(p.render_blocking_delay_ms > 0);
      if (p.profile === 'heavy') expect(p.hero, t.slug).toMatchObject({ format: expect.stringMatching(/^(bmp|png)$/), bytes: expect.any(Number) });
      if (p.profile === 'heavy') expect(p.hero_bytes, t.slug).toBeGreaterThan(2_000_000);
      if (p.profile === 'light') expect(p.hero, t.slug).toMatchObject({ format: 'svg', sized: true });
      if (p.profile === 'light') expect(p.hero_bytes, t.slug).toBeLessThan(5_000);
      // Ordinary: as the sandbox always was (a "slow" fault's 3-5 s home page is its own).
      if (p.profile === 'ordinary') expect(p, t.slug).toMatchObject({ hero: null, hero_bytes: 0, render_blocking: [], layout_shift: false });
      if (p.profile === 'ordinary') expect(p.first_byte_delay_ms, t.slug).toBe(t.fault === 'slow' ? sites.find((s) => s.slug === t.slug)!.slowMs : 0);
    }
  });

  it('gives certificates as a host would: none over http, never expired on a hosted builder', () => {
    for (const t of truths) {
      if (!t.has_ssl) expect(t.certificate, t.slug).toBe('none');
      if (['Wix', 'Squarespace', 'Shopify'].includes(t.cms_platform ?? '')) expect(t.certificate, t.slug).not.toMatch(/expir/);
      if (t.certificate === 'expired') expect(t.certificate_days!, t.slug).toBeLessThan(0);
      if (t.certificate === 'expiring') expect(t.certificate_days!, t.slug).toBeGreaterThan(0);
      if (t.certificate === 'valid' || t.certificate === 'none') expect(t.certificate_days, t.slug).toBeNull();
    }
  });
});

describe('hero images', () => {
  it('are exactly as large as the truth says, in the format they claim', () => {
    const bmp: HeroSpec = { format: 'bmp', width: 321, height: 123, seed: 'x' };
    const png: HeroSpec = { format: 'png', width: 300, height: 250, seed: 'y' };
    const svg: HeroSpec = { format: 'svg', width: 800, height: 450, seed: 'z' };
    for (const spec of [bmp, png, svg]) expect(heroImage(spec).length, spec.format).toBe(heroBytes(spec));
    expect(heroImage(bmp).subarray(0, 2).toString('latin1')).toBe('BM');
    expect(heroImage(svg).toString('utf8')).toMatch(/^<svg [^>]*width="800" height="450"/);
    // A valid PNG: its image data inflates to one filter byte and three bytes a pixel per row.
    const file = heroImage(png);
    expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual([300, 250]);
    const idat = file.indexOf('IDAT');
    expect(inflateSync(file.subarray(idat + 4, idat + 4 + file.readUInt32BE(idat - 4))).length).toBe(250 * (1 + 300 * 3));
    // Seeded: the same seed draws the same noise, another seed other noise.
    expect(heroImage({ ...png, seed: 'y' }).equals(file)).toBe(true);
    expect(heroImage({ ...png, seed: 'w' }).equals(file)).toBe(false);
  });
});

describe('served and rendered as the truth says', () => {
  const find = (pick: (t: SiteTruth) => boolean) => {
    const i = truths.findIndex((t) => t.fault === 'none' && pick(t));
    expect(i, 'such a site exists').toBeGreaterThanOrEqual(0);
    return { site: sites[i], t: truths[i] };
  };
  const ask = (site: (typeof sites)[number], url: string, slow = true) =>
    new SiteResponder(PORTS, slow).respond(site, { secure: site.scheme === 'https', method: 'GET', url });

  it('puts the hero on the home page only, with the render-blocking files in <head>', () => {
    const { site, t } = find((x) => x.performance.profile === 'heavy' && x.pages.length > 1);
    const home = renderPage(site, '/', baseUrlOf(site, PORTS))!;
    const hero = t.performance.hero!;
    expect(home).toContain(`src="${hero.path}"`);
    expect(home.includes(`width="${hero.width}"`)).toBe(hero.sized);
    const head = home.slice(0, home.indexOf('</head>'));
    for (const path of t.performance.render_blocking) expect(head).toMatch(new RegExp(`<(link rel="stylesheet" href|script src)="${path}"`));
    expect(renderPage(site, t.pages[1] as '/about', baseUrlOf(site, PORTS))).not.toContain(hero.path);
    const answer = ask(site, hero.path);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(hero.format === 'bmp' ? 'image/bmp' : 'image/png');
    expect((answer.body as Buffer).length).toBe(t.performance.hero_bytes);
    for (const path of t.performance.render_blocking) expect(ask(site, path).delayMs).toBe(t.performance.render_blocking_delay_ms);
    for (const path of t.performance.render_blocking) expect(ask(site, path, false).delayMs).toBeUndefined();
  });

  it('answers the home page of a slow server late, and nothing else late', () => {
    const { site, t } = find((x) => x.performance.profile === 'slow-server');
    expect(ask(site, '/').delayMs).toBe(t.performance.first_byte_delay_ms);
    expect(ask(site, '/').delayMs).toBeGreaterThanOrEqual(700);
    expect(ask(site, '/', false).delayMs).toBeUndefined();
    expect(ask(site, '/robots.txt').delayMs).toBeUndefined();
  });

  it('pushes a banner in above the content on layout-shift sites only', () => {
    for (const [i, t] of truths.entries()) {
      if (t.fault !== 'none') continue;
      expect(renderPage(sites[i], '/', baseUrlOf(sites[i], PORTS))!.includes("b.className = 'promo-banner'"), t.slug).toBe(t.performance.layout_shift);
    }
  });

  it('shows the copyright line and answers each broken link and image with its status', () => {
    for (const [i, t] of truths.entries()) {
      if (t.fault !== 'none') continue;
      const home = renderPage(sites[i], '/', baseUrlOf(sites[i], PORTS))!;
      expect(home, t.slug).toContain(`<p class="copyright">${t.copyright_line.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</p>`);
      expect(t.copyright_line, t.slug).toContain(String(t.copyright_year));
      for (const r of t.broken_resources) {
        expect(ask(sites[i], r.path).status, `${t.slug} ${r.path}`).toBe(r.status);
        if (r.on.includes('/')) expect(home, `${t.slug} ${r.path}`).toContain(`${r.kind === 'image' ? 'src' : 'href'}="${r.path}"`);
      }
    }
    const stale = truths.find((t) => t.copyright_stale)!;
    expect(stale.copyright_year).toBeLessThanOrEqual(2019);
    expect(truths.find((t) => !t.copyright_stale)!.copyright_year).toBe(new Date().getFullYear());
  });
});
