import { and, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SearchHit } from '../../core/model/providers.ts';
import type { CrawlLogEntry } from '../../core/model/crawl.ts';
import type { SiteState } from '../../core/model/analysis.ts';
import { normaliseHostname, type AnalysisResult, type NewDraft, type PipelineLead, type PipelineStore, type RankedHit } from '../../core/pipeline/store.ts';
import type { Db } from '../client.ts';
import { emails } from '../schema/emails.ts';
import { leadAnalyses, leads, type LeadAnalysisRow, type LeadRow } from '../schema/leads.ts';

export class SqlPipelineStore implements PipelineStore {
  constructor(private readonly db: Db) {}

  async addLeads(campaignId: number, hits: RankedHit[], source: string, query?: string): Promise<PipelineLead[]> {
    const values = hits.flatMap((hit) => {
      const row = newLead(campaignId, hit, source);
      // Where the search listed it, for the search-position finding (a list's rows have no rank).
      return row ? [{ ...row, ...(hit.position && query && source !== 'list' && { searchPosition: hit.position, searchQuery: query }) }] : [];
    });
    const rows: LeadRow[] = [];
    // The unique hostname index decides: a business already known (from any campaign) is not
    // new, nor is a second hit for a hostname (rows are inserted in order, ids ascending).
    for (let i = 0; i < values.length; i += LEADS_PER_INSERT) {
      const inserted = await this.db.insert(leads).values(values.slice(i, i + LEADS_PER_INSERT)).onConflictDoNothing().returning();
      rows.push(...inserted.sort((a, b) => a.id - b.id));
    }
    return this.toLeads(rows);
  }

  async addListLeads(campaignId: number, hits: SearchHit[]) {
    const values = hits.flatMap((hit) => newLead(campaignId, hit, 'list') ?? []);
    const created: { id: number; hostname: string }[] = [];
    for (let i = 0; i < values.length; i += LEADS_PER_INSERT) {
      created.push(...(await this.db.insert(leads).values(values.slice(i, i + LEADS_PER_INSERT)).onConflictDoNothing().returning({ id: leads.id, hostname: leads.hostname })));
    }
    return created;
  }

  async lead(id: number) {
    const [row] = await this.db.select().from(leads).where(eq(leads.id, id));
    return row && this.toLead(row);
  }

  async leadIds(campaignId: number, filter: 'all' | 'unfinished' | 'with_email') {
    const where =
      filter === 'all'
        ? eq(leads.campaignId, campaignId)
        : filter === 'with_email'
          ? and(eq(leads.campaignId, campaignId), isNotNull(leads.contactEmail))
          : and(eq(leads.campaignId, campaignId), or(isNull(leads.analyzedAt), isNotNull(leads.lastError)));
    return (await this.db.select({ id: leads.id }).from(leads).where(where).orderBy(leads.id)).map((r) => r.id);
  }

  async clearError(leadId: number) {
    await this.db.update(leads).set({ lastError: null }).where(eq(leads.id, leadId));
  }

  async saveAnalysis(leadId: number, r: AnalysisResult) {
    const p = r.profile;
    const f = r.facts;
    await this.db.batch([
      this.db
        .update(leads)
        .set({
          title: f.title ?? undefined,
          companyName: p.company_name,
          businessCategory: p.business_category,
          businessSummary: p.business_summary,
          contactEmail: r.contactEmail,
          contactEmailSource: r.contactEmail ? r.contactEmailSource : null,
          contactName: r.contactName,
          phoneNumber: f.phone ?? undefined,
          address: f.address ?? undefined,
          businessHours: f.business_hours ?? null,
          city: p.city,
          stateProvince: p.state_province,
          country: p.country,
          timezone: r.zone.timezone,
          timezoneSource: r.zone.source,
          industry: p.industry,
          industrySpecific: p.industry_specific,
          companySize: p.company_size,
          revenueRange: p.revenue_range,
          budgetEstimate: p.budget_estimate,
          employeeCount: p.employee_count,
          foundedYear: p.founded_year,
          trafficEstimate: p.traffic_estimate,
          websiteLanguage: f.website_language ?? null,
          marketOpportunityScore: Math.round(p.market_opportunity_score),
          urgencyScore: Math.round(p.urgency_score),
          websiteQualityScore: Math.round(p.website_quality_score),
          leadScore: Math.round(p.lead_score),
          priority: r.priority,
          servicesOffered: p.services_offered,
          technologyStack: r.technologyStack,
          salesIntelligence: p.sales_intelligence as unknown as Record<string, unknown>,
          analyzedAt: new Date(),
          lastError: null,
        })
        .where(eq(leads.id, leadId)),
      this.db
        .insert(leadAnalyses)
        .values({ leadId, ...analysisColumns(r) })
        .onConflictDoUpdate({ target: leadAnalyses.leadId, set: { ...analysisColumns(r), updatedAt: new Date() } }),
    ]);
  }

  async markFailed(leadId: number, error: string, crawlLog?: CrawlLogEntry[]) {
    await this.db.update(leads).set({ lastError: error }).where(eq(leads.id, leadId));
    if (crawlLog) {
      await this.db
        .insert(leadAnalyses)
        .values({ leadId, crawlLog: crawlLog as never, technicalIssues: [] })
        .onConflictDoUpdate({ target: leadAnalyses.leadId, set: { crawlLog: crawlLog as never, updatedAt: new Date() } });
    }
  }

  async countDrafts(campaignId: number) {
    // max_emails counts leads written to (first emails): follow-ups do not use it up.
    const [row] = await this.db.select({ n: count() }).from(emails).where(and(eq(emails.campaignId, campaignId), eq(emails.step, 1)));
    return row.n;
  }

  async hasDraft(campaignId: number, leadId: number) {
    const [row] = await this.db.select({ id: emails.id }).from(emails).where(and(eq(emails.campaignId, campaignId), eq(emails.leadId, leadId)));
    return Boolean(row);
  }

  async addDraft(d: NewDraft, maxEmails: number | null): Promise<'added' | 'exists' | 'limit'> {
    const now = Date.now();
    // max_emails counts leads written to (first emails): follow-ups do not use it up.
    const underLimit = maxEmails === null ? sql`1` : sql`(SELECT count(*) FROM emails WHERE campaign_id = ${d.campaignId} AND step = 1) < ${maxEmails}`;
    const checked = sql`${d.recipient?.verdict ?? null}, ${d.recipient?.reason ?? null}, ${d.recipient?.checkedAt.getTime() ?? null}`;
    const mailbox = d.mailboxId ?? null;
    // One statement: the max_emails check, the choice of arm and the insert cannot be split by another worker.
    // The arm with the fewest emails so far (campaign_arm_counters, kept by triggers) gets the draft.
    const result = d.arms?.length
      ? await this.db.run(sql`
      INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, quality_score, quality_breakdown, generated_at, open_count, click_count, created_at, updated_at,
        recipient_verdict, recipient_reason, recipient_checked_at, mailbox_id, ab_variant, ab_subjects)
      SELECT ${d.campaignId}, ${d.leadId}, 1, arm.subject, ${d.body}, ${d.recipientEmail}, ${d.status}, arm.quality_score, arm.breakdown, ${now}, 0, 0, ${now}, ${now},
        ${checked}, ${mailbox}, arm.variant, ${JSON.stringify(d.arms.map(({ variant, style, subject }) => ({ variant, style, subject })))}
      FROM (SELECT column1 AS variant, column2 AS subject, column3 AS quality_score, column4 AS breakdown FROM (VALUES ${sql.join(
        d.arms.map((a) => sql`(${a.variant}, ${a.subject}, ${a.qualityScore}, ${JSON.stringify(a.qualityBreakdown)})`),
        sql`, `,
      )})) AS arm
      WHERE ${underLimit}
      ORDER BY coalesce((SELECT c.emails FROM campaign_arm_counters c WHERE c.campaign_id = ${d.campaignId} AND c.variant = arm.variant), 0), arm.variant
      LIMIT 1
      ON CONFLICT (campaign_id, lead_id, step) DO NOTHING`)
      : await this.db.run(sql`
      INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, quality_score, quality_breakdown, generated_at, open_count, click_count, created_at, updated_at,
        recipient_verdict, recipient_reason, recipient_checked_at, mailbox_id)
      SELECT ${d.campaignId}, ${d.leadId}, 1, ${d.subject}, ${d.body}, ${d.recipientEmail}, ${d.status}, ${d.qualityScore}, ${JSON.stringify(d.qualityBreakdown)}, ${now}, 0, 0, ${now}, ${now},
        ${checked}, ${mailbox}
      WHERE ${underLimit}
      ON CONFLICT (campaign_id, lead_id, step) DO NOTHING`);
    if (result.rowsAffected > 0) return 'added';
    const [existing] = await this.db.select({ id: emails.id }).from(emails).where(and(eq(emails.campaignId, d.campaignId), eq(emails.leadId, d.leadId)));
    return existing ? 'exists' : 'limit';
  }

  private async toLead(row: LeadRow): Promise<PipelineLead> {
    const [analysis] = await this.db.select({ findings: leadAnalyses.findings, evidence: leadAnalyses.evidence, siteState: leadAnalyses.siteState }).from(leadAnalyses).where(eq(leadAnalyses.leadId, row.id));
    return leadOf(row, analysis);
  }

  /** toLead for many rows, their analyses read in one query per batch. */
  private async toLeads(rows: LeadRow[]): Promise<PipelineLead[]> {
    const analyses = new Map<number, Pick<LeadAnalysisRow, 'findings' | 'evidence' | 'siteState'>>();
    for (let i = 0; i < rows.length; i += IDS_PER_QUERY) {
      const ids = rows.slice(i, i + IDS_PER_QUERY).map((r) => r.id);
      const found = await this.db.select({ leadId: leadAnalyses.leadId, findings: leadAnalyses.findings, evidence: leadAnalyses.evidence, siteState: leadAnalyses.siteState }).from(leadAnalyses).where(inArray(leadAnalyses.leadId, ids));
      for (const a of found) analyses.set(a.leadId, a);
    }
    return rows.map((row) => leadOf(row, analyses.get(row.id)));
  }
}

const IDS_PER_QUERY = 500;

function leadOf(row: LeadRow, analysis: Pick<LeadAnalysisRow, 'findings' | 'evidence' | 'siteState'> | undefined): PipelineLead {
  return {
    id: row.id,
    campaignId: row.campaignId,
    url: row.url,
    hostname: row.hostname,
    title: row.title,
    phoneNumber: row.phoneNumber,
    address: row.address,
    companyName: row.companyName,
    contactEmail: row.contactEmail,
    contactName: row.contactName,
    listEmail: row.listEmail,
    businessSummary: row.businessSummary,
    industry: row.industry,
    city: row.city,
    status: row.status,
    analyzedAt: row.analyzedAt,
    findings: analysis?.findings ?? [],
    evidence: analysis?.evidence ?? {},
    siteState: (analysis?.siteState as SiteState | null | undefined) ?? null,
    websiteLanguage: row.websiteLanguage,
    country: row.country,
    lastError: row.lastError,
    searchPosition: row.searchPosition,
    searchQuery: row.searchQuery,
    leadSource: row.leadSource,
  };
}

function analysisColumns(r: AnalysisResult) {
  const f = r.facts;
  return {
    hasSsl: f.has_ssl,
    isMobileResponsive: f.is_mobile_responsive,
    hasEcommerce: f.has_ecommerce,
    hasOnlineBooking: f.has_online_booking,
    technicalIssues: f.technical_issues,
    opportunityResult: { market_opportunity_score: r.profile.market_opportunity_score, priority: r.priority, summary: r.profile.sales_intelligence.value_proposition },
    cmsPlatform: f.cms_platform ?? null,
    ecommercePlatform: f.ecommerce_platform ?? null,
    bookingPlatform: f.booking_platform ?? null,
    hasContactForm: f.has_contact_form,
    hasLiveChat: f.has_live_chat,
    hasAnalytics: f.has_analytics,
    accessibilityScore: f.accessibility_score === null ? null : Math.round(f.accessibility_score),
    siteState: f.site_state,
    findings: r.findings,
    evidence: f.evidence,
    analytics: f.analytics,
    liveChatPlatform: f.live_chat_platform ?? null,
    unoptimizedImagesCount: f.unoptimized_images_count,
    crawlLog: r.crawlLog as never,
  };
}

// 15 values a lead: 60 leads stay under the 999 bound parameters older SQLite builds allow.
const LEADS_PER_INSERT = 60;

/** The row a search hit or a list row becomes; undefined without a usable hostname. */
function newLead(campaignId: number, hit: SearchHit, source: string) {
  const hostname = normaliseHostname(hit.url);
  if (!hostname) return undefined;
  return {
    url: hit.url,
    title: hit.title,
    hostname,
    phoneNumber: hit.phone,
    address: hit.address,
    city: hit.city,
    leadSource: source,
    campaignId,
    status: 'NEW' as const,
    // A list's contact is the lead's contact until the analysis weighs it against the site's.
    ...(hit.email && { contactEmail: hit.email, contactEmailSource: 'list' as const, listEmail: hit.email }),
    contactName: hit.contactName,
  };
}
