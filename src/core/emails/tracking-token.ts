// Unguessable, signed references to one email, for the public tracking endpoints and the
// Message-ID. A token names the email and what it may do (open, click, unsubscribe); its
// HMAC makes every other value worthless, so ids cannot be enumerated or forged.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'open' | 'click' | 'unsubscribe';

const SIG_BYTES = 16;

export class TrackingTokens {
  constructor(private readonly key: Uint8Array) {}

  /** `<emailId base36>.<signature>`, URL-safe. */
  token(purpose: TokenPurpose, emailId: number): string {
    return `${emailId.toString(36)}.${this.sign(`${purpose}:${emailId}`)}`;
  }

  /** The email id the token was made for, or undefined when it is not ours. */
  verify(purpose: TokenPurpose, token: string): number | undefined {
    const match = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!match) return undefined;
    const id = parseInt(match[1], 36);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return this.equal(match[2], this.sign(`${purpose}:${id}`)) ? id : undefined;
  }

  /**
   * The lead's personal report page (purpose 'report') until `expiresAt`:
   * `<leadId base36>.<expiry in seconds base36>.<signature>`, URL-safe. The expiry is signed
   * with the id, so neither can be changed.
   */
  reportToken(leadId: number, expiresAt: Date): string {
    const expiry = Math.ceil(expiresAt.getTime() / 1000);
    return `${leadId.toString(36)}.${expiry.toString(36)}.${this.sign(`report:${leadId}:${expiry}`)}`;
  }

  /** The lead a report token was made for and whether it has expired at `now`; undefined when it is not ours. */
  verifyReport(token: string, now: Date): { leadId: number; expired: boolean } | undefined {
    const match = /^([0-9a-z]{1,11})\.([0-9a-z]{1,9})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!match) return undefined;
    const leadId = parseInt(match[1], 36);
    const expiry = parseInt(match[2], 36);
    if (!Number.isSafeInteger(leadId) || leadId <= 0 || !Number.isSafeInteger(expiry)) return undefined;
    // Canonical digits only: another spelling of the same numbers is not the token we made.
    if (leadId.toString(36) !== match[1] || expiry.toString(36) !== match[2]) return undefined;
    if (!this.equal(match[3], this.sign(`report:${leadId}:${expiry}`))) return undefined;
    return { leadId, expired: now.getTime() >= expiry * 1000 };
  }

  /** The mark that makes a report link the agency's own preview: shown the same, never counted as the lead's view. */
  reportPreview(token: string): string {
    return this.sign(`report-preview:${token}`);
  }

  isReportPreview(token: string, mark: string | undefined): boolean {
    return Boolean(mark) && this.equal(mark!, this.sign(`report-preview:${token}`));
  }

  /** The stable Message-ID of an email: the same on every attempt, and provably ours. */
  messageId(emailId: number, fromEmail: string): string {
    const domain = fromEmail.slice(fromEmail.lastIndexOf('@') + 1) || 'outreach.invalid';
    return `<outreach.${emailId}.${this.sign(`message:${emailId}`).slice(0, 12)}@${domain}>`;
  }

  /** The email a Message-ID (as found in In-Reply-To or References) belongs to. */
  emailIdFromMessageId(messageId: string): number | undefined {
    const match = /^<?outreach\.(\d{1,15})\.([A-Za-z0-9_-]{12})@[^>]+>?$/.exec(messageId.trim());
    if (!match) return undefined;
    const id = Number(match[1]);
    return this.equal(match[2], this.sign(`message:${id}`).slice(0, 12)) ? id : undefined;
  }

  private sign(value: string): string {
    return createHmac('sha256', this.key).update(value).digest().subarray(0, SIG_BYTES).toString('base64url');
  }

  private equal(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }
}
