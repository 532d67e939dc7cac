// Politeness and the global rate, shared by every crawl of one crawler instance: a request
// waits until the host's delay since its previous request has passed AND the crawler-wide
// spacing (60 s / ratePerMinute) since the previous request anywhere. Slots are reserved
// synchronously, so concurrent crawls cannot both take the same one; and since a timer can
// fire late (a busy event loop), a request that wakes too close to the one actually sent
// before it waits the rest: the spacing holds between real sends, not only between slots.
export class Pacer {
  private readonly lastByHost = new Map<string, number>();
  private nextGlobal = 0;
  private lastSent = -Infinity;

  constructor(private readonly now: () => number = Date.now) {}

  /** Reserves the next slot for this host and resolves when it comes. */
  async wait(hostname: string, delayMs: number, ratePerMinute: number): Promise<void> {
    const spacing = ratePerMinute > 0 ? 60_000 / ratePerMinute : 0;
    const now = this.now();
    const last = this.lastByHost.get(hostname);
    const slot = Math.max(now, last === undefined ? now : last + delayMs, this.nextGlobal);
    this.lastByHost.set(hostname, slot);
    this.nextGlobal = slot + spacing;
    if (this.lastByHost.size > 10_000) this.forgetOld(now - 60_000);
    if (slot > now) await sleep(slot - now);
    for (let gap = this.lastSent + spacing - this.now(); gap > 0; gap = this.lastSent + spacing - this.now()) await sleep(gap);
    const sent = this.now();
    this.lastSent = sent;
    this.lastByHost.set(hostname, Math.max(sent, this.lastByHost.get(hostname) ?? sent));
  }

  private forgetOld(before: number): void {
    for (const [host, at] of this.lastByHost) if (at < before) this.lastByHost.delete(host);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
