// Drafts waiting for review. Reading them is open to every user; approving, editing and
// sending them come with the sender.
import { conflict, invalid, notFound } from '../errors.ts';
import type { Draft, DraftEdit, DraftList, DraftQuery } from '../model/draft.ts';
import { nextSendTime, type SendingWindow } from '../scheduling/windows.ts';
import { assessDraft, qualityBreakdown, type DraftSubject } from './assess.ts';
import { firstLine } from './first-line.ts';

/** What checking an edited draft needs: its lead as the claim checker sees it, and the signature it ends with. */
export interface DraftReviewer {
  lead(leadId: number): Promise<DraftSubject | undefined>;
  /** The signature of the draft's mailbox (the one that signed it), in the lead's language. */
  signature(lead: DraftSubject, emailId: number): Promise<string>;
}

export interface Reassessed {
  qualityScore: number;
  qualityBreakdown: Record<string, unknown>;
}

/** A draft as stored: when it would go is the service's to say (it depends on the time), and its first line is read from its body here. */
export type StoredDraft = Omit<Draft, 'send_at' | 'first_line'>;

export interface DraftRepo {
  list(q: DraftQuery): Promise<{ drafts: StoredDraft[]; count: number }>;
  get(id: number): Promise<(StoredDraft & { status: string }) | undefined>;
  /** Edits a DRAFT (and the lead's contact email with its recipient), with its new check; false when it is no longer a draft. */
  edit(id: number, edit: DraftEdit, reassessed?: Reassessed): Promise<boolean>;
  /** Deletes the given emails that are still drafts; returns how many. */
  delete(ids: number[]): Promise<number>;
}

/** The sending windows and the time, to say when each draft would go if approved now. */
export interface DraftClock {
  windows: () => Promise<SendingWindow[]>;
  now: () => Date;
}

export class DraftService {
  constructor(
    private readonly repo: DraftRepo,
    private readonly reviewer?: DraftReviewer,
    private readonly clock: DraftClock = { windows: async () => [], now: () => new Date() },
    /** Checks a new recipient, so the draft shows its check at once. */
    private readonly recipients?: { checkEmail(id: number, address: string): Promise<unknown> },
  ) {}

  async list(q: DraftQuery): Promise<DraftList> {
    const list = await this.repo.list(q);
    return { ...list, drafts: await this.withSendTimes(list.drafts) };
  }

  /**
   * When each would go, by the same rule approving applies (nextSendTime), so the screen's
   * "Send Now" / "Queue & Send" is the server's answer; and the line a reviewer reads first.
   */
  private async withSendTimes(drafts: StoredDraft[]): Promise<Draft[]> {
    const now = this.clock.now();
    const windows = await this.clock.windows();
    return drafts.map((d) => ({ ...d, first_line: firstLine(d.body), send_at: nextSendTime(now, windows, d.recipient_timezone).toISOString() }));
  }

  async edit(id: number, edit: DraftEdit): Promise<Draft> {
    if (Object.values(edit).every((v) => v === undefined)) throw invalid('Nothing to change: send subject, body or recipient_email');
    const current = await this.draft(id);
    if (!(await this.repo.edit(id, edit, await this.reassess(current, edit)))) throw conflict('This email is no longer a draft: it was approved or sent meanwhile');
    if (edit.recipient_email && this.recipients) await this.recipients.checkEmail(id, edit.recipient_email);
    return this.draft(id);
  }

  /** An edited text passes the same claim checker as a written one, so the screen never shows a stale check. */
  private async reassess(current: Draft, edit: DraftEdit): Promise<Reassessed | undefined> {
    if (!this.reviewer || (edit.subject === undefined && edit.body === undefined)) return undefined;
    const lead = await this.reviewer.lead(current.lead_id);
    if (!lead) return undefined;
    const assessment = assessDraft({ subject: edit.subject ?? current.subject, body: edit.body ?? current.body }, lead, await this.reviewer.signature(lead, current.id), { followUp: current.step > 1 });
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
    return (await this.withSendTimes([draft]))[0];
  }
}
