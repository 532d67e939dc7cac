// The quality score: built from checkable parts, and never above 0.6 for a draft whose claims
// are not all verified.
import { describe, expect, it } from 'vitest';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { scoreDraft, UNVERIFIED_CAP } from '../../src/core/drafts/quality.ts';
import type { Finding } from '../../src/core/model/analysis.ts';

const findings: Finding[] = [
  { id: 'no_ssl', claim: 'No SSL certificate (site served over http)', evidence: 'the home page answered over plain http', url: 'http://lopezplumbing.com/', confidence: 0.9, value: null },
  { id: 'images_missing_alt', claim: '3 images without alt text', evidence: '3 of 9 <img> tags have no alt', url: 'http://lopezplumbing.com/', confidence: 1, value: 3 },
];
const signature = 'Best regards,\nAnn Lee';
const ctx = { companyName: 'Lopez Plumbing', contactName: 'Maria Lopez', url: 'http://lopezplumbing.com/', signature };

const body = (claim: string) =>
  `Hi Maria,\n\nI came across Lopez Plumbing this week. ${claim}\n\n` +
  'Putting that right is a contained job, and it would help more of the people who already find you pick up the phone and call. '.repeat(3) +
  `\n\nWould you be open to a short call next week?\n\n${signature}`;

function score(subject: string, text: string, extra: Partial<Parameters<typeof scoreDraft>[0]> = {}) {
  const claims = checkClaims({ subject, body: text }, findings, ctx);
  return scoreDraft({ subject, body: text, signature, claims, findings, businessName: 'Lopez Plumbing', contactName: 'Maria Lopez', locale: 'en-US', siteLanguage: 'en', ...extra });
}

describe('draft quality score', () => {
  it('scores a true, personal, readable email in the site language 1', () => {
    const { score: s, parts } = score('A quick note about the Lopez Plumbing website', body('Your site loads over plain http, so browsers warn visitors it is not secure.'));
    expect(parts.filter((p) => !p.passed)).toEqual([]);
    expect(s).toBe(1);
  });

  it('caps a draft with an unverified claim at 0.6, and says which claim', () => {
    const { score: s, parts } = score('A quick note about the Lopez Plumbing website', body('Your site has no analytics, so you cannot see who visits.'));
    expect(s).toBeLessThanOrEqual(UNVERIFIED_CAP);
    expect(parts.find((p) => p.name === 'claims_verified')).toMatchObject({ passed: false, note: expect.stringMatching(/analytics/) });
  });

  it('takes points off for analyser wording or numbers in the subject, the wrong language, spam and placeholders', () => {
    const { score: s, parts } = score('Lopez Plumbing: 3 images without alt text', 'Hi [First Name], lorem ipsum. Act now, it is free!', { siteLanguage: 'es', locale: 'es' });
    const failed = Object.fromEntries(parts.filter((p) => !p.passed).map((p) => [p.name, p.note]));
    expect(Object.keys(failed)).toEqual(expect.arrayContaining(['subject', 'language', 'no_spam_or_placeholders', 'length', 'personal_greeting']));
    expect(failed.no_spam_or_placeholders).toMatch(/free/);
    expect(s).toBeLessThan(0.5);
  });

  it('does not count a hostname-made name as the business name', () => {
    const { parts } = score('Hello', body('Your site loads over plain http.'), { businessName: null });
    expect(parts.find((p) => p.name === 'business_name')).toMatchObject({ passed: false, note: 'the site does not say its own name' });
  });
});
