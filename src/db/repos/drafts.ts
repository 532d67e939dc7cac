import { zoneOrServer } from '../../core/scheduling/windows.ts';
import { and, desc, eq, gte, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DraftRepo, Reassessed, StoredDraft } from '../../core/drafts/service.ts';
import type { Draft, DraftEdit, DraftList, DraftQuery } from '../../core/model/draft.ts';
import type { Db } from '../client.ts';
import { recipientCheckOf } from './recipient-checks.ts';
import { emails } from '../schema/emails.ts';
import { leads } from '../schema/leads.ts';

export class SqlDraftRepo implements DraftRepo {
  constructor(private readonly db: Db) {}

  /** Drafts (emails in status DRAFT) with their lead, best quality first. */
  list(q: DraftQuery) {
    return listDrafts(this.db, q);
  }

  async get(id: number) {
    const [row] = await select(this.db, eq(emails.id, id));
    return row && { ...toDraft(row), status: row.email.status };
  }

  async edit(id: number, edit: DraftEdit, reassessed?: Reassessed) {
    const [email] = await this.db
      .update(emails)
      .set({
        subject: edit.subject,
        body: edit.body,
        recipientEmail: edit.recipient_email,
        // A new recipient has not been checked yet (DraftService checks it next).
        ...(edit.recipient_email && { recipientVerdict: null, recipientReason: null, recipientCheckedAt: null, riskAcceptedAt: null }),
        ...(reassessed && { qualityScore: reassessed.qualityScore, qualityBreakdown: reassessed.qualityBreakdown }),
      })
      .where(and(eq(emails.id, id), eq(emails.status, 'DRAFT')))
      .returning({ leadId: emails.leadId });
    if (!email) return false;
    // The spec: editing the recipient also updates the lead's contact email.
    if (edit.recipient_email) await this.db.update(leads).set({ contactEmail: edit.recipient_email }).where(eq(leads.id, email.leadId));
    return true;
  }

  async delete(ids: number[]) {
    return (await this.db.delete(emails).where(and(inArray(emails.id, ids), eq(emails.status, 'DRAFT')))).rowsAffected;
  }
}

const select = (db: Db, where: SQL | undefined) =>
  db
    .select({ email: emails, hostname: leads.hostname, url: leads.url, title: leads.title, companyName: leads.companyName, timezone: leads.timezone })
    .from(emails)
    .innerJoin(leads, eq(leads.id, emails.leadId))
    .where(where);

type Row = Awaited<ReturnType<typeof select>>[number];

/** The sequence length a follow-up was written for (kept with its check), or null for a first email. */
function followUpSteps(breakdown: Record<string, unknown> | null): number | null {
  const f = breakdown?.follow_up as { steps?: unknown } | undefined;
  return typeof f?.steps === 'number' ? f.steps : null;
}

const toDraft = (r: Row): StoredDraft => ({
  id: r.email.id,
  campaign_id: r.email.campaignId,
  lead_id: r.email.leadId,
  step: r.email.step,
  steps: followUpSteps(r.email.qualityBreakdown),
  recipient_email: r.email.recipientEmail,
  subject: r.email.subject,
  body: r.email.body,
  quality_score: r.email.qualityScore,
  lead_hostname: r.hostname,
  lead_url: r.url,
  lead_title: r.title,
  lead_company_name: r.companyName,
  generated_at: r.email.generatedAt?.toISOString() ?? null,
  recipient_check: recipientCheckOf(r.email),
  recipient_timezone: zoneOrServer(r.timezone),
  quality_breakdown: (r.email.qualityBreakdown as Record<string, unknown> | null) ?? null,
  ab_variant: r.email.abVariant,
  ab_subjects: r.email.abSubjects,
});

async function listDrafts(db: Db, q: DraftQuery): Promise<{ drafts: StoredDraft[]; count: number }> {
  const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const matches = (column: AnyColumn) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  const rows = await select(
    db,
    and(
      eq(emails.status, 'DRAFT'),
      q.campaign_id === undefined ? undefined : eq(emails.campaignId, q.campaign_id),
      q.min_quality === undefined ? undefined : gte(emails.qualityScore, q.min_quality),
      pattern ? or(...[emails.subject, emails.body, emails.recipientEmail, leads.hostname, leads.url, leads.companyName].map(matches)) : undefined,
    ),
  ).orderBy(desc(emails.qualityScore), desc(emails.id));
  const drafts = rows.map(toDraft);
  return { drafts, count: drafts.length };
}
