// Analytics over a period, read through indexes that bound each query to the period's rows:
// sends by emails_sent_at_idx (one read, grouped by day, campaign, step and variant), first
// opens and replies by emails_opened_at_idx and emails_replied_at_idx, leads by their
// discovered_at list index, replies by replies_received_idx and replies_class_idx, won deals
// by leads_deal_idx. All-time totals are the counters the triggers keep, never a recount.
// The two reads that grow with the period (sends and the funnel's leads) walk it a day at a
// time and let the event loop turn between days: a local libSQL file answers on the main
// thread, so a 90-day report at a million leads must not hold every other request for seconds.
import { sql, type SQL } from 'drizzle-orm';
import type { AllTimeCounts, AnalyticsRepo, CampaignInfo, DayCounts, SentGroup } from '../../core/analytics/repo.ts';
import type { SubjectStyle, VariantKey } from '../../core/model/ab-test.ts';
import type { FunnelStage } from '../../core/model/analytics.ts';
import { SENT_EMAIL_STATUSES } from '../../core/emails/status.ts';
import type { Sentiment } from '../../core/model/reply-classes.ts';
import type { Db } from '../client.ts';

/** A time's UTC day number; an integer literal, so the division is an integer one. */
const dayOf = (column: string) => sql.raw(`${column} / 86400000`);
const num = (v: unknown) => Number(v ?? 0);
/** The statuses of an email that left (as the counters count them), for `e.status IN (...)`. */
const SENT = sql.raw(SENT_EMAIL_STATUSES.map((s) => `'${s}'`).join(', '));

type Row = Record<string, unknown>;
const DAY = 86_400_000;

/** Each UTC day from `since` to now, [from, to), with a turn of the event loop before each. */
async function* daysFrom(since: Date): AsyncGenerator<[number, number]> {
  for (let from = since.getTime(), end = Date.now() + DAY; from < end; from = Math.floor(from / DAY) * DAY + DAY) {
    await new Promise((resolve) => setImmediate(resolve));
    yield [from, Math.floor(from / DAY) * DAY + DAY];
  }
}

export class SqlAnalyticsRepo implements AnalyticsRepo {
  constructor(private readonly db: Db) {}

  private rows(query: SQL): Promise<Row[]> {
    return this.db.all<Row>(query);
  }

  async sentGroups(since: Date): Promise<SentGroup[]> {
    const groups: SentGroup[] = [];
    for await (const [from, to] of daysFrom(since)) groups.push(...(await this.sentGroupsOf(from, to)));
    return groups;
  }

  private async sentGroupsOf(from: number, to: number): Promise<SentGroup[]> {
    // Walked on the sent_at index, never the status index (which would read every sent email).
    // A first email of a subject test also counts as answered when the lead replied to a later
    // step (as src/db/repos/campaigns.ts armCounts does), looked up by the (campaign, lead, step) key.
    const rows = await this.rows(sql`SELECT ${dayOf('e.sent_at')} AS day, e.campaign_id AS campaign_id, e.step AS step, e.ab_variant AS variant,
        count(*) AS sent, total(e.opened_at IS NOT NULL) AS opened, total(e.clicked_at IS NOT NULL) AS clicked, total(e.replied_at IS NOT NULL) AS replied,
        total(e.machine_open_count) AS machine_opens, total(e.machine_click_count) AS machine_clicks,
        total(CASE WHEN e.ab_variant IS NULL THEN e.replied_at IS NOT NULL ELSE e.replied_at IS NOT NULL OR EXISTS (
          SELECT 1 FROM emails f WHERE f.campaign_id = e.campaign_id AND f.lead_id = e.lead_id AND f.step > 1 AND f.replied_at IS NOT NULL) END) AS thread_replied
      FROM emails e INDEXED BY emails_sent_at_idx WHERE e.sent_at >= ${from} AND e.sent_at < ${to} AND e.status IN (${SENT})
      GROUP BY day, e.campaign_id, e.step, e.ab_variant`);
    return rows.map((r) => ({
      day: num(r.day),
      campaignId: r.campaign_id === null ? null : num(r.campaign_id),
      step: num(r.step),
      variant: (r.variant as VariantKey | null) ?? null,
      sent: num(r.sent),
      opened: num(r.opened),
      clicked: num(r.clicked),
      replied: num(r.replied),
      machineOpens: num(r.machine_opens),
      machineClicks: num(r.machine_clicks),
      threadReplied: num(r.thread_replied),
    }));
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
    const total: Record<FunnelStage, number> = { discovered: 0, analysed: 0, with_email: 0, sent: 0, opened: 0, clicked: 0, replied: 0, interested: 0, won: 0 };
    for await (const [from, to] of daysFrom(since)) {
      const day = await this.funnelOf(from, to);
      for (const stage of Object.keys(total) as FunnelStage[]) total[stage] += day[stage];
    }
    return total;
  }

  private async funnelOf(from: number, to: number): Promise<Record<FunnelStage, number>> {
    // Per lead of the period, one look at its emails (emails_lead_id_idx, a handful each): bit 1
    // opened by a person, 2 clicked, 4 replied.
    const [r] = await this.rows(sql`SELECT count(*) AS discovered,
        total(analysed) AS analysed, total(with_email) AS with_email, total(sent) AS sent,
        total(engaged & 1 = 1) AS opened, total(engaged & 2 = 2) AS clicked, total(engaged & 4 = 4) AS replied,
        total(interested) AS interested, total(won) AS won
      FROM (SELECT l.analyzed_at IS NOT NULL AS analysed, l.has_email AS with_email, l.sent_emails > 0 AS sent,
          l.status = 'CONVERTED' OR l.deal_stage IN ('interested', 'meeting_booked', 'proposal_sent', 'won') AS interested,
          l.status = 'CONVERTED' OR l.deal_stage = 'won' AS won,
          coalesce((SELECT max(e.opened_at IS NOT NULL) | (max(e.clicked_at IS NOT NULL) << 1) | (max(e.replied_at IS NOT NULL) << 2)
            FROM emails e WHERE e.lead_id = l.id), 0) AS engaged
        FROM leads l WHERE l.discovered_at >= ${from} AND l.discovered_at < ${to})`);
    return {
      discovered: num(r.discovered),
      analysed: num(r.analysed),
      with_email: num(r.with_email),
      sent: num(r.sent),
      opened: num(r.opened),
      clicked: num(r.clicked),
      replied: num(r.replied),
      interested: num(r.interested),
      won: num(r.won),
    };
  }

  async sentiment(since: Date) {
    const rows = await this.rows(sql`SELECT r.sentiment AS sentiment, count(*) AS n FROM replies r WHERE r.received_at >= ${since.getTime()} GROUP BY r.sentiment`);
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

  async daily(since: Date) {
    const at = since.getTime();
    const days = async (query: SQL): Promise<DayCounts> => new Map((await this.rows(query)).map((r) => [num(r.day), num(r.n)]));
    const [opened, replied, meetings] = await Promise.all([
      days(sql`SELECT ${dayOf('e.opened_at')} AS day, count(*) AS n FROM emails e WHERE e.opened_at >= ${at} GROUP BY day`),
      days(sql`SELECT ${dayOf('e.replied_at')} AS day, count(*) AS n FROM emails e WHERE e.replied_at >= ${at} GROUP BY day`),
      days(sql`SELECT ${dayOf('r.received_at')} AS day, count(*) AS n FROM replies r WHERE r.class = 'meeting_request' AND r.received_at >= ${at} GROUP BY day`),
    ]);
    return { opened, replied, meetings };
  }
}
