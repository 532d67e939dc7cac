import { and, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { DraftRepo } from '../../core/drafts/service.ts';
import type { DraftList, DraftQuery } from '../../core/model/draft.ts';
import type { Db } from '../client.ts';
import { emails } from '../schema/emails.ts';
import { leads } from '../schema/leads.ts';

export class SqlDraftRepo implements DraftRepo {
  constructor(private readonly db: Db) {}

  /** Drafts (emails in status DRAFT) with their lead, best quality first. */
  list(q: DraftQuery): Promise<DraftList> {
    return listDrafts(this.db, q);
  }
}

async function listDrafts(db: Db, q: DraftQuery): Promise<DraftList> {
  const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select({ email: emails, hostname: leads.hostname, url: leads.url, title: leads.title })
    .from(emails)
    .innerJoin(leads, eq(leads.id, emails.leadId))
    .where(
      and(
        eq(emails.status, 'DRAFT'),
        q.campaign_id === undefined ? undefined : eq(emails.campaignId, q.campaign_id),
        q.min_quality === undefined ? undefined : gte(emails.qualityScore, q.min_quality),
        pattern
          ? or(
              sql`${emails.subject} LIKE ${pattern} ESCAPE '\\'`,
              sql`${emails.body} LIKE ${pattern} ESCAPE '\\'`,
              sql`${emails.recipientEmail} LIKE ${pattern} ESCAPE '\\'`,
              sql`${leads.hostname} LIKE ${pattern} ESCAPE '\\'`,
              sql`${leads.url} LIKE ${pattern} ESCAPE '\\'`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(emails.qualityScore), desc(emails.id));
  const drafts = rows.map((r) => ({
    id: r.email.id,
    campaign_id: r.email.campaignId,
    lead_id: r.email.leadId,
    recipient_email: r.email.recipientEmail,
    subject: r.email.subject,
    body: r.email.body,
    quality_score: r.email.qualityScore,
    lead_hostname: r.hostname,
    lead_url: r.url,
    lead_title: r.title,
    generated_at: r.email.generatedAt?.toISOString() ?? null,
  }));
  return { drafts, count: drafts.length };
}
