import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { EmailStatus } from '../../core/emails/status.ts';
import type { TrackedEmail, TrackingRepo } from '../../core/emails/tracking.ts';
import type { Db } from '../client.ts';
import { emails } from '../schema/emails.ts';
import { interactions } from '../schema/leads.ts';

export class SqlTrackingRepo implements TrackingRepo {
  constructor(private readonly db: Db) {}

  async find(id: number): Promise<TrackedEmail | undefined> {
    const [row] = await this.db
      .select({
        id: emails.id,
        leadId: emails.leadId,
        campaignId: emails.campaignId,
        recipientEmail: emails.recipientEmail,
        subject: emails.subject,
        body: emails.body,
        status: emails.status,
        sentAt: emails.sentAt,
      })
      .from(emails)
      .where(eq(emails.id, id));
    return row;
  }

  async findByProviderMessageId(providerMessageId: string) {
    const [row] = await this.db.select({ id: emails.id }).from(emails).where(eq(emails.providerMessageId, providerMessageId)).limit(1);
    return row?.id;
  }

  async countMachine(id: number, kind: 'open' | 'click') {
    const set = kind === 'open' ? { machineOpenCount: sql`${emails.machineOpenCount} + 1` } : { machineClickCount: sql`${emails.machineClickCount} + 1` };
    await this.db.update(emails).set(set).where(eq(emails.id, id));
  }

  // Each is one batch (one transaction); the conditional first write says whether this hit was the first.
  async recordOpen(id: number, at: Date) {
    const [first] = await this.db.batch([
      this.db.update(emails).set({ openedAt: at }).where(and(eq(emails.id, id), isNull(emails.openedAt))),
      this.db.update(emails).set({ openCount: sql`${emails.openCount} + 1` }).where(eq(emails.id, id)),
    ]);
    return first.rowsAffected > 0;
  }

  async recordClick(id: number, at: Date) {
    const [first] = await this.db.batch([
      this.db.update(emails).set({ clickedAt: at }).where(and(eq(emails.id, id), isNull(emails.clickedAt))),
      this.db
        .update(emails)
        .set({ clickCount: sql`${emails.clickCount} + 1`, openedAt: sql`coalesce(${emails.openedAt}, ${at.getTime()})`, openCount: sql`max(${emails.openCount}, 1)` })
        .where(eq(emails.id, id)),
    ]);
    return first.rowsAffected > 0;
  }

  async moveStatus(id: number, from: EmailStatus, to: EmailStatus, note?: string) {
    const set = note === undefined ? { status: to } : { status: to, lastError: note };
    const result = await this.db.update(emails).set(set).where(and(eq(emails.id, id), eq(emails.status, from)));
    return result.rowsAffected > 0;
  }

  async cancelPending(address: string, note: string) {
    const result = await this.db
      .update(emails)
      .set({ status: 'CANCELLED', lastError: note })
      .where(and(eq(sql`lower(${emails.recipientEmail})`, address.trim().toLowerCase()), inArray(emails.status, ['DRAFT', 'QUEUED', 'PAUSED'])));
    return result.rowsAffected;
  }

  async addInteraction(i: { leadId: number; emailId: number; type: string; description: string; metadata?: Record<string, unknown> }) {
    await this.db.insert(interactions).values({ leadId: i.leadId, emailId: i.emailId, interactionType: i.type, description: i.description, metadata: i.metadata ?? null });
  }
}
