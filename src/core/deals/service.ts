// Deals: an operator moves a lead's deal (stage, value, owner, notes), a classified reply
// moves it forward, and the board reads them by stage. Every change is an interaction in the
// lead's history, written in the same transaction as the change, with who made it.
import { conflict, invalid, notFound } from '../errors.ts';
import type { EventSink } from '../events.ts';
import type { DealBoard, DealCard, UpdateDealInput } from '../model/deal.ts';
import { DEAL_STAGES, type DealStage } from '../model/reply-classes.ts';
import { STATUS_CHANGED_BY_HAND } from '../sequences/stop.ts';
import type { Actor } from '../users/access.ts';
import type { DealCardRow, DealFilter, DealRecord, DealRepo, DealWrite, InteractionNote } from './repo.ts';
import { afterDealMove, DEAL_STAGE_LABELS, stageAfterReply, type ReplySignal } from './stages.ts';
import { valueFromEstimate } from './value.ts';

export const LEAD_NOT_FOUND = 'Lead not found';
export const DEAL_MOVED = 'The deal has moved since you read it: reload and try again';
/** Cards per column: the board shows the most recently moved; counts and totals cover all. */
export const BOARD_COLUMN_LIMIT = 200;
const DAY_MS = 86_400_000;
// Edits that do not move the stage retry a lost race (someone else moved the deal meanwhile).
const ATTEMPTS = 5;

export type DealActor = Actor & { username?: string };

export interface DealDeps {
  repo: DealRepo;
  events: EventSink;
  /** The username as stored, or undefined when no user has it (case-insensitive). */
  findUser(username: string): Promise<string | undefined>;
  now(): Date;
}

const label = (stage: DealStage | null) => (stage ? DEAL_STAGE_LABELS[stage] : 'no deal');
const money = (value: number | null) => (value === null ? 'none' : value.toLocaleString('en-US', { maximumFractionDigits: 2 }));
const who = (actor: DealActor | 'reply') =>
  actor === 'reply' ? ' from a reply' : actor.username ? ` by ${actor.username}` : actor.id === null ? ' from the terminal' : '';
const byWhom = (actor: DealActor | 'reply') => (actor === 'reply' ? { source: 'reply' } : { user_id: actor.id, username: actor.username ?? null });
const excerpt = (text: string | null, max = 200) => (!text ? '(none)' : text.length > max ? `"${text.slice(0, max)}…"` : `"${text}"`);

export class DealService {
  constructor(private readonly deps: DealDeps) {}

  /** An operator's change to a lead's deal; 409 when a stage move finds the deal moved meanwhile. */
  async update(actor: DealActor, leadId: number, input: UpdateDealInput): Promise<void> {
    const assignedTo = input.assigned_to ? await this.owner(input.assigned_to) : input.assigned_to;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const deal = await this.deps.repo.find(leadId);
      if (!deal) throw notFound(LEAD_NOT_FOUND);
      if (input.from_stage !== undefined && input.from_stage !== deal.stage) throw conflict(DEAL_MOVED);
      if (deal.stage === null && input.stage === undefined) throw invalid('This lead has no deal yet: give a stage to open one');
      const write = this.plan(actor, deal, { ...input, assigned_to: assignedTo });
      if (!write) return; // nothing differs
      if (await this.deps.repo.write(leadId, write)) return this.announce(actor, deal, write);
      // Lost a race: a stage the caller chose from what it saw must not be applied over another's move.
      if (input.stage !== undefined) throw conflict(DEAL_MOVED);
    }
    throw conflict(DEAL_MOVED);
  }

  /**
   * A classified reply (interested, meeting request) opens or moves the lead's deal forward,
   * never back from a later stage (nor out of lost). Returns the new stage, or undefined when
   * it stays or the lead is gone.
   */
  async dealFromReply(leadId: number, signal: ReplySignal): Promise<DealStage | undefined> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const deal = await this.deps.repo.find(leadId);
      const stage = deal && stageAfterReply(deal.stage, signal);
      if (!deal || !stage) return undefined;
      const write = this.plan('reply', deal, { stage })!;
      if (await this.deps.repo.write(leadId, write)) {
        await this.announce('reply', deal, write);
        return stage;
      }
    }
    throw conflict(`Lead ${leadId}'s deal kept changing while applying a reply`);
  }

  async board(query: DealFilter): Promise<DealBoard> {
    // Owners are stored as their user spells them; a filter may not be.
    const filter = query.assignedTo ? { ...query, assignedTo: (await this.deps.findUser(query.assignedTo)) ?? query.assignedTo } : query;
    const stages = filter.stage ? [filter.stage] : [...DEAL_STAGES];
    const totals = new Map((await this.deps.repo.totals(filter)).map((t) => [t.stage, t]));
    const now = this.deps.now().getTime();
    const columns = await Promise.all(
      stages.map(async (stage) => ({
        stage,
        label: DEAL_STAGE_LABELS[stage],
        count: totals.get(stage)?.count ?? 0,
        total_value: totals.get(stage)?.total ?? 0,
        deals: (await this.deps.repo.cards(stage, filter, BOARD_COLUMN_LIMIT)).map((row) => toCard(row, now)),
      })),
    );
    return { columns, limit: BOARD_COLUMN_LIMIT };
  }

  private async owner(username: string): Promise<string> {
    const found = await this.deps.findUser(username);
    if (!found) throw invalid(`assigned_to: no user is named "${username.slice(0, 100)}"`);
    return found;
  }

  /** The write (with its history) that takes `deal` to `input`; undefined when nothing changes. */
  private plan(actor: DealActor | 'reply', deal: DealRecord, input: Omit<UpdateDealInput, 'from_stage'>): DealWrite | undefined {
    const by = who(actor);
    const meta = byWhom(actor);
    const set: DealWrite['set'] = {};
    const notes: InteractionNote[] = [];
    if (input.stage !== undefined && input.stage !== deal.stage) {
      const next = afterDealMove(deal, input.stage);
      set.stage = next.stage!;
      set.stageAt = this.deps.now();
      notes.push({
        type: 'deal_stage',
        description: deal.stage === null ? `Deal opened at ${label(next.stage)}${by}` : `Deal moved from ${label(deal.stage)} to ${label(next.stage)}${by}`,
        metadata: { from: deal.stage, to: next.stage, ...meta },
      });
      if (next.status !== deal.status) {
        set.status = next.status;
        if (actor !== 'reply') set.sequenceStopReason = STATUS_CHANGED_BY_HAND;
        notes.push({ type: 'status_change', description: `Status changed from ${deal.status} to ${next.status} (deal ${label(next.stage)})${by}`, metadata: { from: deal.status, to: next.status, ...meta } });
      }
      // A new deal is worth what the campaign's suggestion estimated, unless the operator says otherwise.
      if (deal.stage === null && deal.value === null && input.value === undefined) {
        const estimate = valueFromEstimate(deal.estimate);
        if (estimate !== null) input = { ...input, value: estimate };
      }
    }
    if (input.value !== undefined && input.value !== deal.value) {
      set.value = input.value;
      const basis = deal.stage === null && set.stage && input.value !== null && valueFromEstimate(deal.estimate) === input.value ? `, the low end of the campaign's estimate ${deal.estimate}` : '';
      notes.push({ type: 'deal_value', description: `Deal value set to ${money(input.value)}${basis} (was ${money(deal.value)})${by}`, metadata: { from: deal.value, to: input.value, ...meta } });
    }
    if (input.assigned_to !== undefined && input.assigned_to !== deal.assignedTo) {
      set.assignedTo = input.assigned_to;
      notes.push({ type: 'deal_owner', description: `Deal owner set to ${input.assigned_to ?? 'nobody'} (was ${deal.assignedTo ?? 'nobody'})${by}`, metadata: { from: deal.assignedTo, to: input.assigned_to, ...meta } });
    }
    const newNotes = input.notes === undefined ? undefined : input.notes?.trim() || null;
    if (newNotes !== undefined && newNotes !== deal.notes) {
      set.notes = newNotes;
      notes.push({ type: 'deal_notes', description: `Deal notes changed${by}: ${excerpt(newNotes)}`, metadata: { from: deal.notes, to: newNotes, ...meta } });
    }
    return notes.length ? { from: { status: deal.status, stage: deal.stage }, set, interactions: notes } : undefined;
  }

  private async announce(actor: DealActor | 'reply', deal: DealRecord, write: DealWrite) {
    if (write.set.stage === undefined) return;
    await this.deps.events.emit({
      campaignId: deal.campaignId,
      leadId: deal.leadId,
      activityType: 'deal_moved',
      status: write.set.stage === 'won' ? 'success' : 'info',
      message: `${deal.company}: ${write.interactions[0].description}`,
      details: { website: deal.url, from: deal.stage, to: write.set.stage, by: actor === 'reply' ? 'reply' : (actor.username ?? null) },
    });
  }
}

function toCard(row: DealCardRow, now: number): DealCard {
  return {
    lead_id: row.leadId,
    company: row.company,
    url: row.url,
    campaign_id: row.campaignId,
    campaign_name: row.campaignName,
    stage: row.stage,
    value: row.value,
    assigned_to: row.assignedTo,
    stage_at: row.stageAt?.toISOString() ?? null,
    days_in_stage: row.stageAt ? Math.max(0, Math.floor((now - row.stageAt.getTime()) / DAY_MS)) : null,
  };
}
