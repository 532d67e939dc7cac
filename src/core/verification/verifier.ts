// THE recipient check: what the address shows (address-rules.ts), then whether its domain can
// receive mail (domain-check.ts), with the domain's answer cached for a while so a thousand
// drafts to one domain cost one DNS query.
import type { RecipientVerdict } from '../model/verification.ts';
import { addressFinding, parseAddress, type Finding } from './address-rules.ts';
import type { DomainFinding } from './domain-check.ts';

export interface CheckedRecipient {
  verdict: RecipientVerdict;
  reason: string;
  checkedAt: Date;
}

export interface DomainCheckCache {
  get(domain: string): Promise<(Finding & { checkedAt: Date }) | undefined>;
  put(domain: string, finding: Finding, checkedAt: Date): Promise<void>;
}

export interface VerifierDeps {
  /** The domain's answer (DNS, or the sandbox for its own domains). */
  checkDomain(domain: string): Promise<DomainFinding>;
  cache: DomainCheckCache;
  /** How long a domain's answer is trusted (config email.verification.domain_cache_hours). */
  ttlMs: number;
  /** Whether a domain is a known throwaway-mail domain. */
  isDisposable(domain: string): Promise<boolean>;
  now(): Date;
}

const RANK: Record<RecipientVerdict, number> = { valid: 0, risky: 1, invalid: 2 };

export class RecipientVerifier {
  constructor(private readonly d: VerifierDeps) {}

  async verify(address: string): Promise<CheckedRecipient> {
    const parsed = parseAddress(address);
    const disposable = 'domain' in parsed && (await this.d.isDisposable(parsed.domain));
    const own = addressFinding(address, () => disposable);
    const checkedAt = this.d.now();
    if (own?.verdict === 'invalid' || !('domain' in parsed)) return { ...own!, checkedAt };
    const domain = await this.domain(parsed.domain);
    if (!own || RANK[domain.verdict] > RANK[own.verdict]) return { verdict: domain.verdict, reason: domain.reason, checkedAt };
    // Both risky: say both things.
    const reason = domain.verdict === 'risky' ? `${own.reason}; ${domain.reason}` : own.reason;
    return { verdict: own.verdict, reason, checkedAt };
  }

  private async domain(domain: string): Promise<Finding> {
    const cached = await this.d.cache.get(domain);
    if (cached && this.d.now().getTime() - cached.checkedAt.getTime() < this.d.ttlMs) return cached;
    const found = await this.d.checkDomain(domain);
    if (found.cacheable) await this.d.cache.put(domain, { verdict: found.verdict, reason: found.reason }, this.d.now());
    return found;
  }
}
