// Counts failed sign-ins per account and per client address over a sliding window.
// Kept in memory: it guards one server process; a restart forgets old failures.
import { DomainError } from '../errors.ts';

export interface ThrottleLimits {
  windowMinutes: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
}

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws a rate_limited error when either the account or the address is locked out. */
  check(username: string, address: string | undefined): void {
    const blockedFor = Math.max(
      this.blockedSeconds(accountKey(username), this.limits.maxFailuresPerAccount),
      address ? this.blockedSeconds(addressKey(address), this.limits.maxFailuresPerAddress) : 0,
    );
    if (blockedFor > 0) {
      const minutes = Math.ceil(blockedFor / 60);
      throw new DomainError(
        'rate_limited',
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        blockedFor,
      );
    }
  }

  recordFailure(username: string, address: string | undefined): void {
    this.push(accountKey(username));
    if (address) this.push(addressKey(address));
  }

  /** A successful sign-in clears the account's failures (not the address's). */
  recordSuccess(username: string): void {
    this.failures.delete(accountKey(username));
  }

  private push(key: string): void {
    if (this.failures.size > 10_000) this.sweep();
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
  }

  /** Forget keys whose failures have all left the window, so memory stays bounded. */
  private sweep(): void {
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMinutes * 60_000;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  private blockedSeconds(key: string, max: number): number {
    const recent = this.recent(key);
    if (recent.length < max) return 0;
    // Locked until the oldest counted failure leaves the window.
    const unlockAt = recent[recent.length - max] + this.limits.windowMinutes * 60_000;
    return Math.max(1, Math.ceil((unlockAt - this.now()) / 1000));
  }
}

const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const addressKey = (address: string) => `addr:${address}`;
