// Leads: browse (filters, sort orders, keyset pages), read with analysis, emails,
// interactions and history, manual status changes, deletes, CSV export, dashboard stats.
import { STATUS_CHANGED_BY_HAND } from '../sequences/stop.ts';
import { afterStatusSet, DEAL_STAGE_LABELS } from '../deals/stages.ts';
import { valueFromEstimate } from '../deals/value.ts';
import type { DealStage } from '../model/reply-classes.ts';
import { notFound } from '../errors.ts';
import type { ActivityType, EventSink } from '../events.ts';
import { SENT_EMAIL_STATUSES } from '../emails/status.ts';
import { LIST_TOTAL_CAP } from '../model/lead-query.ts';
import type {
  DashboardStats,
  HistoryItem,
  Interaction,
  Lead,
  LeadAnalysis,
  LeadEmail,
  LeadFilter,
  LeadHistory,
  LeadListQuery,
  LeadPage,
  LeadStatus,
} from '../model/lead.ts';
import type { Actor } from '../users/access.ts';
import { decodeCursor, encodeCursor, type SortKey } from './cursor.ts';
import { leadCsvStream, type LeadCsvRecord } from './csv.ts';
import type { LeadRepo, LeadText } from './repo.ts';

export const LEAD_NOT_FOUND = 'Lead not found';
export const NO_ANALYSIS = 'No analysis data available';
/** Rows per export read: big enough to stream at the database's speed, small enough that one
 * read never holds the (single-threaded) database long and memory stays flat. At 500 a read
 * now and then held every other request 10-20 ms; at 250 a full export still streams faster
 * than a bare @libsql/client loop, and no request waits more than about 15 ms. */
export const EXPORT_BATCH_SIZE = 250;
const RECENT_LEADS = 10;

// The event union does not name manual status changes yet; the activity table takes any name.
const STATUS_CHANGE_EVENT: ActivityType = 'status_change';

/** Percent with one decimal; 0 when there is nothing to divide by. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

const parseLead = (text: LeadText) => JSON.parse(text) as Lead;

const SENT = new Set<string>(SENT_EMAIL_STATUSES);
const dealLabel = (stage: DealStage | null) => (stage ? DEAL_STAGE_LABELS[stage] : 'no deal');

export interface LeadExport {
  /** How many leads the file holds (counted before streaming). */
  total: number;
  /** The CSV text, read batch by batch as it is consumed. */
  stream: ReadableStream<Uint8Array>;
}

export class LeadService {
  constructor(
    private readonly repo: LeadRepo,
    private readonly events: EventSink,
  ) {}

  /** A page of the list as the API sends it: JSON text, the leads' texts as the database wrote them. */
  async listText(query: LeadListQuery): Promise<string> {
    const { items, ...rest } = await this.#page(query);
    return `{"items":[${items.join(',')}],"next_cursor":${JSON.stringify(rest.next_cursor)},"total":${rest.total},"total_exact":${rest.total_exact}}`;
  }

  async list(query: LeadListQuery): Promise<LeadPage> {
    const { items, ...rest } = await this.#page(query);
    return { items: items.map(parseLead), ...rest };
  }

  async #page(query: LeadListQuery) {
    const { limit, cursor, ...filter } = query;
    const from = cursor ? decodeCursor(filter.sort, cursor) : undefined;
    // One extra row says whether another page exists.
    const page = await this.repo.page(filter, limit + 1, from?.key);
    const { total, exact } = from ?? (await this.repo.count(filter, LIST_TOTAL_CAP));
    const more = page.items.length > limit;
    const items = page.items.slice(0, limit);
    return { items, next_cursor: more ? encodeCursor(filter.sort, { key: page.keys[limit - 1], total, exact }) : null, total, total_exact: exact };
  }

  async get(id: number): Promise<Lead> {
    const lead = await this.repo.find(id);
    if (!lead) throw notFound(LEAD_NOT_FOUND);
    return lead;
  }

  async delete(id: number): Promise<void> {
    if (!(await this.repo.delete(id))) throw notFound(LEAD_NOT_FOUND);
  }

  /**
   * Deletes the leads that were processed and have no contact email. Leads still waiting
   * for (or in) analysis are kept: their email may not have been found yet.
   */
  async deleteWithoutContact(): Promise<{ deleted_count: number }> {
    return { deleted_count: await this.repo.deleteProcessedWithoutContact() };
  }

  async analysis(id: number): Promise<LeadAnalysis> {
    await this.get(id);
    const analysis = await this.repo.analysis(id);
    if (!analysis) throw notFound(NO_ANALYSIS);
    return analysis;
  }

  async emails(id: number): Promise<LeadEmail[]> {
    await this.get(id);
    return this.repo.emails(id);
  }

  async interactions(id: number): Promise<Interaction[]> {
    await this.get(id);
    return this.repo.interactions(id);
  }

  /** The lead, its analysis, and its emails and interactions newest first, with counts. */
  async history(id: number): Promise<LeadHistory> {
    const lead = await this.get(id);
    const [analysis, emails, interactions] = await Promise.all([this.repo.analysis(id), this.repo.emails(id), this.repo.interactions(id)]);
    const dated: { at: string; item: HistoryItem }[] = [
      ...emails.map((e) => ({
        at: e.sent_at ?? e.generated_at ?? e.created_at,
        item: {
          type: 'email' as const,
          id: e.id,
          status: e.status,
          subject: e.subject,
          recipient_email: e.recipient_email,
          quality_score: e.quality_score,
          quality_breakdown: e.quality_breakdown,
          generated_at: e.generated_at,
          sent_at: e.sent_at,
        },
      })),
      ...interactions.map((i) => ({
        at: i.created_at,
        item: { type: 'interaction' as const, id: i.id, interaction_type: i.interaction_type, description: i.description, created_at: i.created_at },
      })),
    ];
    // ISO times sort as text; on a tie the later-written (higher id) comes first.
    dated.sort((a, b) => b.at.localeCompare(a.at) || b.item.id - a.item.id);
    return {
      lead,
      analysis: analysis ?? null,
      activities: dated.map((d) => d.item),
      summary: {
        total_emails: emails.length,
        draft_emails: emails.filter((e) => e.status === 'DRAFT').length,
        sent_emails: emails.filter((e) => SENT.has(e.status)).length,
        total_interactions: interactions.length,
      },
    };
  }

  /** A manual status change: recorded as an interaction on the lead and in the activity feed. */
  async updateStatus(actor: Actor & { username?: string }, id: number, status: LeadStatus): Promise<Lead> {
    const lead = await this.get(id);
    if (lead.status === status) return lead;
    const who = actor.username ? ` by ${actor.username}` : actor.id === null ? ' from the terminal' : '';
    const description = `Status changed from ${lead.status} to ${status}${who}`;
    // Whatever the new status, a person has taken this lead in hand: its follow-ups stop.
    // The deal follows: CONVERTED is a won deal, and leaving CONVERTED un-wins it (src/core/deals/stages.ts).
    const { stage } = afterStatusSet({ status: lead.status, stage: lead.deal_stage }, status);
    // A deal opened this way is worth the campaign's estimate, like one opened on the board.
    const value = lead.deal_stage === null && lead.deal_value === null && lead.campaign_id !== null ? (valueFromEstimate(await this.repo.campaignEstimate(lead.campaign_id)) ?? undefined) : undefined;
    const valued = value === undefined ? '' : `, value ${value.toLocaleString('en-US')} from the campaign's estimate`;
    const deal =
      stage === lead.deal_stage
        ? undefined
        : {
            from: lead.deal_stage,
            to: stage,
            description: `${lead.deal_stage === null ? `Deal opened at ${dealLabel(stage)}` : `Deal moved from ${dealLabel(lead.deal_stage)} to ${dealLabel(stage)}`} (status ${status}${valued})${who}`,
            metadata: { from: lead.deal_stage, to: stage, user_id: actor.id, username: actor.username ?? null, ...(value !== undefined && { value }) },
            value,
          };
    const changed = await this.repo.changeStatus(id, { from: lead.status, to: status, description, metadata: { from: lead.status, to: status, user_id: actor.id }, sequenceStopReason: STATUS_CHANGED_BY_HAND, deal });
    if (!changed) return this.updateStatus(actor, id, status); // changed meanwhile: decide again on the new status
    await this.events.emit({
      campaignId: lead.campaign_id,
      leadId: id,
      activityType: STATUS_CHANGE_EVENT,
      status: 'info',
      message: `${lead.company_name ?? lead.title ?? lead.hostname}: ${description}`,
      details: { website: lead.url, from: lead.status, to: status },
    });
    return this.get(id);
  }

  /** The leads matching the filter as CSV, in the list's order, streamed in keyset batches. */
  async exportCsv(filter: LeadFilter): Promise<LeadExport> {
    if (filter.campaign_id !== undefined && !(await this.repo.campaignExists(filter.campaign_id))) throw notFound('Campaign not found');
    const { total } = await this.repo.count(filter);
    return { total, stream: await leadCsvStream(this.csvBatches(filter)) };
  }

  exportCampaignCsv(campaignId: number): Promise<LeadExport> {
    return this.exportCsv({ campaign_id: campaignId, sort: 'discovered_at' });
  }

  /** Each batch starts after the last row of the one before (a seek on the sort's index). */
  private async *csvBatches(filter: LeadFilter): AsyncGenerator<LeadCsvRecord[]> {
    let after: SortKey | undefined;
    for (;;) {
      const batch = await this.repo.csvBatch(filter, EXPORT_BATCH_SIZE, after);
      if (batch.items.length === 0) return;
      yield batch.items;
      if (batch.items.length < EXPORT_BATCH_SIZE) return;
      after = batch.keys[batch.keys.length - 1];
      // A local libSQL file answers on this thread and a fast reader drains each batch at
      // once: without a turn of the event loop between batches, every other request (and the
      // worker, the sender, the tracking pixel) would wait for the whole export.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async dashboard(): Promise<DashboardStats> {
    const [c, recent] = await Promise.all([this.repo.dashboard(), this.repo.page({ sort: 'discovered_at' }, RECENT_LEADS)]);
    return {
      total_campaigns: c.totalCampaigns,
      active_campaigns: c.runningCampaigns,
      total_leads: c.totalLeads,
      emails_generated: c.emailsGenerated,
      emails_sent: c.emailsSent,
      conversion_rate: percent(c.leadsEmailedConverted, c.leadsEmailed),
      open_rate: percent(c.emailsOpened, c.emailsSent),
      reply_rate: percent(c.emailsReplied, c.emailsSent),
      recent_leads: recent.items.map(parseLead).map((l) => ({ id: l.id, title: l.title, company_name: l.company_name, url: l.url, status: l.status, business_category: l.business_category, discovered_at: l.discovered_at })),
    };
  }
}
