// The "cited" list of a pitch preview: each finding the email states, with the sentence the
// claim checker reads it in (the body's first, the subject's only when the body never says it).
import { describe, expect, it } from 'vitest';
import { citations } from '../../src/core/drafts/preview.ts';
import type { Finding } from '../../src/core/model/analysis.ts';

const URL_ = 'http://kowalski-plumbing.example/';
const noSsl: Finding = { id: 'no_ssl', claim: 'No https', evidence: 'the home page answered over plain http', url: URL_, confidence: 0.95, value: null };
const slow: Finding = { id: 'slow_mobile', claim: 'Slow on a phone', evidence: 'LCP 6.2 s on a phone: poor', url: URL_, confidence: 0.8, value: 6.2 };
const ctx = { companyName: 'Kowalski Plumbing', url: URL_, signature: 'Best regards,\nJan' };

describe('citations', () => {
  it("gives each stated finding the body's sentence that says it, with the finding's evidence and value", () => {
    const body = 'Hello,\n\nI looked at the Kowalski Plumbing website. On a phone its main content took 6.2 seconds to appear. Browsers also mark it "Not secure" because it has no https.\n\nWould a call help?\n\nBest regards,\nJan';
    expect(citations('Your website on a phone', body, ['slow_mobile', 'no_ssl'], [noSsl, slow], ctx)).toEqual([
      { finding: 'slow_mobile', sentence: 'On a phone its main content took 6.2 seconds to appear.', evidence: slow.evidence, value: 6.2 },
      { finding: 'no_ssl', sentence: 'Browsers also mark it "Not secure" because it has no https.', evidence: noSsl.evidence, value: null },
    ]);
  });

  it('gives a measured finding the sentence that prints its value, not an earlier one that only shares its topic', () => {
    const heavy: Finding = { id: 'heavy_page', claim: 'Heavy page', evidence: 'Total page weight 6.2 MB on a phone', url: URL_, confidence: 0.8, value: 6.2 };
    const slowly: Finding = { ...slow, value: 32.1 };
    const body =
      "Hi,\n\nOn a phone, your home page takes 32.1 seconds to show its main content. I measured it with Google's Lighthouse, as a phone on a mobile connection.\n\nYour home page weighs 6.2 MB, a lot for someone to download on a phone.\n\nBest regards,\nJan";
    expect(citations('Your website on a phone', body, ['slow_mobile', 'heavy_page'], [slowly, heavy], ctx).map((c) => c.sentence)).toEqual([
      'On a phone, your home page takes 32.1 seconds to show its main content.',
      'Your home page weighs 6.2 MB, a lot for someone to download on a phone.',
    ]);
  });

  it('falls back to the subject when only the subject says it, and leaves out an id that is no finding', () => {
    const body = 'Hello,\n\nI looked at the Kowalski Plumbing website and wrote down a few notes for you.\n\nBest regards,\nJan';
    expect(citations('Kowalski Plumbing and the "Not secure" warning (https)', body, ['no_ssl', 'no_booking'], [noSsl], ctx)).toEqual([
      { finding: 'no_ssl', sentence: 'Kowalski Plumbing and the "Not secure" warning (https)', evidence: noSsl.evidence, value: null },
    ]);
  });
});
