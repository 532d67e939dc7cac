// Runs pipeline jobs: claims one with a lease, runs its stage, then completes it, retries
// it later (backoff) or dead-letters it with the error kept on the lead. Several workers,
// in this process or others, can share one database.
import { advanceLead } from '../leads/lifecycle.ts';
import { backoffMs } from '../resilience/backoff.ts';
import { afterFailure } from '../resilience/dead-letter.ts';
import type { PipelineDeps } from './deps.ts';
import { STAGES as ALL_STAGES, type Job, type Stage } from './jobs.ts';
import { newWorkerId } from './worker-id.ts';

// Loaded with the first job: the analyser (cheerio, Wappalyzer rules) and the writers stay out
// of processes that never run a job (`outreach campaign list`, `leads show`, ...).
const STAGES: Record<Stage, () => Promise<(job: Job, deps: PipelineDeps) => Promise<void>>> = {
  search: async () => (await import('./stages/search.ts')).runSearch,
  analyze: async () => (await import('./stages/analyze.ts')).runAnalyze,
  audit: async () => (await import('./stages/audit.ts')).runAudit,
  draft: async () => (await import('./stages/draft.ts')).runDraft,
};

export interface WorkerOptions {
  concurrency: number;
  /** A job held longer than this by a silent worker is given to another. */
  leaseMs: number;
  /** How often an idle worker looks for work. */
  pollMs: number;
  id?: string;
  /** Work for this campaign only (a foreground `outreach run`). */
  campaignId?: number;
  /** Jobs of these stages only (`outreach worker --stages audit` on a host with Chromium). */
  stages?: readonly Stage[];
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** SQLite's "database is locked": another process held the write lock longer than the client waits. */
const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown } | null)?.code ?? ''));

/** Runs `write`, again after a pause while the database stays busy (a few times, then its error stands). */
async function whileBusy<T>(write: () => Promise<T>, pauses = [1_000, 2_000, 4_000, 8_000]): Promise<T> {
  for (const pause of pauses) {
    try {
      return await write();
    } catch (error) {
      if (!isBusy(error)) throw error;
      await new Promise((r) => setTimeout(r, pause));
    }
  }
  return write();
}

export class PipelineWorker {
  readonly id: string;
  private running = false;
  private loops: Promise<void>[] = [];
  /** How to wake each loop that is waiting for work. */
  private readonly idle = new Set<() => void>();
  /** Jobs this worker's loops hold, per campaign. */
  private readonly inHand = new Map<number, number>();
  /** The job each loop runs now, by lease owner, with the timer that renews its lease. */
  private readonly current = new Map<string, { job: Job; heartbeat: ReturnType<typeof setInterval> }>();
  /** Jobs given back to the queue while their stage still ran: what the stage does next is not recorded. */
  private readonly givenBack = new Set<number>();
  /** Set once stop()'s grace has run out: a job claimed after that goes straight back. */
  private givingBack = false;
  /**
   * Whether a loop here holds (or is claiming) an audit job. Audits run one at a time per host
   * (Lighthouse's authors: parallel runs skew each other's numbers), so while one runs the other
   * loops take other stages and the next audit is left to workers on other hosts.
   */
  private auditing = false;

  constructor(
    private readonly deps: PipelineDeps,
    private readonly options: WorkerOptions,
  ) {
    this.id = options.id ?? newWorkerId();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loops = Array.from({ length: this.options.concurrency }, (_, i) => this.loop(`${this.id}#${i}`));
  }

  /** The jobs this worker's loops are running now. */
  jobsInHand(): Job[] {
    return [...this.current.values()].map((c) => c.job);
  }

  /**
   * Stops taking jobs and finishes those in hand. With `graceMs`, the jobs still running after
   * it are given back to the queue (their attempt not counted) and no longer waited for: a
   * resume, here or in another process, takes them at once. Says how many were given back.
   */
  async stop(graceMs?: number): Promise<number> {
    this.running = false;
    for (const wake of this.idle) wake();
    const loops = Promise.all(this.loops);
    if (graceMs === undefined) {
      await loops;
      return 0;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finished = await Promise.race([loops.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))]);
    clearTimeout(timer);
    if (finished) return 0;
    // The loops still in a stage end on their own when it returns; nobody waits for them.
    this.loops = [];
    this.givingBack = true;
    let given = 0;
    for (const [owner, { job, heartbeat }] of this.current) {
      clearInterval(heartbeat);
      this.givenBack.add(job.id);
      if (await whileBusy(() => this.deps.queue.giveBack(job, owner))) given++;
    }
    return given;
  }

  /** Runs one job if there is one; says whether it did (used by tests and the loop). */
  async runOnce(leaseOwner = this.id): Promise<boolean> {
    const job = await this.claim(leaseOwner);
    if (!job) return false;
    if (this.givingBack) {
      await this.deps.queue.giveBack(job, leaseOwner);
      this.settled(job);
      return false;
    }
    this.inHand.set(job.campaignId, (this.inHand.get(job.campaignId) ?? 0) + 1);
    let othersInHand = true;
    // Renew the lease while the stage runs, so a short lease only expires for a worker that died.
    const heartbeat = setInterval(() => void this.deps.queue.extend(job, leaseOwner, this.options.leaseMs).catch(() => undefined), this.options.leaseMs / 3);
    this.current.set(leaseOwner, { job, heartbeat });
    try {
      await (await STAGES[job.stage]())(job, this.deps);
      // The outcome is kept even when other processes hold the database past its wait: with the
      // heartbeat still running, the job is neither left to a lease's end nor run by another worker.
      if (!this.givenBack.has(job.id)) await whileBusy(() => this.deps.queue.complete(job, leaseOwner));
    } catch (error) {
      if (!this.givenBack.has(job.id)) await whileBusy(() => this.failed(job, leaseOwner, error));
    } finally {
      clearInterval(heartbeat);
      this.current.delete(leaseOwner);
      this.settled(job);
      othersInHand = this.letGo(job.campaignId);
    }
    if (this.givenBack.delete(job.id)) return true;
    // While another loop here still holds a job of the campaign, it is not done (that job is
    // live): the loop that lets go of the campaign's last job here asks.
    if (!othersInHand) await this.deps.campaignService.completeIfDone(job.campaignId);
    return true;
  }

  /** Claims a job of the stages this worker takes, an audit only while no other loop here runs one. */
  private async claim(leaseOwner: string): Promise<Job | undefined> {
    const wanted = this.options.stages ?? ALL_STAGES;
    // Taken before the claim's await, so two loops never both claim an audit.
    const mayAudit = wanted.includes('audit') && !this.auditing;
    if (mayAudit) this.auditing = true;
    const stages = mayAudit ? wanted : wanted.filter((stage) => stage !== 'audit');
    let job: Job | undefined;
    try {
      job = await this.deps.queue.claim(leaseOwner, this.options.leaseMs, new Date(), {
        campaignId: this.options.campaignId,
        stages: stages.length === ALL_STAGES.length ? undefined : stages,
      });
    } finally {
      if (mayAudit && job?.stage !== 'audit') this.auditing = false;
    }
    return job;
  }

  /** A claimed job is over for this loop (finished, failed or given back). */
  private settled(job: Job): void {
    if (job.stage === 'audit') this.auditing = false;
  }

  /** This loop's job of the campaign is over; says whether other loops here still hold one. */
  private letGo(campaignId: number): boolean {
    const left = (this.inHand.get(campaignId) ?? 1) - 1;
    if (left > 0) this.inHand.set(campaignId, left);
    else this.inHand.delete(campaignId);
    return left > 0;
  }

  private async loop(leaseOwner: string): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.runOnce(leaseOwner);
      } catch (error) {
        // The database itself failed (locked, gone): wait and try again rather than die.
        console.error(`[worker] ${describe(error)}`);
      }
      if (worked) {
        // A job done may have queued more (a search its analyses, an analysis its draft): one
        // waiting loop looks now rather than at its next poll, and wakes the next if it finds some.
        this.idle.values().next().value?.();
      } else if (this.running) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.idle.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, this.options.pollMs);
          this.idle.add(wake);
        });
      }
    }
  }

  private async failed(job: Job, leaseOwner: string, error: unknown): Promise<void> {
    const config = await this.deps.system.get();
    const outcome = afterFailure(job.attempts, error, config);
    const message = describe(error);
    if (outcome.action === 'retry') {
      const wait = backoffMs(job.attempts, { initialSeconds: config.retry_initial_delay, maxSeconds: config.retry_max_delay, base: config.retry_exponential_base }, Math.random);
      await this.deps.queue.retryLater(job, leaseOwner, message, new Date(Date.now() + wait));
      return;
    }
    await this.deps.queue.giveUp(job, leaseOwner, message, outcome.action === 'dead_letter' ? 'dlq' : 'failed');
    if (job.stage === 'audit') {
      // An audit is evidence on top of a finished analysis: its lead is not failed, it is drafted without one.
      await (await import('./stages/audit.ts')).auditGaveUp(job, this.deps, message);
    } else if (job.leadId !== null) {
      await this.deps.store.markFailed(job.leadId, `${job.stage} failed: ${message}`);
      await advanceLead(this.deps.leadStatus, job.leadId, 'analysis_failed');
    }
    await this.deps.events.emit({
      campaignId: job.campaignId,
      leadId: job.leadId,
      activityType: 'error',
      status: 'error',
      message: `${job.stage} ${job.leadId === null ? 'of the campaign' : `of lead ${job.leadId}`} failed after ${job.attempts} attempt${job.attempts === 1 ? '' : 's'}: ${message}`,
    });
    // Without its search a campaign has nothing to work on.
    if (job.stage === 'search') {
      await this.deps.campaignService.fail(job.campaignId, message);
    }
  }
}
