// The planner's view of history: per started campaign, what its leads, analyses and emails
// showed. Three grouped queries (leads, analyses, emails), joined in memory by campaign id.
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { CampaignOutcome, HistoryRepo } from '../../core/suggestions/history.ts';
import type { Db } from '../client.ts';
import { campaigns, emails, leadAnalyses, leads } from '../schema/index.ts';

const SENT = ['SENT', 'OPENED', 'CLICKED', 'REPLIED'];
const n = (v: unknown) => Number(v ?? 0);

export class SqlHistoryRepo implements HistoryRepo {
  constructor(private readonly db: Db) {}

  async outcomes(): Promise<CampaignOutcome[]> {
    const rows = await this.db
      .select({ id: campaigns.id, query: campaigns.searchQuery, industry: campaigns.industry, location: campaigns.location })
      .from(campaigns)
      .where(ne(campaigns.status, 'DRAFT'))
      .orderBy(asc(campaigns.id));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const out = new Map<number, CampaignOutcome>(
      rows.map((r) => [r.id, { campaignId: r.id, query: r.query, industry: r.industry, location: r.location, leads: 0, analysed: 0, withEmail: 0, opportunitySum: 0, scored: 0, noHttps: 0, notMobile: 0, noBooking: 0, sent: 0, opened: 0, replied: 0, converted: 0, budget: null }]),
    );

    const leadRows = await this.db
      .select({
        id: leads.campaignId,
        total: sql<number>`count(*)`,
        analysed: sql<number>`sum(case when ${leads.analyzedAt} is not null then 1 else 0 end)`,
        withEmail: sql<number>`sum(case when ${leads.contactEmail} is not null then 1 else 0 end)`,
        oppSum: sql<number>`sum(coalesce(${leads.marketOpportunityScore}, 0))`,
        scored: sql<number>`sum(case when ${leads.marketOpportunityScore} is not null then 1 else 0 end)`,
        converted: sql<number>`sum(case when ${leads.status} = 'CONVERTED' then 1 else 0 end)`,
      })
      .from(leads)
      .where(inArray(leads.campaignId, ids))
      .groupBy(leads.campaignId);
    for (const r of leadRows) Object.assign(out.get(r.id!)!, { leads: n(r.total), analysed: n(r.analysed), withEmail: n(r.withEmail), opportunitySum: n(r.oppSum), scored: n(r.scored), converted: n(r.converted) });

    // A flag that is null means the check could not run: it counts as neither.
    const analysisRows = await this.db
      .select({
        id: leads.campaignId,
        noHttps: sql<number>`sum(case when ${leadAnalyses.hasSsl} = 0 then 1 else 0 end)`,
        notMobile: sql<number>`sum(case when ${leadAnalyses.isMobileResponsive} = 0 then 1 else 0 end)`,
        noBooking: sql<number>`sum(case when ${leadAnalyses.hasOnlineBooking} = 0 then 1 else 0 end)`,
      })
      .from(leadAnalyses)
      .innerJoin(leads, eq(leads.id, leadAnalyses.leadId))
      .where(inArray(leads.campaignId, ids))
      .groupBy(leads.campaignId);
    for (const r of analysisRows) Object.assign(out.get(r.id!)!, { noHttps: n(r.noHttps), notMobile: n(r.notMobile), noBooking: n(r.noBooking) });

    const emailRows = await this.db
      .select({
        id: emails.campaignId,
        sent: sql<number>`sum(case when ${emails.status} in (${sql.join(SENT.map((s) => sql`${s}`), sql`, `)}) or ${emails.sentAt} is not null then 1 else 0 end)`,
        opened: sql<number>`sum(case when ${emails.openedAt} is not null then 1 else 0 end)`,
        replied: sql<number>`sum(case when ${emails.repliedAt} is not null then 1 else 0 end)`,
      })
      .from(emails)
      .where(inArray(emails.campaignId, ids))
      .groupBy(emails.campaignId);
    for (const r of emailRows) Object.assign(out.get(r.id!)!, { sent: n(r.sent), opened: n(r.opened), replied: n(r.replied) });

    // The budget band most of a campaign's leads were given (free text, e.g. "$2k-$5k").
    const budgetRows = await this.db
      .select({ id: leads.campaignId, budget: leads.budgetEstimate, count: sql<number>`count(*)` })
      .from(leads)
      .where(and(inArray(leads.campaignId, ids), isNotNull(leads.budgetEstimate)))
      .groupBy(leads.campaignId, leads.budgetEstimate)
      .orderBy(asc(leads.campaignId), sql`count(*) desc`, asc(leads.budgetEstimate));
    for (const r of budgetRows) {
      const o = out.get(r.id!)!;
      o.budget ??= r.budget;
    }
    return [...out.values()];
  }
}
