// Politeness and the global rate, shared by every crawl of one crawler instance: a request
// waits until the host's delay since its previous request has passed AND no other request
// anywhere is reserved within the crawler-wide spacing (60 s / ratePerMinute) of it. Slots
// are reserved synchronously, so concurrent crawls cannot both take the same one; a request
// takes the earliest free slot, so a host waiting out its own delay holds no other host
// back (and with no crawler-wide cap, hosts never wait for each other). Since a timer can
// fire late (a busy event loop), a request that wakes too close to the one actually sent
// before it waits the rest: the spacing holds between real sends, not only between slots.
export class Pacer {
  private readonly lastByHost = new Map<string, number>();
  /** Slots reserved under the crawler-wide spacing that can still constrain a new one, ascending. */
  private reserved: number[] = [];
  private lastSent = -Infinity;

  constructor(private readonly now: () => number = Date.now) {}

  /** Reserves the next slot for this host and resolves when it comes. */
  async wait(hostname: string, delayMs: number, ratePerMinute: number): Promise<void> {
    const spacing = ratePerMinute > 0 ? 60_000 / ratePerMinute : 0;
    const now = this.now();
    const last = this.lastByHost.get(hostname);
    const ready = Math.max(now, last === undefined ? now : last + delayMs);
    const slot = spacing > 0 ? this.reserve(ready, spacing, now) : ready;
    this.lastByHost.set(hostname, slot);
    if (this.lastByHost.size > 10_000) this.forgetOld(now - 60_000);
    if (slot > now) await sleep(slot - now);
    for (let gap = this.lastSent + spacing - this.now(); gap > 0; gap = this.lastSent + spacing - this.now()) await sleep(gap);
    const sent = this.now();
    this.lastSent = sent;
    this.lastByHost.set(hostname, Math.max(sent, this.lastByHost.get(hostname) ?? sent));
  }

  /** The earliest time from `ready` at least `spacing` away from every slot already reserved; reserved now. */
  private reserve(ready: number, spacing: number, now: number): number {
    // A slot more than one spacing in the past cannot be within a spacing of a new one.
    this.reserved = this.reserved.filter((s) => s > now - spacing);
    let slot = ready;
    let at = 0;
    for (; at < this.reserved.length; at++) {
      const s = this.reserved[at];
      if (slot >= s + spacing) continue; // far enough after this one
      if (slot <= s - spacing) break; // fits in the gap before it
      slot = s + spacing; // too close: try just after it
    }
    this.reserved.splice(at, 0, slot);
    return slot;
  }

  private forgetOld(before: number): void {
    for (const [host, at] of this.lastByHost) if (at < before) this.lastByHost.delete(host);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
