// Recurring runs from cron expressions: re-run an existing campaign, or create a new
// campaign from a saved query each time. A run never starts on top of one still RUNNING,
// and when several processes serve the same database only one of them fires each tick.
import { Cron } from 'croner';
import type { CampaignService } from '../campaigns/service.ts';
import { DomainError, invalid, notFound } from '../errors.ts';
import type { EventSink } from '../events.ts';
import type { CreateCampaignInput } from '../model/campaign.ts';
import { TERMINAL_OPERATOR } from '../users/access.ts';
import { quote } from '../model/validate.ts';

export interface ScheduleRecord {
  id: number;
  cron: string;
  campaignId: number | null;
  query: CreateCampaignInput | null;
  enabled: boolean;
  lastRunAt: Date | null;
  lastCampaignId: number | null;
}

export interface ScheduleRepo {
  insert(s: { cron: string; campaignId: number | null; query: CreateCampaignInput | null }): Promise<ScheduleRecord>;
  list(): Promise<ScheduleRecord[]>;
  find(id: number): Promise<ScheduleRecord | undefined>;
  delete(id: number): Promise<boolean>;
  /** Records the run of the tick at `tick`; false when another process already took it. */
  claimTick(id: number, tick: Date): Promise<boolean>;
  setLastCampaign(id: number, campaignId: number): Promise<void>;
}

export interface ScheduleView {
  id: number;
  cron: string;
  target: string;
  next_run_at: string | null;
  last_run_at: string | null;
}

export function nextRun(cron: string, from = new Date()): Date | null {
  return new Cron(cron, { paused: true }).nextRun(from);
}

export class ScheduleService {
  constructor(
    private readonly repo: ScheduleRepo,
    private readonly campaigns: CampaignService,
    private readonly events: EventSink,
  ) {}

  async add(cron: string, target: { campaignId: number } | { query: CreateCampaignInput }): Promise<ScheduleView> {
    try {
      if (!nextRun(cron)) throw new Error('it never runs');
    } catch (error) {
      throw invalid(`Invalid cron expression "${quote(cron)}": ${(error as Error).message}`);
    }
    if ('campaignId' in target) await this.campaigns.get(target.campaignId); // 404 when unknown
    const record = await this.repo.insert({ cron, campaignId: 'campaignId' in target ? target.campaignId : null, query: 'query' in target ? target.query : null });
    return this.view(record);
  }

  async list(): Promise<ScheduleView[]> {
    return (await this.repo.list()).map((s) => this.view(s));
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repo.delete(id))) throw notFound(`No schedule with id ${id}`);
  }

  all(): Promise<ScheduleRecord[]> {
    return this.repo.list();
  }

  /** Runs a schedule for the tick at `tick`; returns what it did. */
  async fire(schedule: ScheduleRecord, tick: Date): Promise<'started' | 'skipped' | 'taken'> {
    if (!(await this.repo.claimTick(schedule.id, tick))) return 'taken';
    const previous = schedule.campaignId ?? schedule.lastCampaignId;
    const running = previous !== null && (await this.status(previous)) === 'RUNNING';
    if (running) {
      await this.events.emit({ campaignId: previous, activityType: 'search', status: 'warning', message: `Schedule ${schedule.id} skipped: campaign ${previous} is still running` });
      return 'skipped';
    }
    try {
      if (schedule.campaignId !== null) await this.rerunOrStart(schedule.campaignId);
      else if (schedule.query) {
        const name = `${schedule.query.name} — ${tick.toISOString().slice(0, 16).replace('T', ' ')}`;
        const created = await this.campaigns.create(TERMINAL_OPERATOR, { ...schedule.query, name });
        await this.repo.setLastCampaign(schedule.id, created.id);
        await this.campaigns.start(created.id);
      }
      return 'started';
    } catch (error) {
      await this.events.emit({ campaignId: schedule.campaignId, activityType: 'error', status: 'error', message: `Schedule ${schedule.id} failed: ${(error as Error).message}` });
      return 'skipped';
    }
  }

  private async rerunOrStart(id: number): Promise<void> {
    const status = await this.status(id);
    if (status === 'DRAFT') await this.campaigns.start(id);
    else if (status === 'PAUSED') await this.campaigns.resume(id);
    else await this.campaigns.rerun(id);
  }

  private async status(id: number) {
    try {
      return (await this.campaigns.get(id)).status;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') return undefined;
      throw error;
    }
  }

  private view(s: ScheduleRecord): ScheduleView {
    return {
      id: s.id,
      cron: s.cron,
      target: s.campaignId !== null ? `campaign ${s.campaignId}` : `new campaign: "${s.query?.search_query}"${s.query?.location ? ` in ${s.query.location}` : ''}`,
      next_run_at: s.enabled ? (nextRun(s.cron)?.toISOString() ?? null) : null,
      last_run_at: s.lastRunAt?.toISOString() ?? null,
    };
  }
}
