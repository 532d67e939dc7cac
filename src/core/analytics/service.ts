// Analytics over a period of N days (today, UTC, and the N - 1 days before): the figures of the
// Analytics screen, `GET /api/analytics` and `outreach analytics`. Each is a count of rows or a
// ratio of two counts; the A/B verdicts come from ab-test.ts, the only place that tests arms.
import type { Analytics } from '../model/analytics.ts';
import type { VariantKey } from '../model/ab-test.ts';
import { abTestResults, DEFAULT_AB_TEST, type AbTestConfig, type ArmCounts } from './ab-test.ts';
import type { AnalyticsRepo, DayCounts, SentGroup } from './repo.ts';

const DAY_MS = 86_400_000;

const FUNNEL_LABELS = {
  discovered: 'Discovered',
  analysed: 'Analysed',
  with_email: 'With email',
  sent: 'Sent',
  opened: 'Opened',
  clicked: 'Clicked',
  replied: 'Replied',
  interested: 'Interested',
  won: 'Won',
} as const;

/** part / sent × 100 to 1 decimal (the spec's rate); null when nothing was sent. */
export function percentOf(part: number, sent: number): number | null {
  return sent > 0 ? Math.round((part / sent) * 1000) / 10 : null;
}

/** The first day (UTC day number) of a period of `days` days ending today. */
export function periodStart(now: Date, days: number): number {
  return Math.floor(now.getTime() / DAY_MS) - (days - 1);
}

export class AnalyticsService {
  constructor(
    private readonly repo: AnalyticsRepo,
    private readonly now: () => Date = () => new Date(),
    private readonly abTests: AbTestConfig = DEFAULT_AB_TEST,
  ) {}

  /** Given a mailbox, the email figures are that mailbox's; the funnel, won deals and all-time totals stay every mailbox's (they count leads). */
  async report(days: number, mailbox?: number): Promise<Analytics> {
    const now = this.now();
    const firstDay = periodStart(now, days);
    const since = new Date(firstDay * DAY_MS);
    const [groups, allTime, funnel, sentiment, won, campaigns, daily] = await Promise.all([
      this.repo.sentGroups(since, mailbox),
      this.repo.allTime(),
      this.repo.funnel(since),
      this.repo.sentiment(since, mailbox),
      this.repo.wonByCampaign(since),
      this.repo.campaigns(),
      this.repo.daily(since, mailbox),
    ]);
    const summary = totals(groups);
    const dayNumbers = Array.from({ length: days }, (_, i) => firstDay + i);
    const perDay = (counts: DayCounts) => dayNumbers.map((d) => counts.get(d) ?? 0);
    const sentPerDay: DayCounts = new Map();
    for (const g of groups) sentPerDay.set(g.day, (sentPerDay.get(g.day) ?? 0) + g.sent);
    const steps = [...new Set(groups.map((g) => g.step))].sort((a, b) => a - b).map((step) => ({ step, ...totals(groups.filter((g) => g.step === step)) }));
    return {
      days,
      mailbox_id: mailbox ?? null,
      since: since.toISOString(),
      until: now.toISOString(),
      summary: {
        sent: summary.sent,
        opened: summary.opened,
        clicked: summary.clicked,
        replied: summary.replied,
        machine_opens: summary.machineOpens,
        machine_clicks: summary.machineClicks,
        report_views: [...(daily.reportViews?.values() ?? [])].reduce((a, b) => a + b, 0),
        open_rate: percentOf(summary.opened, summary.sent),
        click_rate: percentOf(summary.clicked, summary.sent),
        reply_rate: percentOf(summary.replied, summary.sent),
      },
      all_time: {
        leads: allTime.leads,
        emails_sent: allTime.emailsSent,
        emails_opened: allTime.emailsOpened,
        emails_replied: allTime.emailsReplied,
        leads_emailed: allTime.leadsEmailed,
        leads_converted: allTime.leadsConverted,
      },
      funnel: (Object.keys(FUNNEL_LABELS) as Array<keyof typeof FUNNEL_LABELS>).map((stage) => ({ stage, label: FUNNEL_LABELS[stage], count: funnel[stage] })),
      sentiment: {
        replies: sentiment.replies,
        classified: sentiment.positive + sentiment.neutral + sentiment.negative,
        positive: sentiment.positive,
        neutral: sentiment.neutral,
        negative: sentiment.negative,
      },
      // Campaigns with a send or a won deal in the period.
      campaigns: campaigns
        .map((c) => {
          const t = totals(groups.filter((g) => g.campaignId === c.id));
          return { id: c.id, name: c.name, sent: t.sent, opened: t.opened, replied: t.replied, won: won.get(c.id) ?? 0 };
        })
        .filter((c) => c.sent > 0 || c.won > 0),
      series: {
        days: dayNumbers.map((d) => new Date(d * DAY_MS).toISOString().slice(0, 10)),
        sent: perDay(sentPerDay),
        opened: perDay(daily.opened),
        replied: perDay(daily.replied),
        meetings: perDay(daily.meetings),
      },
      steps: steps.map((s) => ({ step: s.step, sent: s.sent, opened: s.opened, clicked: s.clicked, replied: s.replied, open_rate: percentOf(s.opened, s.sent), reply_rate: percentOf(s.replied, s.sent) })),
      variants: campaigns
        .filter((c) => c.subjectStyles?.length)
        .map((c) => ({ campaign_id: c.id, campaign_name: c.name, results: abTestResults(c.subjectStyles!, arms(groups.filter((g) => g.campaignId === c.id)), this.abTests) })),
    };
  }
}

/** The sums of a set of groups. */
function totals(groups: SentGroup[]) {
  const t = { sent: 0, opened: 0, clicked: 0, replied: 0, machineOpens: 0, machineClicks: 0 };
  for (const g of groups) {
    t.sent += g.sent;
    t.opened += g.opened;
    t.clicked += g.clicked;
    t.replied += g.replied;
    t.machineOpens += g.machineOpens;
    t.machineClicks += g.machineClicks;
  }
  return t;
}

/** One campaign's groups as the A/B test's arms; a reply to a later step counts for the first email's subject. */
function arms(groups: SentGroup[]): ArmCounts[] {
  const byVariant = new Map<VariantKey, ArmCounts>();
  for (const g of groups) {
    if (!g.variant) continue;
    const arm = byVariant.get(g.variant) ?? { variant: g.variant, sent: 0, opened: 0, replied: 0, machineOpens: 0 };
    arm.sent += g.sent;
    arm.opened += g.opened;
    arm.replied += g.threadReplied;
    arm.machineOpens += g.machineOpens;
    byVariant.set(g.variant, arm);
  }
  return [...byVariant.values()];
}
