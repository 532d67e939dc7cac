// A follow-up that cites again what the thread already said, because the site was measured
// again and it still stands (src/core/sequences/recheck.ts), says so: "I measured your home page
// again", not "one more thing I noticed" (which would read as news to an owner told it before).
import { describe, expect, it } from 'vitest';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { EMAIL_LOCALES, type FollowUpBrief } from '../../src/core/model/analysis.ts';
import { phrasebook } from '../../src/providers/ai/heuristic/phrases/index.ts';
import { writeFollowUp } from '../../src/providers/ai/heuristic/follow-up.ts';

const slow = { id: 'slow_mobile' as const, claim: 'The home page takes 9.4 s to show its main content on a phone', evidence: 'LCP 9.4 s on a phone: poor', url: 'https://novak.example/', confidence: 0.9, value: 9.4 };

function brief(remeasured: boolean, locale: FollowUpBrief['locale'] = 'en-US'): FollowUpBrief {
  return {
    company_name: 'Novak Dental', url: 'https://novak.example/', business_summary: '', findings: [slow], locale, sender_name: 'Sam', signature: 'Best,\nSam',
    step: 2, steps: 3, earlier: [{ subject: 'Novak Dental on phones', body: 'Hello,\n\nOn a phone, your home page takes 6.1 seconds…' }],
    ...(remeasured && { remeasured: true }),
  };
}

describe('a follow-up citing a finding measured again', () => {
  it('says it was measured again, with the new value, and passes the claim checker', () => {
    const email = writeFollowUp(brief(true));
    expect(email.body).toContain('I measured your home page again');
    expect(email.body).toContain('9.4 seconds');
    expect(email.body).not.toMatch(/one more thing/);
    expect(checkClaims(email, [slow], { companyName: 'Novak Dental', url: 'https://novak.example/', signature: 'Best,\nSam' }).problems).toEqual([]);
  });

  it('is a nudge, citing nothing, when the finding measured again would be said in the very words the first email used', () => {
    const noSsl = { id: 'no_ssl' as const, claim: 'No SSL certificate (site served over http)', evidence: 'https://novak.example/ failed', url: 'http://novak.example/', confidence: 1, value: null };
    const first = { ...brief(true), findings: [noSsl] };
    const sentence = phrasebook('en-US').finding.no_ssl(null, {});
    const email = writeFollowUp({ ...first, earlier: [{ subject: 'Novak Dental and the "Not secure" warning', body: `Hello,\n\n${sentence}\n\nBest,\nSam` }] });
    expect(email.body).not.toContain(sentence);
    expect(email.body).toContain(phrasebook('en-US').followUp.nudge.find((line) => email.body.includes(line)));
    expect(email.cited_findings).toEqual([]);
    // Said differently before (an earlier wording), it is said again as still there.
    expect(writeFollowUp({ ...first, earlier: [{ subject: 'x', body: 'Hello,\n\nYour site has no https.' }] }).body).toContain(sentence);
  });

  it('introduces a new finding as new', () => {
    expect(writeFollowUp(brief(false)).body).not.toContain('again');
  });

  it.each(EMAIL_LOCALES)('has the sentence in %s, with no number and no topic a finding must back', (locale) => {
    for (const line of phrasebook(locale).followUp.again) {
      expect(line).not.toMatch(/\d/);
      expect(checkClaims({ subject: 'x', body: line }, []).problems, line).toEqual([]);
    }
    expect(writeFollowUp(brief(true, locale)).body).toContain(phrasebook(locale).followUp.again[0]);
  });
});
