import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { WindowSend } from '../../core/deliverability/guards.ts';
import { type GuardRepo, type GuardScope, type SendingPause, type Signal } from '../../core/deliverability/sending-guards.ts';
import type { Db } from '../client.ts';
import { campaigns } from '../schema/campaigns.ts';
import { emails } from '../schema/emails.ts';
import { mailboxes } from '../schema/mailboxes.ts';
import { PRIMARY_MAILBOX } from '../../core/mailboxes/records.ts';
import { sendingPauses, sendingSignals, type SendingPauseRow } from '../schema/sending-guards.ts';

// The emails list's sort key (src/db/repos/emails.ts): for a sent email it is sent_at, and a
// campaign's index on it (emails_list_campaign_idx) walks that campaign's latest sends first.
const LIST_AT = sql<number>`coalesce(${emails.sentAt}, ${emails.scheduledSendTime}, ${emails.createdAt})`;

function scopeOf(key: string): GuardScope {
  const id = /^campaign:(\d+)$/.exec(key)?.[1];
  const mailbox = /^mailbox:(\d+)$/.exec(key)?.[1];
  return id ? { kind: 'campaign', campaignId: Number(id) } : mailbox ? { kind: 'mailbox', mailboxId: Number(mailbox) } : { kind: 'all' };
}

const toPause = (r: SendingPauseRow): SendingPause => ({ scope: scopeOf(r.key), cause: r.cause, reason: r.reason, figures: r.figures, pausedAt: r.pausedAt });

export class SqlGuardRepo implements GuardRepo {
  constructor(private readonly db: Db) {}

  async emailCampaign(emailId: number) {
    const [row] = await this.db.select({ campaignId: emails.campaignId, mailboxId: emails.mailboxId }).from(emails).where(eq(emails.id, emailId));
    return row && { campaignId: row.campaignId, mailboxId: row.mailboxId ?? PRIMARY_MAILBOX };
  }

  async recordSignal(s: Signal, at: Date) {
    const [email] = await this.db.select({ campaignId: emails.campaignId, sentAt: emails.sentAt }).from(emails).where(eq(emails.id, s.emailId));
    if (!email) return false;
    const rows = await this.db
      .insert(sendingSignals)
      .values({ emailId: s.emailId, campaignId: email.campaignId, kind: s.kind, source: s.source.slice(0, 200), providerEventId: s.providerEventId?.slice(0, 200) ?? null, atSend: email.sentAt === null, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: sendingSignals.id });
    return rows.length > 0;
  }

  async windowSends(scope: GuardScope, since: Date, limit: number): Promise<WindowSend[]> {
    // A mailbox's sends walk emails_mailbox_sent_idx; mailbox 1's include those from before mailboxes.
    const ofMailbox = scope.kind === 'mailbox' ? (scope.mailboxId === PRIMARY_MAILBOX ? or(eq(emails.mailboxId, PRIMARY_MAILBOX), isNull(emails.mailboxId)) : eq(emails.mailboxId, scope.mailboxId)) : undefined;
    const sent =
      scope.kind === 'mailbox'
        ? await this.db.select({ id: emails.id, at: emails.sentAt }).from(emails).where(and(ofMailbox, gte(emails.sentAt, since))).orderBy(desc(emails.sentAt)).limit(limit)
        : scope.kind === 'campaign'
        ? await this.db
            .select({ id: emails.id, at: emails.sentAt })
            .from(emails)
            .where(and(eq(emails.campaignId, scope.campaignId), gte(LIST_AT, since.getTime()), isNotNull(emails.sentAt)))
            .orderBy(desc(LIST_AT), desc(emails.id))
            .limit(limit)
        : await this.db.select({ id: emails.id, at: emails.sentAt }).from(emails).where(gte(emails.sentAt, since)).orderBy(desc(emails.sentAt)).limit(limit);
    // Refused at sending (a 5xx): no sent_at, so the signal itself is the send.
    const refused = await this.db
      .select({ id: sendingSignals.emailId, at: sendingSignals.createdAt })
      .from(sendingSignals)
      .where(
        and(
          eq(sendingSignals.atSend, true),
          gte(sendingSignals.createdAt, since),
          scope.kind === 'campaign' ? eq(sendingSignals.campaignId, scope.campaignId) : undefined,
          ofMailbox && inArray(sendingSignals.emailId, this.db.select({ id: emails.id }).from(emails).where(ofMailbox)),
        ),
      )
      .orderBy(desc(sendingSignals.createdAt))
      .limit(limit);
    const ids = [...sent.map((r) => r.id), ...refused.map((r) => r.id)];
    const signals = ids.length === 0 ? [] : await this.db.select({ id: sendingSignals.emailId, kind: sendingSignals.kind }).from(sendingSignals).where(inArray(sendingSignals.emailId, ids));
    const has = (id: number, kind: string) => signals.some((s) => s.id === id && s.kind === kind);
    const seen = new Set<number>();
    const out: WindowSend[] = [];
    for (const r of [...sent, ...refused]) {
      if (seen.has(r.id) || !r.at) continue;
      seen.add(r.id);
      out.push({ emailId: r.id, at: r.at, hardBounce: has(r.id, 'hard_bounce'), complaint: has(r.id, 'complaint') });
    }
    return out;
  }

  async state(key: string) {
    const rows = await this.db.select().from(sendingPauses).where(eq(sendingPauses.key, key)).orderBy(desc(sendingPauses.id)).limit(20);
    const active = rows.find((r) => r.resumedAt === null);
    const resumedAt = rows.find((r) => r.resumedAt !== null)?.resumedAt ?? undefined;
    return { active: active && toPause(active), resumedAt };
  }

  async activePauses() {
    return (await this.db.select().from(sendingPauses).where(isNull(sendingPauses.resumedAt)).orderBy(asc(sendingPauses.id))).map(toPause);
  }

  async pause(key: string, p: SendingPause) {
    const rows = await this.db
      .insert(sendingPauses)
      .values({ key, cause: p.cause, reason: p.reason, figures: p.figures, pausedAt: p.pausedAt })
      .onConflictDoNothing()
      .returning({ id: sendingPauses.id });
    return rows.length > 0;
  }

  async resume(key: string, by: string, at: Date) {
    const [row] = await this.db
      .update(sendingPauses)
      .set({ resumedAt: at, resumedBy: by })
      .where(and(eq(sendingPauses.key, key), isNull(sendingPauses.resumedAt)))
      .returning();
    return row && toPause(row);
  }

  async mailboxCount() {
    const [row] = await this.db.select({ n: count() }).from(mailboxes).where(isNull(mailboxes.removedAt));
    return row?.n ?? 0;
  }

  async mailboxLabel(id: number) {
    const [row] = await this.db.select({ label: mailboxes.label }).from(mailboxes).where(eq(mailboxes.id, id));
    return row?.label;
  }

  async campaignName(id: number) {
    const [row] = await this.db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.id, id));
    return row?.name;
  }
}

/** The filter the sender's "what is due" adds: no email of a campaign, or from a mailbox, whose sending is paused. */
export const campaignNotPaused = sql`not exists (select 1 from ${sendingPauses} where ${sendingPauses.key} in ('campaign:' || ${emails.campaignId}, 'mailbox:' || coalesce(${emails.mailboxId}, ${PRIMARY_MAILBOX})) and ${sendingPauses.resumedAt} is null)`;
