// At most `perMinute` calls in any 60-second window, per key. A caller over the limit
// waits until the oldest call leaves the window. Counts calls of this process only.
import type { Clock } from './clock.ts';

const WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly calls = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  /** Resolves when a call may go ahead, and counts it. */
  async acquire(key: string, perMinute: number): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const recent = (this.calls.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
      if (recent.length < perMinute) {
        recent.push(now);
        this.calls.set(key, recent);
        return;
      }
      this.calls.set(key, recent);
      await this.clock.sleep(recent[recent.length - perMinute] + WINDOW_MS - now);
    }
  }
}
