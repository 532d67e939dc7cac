import { and, count, eq, getTableColumns, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { LeadCsvRecord } from '../../core/leads/csv.ts';
import type { SortKey } from '../../core/leads/cursor.ts';
import type { DashboardCounts, LeadRepo, StatusChange } from '../../core/leads/repo.ts';
import type { Interaction, Lead, LeadAnalysis, LeadEmail, LeadFilter } from '../../core/model/lead.ts';
import type { SalesIntelligence } from '../../core/model/analysis.ts';
import type { Db } from '../client.ts';
import { campaigns } from '../schema/campaigns.ts';
import { dashboardCounters } from '../schema/counters.ts';
import { emails, type EmailRow } from '../schema/emails.ts';
import { ReadCache } from '../read-cache.ts';
import { LEAD_JSON } from './lead-json.ts';
import { countMatching, matchesOf, orderedRows, type FindMatches, type RowShape } from './lead-list.ts';
import { interactions, leadAnalyses, leads, type InteractionRow, type LeadAnalysisRow, type LeadRow } from '../schema/leads.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toAnalysis = (r: LeadAnalysisRow): LeadAnalysis => ({
  lead_id: r.leadId,
  has_ssl: r.hasSsl,
  is_mobile_responsive: r.isMobileResponsive,
  has_ecommerce: r.hasEcommerce,
  has_online_booking: r.hasOnlineBooking,
  technical_issues: r.technicalIssues ?? [],
  opportunity_result: r.opportunityResult ?? null,
  cms_platform: r.cmsPlatform,
  ecommerce_platform: r.ecommercePlatform,
  booking_platform: r.bookingPlatform,
  has_contact_form: r.hasContactForm,
  has_live_chat: r.hasLiveChat,
  has_analytics: r.hasAnalytics,
  accessibility_score: r.accessibilityScore,
  unoptimized_images_count: r.unoptimizedImagesCount,
  crawl_log: r.crawlLog ?? [],
  site_state: (r.siteState as LeadAnalysis['site_state']) ?? null,
  findings: r.findings ?? [],
  evidence: r.evidence ?? {},
  analytics: r.analytics ?? [],
  live_chat_platform: r.liveChatPlatform,
  analyzed_at: r.updatedAt.toISOString(),
});

const toEmail = (r: EmailRow): LeadEmail => ({
  id: r.id,
  campaign_id: r.campaignId,
  lead_id: r.leadId,
  step: r.step,
  subject: r.subject,
  body: r.body,
  recipient_email: r.recipientEmail,
  status: r.status,
  quality_score: r.qualityScore,
  quality_breakdown: r.qualityBreakdown ?? null,
  generated_at: iso(r.generatedAt),
  sent_at: iso(r.sentAt),
  opened_at: iso(r.openedAt),
  clicked_at: iso(r.clickedAt),
  replied_at: iso(r.repliedAt),
  open_count: r.openCount,
  click_count: r.clickCount,
  last_error: r.lastError,
  created_at: r.createdAt.toISOString(),
});

const toInteraction = (r: InteractionRow): Interaction => ({
  id: r.id,
  lead_id: r.leadId,
  email_id: r.emailId,
  interaction_type: r.interactionType,
  description: r.description,
  metadata: r.metadata ?? null,
  created_at: r.createdAt.toISOString(),
});

/** Just the columns of the CSV export (LEAD_CSV_COLUMNS in core/leads/csv.ts), as plain values. */
const CSV_COLUMNS = sql.join(
  [
    leads.id, leads.companyName, leads.title, leads.url, leads.contactEmail, leads.contactName, leads.phoneNumber, leads.address, leads.city,
    leads.status, leads.businessCategory, leads.priority, leads.marketOpportunityScore, leads.urgencyScore, leads.websiteQualityScore,
    leads.discoveredAt, leads.campaignId, leadAnalyses.technicalIssues,
  ].map((column) => sql`${column} AS ${sql.identifier(column.name)}`),
  sql`, `,
);
/** A list page's lead: its JSON text. A CSV row: the export's columns, with the analysis's issues. */
const LIST_ROW: RowShape = { columns: sql`${LEAD_JSON} AS lead` };
const CSV_ROW: RowShape = { columns: CSV_COLUMNS, join: sql`LEFT JOIN ${leadAnalyses} ON ${leadAnalyses.leadId} = ${leads.id}` };
type CsvRow = Omit<LeadCsvRecord, 'discovered_at' | 'technical_issues'> & { discovered_at: number; technical_issues: string | null };

export class SqlLeadRepo implements LeadRepo {
  /** List pages, totals and a search's matches, read again only after the database changed. */
  readonly #pages: ReadCache;
  /** A search's few matches, read once for its page, its total and every batch of its export. */
  readonly #matches: FindMatches;

  constructor(private readonly db: Db) {
    this.#pages = new ReadCache(db);
    const find = matchesOf(db);
    this.#matches = (phrase) => this.#pages.get(JSON.stringify(['matches', phrase]), () => find(phrase));
  }

  async page(filter: LeadFilter, limit: number, after?: SortKey) {
    return this.#pages.get(JSON.stringify(['page', filter, limit, after]), async () => {
      const rows = await orderedRows<{ lead: string }>(this.db, filter, limit, after, LIST_ROW, this.#matches);
      return { items: rows.map((r) => r.lead), keys: rows.map((r) => JSON.parse(r.key) as SortKey) };
    });
  }

  async csvBatch(filter: LeadFilter, limit: number, after?: SortKey) {
    const rows = await orderedRows<CsvRow>(this.db, filter, limit, after, CSV_ROW, this.#matches);
    return {
      items: rows.map(({ key: _, ...r }): LeadCsvRecord => ({
        ...r,
        discovered_at: new Date(r.discovered_at).toISOString(),
        technical_issues: r.technical_issues ? (JSON.parse(r.technical_issues) as string[]) : [],
      })),
      keys: rows.map((r) => JSON.parse(r.key) as SortKey),
    };
  }

  async count(filter: LeadFilter, upTo?: number) {
    return this.#pages.get(JSON.stringify(['count', filter, upTo]), () => countMatching(this.db, filter, upTo, this.#matches));
  }

  async find(id: number) {
    const [row] = await this.db.select({ lead: sql<string>`${LEAD_JSON}` }).from(leads).where(eq(leads.id, id));
    return row && (JSON.parse(row.lead) as Lead);
  }

  async delete(id: number) {
    return (await this.db.delete(leads).where(eq(leads.id, id))).rowsAffected > 0;
  }

  async deleteProcessedWithoutContact() {
    const processed = and(or(isNotNull(leads.analyzedAt), isNotNull(leads.lastError)), sql`${leads.status} <> 'SCRAPING'`);
    return (await this.db.delete(leads).where(and(eq(leads.hasEmail, false), processed))).rowsAffected;
  }

  async analysis(leadId: number) {
    const [row] = await this.db.select().from(leadAnalyses).where(eq(leadAnalyses.leadId, leadId));
    return row && toAnalysis(row);
  }

  async emails(leadId: number) {
    return (await this.db.select().from(emails).where(eq(emails.leadId, leadId)).orderBy(emails.id)).map(toEmail);
  }

  async interactions(leadId: number) {
    return (await this.db.select().from(interactions).where(eq(interactions.leadId, leadId)).orderBy(interactions.id)).map(toInteraction);
  }

  async changeStatus(id: number, change: StatusChange) {
    const now = Date.now();
    // One batch (one transaction): the interaction is written only if the status changed.
    const { deal } = change;
    const sameDeal = !deal ? undefined : deal.from === null ? isNull(leads.dealStage) : eq(leads.dealStage, deal.from);
    const dealColumns = deal ? { dealStage: deal.to, dealStageAt: new Date(now), ...(deal.value !== undefined && { dealValue: sql`coalesce(${leads.dealValue}, ${deal.value})` }) } : {};
    const [updated] = await this.db.batch([
      this.db
        .update(leads)
        .set({ status: change.to, sequenceStopReason: change.sequenceStopReason, ...dealColumns })
        .where(and(eq(leads.id, id), eq(leads.status, change.from), sameDeal)),
      this.db.run(sql`
        INSERT INTO interactions (lead_id, interaction_type, description, metadata, created_at)
        SELECT ${id}, 'status_change', ${change.description}, ${JSON.stringify(change.metadata)}, ${now} WHERE changes() = 1`),
      ...(deal
        ? [this.db.run(sql`
        INSERT INTO interactions (lead_id, interaction_type, description, metadata, created_at)
        SELECT ${id}, 'deal_stage', ${deal.description}, ${JSON.stringify(deal.metadata)}, ${now} WHERE changes() = 1`)]
        : []),
    ]);
    return updated.rowsAffected > 0;
  }

  async campaignExists(id: number) {
    const [row] = await this.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id));
    return Boolean(row);
  }

  async campaignEstimate(id: number) {
    const [row] = await this.db.select({ estimate: campaigns.estimatedProjectValue }).from(campaigns).where(eq(campaigns.id, id));
    return row?.estimate ?? null;
  }

  async dashboard(): Promise<DashboardCounts> {
    // Campaigns are few (one row per search run): counted over their status index.
    const [c] = await this.db.select({ total: count(), running: sql<number>`coalesce(sum(${campaigns.status} = 'RUNNING'), 0)` }).from(campaigns);
    const [n] = await this.db.select().from(dashboardCounters);
    return {
      totalCampaigns: c.total,
      runningCampaigns: Number(c.running),
      totalLeads: n?.leads ?? 0,
      emailsGenerated: n?.emails ?? 0,
      emailsSent: n?.emailsSent ?? 0,
      emailsOpened: n?.emailsOpened ?? 0,
      emailsReplied: n?.emailsReplied ?? 0,
      leadsEmailed: n?.leadsEmailed ?? 0,
      leadsEmailedConverted: n?.leadsEmailedConverted ?? 0,
    };
  }
}
