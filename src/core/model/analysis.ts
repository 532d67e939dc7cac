// What the analyser knows about a site, and what the AI (Gemini or the offline heuristic)
// turns it into. The zod schemas validate model output: page text and model answers are
// untrusted, so nothing reaches the database without passing these.
import { z } from 'zod';

export const BUSINESS_CATEGORIES = ['Product-Based', 'Service-Based', 'Informational/Other'] as const;
export const BusinessCategory = z.enum(BUSINESS_CATEGORIES);

const score = z.number().min(0).max(100);
const level = z.enum(['critical', 'high', 'medium', 'low']);

/** Technical facts read from the crawled pages (no AI involved). */
export interface SiteFacts {
  url: string;
  hostname: string;
  title?: string;
  has_ssl: boolean;
  is_mobile_responsive: boolean;
  has_ecommerce: boolean;
  ecommerce_platform?: string;
  has_online_booking: boolean;
  booking_platform?: string;
  cms_platform?: string;
  has_contact_form: boolean;
  has_live_chat: boolean;
  has_analytics: boolean;
  /** 0-100, higher is better. */
  accessibility_score: number;
  unoptimized_images_count: number;
  /** Human-readable findings, e.g. "No SSL certificate (site served over http)". */
  technical_issues: string[];
  website_language?: string;
  phone?: string;
  address?: string;
  business_hours?: string;
  emails: string[];
  contact_name?: string;
}

export const PainPoint = z.object({
  description: z.string(),
  impact_level: level,
  revenue_impact: z.string(),
  competitive_disadvantage: z.string(),
  urgency_indicators: z.array(z.string()),
});

export const DecisionMaker = z.object({
  name: z.string(),
  title: z.string(),
  authority_level: z.enum(['decision_maker', 'influencer', 'other']),
  contact_method: z.enum(['email', 'phone']),
  contact_info: z.string(),
});

export const SalesIntelligence = z.object({
  urgency_level: level,
  budget_level: z.string(),
  company_size: z.string(),
  revenue_range: z.string(),
  growth_stage: z.string(),
  market_position: z.string(),
  strategic_initiatives: z.array(z.string()),
  pain_points: z.array(PainPoint),
  urgency_triggers: z.array(z.string()),
  decision_makers: z.array(DecisionMaker),
  technical_capability: z.string(),
  decision_timeline: z.string(),
  current_tech_stack: z.array(z.string()),
  integration_needs: z.array(z.string()),
  value_proposition: z.string(),
  urgency_messaging: z.string(),
  next_steps: z.array(z.string()),
  objections_likely: z.array(z.string()),
});
export type SalesIntelligence = z.infer<typeof SalesIntelligence>;

/** The business fields of a lead, as the AI answers them. Priority is derived by core, not asked. */
export const BusinessProfile = z.object({
  company_name: z.string().min(1),
  business_category: BusinessCategory,
  business_summary: z.string().min(1),
  industry: z.string(),
  industry_specific: z.string(),
  services_offered: z.array(z.string()),
  company_size: z.string(),
  revenue_range: z.string(),
  budget_estimate: z.string(),
  employee_count: z.number().int().nonnegative().nullable(),
  founded_year: z.number().int().min(1800).max(2100).nullable(),
  city: z.string().nullable(),
  state_province: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  traffic_estimate: z.string(),
  market_opportunity_score: score,
  urgency_score: score,
  website_quality_score: score,
  lead_score: score,
  sales_intelligence: SalesIntelligence,
});
export type BusinessProfile = z.infer<typeof BusinessProfile>;

export interface BusinessInput {
  facts: SiteFacts;
  /** Visible text of the crawled pages, truncated. Untrusted: delimit it in prompts. */
  pageText: string;
  /** What the campaign searched for, for context. */
  search?: { query: string; location?: string; industry?: string };
}

export interface EmailBrief {
  company_name: string;
  contact_name?: string;
  url: string;
  industry?: string;
  city?: string;
  business_summary: string;
  /** The specific, checkable findings the email should cite. */
  findings: string[];
  value_proposition?: string;
  sender_name: string;
  /** Appended verbatim (sender-name placeholder already replaced). */
  signature: string;
}

export const WrittenEmail = z.object({
  subject: z.string().min(3).max(200),
  body: z.string().min(40).max(5000),
});
export type WrittenEmail = z.infer<typeof WrittenEmail>;
