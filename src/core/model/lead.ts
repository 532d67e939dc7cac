// Lead shapes shared by the API, the CLI and the dashboard: the lead, its analysis,
// interactions, emails and history, the list's keyset page, dashboard stats (the statuses and
// the list query live in lead-query.ts and are exported from here too).
import { RecipientCheck } from './verification.ts';
import { z } from 'zod';
import { BUSINESS_CATEGORIES, FACT_KEYS, Finding, Proof, SalesIntelligence, SITE_STATES } from './analysis.ts';
import { LEAD_STATUSES, LeadStatus, LIST_TOTAL_CAP } from './lead-query.ts';
import { LEAD_SORTS, type LeadSort } from './lead-sort.ts';
import { DEAL_STAGES } from './reply-classes.ts';

export { LEAD_STATUSES, LeadStatus, LeadFilterQuery, LeadListQuery, LIST_TOTAL_CAP, type LeadFilter } from './lead-query.ts';

export const EMAIL_STATUSES = ['DRAFT', 'QUEUED', 'SENDING', 'SENT', 'OPENED', 'CLICKED', 'REPLIED', 'BOUNCED', 'FAILED', 'PAUSED', 'CANCELLED'] as const;
// Kept with the email status rules (no zod there), so the campaign and analytics reads need not load zod.
export { SENT_EMAIL_STATUSES } from '../emails/status.ts';

const time = z.string().meta({ description: 'ISO 8601 time' });

export const Lead = z
  .object({
    id: z.number(),
    url: z.string(),
    title: z.string().nullable(),
    hostname: z.string(),
    company_name: z.string().nullable(),
    status: z.enum(LEAD_STATUSES),
    business_category: z.string().nullable().meta({ description: `Usually one of ${BUSINESS_CATEGORIES.join(', ')}` }),
    business_summary: z.string().nullable(),
    contact_email: z.string().nullable(),
    contact_email_source: z.enum(['site', 'list']).nullable().meta({ description: "Where contact_email came from: 'site' (found by the analysis) or 'list' (the imported list)" }),
    contact_name: z.string().nullable(),
    phone_number: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state_province: z.string().nullable(),
    country: z.string().nullable(),
    business_hours: z.string().nullable(),
    company_size: z.string().nullable(),
    revenue_range: z.string().nullable(),
    budget_estimate: z.string().nullable(),
    employee_count: z.number().nullable(),
    annual_revenue: z.number().nullable(),
    industry: z.string().nullable(),
    industry_specific: z.string().nullable(),
    location: z.string().nullable(),
    website_language: z.string().nullable(),
    timezone: z.string().nullable(),
    timezone_source: z.string().nullable().meta({ description: "Where the time zone came from, e.g. \"analysis: address 'Denver, CO 80202'\"; unknown zones use the server's" }),
    founded_year: z.number().nullable(),
    market_opportunity_score: z.number().nullable(),
    urgency_score: z.number().nullable(),
    website_quality_score: z.number().nullable(),
    traffic_estimate: z.string().nullable(),
    lead_score: z.number().nullable(),
    priority: z.enum(['High', 'Medium', 'Low']).nullable(),
    lead_source: z.string().nullable(),
    assigned_to: z.string().nullable().meta({ description: "The deal's owner: a username of this product" }),
    notes: z.string().nullable(),
    deal_stage: z.enum(DEAL_STAGES).nullable().meta({ description: 'The deal after a reply (won is the status CONVERTED); null: no deal' }),
    deal_value: z.number().nullable().meta({ description: "The project's value; by default the campaign suggestion's estimate when it reads as a number" }),
    deal_stage_at: time.nullable().meta({ description: 'When the deal last moved' }),
    tags: z.array(z.string()),
    services_offered: z.array(z.string()),
    technology_stack: z.array(z.string()),
    discovered_at: time,
    analyzed_at: time.nullable(),
    campaign_id: z.number().nullable(),
    sales_intelligence: SalesIntelligence.nullable(),
    last_error: z.string().nullable().meta({ description: 'Why the last analysis failed, if it did' }),
  })
  .meta({ id: 'Lead' });
export type Lead = z.infer<typeof Lead>;

/** One lead as its detail screen reads it: with the check of its contact email. */
export const LeadDetail = Lead.extend({ contact_email_check: RecipientCheck }).meta({ id: 'LeadDetail' });
export type LeadDetail = z.infer<typeof LeadDetail>;

export const CrawlLogEntry = z.object({ url: z.string(), status: z.number().nullable(), ms: z.number(), fetched_at: z.string(), note: z.string().optional() });

export const LeadAnalysis = z
  .object({
    lead_id: z.number(),
    has_ssl: z.boolean().nullable(),
    is_mobile_responsive: z.boolean().nullable(),
    has_ecommerce: z.boolean().nullable(),
    has_online_booking: z.boolean().nullable(),
    technical_issues: z.array(z.string()),
    opportunity_result: z.record(z.string(), z.unknown()).nullable(),
    cms_platform: z.string().nullable(),
    ecommerce_platform: z.string().nullable(),
    booking_platform: z.string().nullable(),
    has_contact_form: z.boolean().nullable(),
    has_live_chat: z.boolean().nullable(),
    has_analytics: z.boolean().nullable(),
    accessibility_score: z.number().nullable(),
    unoptimized_images_count: z.number().nullable(),
    crawl_log: z.array(CrawlLogEntry),
    site_state: z.enum(SITE_STATES).nullable().meta({ description: 'ok, or why the home page shows only that the site is broken' }),
    findings: z.array(Finding.meta({ id: 'Finding' })).meta({ description: 'What the analysis found wrong, each with its evidence: the only claims an email may make' }),
    evidence: z.partialRecord(z.enum(FACT_KEYS), Proof.meta({ id: 'Proof' })).meta({ description: 'What proves each fact (for an absence, what was checked); a fact with no proof is unknown' }),
    analytics: z.array(z.string()),
    live_chat_platform: z.string().nullable(),
    analyzed_at: time,
  })
  .meta({ id: 'LeadAnalysis' });
export type LeadAnalysis = z.infer<typeof LeadAnalysis>;

export const Interaction = z
  .object({
    id: z.number(),
    lead_id: z.number(),
    email_id: z.number().nullable(),
    interaction_type: z.string(),
    description: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    created_at: time,
  })
  .meta({ id: 'Interaction' });
export type Interaction = z.infer<typeof Interaction>;

export const QualityBreakdown = z.record(z.string(), z.unknown()).nullable().meta({ description: 'The parts of the quality score: each check, its weight, whether it passed and why' });

export const LeadEmail = z
  .object({
    id: z.number(),
    campaign_id: z.number().nullable(),
    lead_id: z.number(),
    step: z.number(),
    subject: z.string(),
    body: z.string(),
    recipient_email: z.string(),
    status: z.enum(EMAIL_STATUSES),
    quality_score: z.number().nullable(),
    quality_breakdown: QualityBreakdown,
    generated_at: time.nullable(),
    sent_at: time.nullable(),
    opened_at: time.nullable(),
    clicked_at: time.nullable(),
    replied_at: time.nullable(),
    open_count: z.number(),
    click_count: z.number(),
    last_error: z.string().nullable(),
    created_at: time,
  })
  .meta({ id: 'LeadEmail' });
export type LeadEmail = z.infer<typeof LeadEmail>;

export const EmailHistoryItem = z.object({
  type: z.literal('email'),
  id: z.number(),
  status: z.enum(EMAIL_STATUSES),
  subject: z.string(),
  recipient_email: z.string(),
  quality_score: z.number().nullable(),
  quality_breakdown: QualityBreakdown,
  generated_at: time.nullable(),
  sent_at: time.nullable(),
});
export const InteractionHistoryItem = z.object({
  type: z.literal('interaction'),
  id: z.number(),
  interaction_type: z.string(),
  description: z.string().nullable(),
  created_at: time,
});
export type HistoryItem = z.infer<typeof EmailHistoryItem> | z.infer<typeof InteractionHistoryItem>;

export const LeadHistory = z
  .object({
    lead: Lead,
    analysis: LeadAnalysis.nullable(),
    activities: z.array(z.discriminatedUnion('type', [EmailHistoryItem, InteractionHistoryItem])).meta({ description: 'Emails and interactions, newest first' }),
    summary: z.object({ total_emails: z.number(), draft_emails: z.number(), sent_emails: z.number(), total_interactions: z.number() }),
  })
  .meta({ id: 'LeadHistory' });
export type LeadHistory = z.infer<typeof LeadHistory>;

export { LEAD_SORTS, type LeadSort };

const cap = LIST_TOTAL_CAP.toLocaleString('en-US');

export const LeadPage = z
  .object({
    items: z.array(Lead),
    next_cursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last page' }),
    total: z.number().meta({ description: `Leads matching the filters over all pages, counted when the first page was read, up to ${cap}` }),
    total_exact: z.boolean().meta({ description: `false when more than ${cap} leads match: total is then ${cap}, a lower bound` }),
  })
  .meta({ id: 'LeadPage' });
export type LeadPage = z.infer<typeof LeadPage>;

export const UpdateLeadStatusInput = z.object({ status: LeadStatus }).strict().meta({ id: 'UpdateLeadStatusInput' });

export const DashboardStats = z
  .object({
    total_campaigns: z.number(),
    active_campaigns: z.number().meta({ description: 'Campaigns RUNNING now' }),
    total_leads: z.number(),
    emails_generated: z.number(),
    emails_sent: z.number(),
    conversion_rate: z.number().meta({ description: 'Percent of emailed leads now CONVERTED (1 decimal)' }),
    open_rate: z.number().meta({ description: 'Percent of sent emails opened (1 decimal)' }),
    reply_rate: z.number().meta({ description: 'Percent of sent emails replied to (1 decimal)' }),
    recent_leads: z.array(Lead.pick({ id: true, title: true, company_name: true, url: true, status: true, business_category: true, discovered_at: true })),
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof DashboardStats>;
