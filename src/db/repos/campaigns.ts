import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ArmCounts } from '../../core/analytics/ab-test.ts';
import type { CampaignChanges, CampaignRecord, CampaignRepo, CampaignStats } from '../../core/campaigns/repo.ts';
import type { CampaignStatus } from '../../core/model/campaign.ts';
import type { Db } from '../client.ts';
import { campaigns, type CampaignRow } from '../schema/campaigns.ts';
import { campaignArmCounters, campaignCounters } from '../schema/counters.ts';
import { leads } from '../schema/leads.ts';

const toRecord = (r: CampaignRow): CampaignRecord => ({
  id: r.id,
  name: r.name,
  searchQuery: r.searchQuery,
  industry: r.industry,
  location: r.location,
  mode: r.mode,
  status: r.status,
  maxResults: r.maxResults,
  maxEmails: r.maxEmails,
  sequenceSteps: r.sequenceSteps,
  followUpDays: r.followUpDays,
  stopOnClick: r.stopOnClick,
  stopOnReportView: r.stopOnReportView,
  reportPages: r.reportPages,
  currentWebsiteUrl: r.currentWebsiteUrl,
  phase: r.phase,
  lastError: r.lastError,
  searchNote: r.searchNote,
  requeuedLeads: r.requeuedLeads,
  searchResults: r.searchResults ?? null,
  subjectVariants: r.subjectVariants ?? null,
  leadListId: r.leadListId,
  createdAt: r.createdAt,
  startedAt: r.startedAt,
  completedAt: r.completedAt,
});

const EMPTY: CampaignStats = { totalLeads: 0, processedLeads: 0, analysedLeads: 0, failedLeads: 0, notAnalysed: 0, leadsWithEmail: 0, emailsGenerated: 0, emailsSent: 0, emailsOpened: 0, emailsReplied: 0, conversions: 0, audits: 0, auditsFinished: 0 };

/**
 * A lead of its campaign that nothing will ever analyse: no analysis, no error, and no analysis
 * job waiting or running (the unique jobs index on campaign, lead and stage finds it). Triggers
 * count them per campaign (campaign_counters.leads_unqueued); this condition finds which they are.
 */
const notAnalysed = sql`${leads.analyzedAt} IS NULL AND ${leads.lastError} IS NULL AND NOT EXISTS (
  SELECT 1 FROM jobs j WHERE j.campaign_id = ${leads.campaignId} AND j.lead_id = ${leads.id} AND j.stage = 'analyze' AND j.status IN ('queued', 'running'))`;

export class SqlCampaignRepo implements CampaignRepo {
  constructor(private readonly db: Db) {}

  async insert(c: Parameters<CampaignRepo['insert']>[0], createdBy: number | null) {
    const [row] = await this.db.insert(campaigns).values({ ...c, createdBy }).returning();
    return toRecord(row);
  }

  async find(id: number) {
    const [row] = await this.db.select().from(campaigns).where(eq(campaigns.id, id));
    return row && toRecord(row);
  }

  async list() {
    return (await this.db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id))).map(toRecord);
  }

  async update(id: number, changes: CampaignChanges) {
    if (Object.keys(changes).length) await this.db.update(campaigns).set(changes).where(eq(campaigns.id, id));
  }

  async setStatus(id: number, from: CampaignStatus, to: CampaignStatus, changes: CampaignChanges = {}) {
    const result = await this.db
      .update(campaigns)
      .set({ ...changes, status: to })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, from)));
    return result.rowsAffected > 0;
  }

  async delete(id: number) {
    return (await this.db.delete(campaigns).where(eq(campaigns.id, id))).rowsAffected > 0;
  }

  async stats(ids: number[]) {
    const result = new Map<number, CampaignStats>(ids.map((id) => [id, { ...EMPTY }]));
    if (ids.length === 0) return result;
    // The counters are kept by triggers (migrations 0007, 0019, 0020): reading them costs the same at any size.
    const rows = await this.db.select().from(campaignCounters).where(inArray(campaignCounters.campaignId, ids));
    for (const c of rows) {
      Object.assign(result.get(c.campaignId)!, {
        totalLeads: c.leads,
        processedLeads: c.leads - c.leadsPending,
        analysedLeads: c.leads - c.leadsPending - c.leadsFailed,
        failedLeads: c.leadsFailed,
        notAnalysed: c.leadsUnqueued,
        leadsWithEmail: c.leadsWithEmail,
        conversions: c.leadsConverted,
        audits: c.audits,
        auditsFinished: c.auditsFinished,
        emailsGenerated: c.emails,
        emailsSent: c.emailsSent,
        emailsOpened: c.emailsOpened,
        emailsReplied: c.emailsReplied,
      });
    }
    return result;
  }

  async armCounts(ids: number[]) {
    const result = new Map<number, ArmCounts[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return result;
    // Kept by triggers on emails (migration 0018), like stats(): the same cost at any campaign size.
    // opened counts people only (scanners and privacy proxies are machineOpens); replied counts a
    // reply to a later step of the lead's sequence for the first email too.
    const rows = await this.db
      .select()
      .from(campaignArmCounters)
      .where(and(inArray(campaignArmCounters.campaignId, ids), gt(campaignArmCounters.emails, 0)))
      .orderBy(campaignArmCounters.campaignId, campaignArmCounters.variant);
    for (const r of rows) {
      result.get(r.campaignId)!.push({ variant: r.variant, sent: r.sent, opened: r.opened, replied: r.replied, machineOpens: r.machineOpens });
    }
    return result;
  }

  async completeIfDone(id: number) {
    const now = Date.now();
    const result = await this.db.run(sql`
      UPDATE campaigns SET status = 'COMPLETED', completed_at = ${now}, phase = NULL, current_website_url = NULL, updated_at = ${now}
      WHERE id = ${id} AND status = 'RUNNING'
        AND NOT EXISTS (SELECT 1 FROM jobs WHERE campaign_id = ${id} AND status IN ('queued', 'running'))
        AND NOT EXISTS (SELECT 1 FROM leads WHERE campaign_id = ${id} AND ${notAnalysed})`);
    return result.rowsAffected > 0;
  }

  async failureReasons(id: number, limit: number) {
    // Only when a campaign's failures are summed up (its completion, campaign show), not per list call.
    const rows = await this.db
      .select({ error: leads.lastError, leads: sql<number>`count(*)` })
      .from(leads)
      .where(and(eq(leads.campaignId, id), isNotNull(leads.lastError)))
      .groupBy(leads.lastError)
      .orderBy(desc(sql`count(*)`), leads.lastError)
      .limit(limit);
    return rows.map((r) => ({ error: r.error ?? '', leads: Number(r.leads) }));
  }

  async notAnalysedLeadIds(id: number) {
    const rows = await this.db.select({ id: leads.id }).from(leads).where(and(eq(leads.campaignId, id), notAnalysed)).orderBy(leads.id);
    return rows.map((r) => r.id);
  }
}
