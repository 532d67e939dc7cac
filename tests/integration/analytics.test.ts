// Analytics equals counts taken independently: a known mix of leads, emails (steps, A/B arms,
// human and machine opens and clicks, replies), classified replies and deals is written
// straight to the database, then GET /api/analytics is compared with the same figures
// computed here in plain TypeScript from the fixture itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../src/db/schema/campaigns.ts';
import { emails } from '../../src/db/schema/emails.ts';
import { leads } from '../../src/db/schema/leads.ts';
import { replies } from '../../src/db/schema/replies.ts';
import { abTestResults, DEFAULT_AB_TEST } from '../../src/core/analytics/ab-test.ts';
import { fakeClock } from '../support/fake-clock.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const SENT_STATUSES = ['SENT', 'OPENED', 'CLICKED', 'REPLIED'];
const clock = fakeClock(NOW);

type Lead = typeof leads.$inferInsert & { id: number };
type Email = typeof emails.$inferInsert & { id: number };
type Reply = typeof replies.$inferInsert;

let h: Harness;
let token: string;
const L: Lead[] = [];
const E: Email[] = [];
const R: Reply[] = [];
const CAMPAIGNS = [
  { id: 1, name: 'Austin plumbers spring outreach 2026', subjectVariants: ['finding', 'question'] as const },
  { id: 2, name: 'Denver dentists', subjectVariants: null },
  { id: 3, name: 'Quiet campaign', subjectVariants: null },
];
const DEALS = [null, 'interested', 'meeting_booked', 'proposal_sent', 'won', 'lost'] as const;
const SENTIMENTS = [null, 'positive', 'neutral', 'negative'] as const;
const CLASSES = ['interested', 'meeting_request', 'question', 'not_interested'] as const;

/** 90 leads over 100 days, each with 0-3 steps; every field varies with a different period so every combination shows up. */
function fixture() {
  let emailId = 0;
  for (let i = 1; i <= 90; i++) {
    const discovered = NOW - (i * 1.1 + (i % 3) * 0.3) * DAY;
    const deal = DEALS[i % 6];
    const converted = i % 13 === 0;
    const lead: Lead = {
      id: i,
      url: `https://lead-${i}.example/`,
      hostname: `lead-${i}.example`,
      campaignId: 1 + (i % 2),
      status: converted ? 'CONVERTED' : i % 4 === 0 ? 'NEW' : 'EMAIL_SENT',
      contactEmail: i % 5 === 0 ? null : i % 7 === 0 ? '' : `info@lead-${i}.example`,
      analyzedAt: i % 4 === 0 ? null : new Date(discovered + 3_600_000),
      discoveredAt: new Date(discovered),
      dealStage: converted ? 'won' : deal,
      dealStageAt: deal || converted ? new Date(NOW - (i % 40) * DAY) : null,
    };
    L.push(lead);
    if (i % 4 === 0) continue;
    const steps = 1 + (i % 3);
    for (let step = 1; step <= steps; step++) {
      const sentAt = NOW - ((i * 0.9) % 80) * DAY + step * 3 * DAY;
      const sentYet = sentAt <= NOW && (i + step) % 9 !== 0;
      const status = !sentYet ? 'QUEUED' : (i + step) % 11 === 0 ? 'BOUNCED' : (i + step) % 3 === 0 ? 'REPLIED' : (i + step) % 2 === 0 ? 'OPENED' : 'SENT';
      const gone = SENT_STATUSES.includes(status) || status === 'BOUNCED';
      const opened = gone && (i + step) % 2 === 0;
      const clicked = opened && (i + step) % 4 === 0;
      const replied = status === 'REPLIED';
      const email: Email = {
        id: ++emailId,
        campaignId: lead.campaignId,
        leadId: i,
        step,
        subject: 's',
        body: 'b',
        recipientEmail: `info@lead-${i}.example`,
        status,
        sentAt: gone ? new Date(sentAt) : null,
        openedAt: opened ? new Date(Math.min(NOW, sentAt + (i % 5) * DAY)) : null,
        clickedAt: clicked ? new Date(Math.min(NOW, sentAt + (i % 5) * DAY + 60_000)) : null,
        repliedAt: replied ? new Date(Math.min(NOW, sentAt + (i % 3) * DAY)) : null,
        openCount: opened ? 1 + (i % 3) : 0,
        clickCount: clicked ? 1 : 0,
        machineOpenCount: gone ? i % 3 : 0,
        machineClickCount: gone ? (i + step) % 2 : 0,
        // The lead's report page viewed by a person (first view), some days after the email went out.
        reportViewedAt: gone && (i + step) % 5 === 1 ? new Date(Math.min(NOW, sentAt + (i % 4) * DAY + 120_000)) : null,
        abVariant: lead.campaignId === 1 && step === 1 ? (i % 8 === 2 ? 'A' : 'B') : null,
      };
      E.push(email);
      if (replied) {
        R.push({
          emailId: email.id,
          leadId: i,
          campaignId: lead.campaignId,
          messageKey: `reply-${email.id}`,
          fromAddress: email.recipientEmail,
          text: 'Thanks',
          receivedAt: email.repliedAt!,
          class: i % 5 === 4 ? null : CLASSES[i % 4],
          sentiment: i % 5 === 4 ? null : SENTIMENTS[(i + step) % 4],
        });
      }
    }
  }
}

beforeAll(async () => {
  h = await startHarness({}, { clock });
  token = await h.login(ADMIN.username, ADMIN.password);
  fixture();
  const at = new Date(NOW - 200 * DAY);
  for (const c of CAMPAIGNS) await h.ctx.db.insert(campaigns).values({ id: c.id, name: c.name, searchQuery: 'q', status: 'COMPLETED', subjectVariants: c.subjectVariants ? [...c.subjectVariants] : null, createdAt: at, updatedAt: at });
  await h.ctx.db.insert(leads).values(L);
  await h.ctx.db.insert(emails).values(E);
  await h.ctx.db.insert(replies).values(R);
}, 60_000);
afterAll(() => h?.close());

const rate = (part: number, of: number) => (of ? Math.round((part / of) * 1000) / 10 : null);
const count = <T>(rows: T[], test: (row: T) => unknown) => rows.filter(test).length;
const sum = <T>(rows: T[], value: (row: T) => number) => rows.reduce((s, r) => s + value(r), 0);
const t = (d: Date | null | undefined) => d?.getTime() ?? -Infinity;

function expected(days: number) {
  const since = (Math.floor(NOW / DAY) - days + 1) * DAY;
  const sent = E.filter((e) => SENT_STATUSES.includes(e.status!) && t(e.sentAt) >= since);
  const cohort = L.filter((l) => t(l.discoveredAt) >= since);
  const emailsOf = (l: Lead) => E.filter((e) => e.leadId === l.id);
  const sentEver = E.filter((e) => SENT_STATUSES.includes(e.status!));
  const dayList = Array.from({ length: days }, (_, i) => since + i * DAY);
  const perDay = (times: number[]) => dayList.map((d) => count(times, (x) => x >= d && x < d + DAY));
  const received = R.filter((r) => t(r.receivedAt) >= since);
  return {
    since,
    summary: {
      sent: sent.length,
      opened: count(sent, (e) => e.openedAt),
      clicked: count(sent, (e) => e.clickedAt),
      replied: count(sent, (e) => e.repliedAt),
      machine_opens: sum(sent, (e) => e.machineOpenCount!),
      machine_clicks: sum(sent, (e) => e.machineClickCount!),
      report_views: count(E, (e) => t(e.reportViewedAt) >= since),
      open_rate: rate(count(sent, (e) => e.openedAt), sent.length),
      click_rate: rate(count(sent, (e) => e.clickedAt), sent.length),
      reply_rate: rate(count(sent, (e) => e.repliedAt), sent.length),
    },
    all_time: {
      leads: L.length,
      emails_sent: sentEver.length,
      emails_opened: count(sentEver, (e) => e.openedAt),
      emails_replied: count(sentEver, (e) => e.repliedAt),
      leads_emailed: count(L, (l) => sentEver.some((e) => e.leadId === l.id)),
      leads_converted: count(L, (l) => l.status === 'CONVERTED' && sentEver.some((e) => e.leadId === l.id)),
    },
    funnel: [
      cohort.length,
      count(cohort, (l) => l.analyzedAt),
      count(cohort, (l) => l.contactEmail),
      count(cohort, (l) => emailsOf(l).some((e) => SENT_STATUSES.includes(e.status!))),
      count(cohort, (l) => emailsOf(l).some((e) => e.openedAt)),
      count(cohort, (l) => emailsOf(l).some((e) => e.clickedAt)),
      count(cohort, (l) => emailsOf(l).some((e) => e.repliedAt)),
      count(cohort, (l) => l.status === 'CONVERTED' || (l.dealStage && l.dealStage !== 'lost')),
      count(cohort, (l) => l.status === 'CONVERTED' || l.dealStage === 'won'),
    ],
    sentiment: {
      replies: received.length,
      classified: count(received, (r) => r.sentiment),
      positive: count(received, (r) => r.sentiment === 'positive'),
      neutral: count(received, (r) => r.sentiment === 'neutral'),
      negative: count(received, (r) => r.sentiment === 'negative'),
    },
    campaigns: CAMPAIGNS.map((c) => {
      const mine = sent.filter((e) => e.campaignId === c.id);
      const won = count(L, (l) => l.campaignId === c.id && l.dealStage === 'won' && t(l.dealStageAt) >= since);
      return { id: c.id, name: c.name, sent: mine.length, opened: count(mine, (e) => e.openedAt), replied: count(mine, (e) => e.repliedAt), won };
    }).filter((c) => c.sent || c.won),
    series: {
      days: dayList.map((d) => new Date(d).toISOString().slice(0, 10)),
      sent: perDay(sent.map((e) => t(e.sentAt))),
      opened: perDay(E.filter((e) => e.openedAt).map((e) => t(e.openedAt))),
      replied: perDay(E.filter((e) => e.repliedAt).map((e) => t(e.repliedAt))),
      meetings: perDay(R.filter((r) => r.class === 'meeting_request').map((r) => t(r.receivedAt))),
    },
    steps: [1, 2, 3]
      .map((step) => sent.filter((e) => e.step === step))
      .filter((rows) => rows.length)
      .map((rows) => ({
        step: rows[0].step,
        sent: rows.length,
        opened: count(rows, (e) => e.openedAt),
        clicked: count(rows, (e) => e.clickedAt),
        replied: count(rows, (e) => e.repliedAt),
        open_rate: rate(count(rows, (e) => e.openedAt), rows.length),
        reply_rate: rate(count(rows, (e) => e.repliedAt), rows.length),
      })),
    arms: (['A', 'B'] as const).map((variant) => {
      const arm = sent.filter((e) => e.campaignId === 1 && e.abVariant === variant);
      const repliedLater = (e: Email) => E.some((f) => f.leadId === e.leadId && f.step! > 1 && f.repliedAt);
      return { variant, sent: arm.length, opened: count(arm, (e) => e.openedAt), replied: count(arm, (e) => e.repliedAt || repliedLater(e)), machineOpens: sum(arm, (e) => e.machineOpenCount!) };
    }),
  };
}

describe('GET /api/analytics', () => {
  for (const days of [7, 30, 90]) {
    it(`equals the counts taken from the fixture over ${days} days`, async () => {
      const res = await h.call('GET', `/api/analytics?days=${days}`, { token });
      expect(res.status).toBe(200);
      const a = res.body;
      const x = expected(days);
      expect(a.days).toBe(days);
      expect(a.since).toBe(new Date(x.since).toISOString());
      expect(a.summary).toEqual(x.summary);
      expect(a.all_time).toEqual(x.all_time);
      expect(a.funnel.map((f: { count: number }) => f.count)).toEqual(x.funnel);
      expect(a.funnel.map((f: { label: string }) => f.label)).toEqual(['Discovered', 'Analysed', 'With email', 'Sent', 'Opened', 'Clicked', 'Replied', 'Interested', 'Won']);
      expect(a.sentiment).toEqual(x.sentiment);
      expect(a.campaigns).toEqual(x.campaigns);
      expect(a.series).toEqual(x.series);
      expect(a.steps).toEqual(x.steps);
      expect(a.variants).toEqual([{ campaign_id: 1, campaign_name: CAMPAIGNS[0].name, results: abTestResults(['finding', 'question'], x.arms, DEFAULT_AB_TEST) }]);
    });
  }

  it('has figures in every part of the fixture (the comparisons above are not of zeros)', async () => {
    const x = expected(90);
    expect(x.summary.sent).toBeGreaterThan(20);
    expect(Math.min(x.summary.opened, x.summary.clicked, x.summary.replied, x.summary.machine_opens, x.summary.machine_clicks, x.summary.report_views)).toBeGreaterThan(0);
    expect(Math.min(...x.funnel)).toBeGreaterThan(0);
    expect(Math.min(x.sentiment.positive, x.sentiment.neutral, x.sentiment.negative)).toBeGreaterThan(0);
    expect(x.sentiment.replies).toBeGreaterThan(x.sentiment.classified);
    expect(x.series.meetings.some((n) => n > 0)).toBe(true);
    expect(x.steps.length).toBe(3);
    expect(x.arms.every((a) => a.sent > 0)).toBe(true);
    expect(x.campaigns.some((c) => c.won > 0)).toBe(true);
    // A week's window holds fewer of them than 90 days.
    expect(expected(7).summary.sent).toBeLessThan(x.summary.sent);
  });

  it('says plainly when no reply is classified, and rates are null when nothing was sent', async () => {
    clock.t = NOW + 400 * DAY;
    try {
      const a = (await h.call('GET', '/api/analytics?days=7', { token })).body;
      expect(a.sentiment).toEqual({ replies: 0, classified: 0, positive: 0, neutral: 0, negative: 0 });
      expect(a.summary).toMatchObject({ sent: 0, open_rate: null, click_rate: null, reply_rate: null });
      expect(a.series.sent).toEqual([0, 0, 0, 0, 0, 0, 0]);
      expect(a.all_time.leads).toBe(L.length);
    } finally {
      clock.t = NOW;
    }
  });

  it('refuses a period outside 1-365 days with a 422 that names it, and strangers with a 401', async () => {
    for (const [query, detail] of [
      ['days=0', 'days must be between 1 and 365'],
      ['days=366', 'days must be between 1 and 365'],
      ['days=abc', 'days must be a whole number written in digits'],
      ['days=7.5', 'days must be a whole number written in digits'],
      ['days=0x10', 'days must be a whole number written in digits'],
    ]) {
      const res = await h.call('GET', `/api/analytics?${query}`, { token });
      expect(res.status, query).toBe(422);
      expect(res.body.detail, query).toBe(detail);
    }
    expect((await h.call('GET', '/api/analytics')).status).toBe(401);
    expect((await h.call('GET', '/api/analytics', { token })).body.days).toBe(30);
  });
});
