import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Finding } from '../../core/verification/address-rules.ts';
import type { RecipientCheck } from '../../core/model/verification.ts';
import { toApi, type RecipientCheckRepo } from '../../core/verification/recipients.ts';
import type { CheckedRecipient, DomainCheckCache } from '../../core/verification/verifier.ts';
import type { Db } from '../client.ts';
import { emails, type EmailRow } from '../schema/emails.ts';
import { addressChecks, emailDomainChecks } from '../schema/verification.ts';

export class SqlDomainCheckCache implements DomainCheckCache {
  constructor(private readonly db: Db) {}

  async get(domain: string) {
    const [row] = await this.db.select().from(emailDomainChecks).where(eq(emailDomainChecks.domain, domain));
    return row && { verdict: row.verdict, reason: row.reason, checkedAt: row.checkedAt };
  }

  async put(domain: string, finding: Finding, checkedAt: Date) {
    const values = { verdict: finding.verdict, reason: finding.reason, checkedAt };
    await this.db.insert(emailDomainChecks).values({ domain, ...values }).onConflictDoUpdate({ target: emailDomainChecks.domain, set: values });
  }
}

export class SqlRecipientCheckRepo implements RecipientCheckRepo {
  constructor(private readonly db: Db) {}

  async recordAddress(address: string, check: CheckedRecipient) {
    const values = { verdict: check.verdict, reason: check.reason, checkedAt: check.checkedAt };
    await this.db.insert(addressChecks).values({ address, ...values }).onConflictDoUpdate({ target: addressChecks.address, set: values });
  }

  async forAddress(address: string) {
    const [row] = await this.db.select().from(addressChecks).where(eq(addressChecks.address, address));
    return row && { verdict: row.verdict, reason: row.reason, checkedAt: row.checkedAt };
  }

  async recordOnEmail(id: number, address: string, check: CheckedRecipient) {
    await this.db
      .update(emails)
      .set({ recipientVerdict: check.verdict, recipientReason: check.reason, recipientCheckedAt: check.checkedAt, riskAcceptedAt: null })
      .where(and(eq(emails.id, id), eq(emails.recipientEmail, address)));
  }

  async emails(ids: number[]) {
    const rows = await this.db
      .select({ id: emails.id, status: emails.status, recipientEmail: emails.recipientEmail, verdict: emails.recipientVerdict, reason: emails.recipientReason, checkedAt: emails.recipientCheckedAt, riskAcceptedAt: emails.riskAcceptedAt })
      .from(emails)
      .where(inArray(emails.id, ids));
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      recipientEmail: r.recipientEmail,
      check: r.verdict && r.checkedAt ? { verdict: r.verdict, reason: r.reason ?? '', checkedAt: r.checkedAt } : null,
      riskAccepted: r.riskAcceptedAt !== null,
    }));
  }

  async acceptRisk(ids: number[], at: Date) {
    await this.db.update(emails).set({ riskAcceptedAt: at }).where(and(inArray(emails.id, ids), isNotNull(emails.recipientVerdict)));
  }

  async holdAsDraft(id: number, note: string) {
    await this.db.update(emails).set({ status: 'DRAFT', lastError: note, sendingStartedAt: null, scheduledSendTime: null }).where(and(eq(emails.id, id), eq(emails.status, 'SENDING')));
  }
}

/** An email row's stored check as the API shows it. */
export function recipientCheckOf(e: Pick<EmailRow, 'recipientVerdict' | 'recipientReason' | 'recipientCheckedAt' | 'riskAcceptedAt'>): RecipientCheck {
  if (!e.recipientVerdict || !e.recipientCheckedAt) return null;
  return toApi({ verdict: e.recipientVerdict, reason: e.recipientReason ?? '', checkedAt: e.recipientCheckedAt }, e.riskAcceptedAt !== null);
}
