// Durable pipeline work. One job per (campaign, lead, stage); workers claim a job with a
// lease in one statement, so two workers never hold the same job, and a crashed worker's
// job is claimed again once its lease runs out.
//
// Stages: 'search' (one per campaign run: find businesses, create leads), 'analyze' (per
// lead: crawl, technical facts, contacts, AI profile — one unit, because the crawled pages
// are large and only needed there), 'audit' (per lead the campaign will write to: measure the
// site in a real browser, src/core/pipeline/stages/audit.ts) and 'draft' (write the email).
export const STAGES = ['search', 'analyze', 'audit', 'draft'] as const;
export type Stage = (typeof STAGES)[number];

/** Which jobs a worker takes: of one campaign only, of some stages only. */
export interface ClaimFilter {
  campaignId?: number;
  stages?: readonly Stage[];
}

export interface Job {
  id: number;
  campaignId: number;
  leadId: number | null;
  stage: Stage;
  attempts: number;
  payload: Record<string, unknown> | null;
}

export interface JobCounts {
  queued: number;
  running: number;
  done: number;
  failed: number;
  dlq: number;
}

/** Jobs of a campaign that one worker holds under a lease that has not run out. */
export interface HeldLease {
  owner: string;
  jobs: number;
  /** When the last of them runs out, unless the holder renews it. */
  expiresAt: Date;
}

export interface JobQueue {
  /** Adds jobs that are not there yet; returns how many were added. */
  enqueue(jobs: { campaignId: number; leadId: number | null; stage: Stage; payload?: Record<string, unknown> }[], maxAttempts: number): Promise<number>;
  /** Puts finished, failed or dead-lettered jobs of these stages back in the queue. */
  requeue(campaignId: number, stage: Stage, leadIds?: number[]): Promise<number>;
  /** The oldest runnable job of a RUNNING campaign (or one whose lease expired), leased to `workerId`; optionally of one campaign or some stages only. */
  claim(workerId: string, leaseMs: number, now?: Date, filter?: ClaimFilter): Promise<Job | undefined>;
  /** Keeps a lease alive while a long job runs; false when the lease was lost. */
  extend(job: Job, workerId: string, leaseMs: number): Promise<boolean>;
  complete(job: Job, workerId: string): Promise<boolean>;
  /** The leases on a campaign's running jobs that have not run out, one entry per holder. */
  held(campaignId: number, now?: Date): Promise<HeldLease[]>;
  /** Puts the running jobs of one holder back in the queue at once (the holder is gone); returns how many. */
  release(campaignId: number, owner: string): Promise<number>;
  /** A job its holder stopped before it finished (Ctrl-C on a foreground run): queued again at once, the attempt not counted; false when the lease was already lost. */
  giveBack(job: Job, workerId: string): Promise<boolean>;
  retryLater(job: Job, workerId: string, error: string, runAfter: Date): Promise<void>;
  giveUp(job: Job, workerId: string, error: string, status: 'dlq' | 'failed'): Promise<void>;
  counts(campaignId: number): Promise<JobCounts>;
  /** Whether any job of the campaign is queued or running. */
  hasLiveJobs(campaignId: number): Promise<boolean>;
  /** Removes every job of the campaign (before a fresh run). */
  clear(campaignId: number): Promise<void>;
}
