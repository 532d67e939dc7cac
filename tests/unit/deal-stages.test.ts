// The deal rules: won is CONVERTED both ways, leaving won un-converts, replies only move forward,
// and a suggestion's estimate becomes a value only when it honestly reads as an amount.
import { describe, expect, it } from 'vitest';
import { afterDealMove, afterStatusSet, stageAfterReply } from '../../src/core/deals/stages.ts';
import { valueFromEstimate } from '../../src/core/deals/value.ts';
import type { LeadStatus } from '../../src/core/model/lead.ts';
import type { DealStage } from '../../src/core/model/reply-classes.ts';

describe('moving a deal by hand', () => {
  const cases: [LeadStatus, DealStage | null, DealStage, LeadStatus][] = [
    ['REPLIED', null, 'interested', 'REPLIED'],
    ['REPLIED', 'interested', 'meeting_booked', 'REPLIED'],
    ['REPLIED', 'meeting_booked', 'proposal_sent', 'REPLIED'],
    ['REPLIED', 'proposal_sent', 'won', 'CONVERTED'], // won converts the lead
    ['OPENED', null, 'won', 'CONVERTED'],
    ['REPLIED', 'proposal_sent', 'lost', 'REPLIED'],
    ['CONVERTED', 'won', 'proposal_sent', 'REPLIED'], // leaving won un-converts
    ['CONVERTED', 'won', 'lost', 'REPLIED'],
    ['REPLIED', 'lost', 'interested', 'REPLIED'], // an operator may reopen a lost deal
    ['BOUNCED', 'interested', 'meeting_booked', 'BOUNCED'], // other statuses are not the deal's to change
  ];
  it.each(cases)('status %s at %s, moved to %s → status %s', (status, stage, to, expected) => {
    expect(afterDealMove({ status, stage }, to)).toEqual({ status: expected, stage: to });
  });
});

describe('setting the status by hand (PATCH /api/leads/{id}/status)', () => {
  const cases: [LeadStatus, DealStage | null, LeadStatus, DealStage | null][] = [
    ['REPLIED', null, 'CONVERTED', 'won'], // marking CONVERTED wins the deal (opening one if needed)
    ['REPLIED', 'meeting_booked', 'CONVERTED', 'won'],
    ['CONVERTED', 'won', 'REPLIED', 'proposal_sent'], // un-converting un-wins, back to the last stage before won
    ['CONVERTED', 'won', 'NEW', 'proposal_sent'],
    ['REPLIED', 'interested', 'OPENED', 'interested'], // other moves leave the deal alone
    ['REPLIED', null, 'EMAIL_SENT', null],
    ['REPLIED', 'lost', 'BOUNCED', 'lost'],
  ];
  it.each(cases)('status %s at %s, set to %s → deal %s', (status, stage, to, expected) => {
    expect(afterStatusSet({ status, stage }, to)).toEqual({ status: to, stage: expected });
  });

  it('keeps won and CONVERTED together whichever side moves', () => {
    const statuses: LeadStatus[] = ['NEW', 'EMAIL_SENT', 'REPLIED', 'CONVERTED', 'BOUNCED'];
    const stages: (DealStage | null)[] = [null, 'interested', 'meeting_booked', 'proposal_sent', 'won', 'lost'];
    for (const status of statuses)
      for (const stage of stages) {
        for (const to of ['interested', 'meeting_booked', 'proposal_sent', 'won', 'lost'] as DealStage[]) {
          const after = afterDealMove({ status, stage }, to);
          expect(after.stage === 'won', `${status}/${stage} → ${to}`).toBe(after.status === 'CONVERTED');
        }
        for (const to of statuses) {
          const after = afterStatusSet({ status, stage }, to);
          expect(after.stage === 'won', `${status}/${stage} → ${to}`).toBe(after.status === 'CONVERTED');
        }
      }
  });
});

describe('a classified reply moves the deal forward only', () => {
  const cases: [DealStage | null, 'interested' | 'meeting_booked', DealStage | undefined][] = [
    [null, 'interested', 'interested'],
    [null, 'meeting_booked', 'meeting_booked'],
    ['interested', 'meeting_booked', 'meeting_booked'],
    ['interested', 'interested', undefined],
    ['meeting_booked', 'interested', undefined], // never back
    ['proposal_sent', 'meeting_booked', undefined],
    ['won', 'interested', undefined],
    ['won', 'meeting_booked', undefined],
    ['lost', 'interested', undefined], // lost is the operator's call
  ];
  it.each(cases)('at %s, a reply saying %s → %s', (stage, signal, expected) => {
    expect(stageAfterReply(stage, signal)).toBe(expected);
  });
});

describe("the deal's default value from the suggestion's estimate", () => {
  const cases: [string | null, number | null][] = [
    ['$1,500-$5,000', 1500],
    ['$2k-$5k', 2000],
    ['$2-5k', 2000],
    ['$500-5k', 500],
    ['3000', 3000],
    ['$3,000 USD', 3000],
    ['€1.200', null], // a thousands dot or a decimal one? Not guessed
    ['$1,499.50', 1499.5],
    ['$1,500 to $5,000', 1500],
    ['varies with scope', null],
    ['from $1,500', null],
    ['$0', null],
    ['', null],
    [null, null],
  ];
  it.each(cases)('%s → %s', (estimate, expected) => {
    expect(valueFromEstimate(estimate)).toBe(expected);
  });
});
