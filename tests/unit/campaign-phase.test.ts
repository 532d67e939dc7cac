// The Campaigns screen's display rules: phase text of a RUNNING campaign, the email success
// rate colour, the status colours and the progress share.
import { describe, expect, it } from 'vitest';
import { phaseText, progressPercent, STATUS_TONES, successRateTone } from '../../web/src/components/campaigns/phase.ts';

const counts = (total_leads: number, processed_leads: number, emails_sent: number, audits = 0, audits_finished = 0) => ({ total_leads, processed_leads, emails_sent, audits, audits_finished });

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

  it('names the next website to audit once every lead is analysed and audits are left', () => {
    expect(phaseText(counts(10, 10, 0, 4, 0))).toBe('auditing website 1');
    expect(phaseText(counts(10, 10, 0, 4, 3))).toBe('auditing website 4');
    expect(phaseText(counts(10, 10, 0, 4, 4))).toBe('generating email drafts');
    expect(phaseText(counts(10, 6, 0, 4, 0))).toBe('analysing website 7');
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
  it('is the sites read (analysed or failed) over the leads found, not the leads found over max_results', () => {
    // The search found all 25 at once: nothing is read yet, so the bar is empty (it used to show 25 / 25).
    expect(progressPercent({ total_leads: 25, leads_analysed: 0, leads_failed: 0 })).toBe(0);
    expect(progressPercent({ total_leads: 25, leads_analysed: 5, leads_failed: 5 })).toBe(40);
    expect(progressPercent({ total_leads: 25, leads_analysed: 6, leads_failed: 19 })).toBe(100);
  });

  it('is null before the search has found anything', () => {
    expect(progressPercent({ total_leads: 0, leads_analysed: 0, leads_failed: 0 })).toBeNull();
  });
});
