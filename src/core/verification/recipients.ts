// Recipient checks where emails are made, approved and sent: the one place that decides
// that an invalid address is never sent to and a risky one only after an operator accepted
// the risk. The verifier says what an address is; this stores it and applies the rule.
import { conflict } from '../errors.ts';
import { plural } from '../plural.ts';
import type { RecipientCheck } from '../model/verification.ts';
import type { CheckedRecipient, RecipientVerifier } from './verifier.ts';

export interface EmailRecipient {
  id: number;
  status: string;
  recipientEmail: string;
  check: CheckedRecipient | null;
  riskAccepted: boolean;
}

export interface RecipientCheckRepo {
  /** Stores an address's latest check (the lead's contact shows it). */
  recordAddress(address: string, check: CheckedRecipient): Promise<void>;
  forAddress(address: string): Promise<CheckedRecipient | undefined>;
  /** Stores the check on an email, if its recipient is still `address` (an edit may have changed it). */
  recordOnEmail(id: number, address: string, check: CheckedRecipient): Promise<void>;
  emails(ids: number[]): Promise<EmailRecipient[]>;
  acceptRisk(ids: number[], at: Date): Promise<void>;
  /** SENDING → DRAFT with a note: back to a human, nothing was transmitted. */
  holdAsDraft(id: number, note: string): Promise<void>;
}

/** What the sender must do with a claimed email: null sends it. */
export type RecipientBlock = { hold: string } | null;

const MAX_NAMED = 5;
/** Distinct domains checked at once when many unchecked drafts are approved together. */
const PARALLEL = 8;

export class RecipientChecks {
  constructor(
    private readonly verifier: RecipientVerifier,
    private readonly repo: RecipientCheckRepo,
    private readonly now: () => Date,
    /** A draft's check older than this is made again when it is approved (the domain cache's TTL). */
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
  ) {}

  /** Checks an address and remembers the answer for its lead. */
  async check(address: string): Promise<CheckedRecipient> {
    const checked = await this.verifier.verify(address);
    await this.repo.recordAddress(address.trim().toLowerCase(), checked);
    return checked;
  }

  /** Checks an email's (new) recipient and stores the answer on it. */
  async checkEmail(id: number, address: string): Promise<CheckedRecipient> {
    const checked = await this.check(address);
    await this.repo.recordOnEmail(id, address, checked);
    return checked;
  }

  async forAddress(address: string | null): Promise<RecipientCheck> {
    if (!address) return null;
    const found = await this.repo.forAddress(address.trim().toLowerCase());
    return found ? toApi(found, false) : null;
  }

  /**
   * Before drafts are approved: refuses invalid recipients, and risky ones unless the operator
   * confirmed (then the acceptance is recorded, so the sender lets them through).
   */
  async approve(ids: number[], confirmRisky: boolean): Promise<void> {
    const rows = await this.checked((await this.repo.emails(ids)).filter((r) => r.status === 'DRAFT'), this.maxAgeMs);
    const invalid = rows.filter((r) => r.check.verdict === 'invalid');
    if (invalid.length) {
      throw conflict(`${plural(invalid.length, 'draft goes', 'drafts go')} to an address that cannot receive mail, so nothing was approved: ${named(invalid)}. Change the recipient or delete the draft.`);
    }
    const risky = rows.filter((r) => r.check.verdict === 'risky' && !r.riskAccepted);
    if (risky.length && !confirmRisky) {
      throw conflict(`${plural(risky.length, 'draft goes', 'drafts go')} to a risky address, so nothing was approved: ${named(risky)}. Confirm to send to risky addresses (API: confirm_risky: true; CLI: --allow-risky).`);
    }
    if (risky.length) await this.repo.acceptRisk(risky.map((r) => r.id), this.now());
  }

  /** The sender's check on a claimed email; unchecked ones (hand-written, older rows) are checked now. */
  async block(id: number): Promise<RecipientBlock> {
    const [row] = await this.checked(await this.repo.emails([id]));
    if (!row) return null;
    const { verdict, reason } = row.check;
    if (verdict === 'invalid') return { hold: `Not sent: ${row.recipientEmail} cannot receive mail (${reason}). Change the recipient or delete the draft.` };
    if (verdict === 'risky' && !row.riskAccepted) return { hold: `Not sent: ${row.recipientEmail} is risky (${reason}); approve it again confirming the risk to send it.` };
    return null;
  }

  holdAsDraft(id: number, note: string): Promise<void> {
    return this.repo.holdAsDraft(id, note);
  }

  /** The rows with a check each: missing ones (or ones older than `maxAgeMs`) are made now and stored. */
  private async checked(rows: EmailRecipient[], maxAgeMs = Number.POSITIVE_INFINITY): Promise<(EmailRecipient & { check: CheckedRecipient })[]> {
    const now = this.now().getTime();
    const todo = rows.filter((r) => !r.check || now - r.check.checkedAt.getTime() > maxAgeMs);
    for (let i = 0; i < todo.length; i += PARALLEL) {
      await Promise.all(
        todo.slice(i, i + PARALLEL).map(async (r) => {
          r.check = await this.checkEmail(r.id, r.recipientEmail);
          r.riskAccepted = false; // a new check asks again
        }),
      );
    }
    return rows as (EmailRecipient & { check: CheckedRecipient })[];
  }
}

export function toApi(check: CheckedRecipient, riskAccepted: boolean): NonNullable<RecipientCheck> {
  return { verdict: check.verdict, reason: check.reason, checked_at: check.checkedAt.toISOString(), risk_accepted: riskAccepted };
}

function named(rows: (EmailRecipient & { check: CheckedRecipient })[]): string {
  const shown = rows.slice(0, MAX_NAMED).map((r) => `#${r.id} ${r.recipientEmail} (${r.check.reason})`);
  return shown.join('; ') + (rows.length > MAX_NAMED ? ` and ${rows.length - MAX_NAMED} more` : '');
}
