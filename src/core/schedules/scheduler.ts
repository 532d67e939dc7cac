// The clock of `outreach serve`: one croner job per enabled schedule, re-read from the
// database every half minute so schedules added from the terminal are picked up.
import { Cron } from 'croner';
import type { ScheduleService } from './service.ts';

export class Scheduler {
  private readonly jobs = new Map<number, { cron: string; job: Cron }>();
  private refresher?: NodeJS.Timeout;

  constructor(
    private readonly schedules: ScheduleService,
    private readonly refreshMs = 30_000,
  ) {}

  async start(): Promise<void> {
    await this.refresh();
    this.refresher = setInterval(() => void this.refresh().catch((e) => console.error(`[scheduler] ${(e as Error).message}`)), this.refreshMs);
  }

  stop(): void {
    clearInterval(this.refresher);
    for (const { job } of this.jobs.values()) job.stop();
    this.jobs.clear();
  }

  private async refresh(): Promise<void> {
    const current = (await this.schedules.all()).filter((s) => s.enabled);
    const ids = new Set(current.map((s) => s.id));
    for (const [id, entry] of this.jobs) {
      if (!ids.has(id)) {
        entry.job.stop();
        this.jobs.delete(id);
      }
    }
    for (const schedule of current) {
      if (this.jobs.get(schedule.id)?.cron === schedule.cron) continue;
      this.jobs.get(schedule.id)?.job.stop();
      // protect: a tick that comes while the previous one is still firing is dropped.
      const job = new Cron(schedule.cron, { protect: true }, async (self: Cron) => {
        const tick = self.currentRun() ?? new Date();
        await this.schedules.fire(schedule, tick).catch((e) => console.error(`[scheduler] ${(e as Error).message}`));
      });
      this.jobs.set(schedule.id, { cron: schedule.cron, job });
    }
  }
}
