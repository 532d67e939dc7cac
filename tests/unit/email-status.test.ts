import { describe, expect, it } from 'vitest';
import { emailStatusAfter, type EmailStatus, type EngagementEvent } from '../../src/core/emails/status.ts';

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
