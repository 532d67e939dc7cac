import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Finding, SiteFacts } from '../../core/model/analysis.ts';
import type { LeadSort } from '../../core/model/lead.ts';
import { DEAL_STAGES } from '../../core/model/reply-classes.ts';
import { campaigns } from './campaigns.ts';
import { createdAt, flag, timestamp, updatedAt } from './columns.ts';
import { emails } from './emails.ts';

export const leads = sqliteTable(
  'leads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    url: text('url').notNull(),
    title: text('title'),
    // Normalised before storing (lower case, no "www.", no port): a business is one lead.
    hostname: text('hostname').notNull(),
    companyName: text('company_name'),
    status: text('status', {
      enum: [
        'NEW', 'SCRAPING', 'ANALYZED', 'EMAIL_GENERATED', 'EMAIL_SENT', 'OPENED',
        'CLICKED', 'REPLIED', 'CONVERTED', 'BOUNCED', 'UNSUBSCRIBED',
      ],
    })
      .notNull()
      .default('NEW'),
    businessCategory: text('business_category'),
    businessSummary: text('business_summary'),
    contactEmail: text('contact_email'),
    // Where contact_email came from: 'site' (found by the analysis) or 'list' (the imported list).
    contactEmailSource: text('contact_email_source', { enum: ['site', 'list'] }),
    // The address the imported list gave, kept so a re-analysis can weigh it against the site's again.
    listEmail: text('list_email'),
    contactName: text('contact_name'),
    phoneNumber: text('phone_number'),
    address: text('address'),
    city: text('city'),
    stateProvince: text('state_province'),
    country: text('country'),
    businessHours: text('business_hours'),
    companySize: text('company_size'),
    revenueRange: text('revenue_range'),
    // Free text, e.g. "$2k-$5k".
    budgetEstimate: text('budget_estimate'),
    employeeCount: integer('employee_count'),
    // In USD; revenue_range holds the human-readable band.
    annualRevenue: real('annual_revenue'),
    industry: text('industry'),
    industrySpecific: text('industry_specific'),
    location: text('location'),
    websiteLanguage: text('website_language'),
    // The recipient's IANA zone (null: unknown, the server's is used) and the evidence for it:
    // "analysis: address 'Denver, CO 80202'", "campaign location 'Austin, TX'" (core/scheduling/recipient-zone.ts).
    timezone: text('timezone'),
    timezoneSource: text('timezone_source'),
    foundedYear: integer('founded_year'),
    // Scores are 0-100; priority is derived from market_opportunity_score.
    marketOpportunityScore: integer('market_opportunity_score'),
    urgencyScore: integer('urgency_score'),
    websiteQualityScore: integer('website_quality_score'),
    // Free text, e.g. "1k-5k visits/month".
    trafficEstimate: text('traffic_estimate'),
    leadScore: integer('lead_score'),
    priority: text('priority', { enum: ['High', 'Medium', 'Low'] }),
    leadSource: text('lead_source'),
    // The owner of the lead's deal: a username of this product.
    assignedTo: text('assigned_to'),
    notes: text('notes'),
    // The deal after a reply (DEAL_STAGES; won is also the status CONVERTED), its value in the
    // agency's currency (the suggestion's estimated_project_value as the default) and when it last moved.
    dealStage: text('deal_stage', { enum: DEAL_STAGES }),
    dealValue: real('deal_value'),
    dealStageAt: timestamp('deal_stage_at'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().$defaultFn(() => []),
    servicesOffered: text('services_offered', { mode: 'json' }).$type<string[]>().notNull().$defaultFn(() => []),
    technologyStack: text('technology_stack', { mode: 'json' }).$type<string[]>().notNull().$defaultFn(() => []),
    salesIntelligence: text('sales_intelligence', { mode: 'json' }).$type<Record<string, unknown>>(),
    discoveredAt: timestamp('discovered_at').notNull().$defaultFn(() => new Date()),
    analyzedAt: timestamp('analyzed_at'),
    // Nullable so leads can be imported or added by hand outside any campaign.
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    lastError: text('last_error'),
    // Where the search provider listed the site (1 = first result) and for which query: a
    // measured finding ("came up 14th for 'plumbers in Denver'"); null for leads not found by a search.
    searchPosition: integer('search_position'),
    searchQuery: text('search_query'),
    // Why the lead's follow-ups stopped, for the stops no other column records (its status
    // changed by hand, an auto-reply saying the person left); null while nothing stopped them.
    sequenceStopReason: text('sequence_stop_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // How many of the lead's emails were sent: kept by triggers on emails (migration 0005), so
    // the dashboard's "leads emailed" is a counter, not a join over every email.
    sentEmails: integer('sent_emails').notNull().default(0),
    // Whether any of the lead's emails was opened (1), clicked (2), replied to (4): kept by
    // triggers on emails (migration 0017) for the analytics funnel's counters.
    engaged: integer('engaged').notNull().default(0),
    // Filter and sort keys of the Leads list, computed by SQLite on every write (no insert path
    // can forget them) and read through the indexes below: a query never wraps a column.
    categoryKey: text('category_key').generatedAlwaysAs(sql`lower(business_category)`, { mode: 'virtual' }),
    hasEmail: integer('has_email', { mode: 'boolean' }).generatedAlwaysAs(sql`contact_email IS NOT NULL AND contact_email <> ''`, { mode: 'virtual' }),
    // Scores descending, a lead without one last.
    opportunityKey: integer('opportunity_key').generatedAlwaysAs(sql`coalesce(market_opportunity_score, -1)`, { mode: 'virtual' }),
    urgencyKey: integer('urgency_key').generatedAlwaysAs(sql`coalesce(urgency_score, -1)`, { mode: 'virtual' }),
    // A-Z ignoring case, a lead without one last: '0' + the lower-cased text, or '1' when missing.
    industryKey: text('industry_key').generatedAlwaysAs(sql`CASE WHEN coalesce(industry, '') = '' THEN '1' ELSE '0' || lower(industry) END`, { mode: 'virtual' }),
    cityKey: text('city_key').generatedAlwaysAs(sql`CASE WHEN coalesce(city, '') = '' THEN '1' ELSE '0' || lower(city) END`, { mode: 'virtual' }),
  },
  (t) => [
    uniqueIndex('leads_hostname_unique').on(t.hostname),
    // A campaign's leads not analysed yet: few or none once it has run, so this stays tiny
    // and "which of them has no job" (campaign stats, completion) never walks the campaign.
    index('leads_pending_idx').on(t.campaignId).where(sql`analyzed_at IS NULL AND last_error IS NULL`),
    // The deal board: leads with a deal, by stage, most recently moved first.
    index('leads_deal_idx').on(t.dealStage, t.dealStageAt).where(sql`deal_stage IS NOT NULL`),
    // Every filter set of the list × every sort, ending with the sort key and the id (the
    // tie-breaker): a page is a seek to the cursor and a walk of `limit` entries. The id is
    // named although SQLite appends the rowid anyway: only a named column lets the keyset
    // comparison (key, id) > (?, ?) seek instead of skipping a run of equal keys.
    ...Object.entries(listFilterColumns(t)).flatMap(([filter, columns]) =>
      Object.entries(sortColumns(t)).map(([sort, column]) => {
        const [first, ...rest] = [...columns, column, t.id];
        return index(`leads_list_${filter}_${sort}_idx`).on(first, ...rest);
      }),
    ),
  ],
);

interface KeyColumns {
  id: SQLiteColumn;
  status: SQLiteColumn;
  categoryKey: SQLiteColumn;
  campaignId: SQLiteColumn;
  hasEmail: SQLiteColumn;
  discoveredAt: SQLiteColumn;
  opportunityKey: SQLiteColumn;
  urgencyKey: SQLiteColumn;
  industryKey: SQLiteColumn;
  cityKey: SQLiteColumn;
}

/** The column each sort orders by (then by id). */
function sortColumns<T extends KeyColumns>(t: T) {
  return { discovered_at: t.discoveredAt, opportunity: t.opportunityKey, urgency: t.urgencyKey, industry: t.industryKey, location: t.cityKey } satisfies Record<LeadSort, SQLiteColumn>;
}

/** The equality filters that get their own index per sort (others narrow the rows these find). */
function listFilterColumns<T extends KeyColumns>(t: T): Record<string, SQLiteColumn[]> {
  return { all: [], status: [t.status], category: [t.categoryKey], status_category: [t.status, t.categoryKey], campaign: [t.campaignId], email: [t.hasEmail] };
}

export const LEAD_SORT_KEYS = sortColumns(leads);

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;

export type CrawlLogEntry = { url: string; status: number; ms: number; fetched_at: string; note?: string };

export const leadAnalyses = sqliteTable(
  'lead_analyses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    // Detection flags are null when the check could not run (page not fetched).
    hasSsl: flag('has_ssl'),
    isMobileResponsive: flag('is_mobile_responsive'),
    hasEcommerce: flag('has_ecommerce'),
    hasOnlineBooking: flag('has_online_booking'),
    technicalIssues: text('technical_issues', { mode: 'json' }).$type<string[]>().notNull().$defaultFn(() => []),
    opportunityResult: text('opportunity_result', { mode: 'json' }).$type<Record<string, unknown>>(),
    cmsPlatform: text('cms_platform'),
    ecommercePlatform: text('ecommerce_platform'),
    bookingPlatform: text('booking_platform'),
    hasContactForm: flag('has_contact_form'),
    hasLiveChat: flag('has_live_chat'),
    hasAnalytics: flag('has_analytics'),
    accessibilityScore: integer('accessibility_score'),
    unoptimizedImagesCount: integer('unoptimized_images_count'),
    // The truth rule: every finding with its proof, and the proof of each fact (null = unknown).
    siteState: text('site_state'),
    findings: text('findings', { mode: 'json' }).$type<Finding[]>().notNull().default([]),
    evidence: text('evidence', { mode: 'json' }).$type<SiteFacts['evidence']>().notNull().default({}),
    analytics: text('analytics', { mode: 'json' }).$type<string[]>().notNull().default([]),
    liveChatPlatform: text('live_chat_platform'),
    // Every page fetched for this lead, so a crawl can be explained afterwards.
    crawlLog: text('crawl_log', { mode: 'json' }).$type<CrawlLogEntry[]>().notNull().$defaultFn(() => []),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One analysis per lead: re-analysing replaces it.
  (t) => [uniqueIndex('lead_analyses_lead_id_unique').on(t.leadId)],
);

export type LeadAnalysisRow = typeof leadAnalyses.$inferSelect;
export type NewLeadAnalysisRow = typeof leadAnalyses.$inferInsert;

export const interactions = sqliteTable(
  'interactions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    // The email this interaction concerns (open, click, reply), if any.
    emailId: integer('email_id').references(() => emails.id, { onDelete: 'set null' }),
    interactionType: text('interaction_type').notNull(),
    description: text('description'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('interactions_lead_created_idx').on(t.leadId, t.createdAt)],
);

export type InteractionRow = typeof interactions.$inferSelect;
export type NewInteractionRow = typeof interactions.$inferInsert;
