// The sending loop `outreach serve` runs: settles interrupted sends, then sends what is
// due — emails operators released or scheduled when their time comes, in turn; live
// campaigns' unscheduled emails only inside their recipient's sending window (on the
// recipient's clock), one at a time and spread
// out (see pacing.ts) — keeping under target_emails_per_day over a rolling 24 hours.
// When the sender stops (sending off, quota, provider down) it backs off instead of
// hammering, until woken by an operator's action.
import type { EventSink } from '../events.ts';
import type { Clock } from '../resilience/clock.ts';
import { livePaceMs } from './pacing.ts';
import type { EmailSender, SendOutcome } from './sender.ts';

export interface SendLoopDeps {
  sender: EmailSender;
  /** Where "sending is held up, and why" is reported (once per new reason). */
  events: EventSink;
  targetPerDay: () => Promise<number>;
  sentSince: (since: Date) => Promise<number>;
  /** Live-campaign emails waiting (QUEUED with no scheduled time). */
  liveWaiting: () => Promise<number>;
  /** email_send_delay: the shortest gap between two live sends, in seconds. */
  sendDelaySeconds: () => Promise<number>;
  /** Work each turn does before sending: the follow-ups that have fallen due are written (src/core/sequences). */
  prepare?: () => Promise<unknown>;
  clock: Clock;
  pollMs: number;
  maxBackoffMs: number;
  onOutcome?: (outcome: SendOutcome) => void;
  onError?: (error: unknown) => void;
}

const DAY_MS = 24 * 3600_000;

export class SendLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private backoffMs = 0;
  private started = false;
  private heldBecause = '';
  /** The next live (unscheduled) email may go at this time, in ms. */
  private nextLiveAt = 0;
  private readonly abort = new AbortController();

  constructor(private readonly d: SendLoopDeps) {}

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Work is due now: run at once (after the current pass), forgetting any backoff. */
  wake(): void {
    if (!this.started || this.abort.signal.aborted) return;
    this.backoffMs = 0;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass; exposed so the CLI and tests can drive the loop step by step. */
  async tick(): Promise<SendOutcome[]> {
    await this.d.sender.reconcile();
    // A follow-up that cannot be written now (the AI provider is down) waits for a later turn;
    // it never holds up what is already queued.
    await this.d.prepare?.().catch((error: unknown) => this.d.onError?.(error));
    const now = new Date(this.d.clock.now());
    const target = await this.d.targetPerDay();
    const budget = target - (await this.d.sentSince(new Date(now.getTime() - DAY_MS)));
    if (budget <= 0) return [];
    const send = (limit: number, unscheduled: boolean) =>
      this.d.sender.sendDue({ limit, unscheduled, signal: this.abort.signal, onOutcome: this.d.onOutcome });

    // What operators released or scheduled goes now, in turn.
    const outcomes = await send(budget, false);
    const held = outcomes.some((o) => o.result === 'deferred' || (o.result === 'failed' && o.uncertain));
    const left = budget - outcomes.filter((o) => o.result === 'sent').length;
    // Live campaigns' emails: one per turn, to a recipient whose window is open, spread out.
    const open = !held && left > 0 && now.getTime() >= this.nextLiveAt ? await this.d.sender.openNow(now) : undefined;
    if (open && (open.unknown || open.zones.length > 0)) {
      const live = await send(1, true);
      outcomes.push(...live);
      if (live.some((o) => o.result === 'sent')) {
        const pace = livePaceMs({
          now,
          windowEnd: open.closesAt,
          waiting: await this.d.liveWaiting(),
          budgetLeft: left - 1,
          targetPerDay: target,
          minGapMs: (await this.d.sendDelaySeconds()) * 1000,
        });
        this.nextLiveAt = now.getTime() + pace;
      }
    }
    await this.reportHold(outcomes);
    return outcomes;
  }

  /** Tells operators once (not every pass) when queued emails wait on something they must fix. */
  private async reportHold(outcomes: SendOutcome[]): Promise<void> {
    const held = outcomes.find((o) => o.result === 'deferred');
    const reason = held?.result === 'deferred' ? held.reason : '';
    if (reason && reason !== this.heldBecause) {
      await this.d.events.emit({ activityType: 'sending', status: 'warning', message: `Queued emails are waiting: ${reason}` });
    }
    if (outcomes.some((o) => o.result === 'sent') || reason) this.heldBecause = reason;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
    this.timer.unref?.();
  }

  private async run(): Promise<void> {
    if (this.running || this.abort.signal.aborted) return;
    let stopped = false;
    this.running = (async () => {
      try {
        const outcomes = await this.tick();
        stopped = outcomes.some((o) => o.result === 'deferred' || (o.result === 'failed' && o.uncertain));
      } catch (error) {
        stopped = true;
        this.d.onError?.(error);
      }
    })();
    await this.running;
    this.running = undefined;
    if (this.abort.signal.aborted) return;
    if (this.again) {
      this.again = false;
      return this.schedule(0);
    }
    this.backoffMs = stopped ? Math.min(this.d.maxBackoffMs, Math.max(this.d.pollMs, this.backoffMs * 2)) : 0;
    this.schedule(this.backoffMs || this.d.pollMs);
  }
}
