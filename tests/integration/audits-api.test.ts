// A lead's site audit over the API: the figures with Google's and Lighthouse's public bands,
// the screenshots as JPEG bytes, the PageSpeed Insights link; "not measured" with its reason
// and no numbers; the same sign-in rules as the lead itself; Settings' Chromium status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasuredAudit, SiteAudit } from '../../src/core/model/audit.ts';
import { leads } from '../../src/db/schema/leads.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

/** A real 4x8 JPEG (Chromium's, metadata stripped). */
const JPEG = Buffer.from(
  '/9j/2wBDABsSFBcUERsXFhceHBsgKEIrKCUlKFE6PTBCYFVlZF9VXVtqeJmBanGQc1tdhbWGkJ6jq62rZ4C8ybqmx5moq6T/2wBDARweHigjKE4rK06kbl1upKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKT/wAARCAAIAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCICkG//9k=',
  'base64',
);

const MEASURED_AT = '2026-11-20T10:30:00.000Z';

function measured(url: string, overrides: Partial<MeasuredAudit> = {}): MeasuredAudit {
  return {
    measured: true,
    source: 'lighthouse',
    url,
    final_url: url,
    performance: 41,
    accessibility: 93,
    best_practices: 78,
    seo: 85,
    lcp_ms: 5210,
    fcp_ms: 2400,
    cls: 0.04,
    tbt_ms: 350,
    speed_index_ms: null, // not measured: never shown
    total_bytes: 4_200_000,
    image_savings_bytes: 1_900_000,
    render_blocking: { wasted_ms: 1200, items: [{ url: `${url}style.css`, wasted_ms: 700 }, { url: `${url}app.js`, wasted_ms: 500 }] },
    is_https: true,
    mixed_content: [],
    title: 'pass',
    meta_description: 'fail',
    tap_targets: null,
    font_size: 'pass',
    screenshots: { mobile: { mime: 'image/jpeg', base64: JPEG.toString('base64') } },
    lighthouse_version: '12.2.3',
    device: 'mobile',
    throttling: 'mobile, simulated slow 4G, one lab run',
    runs: 1,
    measured_at: MEASURED_AT,
    duration_ms: 14_000,
    warnings: [],
    ...overrides,
  };
}

let h: Harness;
let admin: string;
let user: string;
const ids: Record<string, number> = {};

const get = (path: string, token = user) => h.call('GET', path, { token });
/** The raw answer (the harness reads bodies as text). */
const raw = (path: string, token = user) => h.app.request(path, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  h = await startHarness();
  admin = await h.login(ADMIN.username, ADMIN.password);
  await h.createUser(admin, { username: 'olivia', email: 'olivia@example.com', password: 'olivia-pass-1', role: 'user' });
  user = await h.login('olivia', 'olivia-pass-1');
  const rows = await h.ctx.db
    .insert(leads)
    .values(['slow-plumber', 'down-bakery', 'new-salon', 'psi-dentist'].map((name) => ({ url: `https://${name}.example/`, hostname: `${name}.example`, title: name })))
    .returning({ id: leads.id, title: leads.title });
  for (const row of rows) ids[row.title!] = row.id;
  await h.ctx.audits.save(ids['slow-plumber'], measured('https://slow-plumber.example/'));
  const unmeasured: SiteAudit = { measured: false, url: 'https://down-bakery.example/', reason: 'the page did not load within 120 s', chromium_missing: false, measured_at: MEASURED_AT, duration_ms: 120_000 };
  await h.ctx.audits.save(ids['down-bakery'], unmeasured);
  await h.ctx.audits.save(
    ids['psi-dentist'],
    measured('https://psi-dentist.example/', {
      source: 'psi',
      screenshots: {},
      field: {
        scope: 'origin',
        id: 'https://psi-dentist.example',
        label: 'real Chrome users on phones, across the whole site, over the last 28 days',
        overall: 'poor',
        lcp_ms: { p75: 4300, band: 'poor' },
        cls: null,
        inp_ms: { p75: 180, band: 'good' },
        fcp_ms: { p75: 2100, band: 'needs_improvement' },
      },
    }),
  );
}, 60_000);
afterAll(() => h?.close());

describe('GET /api/leads/{id}/audit', () => {
  it('gives the measured figures with their public bands, in words, and where each threshold is published', async () => {
    const res = await get(`/api/leads/${ids['slow-plumber']}/audit`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body;
    expect(a).toMatchObject({ lead_id: ids['slow-plumber'], measured: true, source: 'lighthouse', lcp_ms: 5210, performance: 41, lighthouse_version: '12.2.3', measured_at: MEASURED_AT });
    const byId = Object.fromEntries(a.metrics.map((m: { metric: string }) => [m.metric, m]));
    expect(byId.lcp_ms).toMatchObject({ value: 5210, display: '5.2 s', band: 'poor', source: 'https://web.dev/articles/lcp#what-is-a-good-lcp-score' });
    expect(byId.lcp_ms.sentence).toBe("LCP 5.2 s on a phone (simulated slow 4G, one lab run): poor — Google's threshold for good is 2.5 s");
    expect(byId.lcp_ms.threshold).toBe('good ≤ 2.5 s, poor > 4.0 s');
    expect(byId.cls).toMatchObject({ display: '0.04', band: 'good', threshold: 'good ≤ 0.10, poor > 0.25' });
    expect(byId.tbt_ms).toMatchObject({ display: '350 ms', band: 'needs_improvement' });
    expect(byId.performance).toMatchObject({ display: '41/100', band: 'poor', threshold: 'good ≥ 90, poor < 50' });
    expect(byId.accessibility.band).toBe('good');
    // Speed Index was not measured: no row, no number.
    expect(byId.speed_index_ms).toBeUndefined();
    expect(a.speed_index_ms).toBeNull();
    expect(a.conditions).toBe('On a phone (simulated slow 4G, one lab run), Lighthouse 12.2.3');
    expect(a.pagespeed_url).toBe('https://pagespeed.web.dev/analysis?url=https%3A%2F%2Fslow-plumber.example%2F');
    expect(a.screenshots.mobile).toMatch(new RegExp(`^/api/leads/${ids['slow-plumber']}/audit/screenshots/mobile\\?v=\\d+$`));
    expect(a.screenshots.desktop).toBeNull();
    const facts = Object.fromEntries(a.facts.map((f: { id: string; display: string }) => [f.id, f.display]));
    expect(facts).toMatchObject({ total_bytes: '4.2 MB', image_savings_bytes: '1.9 MB', is_https: 'Yes', meta_description: 'Missing' });
    expect(facts.render_blocking).toBe('2 files hold up the first paint (Lighthouse estimates 1.2 s could be saved)');
    expect(facts.tap_targets).toBeUndefined(); // Lighthouse gave no verdict
    expect(a.field_metrics).toEqual([]);
    expect(JSON.stringify(a)).not.toContain(JPEG.toString('base64').slice(0, 40)); // no bytes in the JSON
  });

  it("keeps PageSpeed Insights' field data, banded by Google, beside the lab run", async () => {
    const a = (await get(`/api/leads/${ids['psi-dentist']}/audit`)).body;
    expect(a.source).toBe('psi');
    expect(a.conditions).toBe('On a phone (simulated slow 4G, one lab run), Lighthouse 12.2.3 on PageSpeed Insights');
    expect(a.field.label).toContain('last 28 days');
    expect(a.field_metrics).toEqual([
      { metric: 'lcp_ms', label: 'LCP (largest content shown)', p75: 4300, display: '4.3 s', band: 'poor' },
      { metric: 'inp_ms', label: 'INP (response to a tap)', p75: 180, display: '180 ms', band: 'good' },
      { metric: 'fcp_ms', label: 'FCP (first content shown)', p75: 2100, display: '2.1 s', band: 'needs_improvement' },
    ]);
    expect(a.screenshots).toEqual({ mobile: null, desktop: null });
  });

  it('says "not measured" with the reason, and has no figures', async () => {
    const res = await get(`/api/leads/${ids['down-bakery']}/audit`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      lead_id: ids['down-bakery'],
      measured: false,
      url: 'https://down-bakery.example/',
      reason: 'the page did not load within 120 s',
      chromium_missing: false,
      measured_at: MEASURED_AT,
      duration_ms: 120_000,
      screenshots: { mobile: null, desktop: null },
      pagespeed_url: 'https://pagespeed.web.dev/analysis?url=https%3A%2F%2Fdown-bakery.example%2F',
    });
  });

  it('answers 404 for a lead never audited and for a lead that does not exist, 422 for a bad id', async () => {
    const never = await get(`/api/leads/${ids['new-salon']}/audit`);
    expect(never.status).toBe(404);
    expect(never.body).toEqual({ detail: `Lead ${ids['new-salon']} has not been audited` });
    const none = await get('/api/leads/999999/audit');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ detail: 'Lead not found' });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await get(`/api/leads/${bad}/audit`);
      expect(res.status, bad).toBe(422);
      expect(res.body.detail, bad).toMatch(/id/);
    }
  });
});

describe('GET /api/leads/{id}/audit/screenshots/{kind}', () => {
  it('sends the JPEG bytes, privately cacheable and never sniffed', async () => {
    const res = await raw(`/api/leads/${ids['slow-plumber']}/audit/screenshots/mobile`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('answers 404 with a detail for a screenshot that was not kept, and for an unmeasured or missing lead', async () => {
    const desktop = await get(`/api/leads/${ids['slow-plumber']}/audit/screenshots/desktop`);
    expect(desktop.status).toBe(404);
    expect(desktop.body).toEqual({ detail: `Lead ${ids['slow-plumber']} has no desktop screenshot` });
    expect((await get(`/api/leads/${ids['down-bakery']}/audit/screenshots/mobile`)).status).toBe(404);
    expect((await get(`/api/leads/${ids['new-salon']}/audit/screenshots/mobile`)).status).toBe(404);
    expect((await get('/api/leads/999999/audit/screenshots/mobile')).body).toEqual({ detail: 'Lead not found' });
  });

  it('answers 422 for a kind other than mobile or desktop', async () => {
    for (const kind of ['tablet', 'MOBILE', '..%2F..%2Fetc', '%00']) {
      const res = await get(`/api/leads/${ids['slow-plumber']}/audit/screenshots/${kind}`);
      expect(res.status, kind).toBe(422);
      expect(res.body.detail, kind).toContain('kind must be mobile or desktop');
    }
  });
});

describe('sign-in and roles', () => {
  it('answers 401 without a token, as the lead itself does', async () => {
    for (const path of [`/api/leads/${ids['slow-plumber']}/audit`, `/api/leads/${ids['slow-plumber']}/audit/screenshots/mobile`, '/api/settings/audit']) {
      const res = await h.call('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body.detail, path).toBeTruthy();
    }
  });

  it('lets a regular user read audits (as leads), and only an administrator read the audit settings', async () => {
    expect((await get(`/api/leads/${ids['slow-plumber']}/audit`, user)).status).toBe(200);
    expect((await get(`/api/leads/${ids['slow-plumber']}/audit`, admin)).status).toBe(200);
    const refused = await get('/api/settings/audit', user);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBeTruthy();
  });
});

describe('GET /api/settings/audit', () => {
  it('says Chromium is missing and how to install it (tests run without Chromium), and that local Lighthouse is the auditor', async () => {
    const res = await get('/api/settings/audit', admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      chromium: { available: false, path: '/nonexistent/chromium (campaign tests run without audits)', hint: 'Chromium is not installed at /nonexistent/chromium (campaign tests run without audits) (CHROME_PATH): apt-get install chromium' },
      provider: 'lighthouse',
    });
  });

  it('finds Chromium where CHROME_PATH names an executable', async () => {
    const other = await startHarness({ CHROME_PATH: process.execPath });
    try {
      const token = await other.login(ADMIN.username, ADMIN.password);
      const res = await other.call('GET', '/api/settings/audit', { token });
      expect(res.body.chromium).toEqual({ available: true, path: process.execPath, hint: null });
    } finally {
      await other.close();
    }
  });
});
