// The one place that starts and stops the background loops: the pipeline worker, the
// schedule runner, the sender, the reply poller, the live hub and serve's audit process.
// `serve`, `worker` and a foreground run only choose which of them run; one stop() ends them
// all, the loops that feed others first (no new campaign, email or reply starts while the
// rest wind down).
import type { Context } from './app.ts';
import { ReplyPoller } from './core/replies/index.ts';
import type { PipelineWorker, WorkerOptions } from './core/pipeline/worker.ts';
import { Scheduler } from './core/schedules/scheduler.ts';
import { LiveHub } from './server/live-hub.ts';
import { AuditProcess, type AuditProcessOptions } from './audit-process.ts';
import { SendingDomainLoop } from './core/deliverability/daily.ts';

export interface LoopChoice {
  /** The pipeline worker, with its options. */
  worker?: Partial<WorkerOptions>;
  /** Campaigns fired by their cron schedules, and the sending domain's daily DNS check. */
  scheduler?: boolean;
  /** Due emails sent at the configured pace, inside the sending windows. */
  sender?: boolean;
  /** The IMAP mailbox polled for replies while imap_host is set. */
  replies?: boolean;
  /** Activity pushed to the dashboard's live channel. */
  live?: boolean;
  /** Audit jobs in a child `outreach worker --stages audit` (serve's, where Chromium runs). */
  auditProcess?: AuditProcessOptions;
}

export class Runtime {
  readonly worker?: PipelineWorker;
  readonly live?: LiveHub;
  private readonly scheduler?: Scheduler;
  private readonly domainCheck?: SendingDomainLoop;
  private readonly replyPoller?: ReplyPoller;
  private readonly auditProcess?: AuditProcess;
  private started = false;
  private stopping?: Promise<void>;
  /** Jobs the worker gave back to the queue unfinished when stop()'s grace ran out. */
  givenBack = 0;

  constructor(
    private readonly ctx: Context,
    private readonly choice: LoopChoice,
  ) {
    if (choice.worker) this.worker = ctx.worker(choice.worker);
    if (choice.scheduler) this.scheduler = new Scheduler(ctx.schedules);
    if (choice.scheduler) this.domainCheck = new SendingDomainLoop(ctx.sendingDomain, () => ctx.mailboxes.senders());
    if (choice.replies) this.replyPoller = new ReplyPoller(ctx.replies, ctx.config.defaults.email.imap.poll_seconds * 1000);
    if (choice.live) this.live = new LiveHub(ctx.activity);
    if (choice.auditProcess) this.auditProcess = new AuditProcess(choice.auditProcess);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.worker?.start();
    this.auditProcess?.start();
    await this.scheduler?.start();
    this.domainCheck?.start();
    this.replyPoller?.start();
    if (this.choice.sender) this.ctx.sendLoop.start();
    await this.live?.start();
  }

  /**
   * Stops every loop it started (the jobs and sends in hand finish first; with `graceMs`, the
   * pipeline jobs still running after it go back to the queue unfinished); safe to call twice.
   */
  stop(options: { graceMs?: number } = {}): Promise<void> {
    this.stopping ??= (async () => {
      if (!this.started) return;
      this.scheduler?.stop();
      await this.domainCheck?.stop();
      await this.replyPoller?.stop();
      if (this.choice.sender) await this.ctx.sendLoop.stop();
      const [givenBack] = await Promise.all([this.worker?.stop(options.graceMs), this.auditProcess?.stop()]);
      this.givenBack = givenBack ?? 0;
      this.live?.stop();
    })();
    return this.stopping;
  }
}
