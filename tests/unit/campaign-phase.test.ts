// The Campaigns screen's display rules: phase text of a RUNNING campaign, the email success
// rate colour, the status colours and the progress share.
import { describe, expect, it } from 'vitest';
import { phaseText, progressPercent, STATUS_TONES, successRateTone } from '../../web/src/components/campaigns/phase.ts';

const counts = (total_leads: number, processed_leads: number, emails_sent: number) => ({ total_leads, processed_leads, emails_sent });

describe('phaseText', () => {
  it('names the next website while leads wait for analysis (N = processed_leads, shown N+1)', () => {
    expect(phaseText(counts(10, 0, 0))).toBe('analysing website 1');
    expect(phaseText(counts(10, 3, 0))).toBe('analysing website 4');
    expect(phaseText(counts(10, 9, 9))).toBe('analysing website 10');
  });

  it('says drafts are being generated once every lead is analysed but not every email is sent', () => {
    expect(phaseText(counts(10, 10, 0))).toBe('generating email drafts');
    expect(phaseText(counts(10, 10, 9))).toBe('generating email drafts');
  });

  it('otherwise says leads are being discovered', () => {
    expect(phaseText(counts(0, 0, 0))).toBe('discovering leads');
    expect(phaseText(counts(10, 10, 10))).toBe('discovering leads');
  });

  it('checks analysis before drafts', () => {
    expect(phaseText(counts(5, 2, 0))).toBe('analysing website 3');
  });
});

describe('successRateTone', () => {
  it('is green from 70, yellow from 50, red below', () => {
    expect(successRateTone(100)).toBe('success');
    expect(successRateTone(70)).toBe('success');
    expect(successRateTone(69.9)).toBe('warning');
    expect(successRateTone(50)).toBe('warning');
    expect(successRateTone(49.9)).toBe('danger');
    expect(successRateTone(0)).toBe('danger');
  });
});

describe('status colours', () => {
  it('are green running, yellow paused, blue (link) completed, red failed, gray draft', () => {
    expect(STATUS_TONES).toEqual({ RUNNING: 'success', PAUSED: 'warning', COMPLETED: 'link', FAILED: 'danger', DRAFT: 'grey' });
  });
});

describe('progressPercent', () => {
  it('is total_leads over max_results, capped at 100, and null without a limit', () => {
    expect(progressPercent({ total_leads: 5, max_results: 10 })).toBe(50);
    expect(progressPercent({ total_leads: 12, max_results: 10 })).toBe(100);
    expect(progressPercent({ total_leads: 5, max_results: null })).toBeNull();
  });
});
