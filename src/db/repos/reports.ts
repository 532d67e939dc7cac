import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PipelineStore } from '../../core/pipeline/store.ts';
import type { ReportRepo } from '../../core/report/service.ts';
import type { Db } from '../client.ts';
import { campaigns } from '../schema/campaigns.ts';
import { emails } from '../schema/emails.ts';
import { interactions } from '../schema/leads.ts';

export class SqlReportRepo implements ReportRepo {
  constructor(
    private readonly db: Db,
    private readonly leads: Pick<PipelineStore, 'lead'>,
  ) {}

  lead(leadId: number) {
    return this.leads.lead(leadId);
  }

  async reportPages(campaignId: number) {
    const [row] = await this.db.select({ on: campaigns.reportPages }).from(campaigns).where(eq(campaigns.id, campaignId));
    return row?.on;
  }

  async latestSentEmail(leadId: number) {
    // The lead's emails (emails_lead_id_idx): a handful per lead.
    const [row] = await this.db
      .select({ id: emails.id, leadId: emails.leadId, campaignId: emails.campaignId, recipientEmail: emails.recipientEmail, subject: emails.subject, sentAt: emails.sentAt })
      .from(emails)
      .where(and(eq(emails.leadId, leadId), isNotNull(emails.sentAt)))
      .orderBy(desc(emails.sentAt), desc(emails.id))
      .limit(1);
    return row;
  }

  // One batch (one transaction); the conditional first write says whether this view was the first.
  async recordView(emailId: number, at: Date) {
    const [first] = await this.db.batch([
      this.db.update(emails).set({ reportViewedAt: at }).where(and(eq(emails.id, emailId), isNull(emails.reportViewedAt))),
      this.db.update(emails).set({ reportViewCount: sql`${emails.reportViewCount} + 1` }).where(eq(emails.id, emailId)),
    ]);
    return first.rowsAffected > 0;
  }

  async countMachineView(emailId: number) {
    await this.db.update(emails).set({ machineReportViewCount: sql`${emails.machineReportViewCount} + 1` }).where(eq(emails.id, emailId));
  }

  async addInteraction(i: { leadId: number; emailId: number; type: string; description: string; metadata?: Record<string, unknown> }) {
    await this.db.insert(interactions).values({ leadId: i.leadId, emailId: i.emailId, interactionType: i.type, description: i.description, metadata: i.metadata ?? null });
  }
}
