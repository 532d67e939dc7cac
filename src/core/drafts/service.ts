// Drafts waiting for review. Reading them is open to every user; approving, editing and
// sending them come with the sender.
import type { DraftList, DraftQuery } from '../model/draft.ts';

export interface DraftRepo {
  list(q: DraftQuery): Promise<DraftList>;
}

export class DraftService {
  constructor(private readonly repo: DraftRepo) {}

  list(q: DraftQuery): Promise<DraftList> {
    return this.repo.list(q);
  }
}
