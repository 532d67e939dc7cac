// Counts failed sign-ins per account and per client address over a sliding window.
// Kept in memory: it guards one server process; a restart forgets old failures.
//
// - An account with too many failures (from anywhere) is locked until the window lets them go:
//   nobody guesses one password more than `maxFailuresPerAccount` times per window.
// - An address with too many failures (across accounts: password spraying) is slowed down, not
//   locked: each further attempt from it must wait a delay that doubles with every further
//   failure, up to `addressDelayMaxSeconds`. Attempts inside the delay are refused without
//   checking the password (no answer tells a correct guess from a wrong one). The slot is
//   reserved when an attempt is let through, so parallel requests cannot share it.
// Failures at one address never hold back another address: with the right client address
// (OUTREACH_TRUSTED_PROXIES behind a proxy), an attacker slows only himself.
import { DomainError } from '../errors.ts';

export interface ThrottleLimits {
  windowMinutes: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  /** The wait after the address reached its limit; it doubles with each further failure. */
  addressDelayBaseSeconds: number;
  addressDelayMaxSeconds: number;
}

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  /** Addresses over their limit: when their next attempt may start. */
  private readonly nextAttempt = new Map<string, number>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Throws a rate_limited error when the account is locked or the address must still wait;
   * otherwise lets the attempt through (and, for a slowed address, takes its next slot).
   */
  check(username: string, address: string | undefined): void {
    const accountWait = this.accountLockedSeconds(accountKey(username));
    if (accountWait > 0) throw limited('Too many failed sign-in attempts.', accountWait);
    if (!address) return;
    const key = addressKey(address);
    const delay = this.addressDelayMs(key);
    if (delay === 0) return;
    const last = this.recent(key).at(-1) ?? 0;
    const allowedAt = Math.max(last + delay, this.nextAttempt.get(key) ?? 0);
    const now = this.now();
    if (now < allowedAt) {
      throw limited('Too many failed sign-in attempts from this network address.', Math.ceil((allowedAt - now) / 1000));
    }
    this.nextAttempt.set(key, now + delay);
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
      if (this.recent(key).length === 0) {
        this.failures.delete(key);
        this.nextAttempt.delete(key);
      }
    }
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMinutes * 60_000;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  private accountLockedSeconds(key: string): number {
    const max = this.limits.maxFailuresPerAccount;
    const recent = this.recent(key);
    if (recent.length < max) return 0;
    // Locked until the oldest counted failure leaves the window.
    const unlockAt = recent[recent.length - max] + this.limits.windowMinutes * 60_000;
    return Math.max(1, Math.ceil((unlockAt - this.now()) / 1000));
  }

  /** 0 below the address limit; then base, 2×base, 4×base, ... up to the maximum. */
  private addressDelayMs(key: string): number {
    const over = this.recent(key).length - this.limits.maxFailuresPerAddress;
    if (over < 0) return 0;
    const seconds = Math.min(this.limits.addressDelayMaxSeconds, this.limits.addressDelayBaseSeconds * 2 ** Math.min(over, 30));
    return seconds * 1000;
  }
}

function limited(reason: string, seconds: number): DomainError {
  const wait =
    seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return new DomainError('rate_limited', `${reason} Try again in ${wait}.`, Math.max(1, seconds));
}

const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const addressKey = (address: string) => `addr:${address}`;
