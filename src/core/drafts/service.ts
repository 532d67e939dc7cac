// Drafts waiting for review. Reading them is open to every user; approving, editing and
// sending them come with the sender.
import { conflict, invalid, notFound } from '../errors.ts';
import type { Draft, DraftEdit, DraftList, DraftQuery } from '../model/draft.ts';
import { assessDraft, qualityBreakdown, type DraftSubject } from './compose.ts';

/** What checking an edited draft needs: its lead as the claim checker sees it, and the signature it ends with. */
export interface DraftReviewer {
  lead(leadId: number): Promise<DraftSubject | undefined>;
  signature(lead: DraftSubject): Promise<string>;
}

export interface Reassessed {
  qualityScore: number;
  qualityBreakdown: Record<string, unknown>;
}

export interface DraftRepo {
  list(q: DraftQuery): Promise<DraftList>;
  get(id: number): Promise<(Draft & { status: string }) | undefined>;
  /** Edits a DRAFT (and the lead's contact email with its recipient), with its new check; false when it is no longer a draft. */
  edit(id: number, edit: DraftEdit, reassessed?: Reassessed): Promise<boolean>;
  /** Deletes the given emails that are still drafts; returns how many. */
  delete(ids: number[]): Promise<number>;
}

export class DraftService {
  constructor(
    private readonly repo: DraftRepo,
    private readonly reviewer?: DraftReviewer,
  ) {}

  list(q: DraftQuery): Promise<DraftList> {
    return this.repo.list(q);
  }

  async edit(id: number, edit: DraftEdit): Promise<Draft> {
    if (Object.values(edit).every((v) => v === undefined)) throw invalid('Nothing to change: send subject, body or recipient_email');
    const current = await this.draft(id);
    if (!(await this.repo.edit(id, edit, await this.reassess(current, edit)))) throw conflict('This email is no longer a draft: it was approved or sent meanwhile');
    return this.draft(id);
  }

  /** An edited text passes the same claim checker as a written one, so the screen never shows a stale check. */
  private async reassess(current: Draft, edit: DraftEdit): Promise<Reassessed | undefined> {
    if (!this.reviewer || (edit.subject === undefined && edit.body === undefined)) return undefined;
    const lead = await this.reviewer.lead(current.lead_id);
    if (!lead) return undefined;
    const assessment = assessDraft({ subject: edit.subject ?? current.subject, body: edit.body ?? current.body }, lead, await this.reviewer.signature(lead), { followUp: current.step > 1 });
    return { qualityScore: assessment.quality.score, qualityBreakdown: { ...qualityBreakdown(assessment), edited_by_hand: true } };
  }

  async delete(id: number): Promise<void> {
    await this.draft(id);
    if ((await this.repo.delete([id])) === 0) throw conflict('This email is no longer a draft: it was approved or sent meanwhile');
  }

  /** Deletes those of the ids that are still drafts (others are left alone). */
  bulkDelete(ids: number[]): Promise<number> {
    return this.repo.delete(ids);
  }

  private async draft(id: number): Promise<Draft> {
    const found = await this.repo.get(id);
    if (!found) throw notFound('Draft not found');
    if (found.status !== 'DRAFT') throw conflict(`This email is ${found.status}, not a draft: it can no longer be edited here`);
    const { status: _status, ...draft } = found;
    return draft;
  }
}
