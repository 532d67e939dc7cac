// Analytics over a period of whole UTC days. Sends and the funnel come from the counters
// triggers keep per day (migration 0017: sent_days by send day, campaign, step and variant;
// funnel_days by discovery day), so a 90-day report sums a row a day whatever the number of
// leads. A subject test's first email also counts as answered when a later step was: those
// few are found from the period's later-step replies (emails_replied_at_idx).
// First opens and replies by emails_opened_at_idx and emails_replied_at_idx, replies by
// replies_received_idx and replies_class_idx, won deals by leads_deal_idx. All-time totals
// are the counters the triggers keep, never a recount. For one mailbox (coalesce(mailbox_id, 1):
// emails from before mailboxes went from mailbox 1): sent_days' rows of that mailbox (migration
// 0025), and the opens, replies and report views by emails_mailbox_*_idx.
import { sql, type SQL } from 'drizzle-orm';
import type { AllTimeCounts, AnalyticsRepo, CampaignInfo, DayCounts, SentGroup } from '../../core/analytics/repo.ts';
import type { SubjectStyle, VariantKey } from '../../core/model/ab-test.ts';
import { FUNNEL_STAGES, type FunnelStage } from '../../core/model/analytics.ts';
import { SENT_EMAIL_STATUSES } from '../../core/emails/status.ts';
import type { Sentiment } from '../../core/model/reply-classes.ts';
import type { Db } from '../client.ts';

/** A time's UTC day number; an integer literal, so the division is an integer one. */
const dayOf = (column: string) => sql.raw(`${column} / 86400000`);
const num = (v: unknown) => Number(v ?? 0);
/** The statuses of an email that left (as the counters count them), for `e.status IN (...)`. */
const SENT = sql.raw(SENT_EMAIL_STATUSES.map((s) => `'${s}'`).join(', '));

type Row = Record<string, unknown>;
/** `AND <the email's mailbox> = m` for one mailbox, nothing for every mailbox. */
const ofMailbox = (alias: string, mailbox: number | undefined) =>
  mailbox === undefined ? sql`` : sql`AND coalesce(${sql.raw(alias)}.mailbox_id, 1) = ${mailbox}`;
const DAY = 86_400_000;

/** The whole UTC days from the one `since` falls in through tomorrow (as far as data can reach). */
function period(since: Date) {
  const first = Math.floor(since.getTime() / DAY);
  return { first, last: Math.floor(Date.now() / DAY) + 1, from: first * DAY };
}

export class SqlAnalyticsRepo implements AnalyticsRepo {
  constructor(private readonly db: Db) {}

  private rows(query: SQL): Promise<Row[]> {
    return this.db.all<Row>(query);
  }

  async sentGroups(since: Date, mailbox?: number): Promise<SentGroup[]> {
    const { first, last, from } = period(since);
    // The days' counters (a row per mailbox, summed), and the subject-test first emails answered only by a later step.
    const [days, laterReplies] = await Promise.all([
      this.rows(sql`SELECT day, campaign_id, step, variant, total(sent) AS sent, total(opened) AS opened, total(clicked) AS clicked, total(replied) AS replied,
          total(machine_opens) AS machine_opens, total(machine_clicks) AS machine_clicks
        FROM sent_days WHERE day >= ${first} AND day <= ${last} AND sent > 0 ${mailbox === undefined ? sql`` : sql`AND mailbox_id = ${mailbox}`}
        GROUP BY day, campaign_id, step, variant`),
      this.rows(sql`SELECT ${dayOf('e.sent_at')} AS day, e.campaign_id AS campaign_id, e.step AS step, e.ab_variant AS variant, count(*) AS n
        FROM emails e WHERE e.id IN (
          SELECT d.id FROM emails f JOIN emails d ON d.campaign_id = f.campaign_id AND d.lead_id = f.lead_id AND d.ab_variant IS NOT NULL
          WHERE f.replied_at >= ${from} AND f.step > 1)
        AND e.replied_at IS NULL AND e.status IN (${SENT}) AND e.sent_at >= ${from} AND e.sent_at < ${(last + 1) * DAY} ${ofMailbox('e', mailbox)}
        GROUP BY day, e.campaign_id, e.step, e.ab_variant`),
    ]);
    const key = (r: Row) => `${num(r.day)} ${num(r.campaign_id)} ${num(r.step)} ${String(r.variant ?? '')}`;
    const later = new Map(laterReplies.map((r) => [key(r), num(r.n)]));
    return days.map((r) => {
      const replied = num(r.replied);
      return {
        day: num(r.day),
        campaignId: num(r.campaign_id) === 0 ? null : num(r.campaign_id),
        step: num(r.step),
        variant: r.variant === '' ? null : (r.variant as VariantKey),
        sent: num(r.sent),
        opened: num(r.opened),
        clicked: num(r.clicked),
        replied,
        machineOpens: num(r.machine_opens),
        machineClicks: num(r.machine_clicks),
        threadReplied: replied + (later.get(key(r)) ?? 0),
      };
    });
  }

  async allTime(): Promise<AllTimeCounts> {
    const [r] = await this.rows(sql`SELECT leads, emails_sent, emails_opened, emails_replied, leads_emailed, leads_emailed_converted FROM dashboard_counters WHERE id = 1`);
    return {
      leads: num(r?.leads),
      emailsSent: num(r?.emails_sent),
      emailsOpened: num(r?.emails_opened),
      emailsReplied: num(r?.emails_replied),
      leadsEmailed: num(r?.leads_emailed),
      leadsConverted: num(r?.leads_emailed_converted),
    };
  }

  async funnel(since: Date): Promise<Record<FunnelStage, number>> {
    const { first, last } = period(since);
    const [r] = await this.rows(sql`SELECT total(discovered) AS discovered, total(analysed) AS analysed, total(with_email) AS with_email, total(sent) AS sent,
        total(opened) AS opened, total(clicked) AS clicked, total(replied) AS replied, total(interested) AS interested, total(won) AS won
      FROM funnel_days WHERE day >= ${first} AND day <= ${last}`);
    return Object.fromEntries(FUNNEL_STAGES.map((stage) => [stage, num(r[stage])])) as Record<FunnelStage, number>;
  }

  async sentiment(since: Date, mailbox?: number) {
    const rows = await this.rows(
      mailbox === undefined
        ? sql`SELECT r.sentiment AS sentiment, count(*) AS n FROM replies r WHERE r.received_at >= ${since.getTime()} GROUP BY r.sentiment`
        : sql`SELECT r.sentiment AS sentiment, count(*) AS n FROM replies r JOIN emails e ON e.id = r.email_id
            WHERE r.received_at >= ${since.getTime()} ${ofMailbox('e', mailbox)} GROUP BY r.sentiment`,
    );
    const result: { replies: number } & Record<Sentiment, number> = { replies: 0, positive: 0, neutral: 0, negative: 0 };
    for (const r of rows) {
      result.replies += num(r.n);
      if (r.sentiment === 'positive' || r.sentiment === 'neutral' || r.sentiment === 'negative') result[r.sentiment] = num(r.n);
    }
    return result;
  }

  async wonByCampaign(since: Date): Promise<Map<number, number>> {
    const rows = await this.rows(sql`SELECT l.campaign_id AS id, count(*) AS won FROM leads l
      WHERE l.deal_stage = 'won' AND l.deal_stage_at >= ${since.getTime()} AND l.campaign_id IS NOT NULL GROUP BY l.campaign_id`);
    return new Map(rows.map((r) => [num(r.id), num(r.won)]));
  }

  async campaigns(): Promise<CampaignInfo[]> {
    const rows = await this.rows(sql`SELECT id, name, subject_variants FROM campaigns ORDER BY id`);
    return rows.map((r) => ({ id: num(r.id), name: String(r.name), subjectStyles: r.subject_variants ? (JSON.parse(String(r.subject_variants)) as SubjectStyle[]) : null }));
  }

  async daily(since: Date, mailbox?: number) {
    const at = since.getTime();
    const days = async (query: SQL): Promise<DayCounts> => new Map((await this.rows(query)).map((r) => [num(r.day), num(r.n)]));
    const m = ofMailbox('e', mailbox);
    const [opened, replied, meetings, reportViews] = await Promise.all([
      days(sql`SELECT ${dayOf('e.opened_at')} AS day, count(*) AS n FROM emails e WHERE e.opened_at >= ${at} ${m} GROUP BY day`),
      days(sql`SELECT ${dayOf('e.replied_at')} AS day, count(*) AS n FROM emails e WHERE e.replied_at >= ${at} ${m} GROUP BY day`),
      days(
        mailbox === undefined
          ? sql`SELECT ${dayOf('r.received_at')} AS day, count(*) AS n FROM replies r WHERE r.class = 'meeting_request' AND r.received_at >= ${at} GROUP BY day`
          : sql`SELECT ${dayOf('r.received_at')} AS day, count(*) AS n FROM replies r JOIN emails e ON e.id = r.email_id
              WHERE r.class = 'meeting_request' AND r.received_at >= ${at} ${m} GROUP BY day`,
      ),
      // emails_report_viewed_at_idx: only the emails whose report page a person viewed.
      days(sql`SELECT ${dayOf('e.report_viewed_at')} AS day, count(*) AS n FROM emails e WHERE e.report_viewed_at >= ${at} ${m} GROUP BY day`),
    ]);
    return { opened, replied, meetings, reportViews };
  }
}
