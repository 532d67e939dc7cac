import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { SortKey } from '../../core/leads/cursor.ts';
import type { DashboardCounts, LeadRepo, StatusChange } from '../../core/leads/repo.ts';
import { SENT_EMAIL_STATUSES, type Interaction, type Lead, type LeadAnalysis, type LeadEmail, type LeadFilter, type LeadSort } from '../../core/model/lead.ts';
import type { SalesIntelligence } from '../../core/model/analysis.ts';
import type { Db } from '../client.ts';
import { campaigns } from '../schema/campaigns.ts';
import { emails, type EmailRow } from '../schema/emails.ts';
import { interactions, leadAnalyses, leads, type InteractionRow, type LeadAnalysisRow, type LeadRow } from '../schema/leads.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toLead = (r: LeadRow): Lead => ({
  id: r.id,
  url: r.url,
  title: r.title,
  hostname: r.hostname,
  company_name: r.companyName,
  status: r.status,
  business_category: r.businessCategory,
  business_summary: r.businessSummary,
  contact_email: r.contactEmail,
  contact_name: r.contactName,
  phone_number: r.phoneNumber,
  address: r.address,
  city: r.city,
  state_province: r.stateProvince,
  country: r.country,
  business_hours: r.businessHours,
  company_size: r.companySize,
  revenue_range: r.revenueRange,
  budget_estimate: r.budgetEstimate,
  employee_count: r.employeeCount,
  annual_revenue: r.annualRevenue,
  industry: r.industry,
  industry_specific: r.industrySpecific,
  location: r.location,
  website_language: r.websiteLanguage,
  timezone: r.timezone,
  founded_year: r.foundedYear,
  market_opportunity_score: r.marketOpportunityScore,
  urgency_score: r.urgencyScore,
  website_quality_score: r.websiteQualityScore,
  traffic_estimate: r.trafficEstimate,
  lead_score: r.leadScore,
  priority: r.priority,
  lead_source: r.leadSource,
  assigned_to: r.assignedTo,
  notes: r.notes,
  tags: r.tags ?? [],
  services_offered: r.servicesOffered ?? [],
  technology_stack: r.technologyStack ?? [],
  discovered_at: r.discoveredAt.toISOString(),
  analyzed_at: iso(r.analyzedAt),
  campaign_id: r.campaignId,
  sales_intelligence: (r.salesIntelligence as SalesIntelligence | null) ?? null,
  last_error: r.lastError,
});

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

const missing = (column: Column) => sql<number>`(${column} IS NULL OR ${column} = '')`;
const folded = (column: Column) => sql<string>`lower(coalesce(${column}, ''))`;

/** Each sort's key expressions (matching SORT_KEY_SHAPE), ending with the id, and its direction. */
const SORTS: Record<LeadSort, { keys: SQL[]; dir: 'asc' | 'desc' }> = {
  discovered_at: { keys: [sql`${leads.discoveredAt}`, sql`${leads.id}`], dir: 'desc' },
  opportunity: { keys: [sql`coalesce(${leads.marketOpportunityScore}, -1)`, sql`${leads.id}`], dir: 'desc' },
  urgency: { keys: [sql`coalesce(${leads.urgencyScore}, -1)`, sql`${leads.id}`], dir: 'desc' },
  industry: { keys: [missing(leads.industry), folded(leads.industry), sql`${leads.id}`], dir: 'asc' },
  location: { keys: [missing(leads.city), folded(leads.city), sql`${leads.id}`], dir: 'asc' },
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const hasEmail = and(isNotNull(leads.contactEmail), sql`${leads.contactEmail} <> ''`);
const noEmail = or(isNull(leads.contactEmail), sql`${leads.contactEmail} = ''`);

function where(f: Omit<LeadFilter, 'sort'>): SQL | undefined {
  const pattern = f.search && likePattern(f.search);
  const like = (column: Column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  return and(
    pattern ? or(like(leads.title), like(leads.companyName), like(leads.url), like(leads.hostname), like(leads.contactEmail)) : undefined,
    f.status ? eq(leads.status, f.status) : undefined,
    f.business_category ? sql`lower(${leads.businessCategory}) = lower(${f.business_category})` : undefined,
    f.campaign_id ? eq(leads.campaignId, f.campaign_id) : undefined,
    f.has_email === undefined ? undefined : f.has_email ? hasEmail : noEmail,
    f.ids ? inArray(leads.id, f.ids) : undefined,
  );
}

const SENT = sql.join(SENT_EMAIL_STATUSES.map((s) => sql`${s}`), sql`, `);

export class SqlLeadRepo implements LeadRepo {
  constructor(private readonly db: Db) {}

  async page(filter: LeadFilter, limit: number, after?: SortKey) {
    const sort = SORTS[filter.sort];
    const tuple = sql.join(sort.keys, sql`, `);
    const past = after && sql`(${tuple}) ${sql.raw(sort.dir === 'desc' ? '<' : '>')} (${sql.join(after.map((v) => sql`${v}`), sql`, `)})`;
    const rows = await this.db
      .select({ lead: leads, key: sql<string>`json_array(${tuple})` })
      .from(leads)
      .where(and(where(filter), past))
      .orderBy(...sort.keys.map((k) => (sort.dir === 'desc' ? desc(k) : asc(k))))
      .limit(limit);
    return { items: rows.map((r) => toLead(r.lead)), keys: rows.map((r) => JSON.parse(r.key) as SortKey) };
  }

  async count(filter: LeadFilter) {
    const [row] = await this.db.select({ n: count() }).from(leads).where(where(filter));
    return row.n;
  }

  async find(id: number) {
    const [row] = await this.db.select().from(leads).where(eq(leads.id, id));
    return row && toLead(row);
  }

  async delete(id: number) {
    return (await this.db.delete(leads).where(eq(leads.id, id))).rowsAffected > 0;
  }

  async deleteProcessedWithoutContact() {
    const processed = and(or(isNotNull(leads.analyzedAt), isNotNull(leads.lastError)), sql`${leads.status} <> 'SCRAPING'`);
    return (await this.db.delete(leads).where(and(noEmail, processed))).rowsAffected;
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

  async technicalIssues(leadIds: number[]) {
    if (leadIds.length === 0) return new Map<number, string[]>();
    const rows = await this.db.select({ id: leadAnalyses.leadId, issues: leadAnalyses.technicalIssues }).from(leadAnalyses).where(inArray(leadAnalyses.leadId, leadIds));
    return new Map(rows.map((r) => [r.id, r.issues ?? []]));
  }

  async changeStatus(id: number, change: StatusChange) {
    const now = Date.now();
    // One batch (one transaction): the interaction is written only if the status changed.
    const [updated] = await this.db.batch([
      this.db.update(leads).set({ status: change.to }).where(and(eq(leads.id, id), eq(leads.status, change.from))),
      this.db.run(sql`
        INSERT INTO interactions (lead_id, interaction_type, description, metadata, created_at)
        SELECT ${id}, 'status_change', ${change.description}, ${JSON.stringify(change.metadata)}, ${now} WHERE changes() = 1`),
    ]);
    return updated.rowsAffected > 0;
  }

  async campaignExists(id: number) {
    const [row] = await this.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id));
    return Boolean(row);
  }

  async dashboard(): Promise<DashboardCounts> {
    const [c] = await this.db.select({ total: count(), running: sql<number>`coalesce(sum(${campaigns.status} = 'RUNNING'), 0)` }).from(campaigns);
    const [l] = await this.db.select({ total: count() }).from(leads);
    const [e] = await this.db
      .select({
        generated: count(),
        sent: sql<number>`coalesce(sum(${emails.status} in (${SENT})), 0)`,
        opened: sql<number>`coalesce(sum(${emails.status} in (${SENT}) and ${emails.openedAt} is not null), 0)`,
        replied: sql<number>`coalesce(sum(${emails.status} in (${SENT}) and ${emails.repliedAt} is not null), 0)`,
      })
      .from(emails);
    const [emailed] = await this.db
      .select({ leads: sql<number>`count(distinct ${leads.id})`, converted: sql<number>`count(distinct case when ${leads.status} = 'CONVERTED' then ${leads.id} end)` })
      .from(leads)
      .innerJoin(emails, and(eq(emails.leadId, leads.id), sql`${emails.status} in (${SENT})`));
    return {
      totalCampaigns: c.total,
      runningCampaigns: Number(c.running),
      totalLeads: l.total,
      emailsGenerated: e.generated,
      emailsSent: Number(e.sent),
      emailsOpened: Number(e.opened),
      emailsReplied: Number(e.replied),
      leadsEmailed: Number(emailed.leads),
      leadsEmailedConverted: Number(emailed.converted),
    };
  }
}
