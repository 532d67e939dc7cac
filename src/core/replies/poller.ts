// The reply clock of `outreach serve`: a poll of the IMAP mailbox every few minutes. The
// settings are read on every round, so setting imap_host in the dashboard turns it on
// without a restart; while it is unset a round is one settings read. Rounds never overlap.
import type { ReplyService } from './service.ts';

export class ReplyPoller {
  private timer?: NodeJS.Timeout;
  private current?: Promise<void>;
  private stopped = false;
  private readonly abort = new AbortController();
  private lastError?: string;

  constructor(
    private readonly replies: ReplyService,
    private readonly intervalMs: number,
    private readonly log: Pick<Console, 'log' | 'error'> = console,
  ) {}

  start(): void {
    this.round();
  }

  /** Stops the clock and lets a running round finish its current message. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.current;
  }

  private round(): void {
    this.current = this.replies
      .poll({ signal: this.abort.signal })
      .then((r) => {
        this.lastError = undefined;
        if (r.replies + r.auto_replies + r.unsubscribes + r.complaints > 0) {
          this.log.log(`[replies] ${r.replies} new replies, ${r.auto_replies} automatic replies, ${r.unsubscribes} unsubscribe requests, ${r.complaints} spam complaints`);
        }
      })
      .catch((error: unknown) => {
        // A server that stays down is reported once, not every round.
        const message = error instanceof Error ? error.message : String(error);
        if (message !== this.lastError) this.log.error(`[replies] ${message}`);
        this.lastError = message;
      })
      .finally(() => {
        if (!this.stopped) this.timer = setTimeout(() => this.round(), this.intervalMs);
      });
  }
}
