// The Analytics answer (GET /api/analytics, `outreach analytics`): every figure is a count of
// rows, or a ratio of two counts; nothing is estimated.
import { z } from 'zod';
import { AbTestResults } from './ab-test.ts';
import { wholeNumber } from './validate.ts';

export const AnalyticsQuery = z.object({
  days: wholeNumber('days', { min: 1, max: 365 }).default(30).meta({ description: 'The period: today (UTC) and the days before it, 1 to 365 (the screen offers 7, 30 and 90)' }),
  mailbox_id: wholeNumber('mailbox_id')
    .optional()
    .meta({ description: "Only the emails sent from this mailbox (mailbox 1 includes those from before mailboxes): the summary, campaigns, per-day series, steps, A/B arms and replies' sentiment; the funnel and all-time totals count leads, of every mailbox" }),
});

const rate = z.number().nullable().meta({ description: 'Percent of sent, 1 decimal; null when nothing was sent' });

export const FUNNEL_STAGES = ['discovered', 'analysed', 'with_email', 'sent', 'opened', 'clicked', 'replied', 'interested', 'won'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export const AnalyticsSummary = z.object({
  sent: z.number().meta({ description: 'Emails sent in the period (SENT, OPENED, CLICKED or REPLIED now)' }),
  opened: z.number().meta({ description: 'Of those, opened by a person' }),
  clicked: z.number().meta({ description: 'Of those, with a link clicked by a person' }),
  replied: z.number(),
  machine_opens: z.number().meta({ description: 'Opens by security scanners and privacy proxies on those emails, counted apart' }),
  machine_clicks: z.number().meta({ description: 'Clicks by link scanners on those emails, counted apart' }),
  report_views: z.number().meta({ description: "Emails whose lead's report page a person first viewed in the period (scanners and prefetchers not counted)" }),
  open_rate: rate,
  click_rate: rate,
  reply_rate: rate,
});

export const Analytics = z
  .object({
    days: z.number(),
    mailbox_id: z.number().nullable().meta({ description: 'The mailbox the email figures are for; null: every mailbox' }),
    since: z.string().meta({ description: 'Start of the period: midnight UTC, days - 1 days before today' }),
    until: z.string(),
    summary: AnalyticsSummary,
    all_time: z.object({
      leads: z.number(),
      emails_sent: z.number(),
      emails_opened: z.number(),
      emails_replied: z.number(),
      leads_emailed: z.number(),
      leads_converted: z.number().meta({ description: 'Emailed leads that are CONVERTED (won)' }),
    }),
    funnel: z
      .array(z.object({ stage: z.enum(FUNNEL_STAGES), label: z.string(), count: z.number() }))
      .meta({ description: 'Leads discovered in the period, and how many of them reached each stage' }),
    sentiment: z.object({
      replies: z.number().meta({ description: 'Replies received in the period' }),
      classified: z.number().meta({ description: 'Of those, with a sentiment' }),
      positive: z.number(),
      neutral: z.number(),
      negative: z.number(),
    }),
    campaigns: z
      .array(z.object({ id: z.number(), name: z.string(), sent: z.number(), opened: z.number(), replied: z.number(), won: z.number() }))
      .meta({ description: 'Per campaign: emails sent in the period and of those opened and replied; deals moved to won in the period' }),
    series: z
      .object({
        days: z.array(z.string()).meta({ description: 'Each UTC day of the period, oldest first (YYYY-MM-DD)' }),
        sent: z.array(z.number()),
        opened: z.array(z.number()).meta({ description: 'Emails first opened by a person that day' }),
        replied: z.array(z.number()).meta({ description: 'Emails first replied to that day' }),
        meetings: z.array(z.number()).meta({ description: 'Replies received that day classed meeting_request' }),
      })
      .meta({ description: 'Per UTC day' }),
    steps: z
      .array(z.object({ step: z.number(), sent: z.number(), opened: z.number(), clicked: z.number(), replied: z.number(), open_rate: rate, reply_rate: rate }))
      .meta({ description: 'Per sequence step, emails sent in the period' }),
    variants: z
      .array(z.object({ campaign_id: z.number(), campaign_name: z.string(), results: AbTestResults }))
      .meta({ description: 'Per campaign with a subject A/B test: its arms over the emails sent in the period' }),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof Analytics>;
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;
