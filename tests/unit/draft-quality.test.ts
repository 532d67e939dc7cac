import { describe, expect, it } from 'vitest';
import { scoreDraft } from '../../src/core/drafts/quality.ts';

const body = (extra = '') =>
  `Hi Maria,\n\nI came across Lopez Plumbing and noticed your site is served over plain http, so browsers mark it "Not secure". ${extra}` +
  ' A secure, mobile-friendly site would help more of the people who already find you to call. '.repeat(3) +
  '\n\nWould you be open to a short call next week?\n\nBest regards,\nAnn';

describe('draft quality score', () => {
  const findings = ['No SSL certificate (site served over http)', 'Not mobile responsive (no viewport meta tag)'];

  it('scores a personal, specific, clean email 1', () => {
    const { score, parts } = scoreDraft({ subject: 'Lopez Plumbing website', body: body(), findings, companyName: 'Lopez Plumbing', contactName: 'Maria Lopez' });
    expect(score).toBe(1);
    expect(parts.map((p) => p.name)).toEqual(['mentions_real_finding', 'length', 'no_placeholders', 'personalised', 'no_spam_triggers']);
  });

  it('takes points off for placeholders, spam words and generic text, and says why', () => {
    const { score, parts } = scoreDraft({ subject: 'FREE offer!!!', body: 'Hi [First Name], lorem ipsum. Act now!', findings, companyName: 'Lopez Plumbing' });
    expect(score).toBeLessThan(0.3);
    const failed = Object.fromEntries(parts.filter((p) => !p.passed).map((p) => [p.name, p.note]));
    expect(failed.no_placeholders).toBe('a placeholder is left in the text');
    expect(failed.no_spam_triggers).toContain('free');
    expect(failed.mentions_real_finding).toBe("cites none of the site's findings");
    expect(failed.length).toMatch(/words \(50-250 wanted\)/);
  });
});
