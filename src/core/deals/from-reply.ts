// A reply that shows interest moves the lead's deal forward: "interested" to Interested,
// "meeting_request" to Meeting booked. Only forward: a lead already further on (or lost) stays.
import { DEAL_STAGES, type DealStage, type ReplyClass } from '../model/reply-classes.ts';

export interface DealStageRepo {
  /** Compare and set: moves the stage only while it is one of `from` (null = no deal yet). */
  moveDealStage(leadId: number, to: DealStage, from: Array<DealStage | null>, at: Date): Promise<boolean>;
}

const FROM_REPLY: Partial<Record<ReplyClass, DealStage>> = { interested: 'interested', meeting_request: 'meeting_booked' };

/** The stage a reply of this class moves the lead to, if any. */
export const dealStageForReply = (cls: ReplyClass | null): DealStage | undefined => (cls ? FROM_REPLY[cls] : undefined);

/** The stages before `stage` on the board (lost and won are after every open stage). */
export const stagesBefore = (stage: DealStage): Array<DealStage | null> => [null, ...DEAL_STAGES.slice(0, DEAL_STAGES.indexOf(stage))];

/** Moves the lead's deal for this reply; the stage it moved to, or undefined when it stayed. */
export async function advanceDealFromReply(repo: DealStageRepo, leadId: number, cls: ReplyClass | null, at: Date): Promise<DealStage | undefined> {
  const stage = dealStageForReply(cls);
  if (!stage) return undefined;
  return (await repo.moveDealStage(leadId, stage, stagesBefore(stage), at)) ? stage : undefined;
}
