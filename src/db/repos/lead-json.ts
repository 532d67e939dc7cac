// A stored lead as the API's Lead (core/model/lead.ts), written by SQLite as JSON text: a page
// of the Leads list goes out as the texts SQLite wrote, joined (no row objects, no mapping,
// no JSON.stringify: a 50-lead page is about 60 column values a lead less to carry into
// JavaScript); a single lead is parsed from the same text. The one definition of a Lead's fields.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Lead } from '../../core/model/lead.ts';
import { leads } from '../schema/leads.ts';

/** A timestamp (ms) as toISOString() writes it, in integer arithmetic: 2026-11-23T09:05:01.042Z. */
const iso = (c: AnyColumn) => sql`CASE WHEN ${c} IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%S', ${c} / 1000, 'unixepoch') || printf('.%03dZ', ${c} % 1000) END`;
/** A JSON column as JSON (not as a string), `fallback` when empty. */
const json = (c: AnyColumn, fallback?: string) => (fallback ? sql`json(coalesce(${c}, ${fallback}))` : sql`json(${c})`);

const FIELDS: Record<keyof Lead, AnyColumn | SQL> = {
  id: leads.id,
  url: leads.url,
  title: leads.title,
  hostname: leads.hostname,
  company_name: leads.companyName,
  status: leads.status,
  business_category: leads.businessCategory,
  business_summary: leads.businessSummary,
  contact_email: leads.contactEmail,
  // Before lists existed every contact came from the site.
  contact_email_source: sql`CASE WHEN coalesce(${leads.contactEmail}, '') <> '' THEN coalesce(${leads.contactEmailSource}, 'site') END`,
  contact_name: leads.contactName,
  phone_number: leads.phoneNumber,
  address: leads.address,
  city: leads.city,
  state_province: leads.stateProvince,
  country: leads.country,
  business_hours: leads.businessHours,
  company_size: leads.companySize,
  revenue_range: leads.revenueRange,
  budget_estimate: leads.budgetEstimate,
  employee_count: leads.employeeCount,
  annual_revenue: leads.annualRevenue,
  industry: leads.industry,
  industry_specific: leads.industrySpecific,
  location: leads.location,
  website_language: leads.websiteLanguage,
  timezone: leads.timezone,
  timezone_source: leads.timezoneSource,
  founded_year: leads.foundedYear,
  market_opportunity_score: leads.marketOpportunityScore,
  urgency_score: leads.urgencyScore,
  website_quality_score: leads.websiteQualityScore,
  traffic_estimate: leads.trafficEstimate,
  lead_score: leads.leadScore,
  priority: leads.priority,
  lead_source: leads.leadSource,
  assigned_to: leads.assignedTo,
  notes: leads.notes,
  deal_stage: leads.dealStage,
  deal_value: leads.dealValue,
  deal_stage_at: iso(leads.dealStageAt),
  tags: json(leads.tags, '[]'),
  services_offered: json(leads.servicesOffered, '[]'),
  technology_stack: json(leads.technologyStack, '[]'),
  discovered_at: iso(leads.discoveredAt),
  analyzed_at: iso(leads.analyzedAt),
  campaign_id: leads.campaignId,
  sales_intelligence: json(leads.salesIntelligence),
  last_error: leads.lastError,
};

/** The lead's JSON text (select it `AS lead`). */
export const LEAD_JSON = sql`json_object(${sql.join(
  Object.entries(FIELDS).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
  sql`, `,
)})`;
