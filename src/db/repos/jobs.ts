import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ClaimFilter, Job, JobCounts, JobQueue, Stage } from '../../core/pipeline/jobs.ts';
import type { Db } from '../client.ts';
import { jobs, type JobRow } from '../schema/jobs.ts';

// 5 values a job (and the defaults drizzle adds): 100 jobs stay well under 999 bound parameters.
const JOBS_PER_INSERT = 100;

export class SqlJobQueue implements JobQueue {
  constructor(private readonly db: Db) {}

  async enqueue(list: Parameters<JobQueue['enqueue']>[0], maxAttempts: number): Promise<number> {
    let added = 0;
    // Lead jobs many to a statement (an imported list queues thousands at once); the unique index dedupes.
    const leadJobs = list.filter((job) => job.leadId !== null);
    for (let i = 0; i < leadJobs.length; i += JOBS_PER_INSERT) {
      const values = leadJobs.slice(i, i + JOBS_PER_INSERT).map((job) => ({ campaignId: job.campaignId, leadId: job.leadId, stage: job.stage, maxAttempts, payload: job.payload }));
      added += (await this.db.insert(jobs).values(values).onConflictDoNothing().returning({ id: jobs.id })).length;
    }
    for (const job of list) {
      if (job.leadId !== null) continue;
      // NULL lead ids are distinct to the unique index: check for a live campaign-level job ourselves.
      const result = await this.db.run(sql`
        INSERT INTO jobs (campaign_id, lead_id, stage, status, attempts, max_attempts, run_after, payload, created_at, updated_at)
        SELECT ${job.campaignId}, NULL, ${job.stage}, 'queued', 0, ${maxAttempts}, ${Date.now()}, ${JSON.stringify(job.payload ?? null)}, ${Date.now()}, ${Date.now()}
        WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE campaign_id = ${job.campaignId} AND lead_id IS NULL AND stage = ${job.stage} AND status IN ('queued', 'running'))`);
      added += result.rowsAffected;
    }
    return added;
  }

  async requeue(campaignId: number, stage: Stage, leadIds?: number[]): Promise<number> {
    const result = await this.db
      .update(jobs)
      .set({ status: 'queued', attempts: 0, runAfter: new Date(), leaseOwner: null, leaseExpiresAt: null, lastError: null })
      .where(
        and(
          eq(jobs.campaignId, campaignId),
          eq(jobs.stage, stage),
          inArray(jobs.status, ['done', 'failed', 'dlq']),
          leadIds ? inArray(jobs.leadId, leadIds) : undefined,
        ),
      );
    return result.rowsAffected;
  }

  async claim(workerId: string, leaseMs: number, now = new Date(), { campaignId, stages }: ClaimFilter = {}): Promise<Job | undefined> {
    const t = now.getTime();
    if (stages?.length === 0) return undefined;
    // One statement: SQLite runs it atomically, so two workers can never claim the same row.
    const result = await this.db.all<JobRow & Record<string, unknown>>(sql`
      UPDATE jobs SET status = 'running', lease_owner = ${workerId}, lease_expires_at = ${t + leaseMs},
        attempts = attempts + 1, updated_at = ${t}
      WHERE id = (
        SELECT j.id FROM jobs j JOIN campaigns c ON c.id = j.campaign_id
        WHERE c.status = 'RUNNING' ${campaignId === undefined ? sql`` : sql`AND j.campaign_id = ${campaignId}`}
          ${stages === undefined ? sql`` : sql`AND j.stage IN (${sql.join(stages.map((stage) => sql`${stage}`), sql`, `)})`}
          AND ((j.status = 'queued' AND j.run_after <= ${t}) OR (j.status = 'running' AND j.lease_expires_at < ${t}))
        ORDER BY j.id LIMIT 1)
      RETURNING id, campaign_id, lead_id, stage, attempts, payload`);
    const row = result[0] as unknown as { id: number; campaign_id: number; lead_id: number | null; stage: Stage; attempts: number; payload: string | null } | undefined;
    if (!row) return undefined;
    return { id: row.id, campaignId: row.campaign_id, leadId: row.lead_id, stage: row.stage, attempts: row.attempts, payload: row.payload ? JSON.parse(row.payload) : null };
  }

  async extend(job: Job, workerId: string, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .update(jobs)
      .set({ leaseExpiresAt: new Date(Date.now() + leaseMs) })
      .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, workerId), eq(jobs.status, 'running')));
    return result.rowsAffected > 0;
  }

  async complete(job: Job, workerId: string): Promise<boolean> {
    const result = await this.db
      .update(jobs)
      // last_error stays: a job that succeeded on a retry still tells what went wrong first.
      .set({ status: 'done', leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, workerId)));
    return result.rowsAffected > 0;
  }

  async held(campaignId: number, now = new Date()) {
    const rows = await this.db
      .select({ owner: jobs.leaseOwner, n: sql<number>`count(*)`, expires: sql<number>`max(${jobs.leaseExpiresAt})` })
      .from(jobs)
      .where(and(eq(jobs.campaignId, campaignId), eq(jobs.status, 'running'), gte(jobs.leaseExpiresAt, now)))
      .groupBy(jobs.leaseOwner);
    return rows.filter((r) => r.owner !== null).map((r) => ({ owner: r.owner!, jobs: Number(r.n), expiresAt: new Date(Number(r.expires)) }));
  }

  async release(campaignId: number, owner: string) {
    // The attempt it was on still counts: a job that kills its worker every time ends in the dead-letter queue.
    const result = await this.db
      .update(jobs)
      .set({ status: 'queued', leaseOwner: null, leaseExpiresAt: null, runAfter: new Date() })
      .where(and(eq(jobs.campaignId, campaignId), eq(jobs.leaseOwner, owner), eq(jobs.status, 'running')));
    return result.rowsAffected;
  }

  async giveBack(job: Job, workerId: string): Promise<boolean> {
    const result = await this.db
      .update(jobs)
      .set({ status: 'queued', leaseOwner: null, leaseExpiresAt: null, runAfter: new Date(), attempts: sql`max(${jobs.attempts} - 1, 0)` })
      .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, workerId), eq(jobs.status, 'running')));
    return result.rowsAffected > 0;
  }

  async retryLater(job: Job, workerId: string, error: string, runAfter: Date): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'queued', leaseOwner: null, leaseExpiresAt: null, lastError: error, runAfter })
      .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, workerId)));
  }

  async giveUp(job: Job, workerId: string, error: string, status: 'dlq' | 'failed'): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status, leaseOwner: null, leaseExpiresAt: null, lastError: error })
      .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, workerId)));
  }

  async counts(campaignId: number): Promise<JobCounts> {
    const rows = await this.db
      .select({ status: jobs.status, n: sql<number>`count(*)` })
      .from(jobs)
      .where(eq(jobs.campaignId, campaignId))
      .groupBy(jobs.status);
    const counts: JobCounts = { queued: 0, running: 0, done: 0, failed: 0, dlq: 0 };
    for (const r of rows) counts[r.status] = Number(r.n);
    return counts;
  }

  async hasLiveJobs(campaignId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.campaignId, campaignId), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    return Boolean(row);
  }

  async clear(campaignId: number): Promise<void> {
    await this.db.delete(jobs).where(eq(jobs.campaignId, campaignId));
  }
}

