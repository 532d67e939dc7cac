import type { LeadStatusRepo } from '../../src/core/leads/lifecycle.ts';
import type { LeadStatus } from '../../src/core/model/lead.ts';

/** Lead statuses in memory, written with the same compare and set as the database's. */
export class MemoryLeadStatuses implements LeadStatusRepo {
  readonly writes: [number, LeadStatus][] = [];
  constructor(readonly statuses = new Map<number, LeadStatus>()) {}

  async status(leadId: number) {
    return this.statuses.get(leadId);
  }

  async compareAndSetStatus(leadId: number, from: LeadStatus, to: LeadStatus) {
    if (this.statuses.get(leadId) !== from) return false;
    this.statuses.set(leadId, to);
    this.writes.push([leadId, to]);
    return true;
  }
}
