import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/core/errors.ts';
import { advanceLead, leadStatusAfter, type LeadEvent } from '../../src/core/leads/lifecycle.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../src/core/model/lead.ts';
import { MemoryLeadStatuses } from '../support/memory-lead-statuses.ts';

const BEFORE_SENT: LeadStatus[] = ['NEW', 'SCRAPING', 'ANALYZED', 'EMAIL_GENERATED'];
const to = (status: LeadStatus, from: LeadStatus[]) => Object.fromEntries(from.map((s) => [s, status])) as Partial<Record<LeadStatus, LeadStatus>>;
const allBut = (...kept: LeadStatus[]) => LEAD_STATUSES.filter((s) => !kept.includes(s));

// Every move there is; any (status, event) pair not listed leaves the lead as it is.
const MOVES: Record<LeadEvent, Partial<Record<LeadStatus, LeadStatus>>> = {
  scraping: to('SCRAPING', ['NEW', 'ANALYZED']),
  analysed: to('ANALYZED', ['NEW', 'SCRAPING']),
  analysis_failed: to('NEW', ['SCRAPING']),
  drafted: to('EMAIL_GENERATED', ['ANALYZED']),
  SENT: to('EMAIL_SENT', BEFORE_SENT),
  OPENED: to('OPENED', [...BEFORE_SENT, 'EMAIL_SENT']),
  CLICKED: to('CLICKED', [...BEFORE_SENT, 'EMAIL_SENT', 'OPENED']),
  REPLIED: to('REPLIED', [...BEFORE_SENT, 'EMAIL_SENT', 'OPENED', 'CLICKED']),
  BOUNCED: to('BOUNCED', allBut('BOUNCED', 'CONVERTED')),
  UNSUBSCRIBED: to('UNSUBSCRIBED', allBut('UNSUBSCRIBED', 'CONVERTED')),
};

describe('leadStatusAfter', () => {
  for (const event of Object.keys(MOVES) as LeadEvent[]) {
    it.each(LEAD_STATUSES.map((status) => [status, MOVES[event][status] ?? 'stays']))(`${event}: %s → %s`, (status, expected) => {
      expect(leadStatusAfter(status, event) ?? 'stays').toBe(expected);
    });
  }

  it('never lets a re-analysis pull back a lead that is further along', () => {
    for (const status of allBut('NEW', 'SCRAPING', 'ANALYZED')) {
      for (const event of ['scraping', 'analysed', 'analysis_failed'] as LeadEvent[]) expect(leadStatusAfter(status, event), `${status} + ${event}`).toBeUndefined();
    }
  });
});

describe('advanceLead', () => {
  it('writes the next status and returns it', async () => {
    const repo = new MemoryLeadStatuses(new Map([[1, 'EMAIL_SENT']]));
    expect(await advanceLead(repo, 1, 'OPENED')).toBe('OPENED');
    expect(await advanceLead(repo, 1, 'UNSUBSCRIBED')).toBe('UNSUBSCRIBED');
    expect(repo.writes).toEqual([[1, 'OPENED'], [1, 'UNSUBSCRIBED']]);
  });

  it('writes nothing when the status stays, or the lead is gone', async () => {
    const repo = new MemoryLeadStatuses(new Map<number, LeadStatus>([[1, 'CLICKED'], [2, 'CONVERTED']]));
    expect(await advanceLead(repo, 1, 'OPENED')).toBeUndefined();
    expect(await advanceLead(repo, 2, 'BOUNCED')).toBeUndefined();
    expect(await advanceLead(repo, 99, 'SENT')).toBeUndefined();
    expect(repo.writes).toEqual([]);
  });

  it('reads again when another writer moved the lead in between, and never undoes its move', async () => {
    // A click lands between our read (EMAIL_SENT) and our write: the late open must not win.
    const repo = new Racing(new Map([[1, 'EMAIL_SENT']]), [[1, 'CLICKED']]);
    expect(await advanceLead(repo, 1, 'OPENED')).toBeUndefined();
    expect(repo.statuses.get(1)).toBe('CLICKED');
    expect(repo.attempts).toBe(1);

    // The crawl starts between our read (NEW) and our write: the send still moves the lead, on the second try.
    const again = new Racing(new Map([[2, 'NEW']]), [[2, 'SCRAPING']]);
    expect(await advanceLead(again, 2, 'SENT')).toBe('EMAIL_SENT');
    expect(again.attempts).toBe(2);
    expect(again.writes).toEqual([[2, 'SCRAPING'], [2, 'EMAIL_SENT']]);
  });

  it('gives up with a conflict when it loses every race', async () => {
    const repo = new Racing(new Map([[1, 'SCRAPING']]), Array.from({ length: 10 }, (_, i) => [1, i % 2 ? 'SCRAPING' : 'NEW'] as [number, LeadStatus]));
    await expect(advanceLead(repo, 1, 'analysed')).rejects.toSatisfy((e) => e instanceof DomainError && e.code === 'conflict');
    expect(repo.attempts).toBe(5);
  });
});

/** Before each compare and set, the next queued write of another writer lands first. */
class Racing extends MemoryLeadStatuses {
  attempts = 0;
  constructor(
    statuses: Map<number, LeadStatus>,
    private readonly others: [number, LeadStatus][],
  ) {
    super(statuses);
  }

  override async compareAndSetStatus(leadId: number, from: LeadStatus, to: LeadStatus) {
    this.attempts++;
    const other = this.others.shift();
    if (other) await super.compareAndSetStatus(other[0], this.statuses.get(other[0])!, other[1]);
    return super.compareAndSetStatus(leadId, from, to);
  }
}
