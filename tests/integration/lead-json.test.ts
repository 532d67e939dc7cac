// A lead as SQLite writes it (src/db/repos/lead-json.ts) is the API's Lead: every field, with
// timestamps exactly as toISOString() writes them, JSON columns as JSON, the contact's source
// defaulted as before lists existed, and awkward text intact; a list page carries the same texts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeadService } from '../../src/core/leads/service.ts';
import { Lead, type LeadListQuery } from '../../src/core/model/lead.ts';
import type { Db } from '../../src/db/client.ts';
import { SqlLeadRepo } from '../../src/db/repos/leads.ts';
import { campaigns } from '../../src/db/schema/campaigns.ts';
import { leads } from '../../src/db/schema/leads.ts';
import { openDb } from './support/seed-leads.ts';

const dir = mkdtempSync(join(tmpdir(), 'lead-json-'));
let db: Db;
let repo: SqlLeadRepo;

beforeAll(async () => {
  db = await openDb(join(dir, 'db.sqlite'));
  repo = new SqlLeadRepo(db);
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a lead written as JSON by SQLite', () => {
  it('gives every field of a full lead as the API defines it', async () => {
    const [campaign] = await db.insert(campaigns).values({ name: 'C', searchQuery: 'q' }).returning();
    const discovered = new Date(Date.UTC(2026, 10, 23, 9, 5, 1, 42));
    const [row] = await db
      .insert(leads)
      .values({
        url: 'https://example.com/', title: 'Café "Zoë" \\ <b>&</b>\n\ttab', hostname: 'example.com', companyName: 'Zoë’s Café 🥐', status: 'EMAIL_SENT',
        businessCategory: 'Service-Based', businessSummary: 'We bake.', contactEmail: 'hi@example.com', contactEmailSource: 'list', contactName: 'Zoë',
        phoneNumber: '+1 555 0100', address: '1 Main St', city: 'Denver', stateProvince: 'CO', country: 'US', businessHours: 'Mo-Fr 8-5',
        companySize: '1-10', revenueRange: '$1M-$5M', budgetEstimate: '$2k-$5k', employeeCount: 7, annualRevenue: 1234567.5, industry: 'Bakery',
        industrySpecific: 'Artisan', location: 'Denver, CO', websiteLanguage: 'en', timezone: 'America/Denver', timezoneSource: "analysis: address '1 Main St'",
        foundedYear: 1999, marketOpportunityScore: 72, urgencyScore: 40, websiteQualityScore: 55, trafficEstimate: '1k-5k visits/month', leadScore: 61,
        priority: 'High', leadSource: 'search', assignedTo: 'admin', notes: 'Call back', dealStage: 'proposal_sent', dealValue: 4999.99,
        dealStageAt: new Date(Date.UTC(2026, 10, 24, 0, 0, 0, 0)), tags: ['a', 'b "c"'], servicesOffered: ['Bread'], technologyStack: ['WordPress', 'PHP'],
        salesIntelligence: { pain_points: ['slow site'], nested: { score: 0.25, ok: true, none: null } }, discoveredAt: discovered,
        analyzedAt: new Date(Date.UTC(2026, 10, 23, 9, 6, 0, 999)), campaignId: campaign.id, lastError: null,
      })
      .returning();
    const expected = {
      id: row.id, url: 'https://example.com/', title: 'Café "Zoë" \\ <b>&</b>\n\ttab', hostname: 'example.com', company_name: 'Zoë’s Café 🥐', status: 'EMAIL_SENT',
      business_category: 'Service-Based', business_summary: 'We bake.', contact_email: 'hi@example.com', contact_email_source: 'list', contact_name: 'Zoë',
      phone_number: '+1 555 0100', address: '1 Main St', city: 'Denver', state_province: 'CO', country: 'US', business_hours: 'Mo-Fr 8-5',
      company_size: '1-10', revenue_range: '$1M-$5M', budget_estimate: '$2k-$5k', employee_count: 7, annual_revenue: 1234567.5, industry: 'Bakery',
      industry_specific: 'Artisan', location: 'Denver, CO', website_language: 'en', timezone: 'America/Denver', timezone_source: "analysis: address '1 Main St'",
      founded_year: 1999, market_opportunity_score: 72, urgency_score: 40, website_quality_score: 55, traffic_estimate: '1k-5k visits/month', lead_score: 61,
      priority: 'High', lead_source: 'search', assigned_to: 'admin', notes: 'Call back', deal_stage: 'proposal_sent', deal_value: 4999.99,
      deal_stage_at: '2026-11-24T00:00:00.000Z', tags: ['a', 'b "c"'], services_offered: ['Bread'], technology_stack: ['WordPress', 'PHP'],
      sales_intelligence: { pain_points: ['slow site'], nested: { score: 0.25, ok: true, none: null } }, discovered_at: '2026-11-23T09:05:01.042Z',
      analyzed_at: '2026-11-23T09:06:00.999Z', campaign_id: campaign.id, last_error: null,
    };
    const found = await repo.find(row.id);
    expect(found).toEqual(expected);
    expect(Object.keys(found!)).toEqual(Object.keys(Lead.shape));
  });

  it('leaves what is empty empty, and calls a contact without a source the site’s', async () => {
    const [bare] = await db.insert(leads).values({ url: 'https://bare.example/', hostname: 'bare.example', contactEmail: 'x@bare.example', discoveredAt: new Date(0) }).returning();
    const [blank] = await db.insert(leads).values({ url: 'https://blank.example/', hostname: 'blank.example', contactEmail: '', contactEmailSource: 'list', discoveredAt: new Date(1) }).returning();
    const b = await repo.find(bare.id);
    expect(b).toMatchObject({ contact_email_source: 'site', tags: [], services_offered: [], technology_stack: [], sales_intelligence: null, deal_stage_at: null, analyzed_at: null, discovered_at: '1970-01-01T00:00:00.000Z', campaign_id: null, title: null });
    expect(Lead.strict().parse(b)).toEqual(b);
    expect((await repo.find(blank.id))?.contact_email_source).toBeNull();
    expect(await repo.find(999_999)).toBeUndefined();
  });

  it('writes every millisecond timestamp exactly as toISOString() does', async () => {
    const times = [0, 1, 999, 1000, 86_399_999, Date.UTC(2000, 1, 29, 23, 59, 59, 999), Date.UTC(2026, 11, 31, 23, 59, 59, 5), ...Array.from({ length: 200 }, (_, i) => Math.floor(((i * 7919) % 200) * 1.9e10 + i * 123_457))];
    const rows = await db.insert(leads).values(times.map((t, i) => ({ url: `https://t${i}.example/`, hostname: `t${i}.example`, discoveredAt: new Date(t) }))).returning({ id: leads.id });
    for (const [i, r] of rows.entries()) expect((await repo.find(r.id))?.discovered_at).toBe(new Date(times[i]).toISOString());
  });

  it('sends a list page as the same texts, with its cursor and total', async () => {
    const service = new LeadService(repo, { emit: async () => {} } as never);
    const text = await service.listText({ sort: 'discovered_at', limit: 3 } as LeadListQuery);
    const page = JSON.parse(text) as { items: Lead[]; next_cursor: string | null; total: number; total_exact: boolean };
    expect(page).toEqual(await service.list({ sort: 'discovered_at', limit: 3 } as LeadListQuery));
    expect(page.items).toHaveLength(3);
    for (const lead of page.items) expect(lead).toEqual(await repo.find(lead.id));
    expect(page.next_cursor).toEqual(expect.any(String));
    expect(page.total_exact).toBe(true);
  });
});
