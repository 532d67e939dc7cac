import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CampaignChanges, CampaignRecord, CampaignRepo, CampaignStats } from '../../core/campaigns/repo.ts';
import type { CampaignStatus } from '../../core/model/campaign.ts';
import type { Db } from '../client.ts';
import { campaigns, type CampaignRow } from '../schema/campaigns.ts';
import { emails } from '../schema/emails.ts';
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
  currentWebsiteUrl: r.currentWebsiteUrl,
  phase: r.phase,
  lastError: r.lastError,
  searchResults: r.searchResults ?? null,
  leadListId: r.leadListId,
  createdAt: r.createdAt,
  startedAt: r.startedAt,
  completedAt: r.completedAt,
});

const EMPTY: CampaignStats = { totalLeads: 0, processedLeads: 0, notAnalysed: 0, leadsWithEmail: 0, emailsGenerated: 0, emailsSent: 0, emailsOpened: 0, emailsReplied: 0, conversions: 0 };
const SENT = ['SENT', 'OPENED', 'CLICKED', 'REPLIED'];

/**
 * A lead of its campaign that nothing will ever analyse: no analysis, no error, and no analysis
 * job waiting or running (the unique jobs index on campaign, lead and stage finds it).
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
    const leadRows = await this.db
      .select({
        id: leads.campaignId,
        total: sql<number>`count(*)`,
        processed: sql<number>`sum(case when ${leads.analyzedAt} is not null or ${leads.lastError} is not null then 1 else 0 end)`,
        notAnalysed: sql<number>`sum(case when ${notAnalysed} then 1 else 0 end)`,
        withEmail: sql<number>`sum(case when ${leads.contactEmail} is not null then 1 else 0 end)`,
        converted: sql<number>`sum(case when ${leads.status} = 'CONVERTED' then 1 else 0 end)`,
      })
      .from(leads)
      .where(inArray(leads.campaignId, ids))
      .groupBy(leads.campaignId);
    for (const r of leadRows) {
      Object.assign(result.get(r.id!)!, { totalLeads: Number(r.total), processedLeads: Number(r.processed ?? 0), notAnalysed: Number(r.notAnalysed ?? 0), leadsWithEmail: Number(r.withEmail ?? 0), conversions: Number(r.converted ?? 0) });
    }
    const emailRows = await this.db
      .select({
        id: emails.campaignId,
        generated: sql<number>`count(*)`,
        sent: sql<number>`sum(case when ${emails.status} in (${sql.join(SENT.map((s) => sql`${s}`), sql`, `)}) then 1 else 0 end)`,
        opened: sql<number>`sum(case when ${emails.openedAt} is not null then 1 else 0 end)`,
        replied: sql<number>`sum(case when ${emails.repliedAt} is not null then 1 else 0 end)`,
      })
      .from(emails)
      .where(inArray(emails.campaignId, ids))
      .groupBy(emails.campaignId);
    for (const r of emailRows) {
      Object.assign(result.get(r.id!)!, { emailsGenerated: Number(r.generated), emailsSent: Number(r.sent ?? 0), emailsOpened: Number(r.opened ?? 0), emailsReplied: Number(r.replied ?? 0) });
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

  async notAnalysedLeadIds(id: number) {
    const rows = await this.db.select({ id: leads.id }).from(leads).where(and(eq(leads.campaignId, id), notAnalysed)).orderBy(leads.id);
    return rows.map((r) => r.id);
  }
}
