// Analytics over a period, read through indexes that bound each query to the period's rows:
// sends by emails_sent_at_idx, first opens and replies by emails_opened_at_idx and
// emails_replied_at_idx, leads by their discovered_at list index, replies by
// replies_received_idx and replies_class_idx, won deals by leads_deal_idx. All-time totals are
// the counters the triggers keep (dashboard_counters), never a recount.
import { sql, type SQL } from 'drizzle-orm';
import type { ArmCounts } from '../../core/analytics/ab-test.ts';
import type { AllTimeCounts, AnalyticsRepo, CampaignPeriodCounts, DayCounts, EmailCounts } from '../../core/analytics/repo.ts';
import type { SubjectStyle, VariantKey } from '../../core/model/ab-test.ts';
import type { FunnelStage } from '../../core/model/analytics.ts';
import { SENT_EMAIL_STATUSES } from '../../core/model/lead.ts';
import type { Sentiment } from '../../core/model/reply-classes.ts';
import type { Db } from '../client.ts';

/** A time's UTC day number; an integer literal, so the division is an integer one. */
const dayOf = (column: string) => sql.raw(`${column} / 86400000`);
const num = (v: unknown) => Number(v ?? 0);
/** The statuses of an email that left (as the counters count them), for `e.status IN (...)`. */
const SENT = sql.raw(SENT_EMAIL_STATUSES.map((s) => `'${s}'`).join(', '));
/** Emails sent in the period, walked on the sent_at index (never the status index, which would read every sent email). */
const sentSince = (since: Date) => sql`FROM emails e INDEXED BY emails_sent_at_idx WHERE e.sent_at >= ${since.getTime()} AND e.status IN (${SENT})`;

type Row = Record<string, unknown>;

export class SqlAnalyticsRepo implements AnalyticsRepo {
  constructor(private readonly db: Db) {}

  private rows(query: SQL): Promise<Row[]> {
    return this.db.all<Row>(query);
  }

  async sentSince(since: Date) {
    const [r] = await this.rows(sql`SELECT count(*) AS sent, total(e.opened_at IS NOT NULL) AS opened, total(e.clicked_at IS NOT NULL) AS clicked,
      total(e.replied_at IS NOT NULL) AS replied, total(e.machine_open_count) AS machine_opens, total(e.machine_click_count) AS machine_clicks ${sentSince(since)}`);
    return { sent: num(r.sent), opened: num(r.opened), clicked: num(r.clicked), replied: num(r.replied), machineOpens: num(r.machine_opens), machineClicks: num(r.machine_clicks) };
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
    // Per lead of the period, its emails by lead_id (emails_lead_id_idx): a handful each.
    const has = (column: string) => sql.raw(`EXISTS (SELECT 1 FROM emails e WHERE e.lead_id = l.id AND e.${column} IS NOT NULL)`);
    const [r] = await this.rows(sql`SELECT count(*) AS discovered,
        total(l.analyzed_at IS NOT NULL) AS analysed,
        total(l.has_email) AS with_email,
        total(l.sent_emails > 0) AS sent,
        total(${has('opened_at')}) AS opened,
        total(${has('clicked_at')}) AS clicked,
        total(${has('replied_at')}) AS replied,
        total(l.status = 'CONVERTED' OR l.deal_stage IN ('interested', 'meeting_booked', 'proposal_sent', 'won')) AS interested,
        total(l.status = 'CONVERTED' OR l.deal_stage = 'won') AS won
      FROM leads l WHERE l.discovered_at >= ${since.getTime()}`);
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

  async campaigns(since: Date): Promise<CampaignPeriodCounts[]> {
    const emails = await this.rows(sql`SELECT e.campaign_id AS id, count(*) AS sent, total(e.opened_at IS NOT NULL) AS opened, total(e.replied_at IS NOT NULL) AS replied
      ${sentSince(since)} AND e.campaign_id IS NOT NULL GROUP BY e.campaign_id`);
    const won = await this.rows(sql`SELECT l.campaign_id AS id, count(*) AS won FROM leads l
      WHERE l.deal_stage = 'won' AND l.deal_stage_at >= ${since.getTime()} AND l.campaign_id IS NOT NULL GROUP BY l.campaign_id`);
    const byId = new Map<number, CampaignPeriodCounts>();
    const entry = (id: number) => byId.get(id) ?? byId.set(id, { id, name: '', sent: 0, opened: 0, replied: 0, won: 0 }).get(id)!;
    for (const r of emails) Object.assign(entry(num(r.id)), { sent: num(r.sent), opened: num(r.opened), replied: num(r.replied) });
    for (const r of won) entry(num(r.id)).won = num(r.won);
    if (byId.size === 0) return [];
    const names = await this.rows(sql`SELECT id, name FROM campaigns WHERE id IN (${sql.join([...byId.keys()].map((id) => sql`${id}`), sql`, `)})`);
    for (const r of names) entry(num(r.id)).name = String(r.name);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }

  async daily(since: Date) {
    const at = since.getTime();
    const days = async (query: SQL): Promise<DayCounts> => new Map((await this.rows(query)).map((r) => [num(r.day), num(r.n)]));
    const [sent, opened, replied, meetings] = await Promise.all([
      days(sql`SELECT ${dayOf('e.sent_at')} AS day, count(*) AS n ${sentSince(since)} GROUP BY day`),
      days(sql`SELECT ${dayOf('e.opened_at')} AS day, count(*) AS n FROM emails e WHERE e.opened_at >= ${at} GROUP BY day`),
      days(sql`SELECT ${dayOf('e.replied_at')} AS day, count(*) AS n FROM emails e WHERE e.replied_at >= ${at} GROUP BY day`),
      days(sql`SELECT ${dayOf('r.received_at')} AS day, count(*) AS n FROM replies r WHERE r.class = 'meeting_request' AND r.received_at >= ${at} GROUP BY day`),
    ]);
    return { sent, opened, replied, meetings };
  }

  async steps(since: Date): Promise<Array<EmailCounts & { step: number }>> {
    const rows = await this.rows(sql`SELECT e.step AS step, count(*) AS sent, total(e.opened_at IS NOT NULL) AS opened, total(e.clicked_at IS NOT NULL) AS clicked,
      total(e.replied_at IS NOT NULL) AS replied ${sentSince(since)} GROUP BY e.step ORDER BY e.step`);
    return rows.map((r) => ({ step: num(r.step), sent: num(r.sent), opened: num(r.opened), clicked: num(r.clicked), replied: num(r.replied) }));
  }

  async arms(since: Date) {
    const tested = await this.rows(sql`SELECT id, name, subject_variants FROM campaigns WHERE subject_variants IS NOT NULL ORDER BY id`);
    if (tested.length === 0) return [];
    // As the campaign's own results count them (src/db/repos/campaigns.ts armCounts): a reply to a
    // later step of the lead's sequence answers the first email's subject too.
    const rows = await this.rows(sql`SELECT e.campaign_id AS id, e.ab_variant AS variant, count(*) AS sent, total(e.opened_at IS NOT NULL) AS opened,
      total(e.replied_at IS NOT NULL OR EXISTS (SELECT 1 FROM emails f WHERE f.campaign_id = e.campaign_id AND f.lead_id = e.lead_id AND f.step > 1 AND f.replied_at IS NOT NULL)) AS replied,
      total(e.machine_open_count) AS machine_opens
      ${sentSince(since)} AND e.ab_variant IS NOT NULL GROUP BY e.campaign_id, e.ab_variant`);
    return tested
      .map((t) => ({
        id: num(t.id),
        name: String(t.name),
        styles: JSON.parse(String(t.subject_variants)) as SubjectStyle[],
        counts: rows
          .filter((r) => num(r.id) === num(t.id))
          .map((r): ArmCounts => ({ variant: r.variant as VariantKey, sent: num(r.sent), opened: num(r.opened), replied: num(r.replied), machineOpens: num(r.machine_opens) })),
      }))
      .filter((t) => t.styles.length > 0);
  }
}
