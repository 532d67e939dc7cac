import { describe, expect, it } from 'vitest';
import { advanceLead, emailStatusAfter, leadStatusAfter, type EmailStatus, type EngagementEvent, type LeadStatusPort } from '../../src/core/emails/status.ts';
import type { LeadStatus } from '../../src/core/model/lead.ts';

const ENGAGEMENT: EngagementEvent[] = ['SENT', 'OPENED', 'CLICKED', 'REPLIED'];

describe('emailStatusAfter', () => {
  it('moves a sent email forward through opened, clicked, replied', () => {
    expect(emailStatusAfter('SENT', 'OPENED')).toBe('OPENED');
    expect(emailStatusAfter('SENT', 'CLICKED')).toBe('CLICKED'); // a click without a seen open
    expect(emailStatusAfter('OPENED', 'CLICKED')).toBe('CLICKED');
    expect(emailStatusAfter('CLICKED', 'REPLIED')).toBe('REPLIED');
    expect(emailStatusAfter('SENT', 'REPLIED')).toBe('REPLIED');
  });

  it('never moves backwards or sideways', () => {
    expect(emailStatusAfter('CLICKED', 'OPENED')).toBeUndefined(); // a late open never undoes a click
    expect(emailStatusAfter('REPLIED', 'CLICKED')).toBeUndefined();
    expect(emailStatusAfter('REPLIED', 'OPENED')).toBeUndefined();
    expect(emailStatusAfter('OPENED', 'OPENED')).toBeUndefined();
    expect(emailStatusAfter('OPENED', 'SENT')).toBeUndefined();
  });

  it('does not apply to emails that were not (successfully) sent', () => {
    const notSent: EmailStatus[] = ['DRAFT', 'QUEUED', 'SENDING', 'BOUNCED', 'FAILED', 'PAUSED', 'CANCELLED'];
    for (const current of notSent) for (const event of ENGAGEMENT) expect(emailStatusAfter(current, event), `${current} + ${event}`).toBeUndefined();
  });
});

describe('leadStatusAfter', () => {
  it('moves a lead forward with its emails', () => {
    for (const before of ['NEW', 'SCRAPING', 'ANALYZED', 'EMAIL_GENERATED'] as LeadStatus[]) expect(leadStatusAfter(before, 'SENT')).toBe('EMAIL_SENT');
    expect(leadStatusAfter('EMAIL_SENT', 'OPENED')).toBe('OPENED');
    expect(leadStatusAfter('OPENED', 'CLICKED')).toBe('CLICKED');
    expect(leadStatusAfter('CLICKED', 'REPLIED')).toBe('REPLIED');
    expect(leadStatusAfter('EMAIL_GENERATED', 'REPLIED')).toBe('REPLIED');
  });

  it('never moves a lead backwards (e.g. a follow-up sent after a reply)', () => {
    expect(leadStatusAfter('REPLIED', 'SENT')).toBeUndefined();
    expect(leadStatusAfter('CLICKED', 'OPENED')).toBeUndefined();
    expect(leadStatusAfter('OPENED', 'OPENED')).toBeUndefined();
    for (const event of ENGAGEMENT) expect(leadStatusAfter('CONVERTED', event)).toBeUndefined();
  });

  it('lets bounces and unsubscribes win over engagement', () => {
    for (const before of ['NEW', 'EMAIL_SENT', 'OPENED', 'CLICKED', 'REPLIED'] as LeadStatus[]) {
      expect(leadStatusAfter(before, 'BOUNCED')).toBe('BOUNCED');
      expect(leadStatusAfter(before, 'UNSUBSCRIBED')).toBe('UNSUBSCRIBED');
    }
    expect(leadStatusAfter('BOUNCED', 'BOUNCED')).toBeUndefined();
    expect(leadStatusAfter('UNSUBSCRIBED', 'UNSUBSCRIBED')).toBeUndefined();
  });

  it('keeps a converted lead converted, even after a bounce or an unsubscribe', () => {
    expect(leadStatusAfter('CONVERTED', 'BOUNCED')).toBeUndefined();
    expect(leadStatusAfter('CONVERTED', 'UNSUBSCRIBED')).toBeUndefined();
  });

  it('keeps bounced and unsubscribed leads as they are, whatever engagement arrives later', () => {
    for (const before of ['BOUNCED', 'UNSUBSCRIBED'] as LeadStatus[]) {
      for (const event of ENGAGEMENT) expect(leadStatusAfter(before, event), `${before} + ${event}`).toBeUndefined();
    }
  });
});

class MemoryLeads implements LeadStatusPort {
  readonly writes: [number, LeadStatus][] = [];
  constructor(readonly statuses: Map<number, LeadStatus>) {}
  async leadStatus(leadId: number) {
    return this.statuses.get(leadId);
  }
  async setLeadStatus(leadId: number, status: LeadStatus) {
    this.writes.push([leadId, status]);
    this.statuses.set(leadId, status);
  }
}

describe('advanceLead', () => {
  it('writes the next status and returns it', async () => {
    const port = new MemoryLeads(new Map([[1, 'EMAIL_SENT']]));
    expect(await advanceLead(port, 1, 'OPENED')).toBe('OPENED');
    expect(port.statuses.get(1)).toBe('OPENED');
    expect(await advanceLead(port, 1, 'UNSUBSCRIBED')).toBe('UNSUBSCRIBED');
    expect(port.writes).toEqual([[1, 'OPENED'], [1, 'UNSUBSCRIBED']]);
  });

  it('writes nothing when the status stays', async () => {
    const port = new MemoryLeads(new Map<number, LeadStatus>([[1, 'CLICKED'], [2, 'CONVERTED']]));
    expect(await advanceLead(port, 1, 'OPENED')).toBeUndefined();
    expect(await advanceLead(port, 2, 'BOUNCED')).toBeUndefined();
    expect(port.writes).toEqual([]);
    expect(port.statuses.get(1)).toBe('CLICKED');
  });

  it('does nothing for a lead that does not exist', async () => {
    const port = new MemoryLeads(new Map());
    expect(await advanceLead(port, 99, 'SENT')).toBeUndefined();
    expect(port.writes).toEqual([]);
  });
});
