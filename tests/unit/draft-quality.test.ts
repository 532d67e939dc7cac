// The quality score: built from checkable parts, scaled as owners rate drafts
// (tests/unit/draft-ratings.test.ts): a true but generic draft sits just above the 0.6
// "Low quality" line, a measured finding and a greeting to the named person lift it, one more
// flaw puts it under, and what owners take for spam caps it under the line.
import { describe, expect, it } from 'vitest';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { scoreDraft, UNVERIFIED_CAP } from '../../src/core/drafts/quality.ts';
import type { Finding } from '../../src/core/model/analysis.ts';

const LOW_QUALITY = 0.6;
const findings: Finding[] = [
  { id: 'no_ssl', claim: 'No SSL certificate (site served over http)', evidence: 'the home page answered over plain http', url: 'http://lopezplumbing.com/', confidence: 0.9, value: null },
  { id: 'images_missing_alt', claim: '3 images without alt text', evidence: '3 of 9 <img> tags have no alt', url: 'http://lopezplumbing.com/', confidence: 1, value: 3 },
  { id: 'slow_mobile', claim: 'The home page takes 6.2 s to show its main content on a phone', evidence: 'Lighthouse LCP 6.2 s (poor: over 4 s)', url: 'http://lopezplumbing.com/', confidence: 0.8, value: 6.2 },
  { id: 'stale_copyright', claim: 'The footer says © 2016', evidence: 'footer: © 2016', url: 'http://lopezplumbing.com/', confidence: 0.9, value: 2016 },
];
const signature = 'Best regards,\nAnn Lee';
const ctx = { companyName: 'Lopez Plumbing', contactName: 'Maria Lopez', url: 'http://lopezplumbing.com/', signature };
const FILLER = 'Putting that right is a contained job, and it would help more of the people who already find you pick up the phone and call. '.repeat(3);

const body = (claim: string, greeting = 'Hi Maria,', name = 'Lopez Plumbing') =>
  `${greeting}\n\nI came across ${name} this week. ${claim}\n\n${FILLER}\n\nWould you be open to a short call next week?\n\n${signature}`;

function score(subject: string, text: string, extra: Partial<Parameters<typeof scoreDraft>[0]> = {}) {
  const claims = checkClaims({ subject, body: text }, findings, ctx);
  return scoreDraft({ subject, body: text, signature, claims, findings, businessName: 'Lopez Plumbing', contactName: 'Maria Lopez', locale: 'en-US', siteLanguage: 'en', url: 'http://lopezplumbing.com/', country: 'US', ...extra });
}
const failed = (parts: { name: string; passed: boolean }[]) => parts.filter((p) => !p.passed).map((p) => p.name);
const SLOW = 'On a phone, your home page takes 6.2 seconds to show its main content, which Google rates as poor.';
const INSECURE = 'Your site loads over plain http, so browsers warn visitors it is not secure.';

describe('draft quality score', () => {
  it('scores a true, measured, personal, brief email in the site language 1', () => {
    const { score: s, parts } = score('A quick note about the Lopez Plumbing website', body(SLOW));
    expect(failed(parts)).toEqual([]);
    expect(s).toBe(1);
  });

  it('counts the note, not the line offering the report page, in its length', () => {
    const report = 'I put what I found, with screenshots, on one page for you:\nhttps://agency.example/r/3.tsbdbw.1qwKmd0zenNf1YRW9Upijw';
    const text = body(SLOW);
    const length = (b: string) => score('A quick note about the Lopez Plumbing website', b).parts.find((p) => p.name === 'length')!;
    const without = length(text);
    const withReport = length(text.replace('\n\nWould you', `\n\n${report}\n\nWould you`));
    expect(without.passed).toBe(true);
    expect(withReport).toEqual(without);
  });

  it('puts a true but generic draft (a visible problem, a plain greeting) just above the low-quality line', () => {
    const { score: s, parts } = score('A quick note about the Lopez Plumbing website', body(INSECURE, 'Hello,'), { contactName: null });
    expect(failed(parts)).toEqual(['measured', 'specific_to_the_site', 'personal_greeting']);
    expect(s).toBeGreaterThanOrEqual(LOW_QUALITY);
    expect(s).toBeLessThan(0.7);
  });

  it('scores a draft about what not every site has (Flash on the home page) above one that says only "Not secure"', () => {
    const flash: Finding = { id: 'flash_content', claim: 'Part of the home page is made in Adobe Flash, which browsers no longer play', evidence: 'the home page embeds 1 Flash movie (intro.swf)', url: 'https://lopezplumbing.com/', confidence: 1, value: 1 };
    const text = 'Part of your home page is built in Adobe Flash, which browsers stopped playing years ago, so visitors no longer see that part at all.';
    const withFlash = [...findings, flash];
    const subject = 'A quick note about the Lopez Plumbing website';
    const claims = checkClaims({ subject, body: body(text, 'Hello,') }, withFlash, ctx);
    const specific = score(subject, body(text, 'Hello,'), { contactName: null, findings: withFlash, claims });
    const generic = score('A quick note about the Lopez Plumbing website', body(INSECURE, 'Hello,'), { contactName: null });
    expect(specific.parts.find((p) => p.name === 'specific_to_the_site')).toMatchObject({ passed: true, note: expect.stringContaining('flash_content') });
    expect(specific.score).toBeGreaterThan(generic.score);
  });

  it('caps a draft with an unverified claim under the low-quality line, and says which claim', () => {
    const { score: s, parts } = score('A quick note about the Lopez Plumbing website', body(`${SLOW} Your site has no analytics, so you cannot see who visits.`));
    expect(s).toBeLessThanOrEqual(UNVERIFIED_CAP);
    expect(s).toBeLessThan(LOW_QUALITY);
    expect(parts.find((p) => p.name === 'claims_verified')).toMatchObject({ passed: false, note: expect.stringMatching(/analytics/) });
  });

  it('caps a draft that calls the business by its web address', () => {
    const { score: s, parts } = score('A quick note', body(SLOW, 'Hi Maria,', 'Lopezplumbing'), { businessName: null });
    expect(parts.find((p) => p.name === 'business_name')).toMatchObject({ passed: false, note: expect.stringMatching(/web address/) });
    expect(s).toBeLessThan(LOW_QUALITY);
    const domain = score('A quick note', body(SLOW, 'Hi Maria,', 'lopezplumbing.com'), { businessName: null });
    expect(domain.score).toBeLessThan(LOW_QUALITY);
  });

  it('lets a draft do without a name the site does not give, but scores it as the less personal note it is', () => {
    const nameless = score('A quick note about your website', body(SLOW, 'Hi Maria,', 'your business'), { businessName: null });
    const part = nameless.parts.find((p) => p.name === 'business_name');
    expect(part).toMatchObject({ passed: false, note: expect.stringMatching(/does without one/) });
    expect(part?.cap).toBeFalsy();
    expect(nameless.score).toBeLessThan(score('A quick note about the Lopez Plumbing website', body(SLOW)).score);
  });

  it('caps a draft whose only point costs no customers (a copyright year): a hello in disguise', () => {
    const { score: s, parts } = score('A quick note about the Lopez Plumbing website', body('Your footer still says © 2016, which makes visitors wonder whether the business is still running.'));
    expect(parts.find((p) => p.name === 'cites_what_owners_care_about')).toMatchObject({ passed: false });
    expect(s).toBeLessThan(LOW_QUALITY);
  });

  it('caps a draft in a language the business may not read: not its site\'s, or English where its country does not speak it', () => {
    expect(score('A quick note about the Lopez Plumbing website', body(SLOW), { siteLanguage: 'es', locale: 'es' }).score).toBeLessThan(LOW_QUALITY);
    const swiss = score('A quick note about the Lopez Plumbing website', body(SLOW), { country: 'CH' });
    expect(swiss.parts.find((p) => p.name === 'language')).toMatchObject({ passed: false, note: expect.stringMatching(/not a language of CH/) });
    expect(swiss.score).toBeLessThan(LOW_QUALITY);
    expect(score('A quick note about the Lopez Plumbing website', body(SLOW), { country: 'United States' }).score).toBe(1);
  });

  it('takes a generic draft under the line for one more flaw: a first name alone where the language wants a title', () => {
    const text = `Hallo Maria,\n\nich habe mir die Website von Lopez Plumbing angesehen. Ihre Website läuft ohne verschlüsselte Verbindung (https), deshalb warnt der Browser mit „Nicht sicher“, bevor Besucher ein Wort gelesen haben. Beides lässt sich beheben, ohne die Website neu zu bauen. Ich baue und betreue Websites für kleine Betriebe, deshalb fallen mir solche Dinge sofort auf. Wäre ein kurzes Telefonat nächste Woche hilfreich? Dann zeige ich Ihnen, was mir aufgefallen ist.\n\n${signature}`;
    const familiar = score('Lopez Plumbing und der Hinweis „Nicht sicher“', text, { locale: 'de', siteLanguage: 'de', country: 'DE' });
    expect(familiar.parts.find((p) => p.name === 'greeting')).toMatchObject({ passed: false, note: expect.stringMatching(/too familiar/) });
    expect(familiar.score).toBeLessThan(LOW_QUALITY);
    const formal = score('Lopez Plumbing und der Hinweis „Nicht sicher“', text.replace('Hallo Maria,', 'Guten Tag Frau Maria Lopez,'), { locale: 'de', siteLanguage: 'de', country: 'DE' });
    expect(formal.parts.find((p) => p.name === 'greeting')).toMatchObject({ passed: true });
    // The whole name, where a title would need the reader's sex: what the writer says outside English.
    const whole = score('Lopez Plumbing und der Hinweis „Nicht sicher“', text.replace('Hallo Maria,', 'Guten Tag Maria Lopez,'), { locale: 'de', siteLanguage: 'de', country: 'DE' });
    expect(whole.parts.filter((p) => p.name === 'greeting' || p.name === 'personal_greeting').map((p) => p.passed)).toEqual([true, true]);
    // Title and surname, a Polish vocative or a profession's title: each greets the person named.
    const greets = (greeting: string, locale: 'de' | 'pl', contact = 'Maria Lopez') =>
      score('Lopez Plumbing', text.replace('Hallo Maria,', greeting), { locale, siteLanguage: locale, contactName: contact })
        .parts.filter((p) => p.name === 'greeting' || p.name === 'personal_greeting')
        .map((p) => p.passed);
    expect(greets('Guten Tag Frau Lopez,', 'de')).toEqual([true, true]);
    expect(greets('Dzień dobry Pani Mario,', 'pl')).toEqual([true, true]);
    expect(greets('Dzień dobry Panie Marku,', 'pl', 'Marek Nowak')).toEqual([true, true]);
    expect(greets('Dzień dobry Panie Mecenasie,', 'pl', 'Marek Nowak')).toEqual([true, true]);
    expect(greets('Dzień dobry,', 'pl', 'Marek Nowak')).toEqual([true, false]);
  });

  it('takes points off for analyser wording or numbers in the subject, spam and placeholders', () => {
    const { score: s, parts } = score('Lopez Plumbing: 3 images without alt text', 'Hi [First Name], lorem ipsum. Act now, it is free!');
    expect(failed(parts)).toEqual(expect.arrayContaining(['subject', 'no_spam_or_placeholders', 'length', 'personal_greeting']));
    expect(parts.find((p) => p.name === 'no_spam_or_placeholders')?.note).toMatch(/free/);
    expect(s).toBeLessThan(0.5);
  });
});
