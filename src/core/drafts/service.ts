// Drafts waiting for review. Reading them is open to every user; approving, editing and
// sending them come with the sender.
import { conflict, invalid, notFound } from '../errors.ts';
import type { Draft, DraftEdit, DraftList, DraftQuery } from '../model/draft.ts';

export interface DraftRepo {
  list(q: DraftQuery): Promise<DraftList>;
  get(id: number): Promise<(Draft & { status: string }) | undefined>;
  /** Edits a DRAFT (and the lead's contact email with its recipient); false when it is no longer a draft. */
  edit(id: number, edit: DraftEdit): Promise<boolean>;
  /** Deletes the given emails that are still drafts; returns how many. */
  delete(ids: number[]): Promise<number>;
}

export class DraftService {
  constructor(private readonly repo: DraftRepo) {}

  list(q: DraftQuery): Promise<DraftList> {
    return this.repo.list(q);
  }

  async edit(id: number, edit: DraftEdit): Promise<Draft> {
    if (Object.values(edit).every((v) => v === undefined)) throw invalid('Nothing to change: send subject, body or recipient_email');
    await this.draft(id);
    if (!(await this.repo.edit(id, edit))) throw conflict('This email is no longer a draft: it was approved or sent meanwhile');
    return this.draft(id);
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
