// The worker's loops: a finished job wakes a waiting loop (new work does not sit until the
// next poll), stop() wakes every waiting loop, and the campaign is asked whether it is done
// once its last job here has finished. The stage is a search whose campaign is gone (a no-op
// that runs the real stage code), over an in-memory queue.
import { describe, expect, it } from 'vitest';
import type { PipelineDeps } from '../../src/core/pipeline/deps.ts';
import type { Job } from '../../src/core/pipeline/jobs.ts';
import { PipelineWorker } from '../../src/core/pipeline/worker.ts';

function fakeQueue() {
  const jobs: (Job & { status: 'queued' | 'running' | 'done'; owner?: string })[] = [];
  let nextId = 1;
  return {
    jobs,
    add: (campaignId: number) => void jobs.push({ id: nextId++, campaignId, leadId: null, stage: 'search', attempts: 0, payload: null, status: 'queued' }),
    live: (campaignId: number) => jobs.some((j) => j.campaignId === campaignId && j.status !== 'done'),
    queue: {
      claim: async (owner: string) => {
        const job = jobs.find((j) => j.status === 'queued');
        if (!job) return undefined;
        Object.assign(job, { status: 'running', owner, attempts: job.attempts + 1 });
        return { ...job };
      },
      extend: async () => true,
      complete: async (job: Job) => {
        jobs.find((j) => j.id === job.id)!.status = 'done';
        return true;
      },
    },
  };
}

describe('PipelineWorker', () => {
  it('wakes a waiting loop when a finished job queued more work, and stop() wakes them all', async () => {
    const q = fakeQueue();
    q.add(1);
    let searches = 0;
    const deps = {
      queue: q.queue,
      // The first "search" queues two more jobs, as a real search queues its analyses.
      campaigns: { find: async () => (++searches === 1 && (q.add(1), q.add(1)), undefined) },
      campaignService: { completeIfDone: async () => false },
    } as unknown as PipelineDeps;
    // A poll far longer than the test: only a wake-up lets another loop take part.
    const worker = new PipelineWorker(deps, { concurrency: 3, leaseMs: 60_000, pollMs: 60_000, id: 'w' });
    worker.start();
    await expect.poll(() => q.jobs.filter((j) => j.status === 'done').length).toBe(3);
    await worker.stop();
    expect(new Set(q.jobs.map((j) => j.owner)).size).toBeGreaterThan(1);
  });

  it('asks whether the campaign is done after its last job, with jobs finishing on several loops', async () => {
    const q = fakeQueue();
    for (let i = 0; i < 5; i++) q.add(7);
    const asked: boolean[] = [];
    let turn = 0;
    const deps = {
      queue: q.queue,
      // Jobs end in a different order than they started.
      campaigns: { find: async () => void (await new Promise((r) => setTimeout(r, [30, 5, 20, 1, 10][turn++ % 5]))) },
      campaignService: { completeIfDone: async (id: number) => (asked.push(q.live(id)), !q.live(id)) },
    } as unknown as PipelineDeps;
    const worker = new PipelineWorker(deps, { concurrency: 3, leaseMs: 60_000, pollMs: 5, id: 'w' });
    worker.start();
    await expect.poll(() => asked.includes(false)).toBe(true);
    await worker.stop();
    expect(q.jobs.every((j) => j.status === 'done')).toBe(true);
  });

  it('keeps a finished job done when the database is busy past its wait, instead of leaving it to another worker', async () => {
    const q = fakeQueue();
    q.add(3);
    let busy = 1;
    const complete = q.queue.complete;
    const failures: string[] = [];
    const deps = {
      queue: {
        ...q.queue,
        complete: async (job: Job) => {
          if (busy-- > 0) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
          return complete(job);
        },
        retryLater: async (_job: Job, _owner: string, error: string) => void failures.push(error),
      },
      campaigns: { find: async () => undefined },
      system: { get: async () => ({ max_retries: 3, dlq_enabled: false }) },
      campaignService: { completeIfDone: async () => true },
    } as unknown as PipelineDeps;
    const worker = new PipelineWorker(deps, { concurrency: 1, leaseMs: 60_000, pollMs: 5, id: 'w' });
    expect(await worker.runOnce()).toBe(true);
    expect(q.jobs[0]).toMatchObject({ status: 'done', attempts: 1 });
    expect(failures).toEqual([]);
  });

  it('stop(grace) gives back the jobs that outlast it, unfinished, and records nothing when their stage ends later', async () => {
    const q = fakeQueue();
    q.add(4);
    q.add(4);
    const given: number[] = [];
    const recorded: string[] = [];
    let finish = () => {};
    const stageEnds = new Promise<void>((resolve) => (finish = resolve));
    const deps = {
      queue: {
        ...q.queue,
        complete: async (job: Job) => (recorded.push(`complete ${job.id}`), true),
        retryLater: async (job: Job) => void recorded.push(`retry ${job.id}`),
        giveBack: async (job: Job) => {
          given.push(job.id);
          Object.assign(q.jobs.find((j) => j.id === job.id)!, { status: 'queued', owner: undefined });
          return true;
        },
      },
      // A crawl that outlasts the grace, then fails (the connection closed under it).
      campaigns: { find: async () => (await stageEnds, Promise.reject(new Error('socket hang up'))) },
      campaignService: { completeIfDone: async () => (recorded.push('completeIfDone'), false) },
    } as unknown as PipelineDeps;
    const worker = new PipelineWorker(deps, { concurrency: 2, leaseMs: 60_000, pollMs: 5, id: 'w' });
    worker.start();
    await expect.poll(() => worker.jobsInHand().length).toBe(2);
    const started = Date.now();
    expect(await worker.stop(50)).toBe(2);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(given.sort()).toEqual([1, 2]);
    expect(q.jobs.every((j) => j.status === 'queued')).toBe(true);
    finish();
    await expect.poll(() => worker.jobsInHand()).toEqual([]);
    await new Promise((r) => setImmediate(r)); // whatever the loops do after the stage, they have done
    expect(recorded).toEqual([]);
  });
});
