// Analytics over a period of N days (today, UTC, and the N - 1 days before): the figures of the
// Analytics screen, `GET /api/analytics` and `outreach analytics`. Each is a count of rows or a
// ratio of two counts; the A/B verdicts come from ab-test.ts, the only place that tests arms.
import type { Analytics } from '../model/analytics.ts';
import { abTestResults, DEFAULT_AB_TEST, type AbTestConfig } from './ab-test.ts';
import type { AnalyticsRepo, DayCounts } from './repo.ts';

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

  async report(days: number): Promise<Analytics> {
    const now = this.now();
    const firstDay = periodStart(now, days);
    const since = new Date(firstDay * DAY_MS);
    const [sent, allTime, funnel, sentiment, campaigns, daily, steps, arms] = await Promise.all([
      this.repo.sentSince(since),
      this.repo.allTime(),
      this.repo.funnel(since),
      this.repo.sentiment(since),
      this.repo.campaigns(since),
      this.repo.daily(since),
      this.repo.steps(since),
      this.repo.arms(since),
    ]);
    const dayNumbers = Array.from({ length: days }, (_, i) => firstDay + i);
    const perDay = (counts: DayCounts) => dayNumbers.map((d) => counts.get(d) ?? 0);
    return {
      days,
      since: since.toISOString(),
      until: now.toISOString(),
      summary: {
        sent: sent.sent,
        opened: sent.opened,
        clicked: sent.clicked,
        replied: sent.replied,
        machine_opens: sent.machineOpens,
        machine_clicks: sent.machineClicks,
        open_rate: percentOf(sent.opened, sent.sent),
        click_rate: percentOf(sent.clicked, sent.sent),
        reply_rate: percentOf(sent.replied, sent.sent),
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
      campaigns,
      series: {
        days: dayNumbers.map((d) => new Date(d * DAY_MS).toISOString().slice(0, 10)),
        sent: perDay(daily.sent),
        opened: perDay(daily.opened),
        replied: perDay(daily.replied),
        meetings: perDay(daily.meetings),
      },
      steps: steps.map((s) => ({ ...s, open_rate: percentOf(s.opened, s.sent), reply_rate: percentOf(s.replied, s.sent) })),
      variants: arms.map((a) => ({ campaign_id: a.id, campaign_name: a.name, results: abTestResults(a.styles, a.counts, this.abTests) })),
    };
  }
}
