// At most `limit` hits per key in each fixed window of `windowMs`: the public pages' per-address
// limit (a report page fetched in a loop). Counts this process's hits only; memory stays bounded
// because a full map is swept of the windows that have ended.
import type { Clock } from './clock.ts';

const MAX_KEYS = 10_000;

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(
    private readonly clock: Pick<Clock, 'now'>,
    private readonly limit: () => number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts a hit for `key`; false when the key is over its limit in the current window. */
  hit(key: string): boolean {
    const now = this.clock.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (!w && this.windows.size >= MAX_KEYS) this.sweep(now);
      w = { start: now, hits: 0 };
      this.windows.set(key, w);
    }
    w.hits++;
    return w.hits <= this.limit();
  }

  /** Seconds until `key`'s window ends (for Retry-After). */
  retryAfterSeconds(key: string): number {
    const w = this.windows.get(key);
    return w ? Math.max(1, Math.ceil((w.start + this.windowMs - this.clock.now()) / 1000)) : 1;
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
    // Still full (a flood of distinct addresses): start over rather than grow.
    if (this.windows.size >= MAX_KEYS) this.windows.clear();
  }
}
