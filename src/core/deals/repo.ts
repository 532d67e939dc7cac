// What the deal service reads and writes; src/db/repos/deals.ts implements it.
import type { LeadStatus } from '../model/lead.ts';
import type { DealStage } from '../model/reply-classes.ts';
import type { DealState } from './stages.ts';

export interface DealRecord {
  leadId: number;
  status: LeadStatus;
  stage: DealStage | null;
  value: number | null;
  assignedTo: string | null;
  notes: string | null;
  campaignId: number | null;
  company: string;
  url: string;
  /** The campaign's suggestion estimate ("$1,500-$5,000"), if it was started from one. */
  estimate: string | null;
}

export interface InteractionNote {
  type: string;
  description: string;
  metadata: Record<string, unknown>;
}

export interface DealWrite {
  /** Written only if the lead still has this status and stage (compare and set). */
  from: DealState;
  set: {
    status?: LeadStatus;
    stage?: DealStage;
    stageAt?: Date;
    value?: number | null;
    assignedTo?: string | null;
    notes?: string | null;
    /** Why the lead's follow-ups stop, when an operator changed its status. */
    sequenceStopReason?: string;
  };
  /** Recorded in the lead's history in the same transaction, only if the write happened. */
  interactions: InteractionNote[];
}

export interface DealCardRow {
  leadId: number;
  company: string;
  url: string;
  campaignId: number | null;
  campaignName: string | null;
  stage: DealStage;
  value: number | null;
  assignedTo: string | null;
  stageAt: Date | null;
}

export interface ColumnTotals {
  stage: DealStage;
  count: number;
  total: number;
}

export interface DealFilter {
  stage?: DealStage;
  assignedTo?: string;
}

export interface DealRepo {
  find(leadId: number): Promise<DealRecord | undefined>;
  /** False when the lead's status or stage changed since it was read (or the lead is gone). */
  write(leadId: number, change: DealWrite): Promise<boolean>;
  totals(filter: DealFilter): Promise<ColumnTotals[]>;
  /** The deals at `stage`, most recently moved first. */
  cards(stage: DealStage, filter: DealFilter, limit: number): Promise<DealCardRow[]>;
}
