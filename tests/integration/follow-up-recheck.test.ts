// Follow-ups that re-check the site: a lead's first email said its home page takes 6.1 s to show
// on a phone (slow_mobile, kept with the draft by its claim check). When the follow-up falls due
// and the stored audit is older than recheck_after_days, the site is measured again (a fake
// auditor stands in for Lighthouse, injected as the audit stage's tests do):
// - LCP now 2.1 s: the sequence stops, saying so in the lead's history; no follow-up is written;
// - LCP now 9.4 s: the follow-up is written and cites 9.4 (the claim checker passes it);
// - the audit cannot run: the follow-up is written as before, the stored audit kept.
// An audit younger than the setting is not run again, and a turn of the send loop measures one
// site at most (the others' follow-ups wait for the next turns). A first email that cited what
// the crawl found ("Not secure") has the site crawled again (a fake crawler stands in): now
// served over https, the sequence stops with "the site now opens over https: fixed".
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { auditFindings } from '../../src/core/audit/findings.ts';
import type { MeasuredAudit, SiteAudit } from '../../src/core/model/audit.ts';
import { campaigns } from '../../src/db/schema/campaigns.ts';
import { emails } from '../../src/db/schema/emails.ts';
import { interactions, leads } from '../../src/db/schema/leads.ts';
import { fakeClock } from '../support/fake-clock.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-27T10:00:00Z');
const clock = fakeClock(NOW);

function measured(url: string, lcpMs: number, at: number): MeasuredAudit {
  return {
    measured: true,
    source: 'lighthouse',
    url,
    final_url: url,
    performance: 62,
    accessibility: 90,
    best_practices: 90,
    seo: 90,
    lcp_ms: lcpMs,
    fcp_ms: 1200,
    cls: 0.02,
    tbt_ms: 100,
    speed_index_ms: null,
    total_bytes: 1_800_000,
    image_savings_bytes: null,
    render_blocking: null,
    is_https: true,
    mixed_content: [],
    title: 'pass',
    meta_description: 'pass',
    tap_targets: null,
    font_size: 'pass',
    screenshots: {},
    lighthouse_version: '12.2.3',
    device: 'mobile',
    throttling: 'mobile, simulated slow 4G, one lab run',
    runs: 1,
    measured_at: new Date(at).toISOString(),
    duration_ms: 9000,
    warnings: [],
  };
}

const FIRST_BODY = (name: string) =>
  `Hello,\n\nI was looking at the ${name} website. On a phone, your home page takes 6.1 seconds to show its main content, which Google rates as poor; many visitors leave before it appears.\n\nWould a short call next week suit you?\n\nSam\nPixel Agency`;

let h: Harness;
let campaignId: number;
/** What the fake auditor measures now, by site; a URL missing from it cannot be measured. */
const nowMeasures = new Map<string, number>();
const audited: string[] = [];
/** The sites measured in each turn of the sequence. */
const turns: string[][] = [];
const lead: Record<string, { id: number; firstEmail: number; url: string }> = {};

async function addLead(key: string, auditedDaysAgo: number) {
  const url = `https://${key}.example/`;
  const [l] = await h.ctx.db
    .insert(leads)
    .values({ campaignId, url, hostname: `${key}.example`, companyName: `${key[0].toUpperCase()}${key.slice(1)} Plumbing`, contactEmail: `owner@${key}.example`, websiteLanguage: 'en', status: 'EMAIL_SENT' })
    .returning();
  const before = measured(url, 6100, NOW - auditedDaysAgo * DAY);
  await h.ctx.audits.save(l.id, before);
  const body = FIRST_BODY(l.companyName!);
  // The first email's claim check, as the draft stage keeps it: it stated slow_mobile.
  const claims = checkClaims({ subject: 'Your home page on a phone', body, cited_findings: ['slow_mobile'] }, auditFindings(before), { companyName: l.companyName!, url, signature: 'Sam\nPixel Agency' });
  expect(claims, JSON.stringify(claims.problems)).toMatchObject({ ok: true, stated: ['slow_mobile'] });
  const [e] = await h.ctx.db
    .insert(emails)
    .values({
      campaignId,
      leadId: l.id,
      step: 1,
      subject: 'Your home page on a phone',
      body,
      recipientEmail: `owner@${key}.example`,
      status: 'SENT',
      messageId: `<outreach.${l.id}.first@pixel.example>`,
      sentAt: new Date(NOW - 4 * DAY),
      nextStepDueAt: new Date(NOW - 60_000),
      qualityScore: 0.8,
      qualityBreakdown: { claims: { ok: true, stated: claims.stated, problems: [], removed: [] } },
    })
    .returning();
  lead[key] = { id: l.id, firstEmail: e.id, url };
}

/** A lead whose first email said the site is "Not secure" (no_ssl, from the crawl); its audit is recent. */
async function addInsecureLead(key: string) {
  const url = `http://${key}.example/`;
  const [l] = await h.ctx.db
    .insert(leads)
    .values({ campaignId, url, hostname: `${key}.example`, companyName: 'Secured Plumbing', contactEmail: `owner@${key}.example`, websiteLanguage: 'en', status: 'EMAIL_SENT' })
    .returning();
  await h.ctx.audits.save(l.id, measured(url, 2000, NOW - 2 * DAY));
  const body = 'Hello,\n\nYour site has no secure connection (https), so browsers mark it "Not secure".\n\nWould a short call next week suit you?\n\nSam\nPixel Agency';
  const noSsl = { id: 'no_ssl' as const, claim: 'No SSL certificate (site served over http)', evidence: 'https://secured.example/ refused the connection', url, confidence: 1, value: null };
  const claims = checkClaims({ subject: 'Your site and the "Not secure" warning', body, cited_findings: ['no_ssl'] }, [noSsl], { companyName: 'Secured Plumbing', url, signature: 'Sam\nPixel Agency' });
  expect(claims, JSON.stringify(claims.problems)).toMatchObject({ ok: true, stated: ['no_ssl'] });
  const [e] = await h.ctx.db
    .insert(emails)
    .values({ campaignId, leadId: l.id, step: 1, subject: 'Your site and the "Not secure" warning', body, recipientEmail: `owner@${key}.example`, status: 'SENT', messageId: `<outreach.${l.id}.first@pixel.example>`, sentAt: new Date(NOW - 4 * DAY), nextStepDueAt: new Date(NOW - 60_000), qualityScore: 0.8, qualityBreakdown: { claims: { ok: true, stated: claims.stated, problems: [], removed: [] } } })
    .returning();
  lead[key] = { id: l.id, firstEmail: e.id, url };
}
const crawled: string[] = [];

const emailsOf = (leadId: number) => h.ctx.db.select().from(emails).where(eq(emails.leadId, leadId)).orderBy(emails.step);
const historyOf = async (leadId: number) => (await h.ctx.db.select().from(interactions).where(eq(interactions.leadId, leadId))).map((i) => i.description);
const storedLcp = async (leadId: number) => {
  const audit = (await h.ctx.audits.latest(leadId))!.audit;
  return audit.measured ? audit.lcp_ms : null;
};

beforeAll(async () => {
  h = await startHarness({}, { clock });
  const [c] = await h.ctx.db.insert(campaigns).values({ name: 'Plumbers', searchQuery: 'plumbers', mode: 'test', sequenceSteps: 2, followUpDays: [3] }).returning();
  campaignId = c.id;
  h.ctx.providers.siteAuditor = async () => ({
    audit: async (url: string): Promise<SiteAudit> => {
      audited.push(url);
      const lcp = nowMeasures.get(url);
      if (lcp === undefined) return { measured: false, url, reason: 'the page did not load within 120 s', chromium_missing: false, measured_at: new Date(clock.now()).toISOString(), duration_ms: 120_000 };
      return measured(url, lcp, clock.now());
    },
  });
  // The insecure lead's site, crawled again: now it answers over https, with a phone layout.
  h.ctx.providers.crawler = async () => ({
    crawlSite: async (url: string) => {
      crawled.push(url);
      const home = { url, finalUrl: 'https://secured.example/', status: 200, headers: {}, kind: 'home' as const, html: '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Secured Plumbing</title></head><body><h1>Secured Plumbing</h1><p>Repairs, boilers and drains in Denver. Call 303 555 0142.</p></body></html>' };
      return { startUrl: url, home, pages: [home], log: [] };
    },
  });
  await addInsecureLead('secured');
  await addLead('fixed', 10);
  await addLead('worse', 10);
  await addLead('down', 10);
  await addLead('recent', 2);
  nowMeasures.set(lead.fixed.url, 2100);
  nowMeasures.set(lead.worse.url, 9400);
  nowMeasures.set(lead.recent.url, 2100); // would say fixed, but its audit is too recent to be run again
  // Turns until no step is due any more (each writes or stops what it can).
  const due = async () => Number((await h.ctx.db.$client.execute({ sql: 'SELECT count(*) AS n FROM emails WHERE next_step_due_at IS NOT NULL' })).rows[0].n);
  for (let i = 0; i < 10 && (await due()) > 0; i++) {
    const before = audited.length;
    await h.ctx.sequences.advance();
    turns.push(audited.slice(before));
  }
  expect(await due()).toBe(0);
}, 60_000);
afterAll(() => h?.close());

describe('a follow-up re-checks the site first', () => {
  it('measures again only the sites whose audit is older than recheck_after_days (7 by default), one per turn', () => {
    expect([...audited].sort()).toEqual([lead.down.url, lead.fixed.url, lead.worse.url].sort());
    expect(turns.map((t) => t.length).filter(Boolean)).toEqual([1, 1, 1]);
  });

  it("crawls the site again when the first email cited the crawl's finding, and stops when it is fixed", async () => {
    expect(crawled).toEqual([lead.secured.url]);
    expect((await emailsOf(lead.secured.id)).map((e) => e.step)).toEqual([1]);
    expect(await historyOf(lead.secured.id)).toEqual([expect.stringContaining('the site now opens over https: fixed')]);
    expect(await h.ctx.sequences.stopFor(campaignId, lead.secured.id)).toBe('the site now opens over https: fixed');
  });

  it('stops the sequence when what the first email cited is fixed, with the new figure in the lead history', async () => {
    const thread = await emailsOf(lead.fixed.id);
    expect(thread.map((e) => e.step)).toEqual([1]);
    expect(thread[0].nextStepDueAt).toBeNull();
    expect(await historyOf(lead.fixed.id)).toEqual([expect.stringContaining('LCP now 2.1 s: fixed')]);
    expect(await h.ctx.sequences.stopFor(campaignId, lead.fixed.id)).toBe('LCP now 2.1 s: fixed');
    expect(await storedLcp(lead.fixed.id)).toBe(2100);
    const feed = await h.ctx.db.$client.execute({ sql: "SELECT message FROM activity WHERE lead_id = ? AND activity_type = 'sequence_stopped'", args: [lead.fixed.id] });
    expect(feed.rows.map((r) => r.message)).toEqual(['Follow-ups to owner@fixed.example stopped: LCP now 2.1 s: fixed']);
  });

  it('writes the follow-up citing the new measurement when the problem got worse', async () => {
    const thread = await emailsOf(lead.worse.id);
    expect(thread.map((e) => e.step)).toEqual([1, 2]);
    const followUp = thread[1];
    expect(followUp.status).toBe('DRAFT');
    expect(followUp.body).toContain('9.4');
    expect(followUp.body).not.toContain('6.1');
    const claims = (followUp.qualityBreakdown as { claims: { ok: boolean; stated: string[] } }).claims;
    expect(claims).toMatchObject({ ok: true, stated: expect.arrayContaining(['slow_mobile']) });
    expect(await storedLcp(lead.worse.id)).toBe(9400);
    expect(await historyOf(lead.worse.id)).toEqual([]);
    expect(await h.ctx.sequences.stopFor(campaignId, lead.worse.id)).toBeUndefined();
  });

  it('writes the follow-up as before when the site cannot be measured, never claiming a fix, and keeps the stored audit', async () => {
    const thread = await emailsOf(lead.down.id);
    expect(thread.map((e) => e.step)).toEqual([1, 2]);
    expect(thread[1].body).not.toMatch(/fixed|9\.4|2\.1/);
    expect(await storedLcp(lead.down.id)).toBe(6100);
    expect(await historyOf(lead.down.id)).toEqual([]);
  });

  it('does not measure a recent audit again: the follow-up goes as before', async () => {
    expect((await emailsOf(lead.recent.id)).map((e) => e.step)).toEqual([1, 2]);
    expect(await storedLcp(lead.recent.id)).toBe(6100);
  });

  it('offers recheck_after_days in the system settings, within 1-90 days', async () => {
    const token = await h.login(ADMIN.username, ADMIN.password);
    const read = await h.call('GET', '/api/settings/system-config', { token });
    expect(read.body.recheck_after_days).toBe(7);
    for (const bad of [0, 91]) {
      const res = await h.call('POST', '/api/settings/system-config', { token, body: { recheck_after_days: bad } });
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe('Oldest audit a follow-up relies on must be between 1 and 90');
    }
    const ok = await h.call('POST', '/api/settings/system-config', { token, body: { recheck_after_days: 30 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await h.call('GET', '/api/settings/system-config', { token })).body.recheck_after_days).toBe(30);
  });
});
