// The report page through the app (in process, real database): a HEAD request (a link
// checker's) is a machine's view, never engagement; a person's view is recorded once, on the
// lead's latest sent email, and stops the sequence only in a campaign that says so; the
// per-address limit answers 429 with Retry-After.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportUrl } from '../../src/core/report/link.ts';
import { campaigns } from '../../src/db/schema/campaigns.ts';
import { emails } from '../../src/db/schema/emails.ts';
import { interactions, leads } from '../../src/db/schema/leads.ts';
import { siteAudits } from '../../src/db/schema/audits.ts';
import { startHarness, type Harness } from './support/harness.ts';

const PERSON = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
let h: Harness;
let leadId = 0;
let campaignId = 0;
let emailId = 0;
let path = '';

beforeAll(async () => {
  h = await startHarness({ OUTREACH_PUBLIC_URL: 'https://outreach.agency.example' });
  const [c] = await h.ctx.db.insert(campaigns).values({ name: 'Salons', searchQuery: 'salons', sequenceSteps: 2, followUpDays: [3], stopOnReportView: true }).returning();
  campaignId = c.id;
  const [l] = await h.ctx.db.insert(leads).values({ campaignId, url: 'https://salon.example/', hostname: 'salon.example', companyName: 'Salon', status: 'EMAIL_SENT' }).returning();
  leadId = l.id;
  await h.ctx.db.insert(siteAudits).values({
    leadId,
    measured: true,
    audit: { measured: true, url: 'https://salon.example/', final_url: 'https://salon.example/', performance: 40, accessibility: null, best_practices: null, seo: null, lcp_ms: 5000, fcp_ms: null, cls: null, tbt_ms: null, speed_index_ms: null, total_bytes: null, image_savings_bytes: null, render_blocking: null, is_https: true, mixed_content: [], title: null, meta_description: null, tap_targets: null, font_size: null, screenshots: {}, lighthouse_version: '12.2.3', device: 'mobile', throttling: 'mobile, simulated slow 4G, one lab run', runs: 1, measured_at: new Date().toISOString(), duration_ms: 1, warnings: [] },
    measuredAt: new Date(),
  });
  const sentAt = new Date(Date.now() - 3_600_000);
  const [e] = await h.ctx.db.insert(emails).values({ campaignId, leadId, step: 1, subject: 'Hi', body: 'Hello', recipientEmail: 'owner@salon.example', status: 'SENT', sentAt }).returning();
  emailId = e.id;
  const campaign = await h.ctx.campaigns.get(campaignId);
  const url = await reportUrl({ tokens: h.ctx.tokens, audits: h.ctx.audits, publicUrl: () => h.ctx.config.publicUrl, expiryDays: async () => 60, now: () => new Date() }, leadId, { reportPages: campaign.report_pages });
  expect(url).toMatch(/^https:\/\/outreach\.agency\.example\/r\//);
  path = new URL(url!).pathname;
}, 60_000);
afterAll(() => h?.close());

const email = async () => (await h.ctx.db.select().from(emails).where(eq(emails.id, emailId)))[0];

describe('report page views', () => {
  it("counts a HEAD request as a machine's view, with no history entry", async () => {
    const res = await h.app.request(path, { method: 'HEAD', headers: { 'user-agent': PERSON } });
    expect(res.status).toBe(200);
    expect(await email()).toMatchObject({ reportViewCount: 0, machineReportViewCount: 1, reportViewedAt: null });
    expect(await h.ctx.sequences.stopFor(campaignId, leadId)).toBeUndefined();
  });

  it("records a person's first view once, and the campaign's sequence stops on it", async () => {
    for (let i = 0; i < 2; i++) expect((await h.app.request(path, { headers: { 'user-agent': PERSON } })).status).toBe(200);
    expect(await email()).toMatchObject({ reportViewCount: 2, machineReportViewCount: 1 });
    expect((await email()).reportViewedAt).toBeInstanceOf(Date);
    const history = await h.ctx.db.select().from(interactions).where(eq(interactions.leadId, leadId));
    expect(history.filter((i) => i.interactionType === 'report_page_viewed').map((i) => i.description)).toEqual(['owner@salon.example viewed the report page']);
    expect(await h.ctx.sequences.stopFor(campaignId, leadId)).toBe('the lead viewed its report page (this campaign stops on a report view)');
    // A campaign that continues on a view keeps going.
    await h.ctx.campaigns.update(campaignId, { sequence: { steps: 2, follow_up_days: [3], stop_on_click: false, stop_on_report_view: false } });
    expect(await h.ctx.sequences.stopFor(campaignId, leadId)).toBeUndefined();
  });

  it('answers 429 with Retry-After past the per-address limit', async () => {
    const limit = h.ctx.config.defaults.report_pages.requests_per_minute_per_address;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) statuses.push((await h.app.request('/r/nonsense')).status);
    expect(statuses).toContain(429);
    const limited = await h.app.request('/r/nonsense');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
