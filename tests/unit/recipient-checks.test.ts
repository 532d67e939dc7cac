import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/verification/address-rules.ts';
import { RecipientChecks, type EmailRecipient, type RecipientCheckRepo } from '../../src/core/verification/recipients.ts';
import { RecipientVerifier, type CheckedRecipient } from '../../src/core/verification/verifier.ts';

const HOUR = 3_600_000;

class MemoryChecks implements RecipientCheckRepo {
  readonly rows = new Map<number, EmailRecipient & { note?: string }>();
  readonly addresses = new Map<string, CheckedRecipient>();
  async recordAddress(address: string, check: CheckedRecipient) {
    this.addresses.set(address, check);
  }
  async forAddress(address: string) {
    return this.addresses.get(address);
  }
  async recordOnEmail(id: number, address: string, check: CheckedRecipient) {
    const row = this.rows.get(id);
    if (row && row.recipientEmail === address) Object.assign(row, { check, riskAccepted: false });
  }
  async emails(ids: number[]) {
    return ids.flatMap((id) => (this.rows.has(id) ? [{ ...this.rows.get(id)! }] : []));
  }
  async acceptRisk(ids: number[]) {
    for (const id of ids) this.rows.get(id)!.riskAccepted = true;
  }
  async holdAsDraft(id: number, note: string) {
    Object.assign(this.rows.get(id)!, { status: 'DRAFT', note });
  }
}

function setup(domains: Record<string, Finding>) {
  let now = new Date('2026-11-23T10:00:00Z');
  const asked: string[] = [];
  const verifier = new RecipientVerifier({
    checkDomain: async (domain) => (asked.push(domain), { ...(domains[domain] ?? { verdict: 'valid', reason: 'mail server found' }), cacheable: true }),
    cache: { get: async () => undefined, put: async () => {} },
    ttlMs: HOUR,
    isDisposable: async () => false,
    now: () => now,
  });
  const repo = new MemoryChecks();
  const checks = new RecipientChecks(verifier, repo, () => now, 24 * HOUR);
  return { checks, repo, asked, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('RecipientChecks', () => {
  it('records an accepted risk, and the sender lets that email through but holds an unaccepted one', async () => {
    const { checks, repo } = setup({ 'webonly.example': { verdict: 'risky', reason: 'no MX record' } });
    repo.rows.set(1, { id: 1, status: 'DRAFT', recipientEmail: 'a@webonly.example', check: null, riskAccepted: false });
    repo.rows.set(2, { id: 2, status: 'SENDING', recipientEmail: 'b@webonly.example', check: null, riskAccepted: false });
    await expect(checks.approve([1], false)).rejects.toThrow(/risky address.*#1 a@webonly.example \(no MX record\)/);
    await checks.approve([1], true);
    expect(repo.rows.get(1)).toMatchObject({ riskAccepted: true, check: { verdict: 'risky' } });
    expect(await checks.block(1)).toBeNull();
    expect(await checks.block(2)).toEqual({ hold: 'Not sent: b@webonly.example is risky (no MX record); approve it again confirming the risk to send it.' });
  });

  it('checks a draft again on approval once its check is older than the cache TTL, and asks again about the risk', async () => {
    const domains: Record<string, Finding> = {};
    const { checks, repo, asked, later } = setup(domains);
    repo.rows.set(1, { id: 1, status: 'DRAFT', recipientEmail: 'a@shop.example', check: null, riskAccepted: false });
    await checks.approve([1], false);
    expect(asked).toEqual(['shop.example']);
    await checks.approve([1], false); // fresh: not asked again
    expect(asked).toHaveLength(1);
    later(25 * HOUR);
    domains['shop.example'] = { verdict: 'invalid', reason: 'shop.example does not exist (NXDOMAIN)' };
    await expect(checks.approve([1], true)).rejects.toThrow('cannot receive mail');
    expect(asked).toHaveLength(2);
    expect(repo.rows.get(1)?.check).toMatchObject({ verdict: 'invalid' });
  });

  it('ignores emails that are no longer drafts when approving', async () => {
    const { checks, repo, asked } = setup({});
    repo.rows.set(1, { id: 1, status: 'SENT', recipientEmail: 'noreply@shop.example', check: null, riskAccepted: false });
    await expect(checks.approve([1], false)).resolves.toBeUndefined();
    expect(asked).toEqual([]);
  });
});
