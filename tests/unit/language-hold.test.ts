// Their language, or no email: the locale each site language gets, the hold for a language the
// offline writer cannot write (with its reason, named in English), and Gemini told the language.
import { describe, expect, it } from 'vitest';
import { languageHold, languageName } from '../../src/core/drafts/language-hold.ts';
import { emailLocale, localSignature } from '../../src/core/drafts/locale.ts';
import type { EmailBrief } from '../../src/core/model/analysis.ts';
import { emailPrompt, languageInstruction } from '../../src/providers/ai/gemini-prompts.ts';
import { composeFollowUp } from '../../src/core/drafts/follow-up.ts';
import { composeDraft } from '../../src/core/drafts/compose.ts';
import { followUpPrompt } from '../../src/providers/ai/gemini-prompts.ts';
import type { DraftSubject } from '../../src/core/drafts/assess.ts';
import type { AiProvider } from '../../src/core/model/providers.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { writeFirstEmail } from '../../src/core/drafts/first-email.ts';
import { siteSubject } from '../../src/core/pipeline/site-subject.ts';
import { crawlOfPage, type PageLabel } from '../support/realweb.ts';
import { join } from 'node:path';

describe('the email’s locale', () => {
  it.each([
    ['pt', 'BR', 'pt'],
    ['pt', 'PT', 'pt-PT'],
    ['pt', 'AO', 'pt-PT'],
    ['it', 'IT', 'it'],
    ['nl', 'NL', 'nl'],
    ['nl', 'BE', 'nl'],
    ['pl', 'PL', 'pl'],
    ['PL', null, 'pl'],
    ['es', 'MX', 'es-419'],
    ['es', 'ES', 'es'],
    ['en', 'GB', 'en-GB'],
    ['en', 'US', 'en-US'],
    // A country written as a name counts as its code: one reading of country names (core/countries.ts).
    ['en', 'South Africa', 'en-GB'],
    ['en', 'UK', 'en-GB'],
    ['en', 'United States', 'en-US'],
    // Swiss Standard German ("ss" for "ß"), in Switzerland and Liechtenstein.
    ['de', 'CH', 'de-CH'],
    ['de', 'Switzerland', 'de-CH'],
    ['de', 'LI', 'de-CH'],
    ['de', 'AT', 'de'],
  ] as const)('a site in %s (country %s) is written in %s', (language, country, locale) => {
    expect(emailLocale(language, country)).toBe(locale);
  });

  it('closes the default signature in the email’s language', () => {
    const signature = 'Best regards,\nAlex Doe\nPixel Studio';
    expect(localSignature(signature, 'pt')).toBe('Atenciosamente,\nAlex Doe\nPixel Studio');
    expect(localSignature(signature, 'it')).toBe('Cordiali saluti,\nAlex Doe\nPixel Studio');
    expect(localSignature(signature, 'nl')).toBe('Met vriendelijke groet,\nAlex Doe\nPixel Studio');
    expect(localSignature(signature, 'pl')).toBe('Pozdrawiam,\nAlex Doe\nPixel Studio');
    expect(localSignature(signature, 'de-CH')).toBe('Freundliche Grüsse\nAlex Doe\nPixel Studio');
    expect(localSignature(signature, 'en-US')).toBe(signature);
  });
});

describe('a site in a language the offline writer cannot write', () => {
  it.each([
    ['ja', 'Japanese'],
    ['tr', 'Turkish'],
    ['vi', 'Vietnamese'],
    ['ru', 'Russian'],
    ['hr', 'Croatian'],
    ['ja-JP', 'Japanese'],
  ])('is held with the offline writer when the site is in %s', (code, name) => {
    expect(languageHold(code, 'heuristic')).toBe(`the site is in ${name}; the offline writer cannot write ${name}: configure the AI writer or write it yourself`);
  });

  it('is written by Gemini, which is told the language', () => {
    for (const code of ['ja', 'tr', 'vi', 'ru', 'hr']) expect(languageHold(code, 'gemini')).toBeNull();
  });

  it.each(['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'pl', 'pt-BR', 'nl-BE'])('is not held for %s, which the offline writer writes', (code) => {
    expect(languageHold(code, 'heuristic')).toBeNull();
  });

  it('is not held when the language is unknown and the country writes English, or is unknown (the email follows the country)', () => {
    for (const code of [null, undefined, '', 'und', '  ', 'not a code']) expect(languageHold(code, 'heuristic')).toBeNull();
    for (const country of ['US', 'GB', 'CA', null, 'Narnia']) expect(languageHold(null, 'heuristic', country)).toBeNull();
  });

  it('is held, by either writer, when the language is unknown and the country does not write English', () => {
    const swiss = "the site's language could not be read from its text, and a business in Switzerland writes German, French or Italian, not English: write it yourself";
    expect(languageHold(null, 'heuristic', 'CH')).toBe(swiss);
    expect(languageHold(undefined, 'gemini', 'ch')).toBe(swiss);
    expect(languageHold(null, 'heuristic', 'Switzerland')).toBe(swiss);
    expect(languageHold('de', 'heuristic', 'CH')).toBeNull();
  });

  it('holds the real Bern physiotherapist, whose few words franc reads as English, instead of writing to it in English', async () => {
    const file = join(import.meta.dirname, '../fixtures/realweb/names/pages/110.html');
    const crawl = crawlOfPage({ id: '110', file, label: { url: 'http://www.physiotherapiebern.ch/' } as PageLabel });
    const ai = new HeuristicAi();
    const lead = await siteSubject(crawl.startUrl, crawl, ai);
    expect(lead).toMatchObject({ country: 'CH', websiteLanguage: null });
    const first = await writeFirstEmail(ai, lead, null, { name: 'Sam', signature: 'Sam' });
    expect(first).toMatchObject({ written: false, reason: expect.stringMatching(/^the site's language could not be read from its text, and a business in Switzerland writes German, French or Italian/) });
  });

  it('names a language with no English name by its code', () => {
    expect(languageName('zz')).toBe('the language "zz"');
    expect(languageHold('zz', 'heuristic')).toBe('the site is in the language "zz"; the offline writer cannot write the language "zz": configure the AI writer or write it yourself');
  });
});

describe('the Gemini prompt names the language', () => {
  const brief: EmailBrief = {
    company_name: 'Novak Dental',
    url: 'https://novak.example/',
    business_summary: 'A dental practice.',
    findings: [],
    locale: 'pl',
    sender_name: 'Alex',
    signature: 'Pozdrawiam,\nAlex',
  };

  it.each([
    ['pt', 'Portuguese'],
    ['it', 'Italian'],
    ['nl', 'Dutch'],
    ['pl', 'Polish'],
  ] as const)('for %s', (locale, name) => {
    expect(languageInstruction(locale)).toContain(`Write in ${name}`);
    expect(emailPrompt({ ...brief, locale })).toContain(`Language: ${locale}. Write in ${name}`);
  });

  it('asks for the site’s own language by name when no locale covers it', () => {
    expect(languageInstruction('en-US', 'ja')).toMatch(/^Language: Japanese \(ja\).*Write the subject and the body in Japanese/);
    expect(emailPrompt({ ...brief, locale: 'en-US', site_language: 'vi' })).toContain('Write the subject and the body in Vietnamese');
    // A language a locale covers keeps the locale's instruction.
    expect(languageInstruction('pl', 'pl')).toBe(languageInstruction('pl'));
  });
});

describe('a follow-up to a site in a language the writer cannot write', () => {
  const lead = (websiteLanguage: string): DraftSubject => ({
    url: 'https://ishii-komuten.example/',
    companyName: 'Ishii Komuten',
    contactName: null,
    industry: 'Construction',
    city: null,
    businessSummary: null,
    findings: [{ id: 'no_ssl', claim: 'no https', evidence: 'http only', url: 'https://ishii-komuten.example/', confidence: 0.9, value: null }],
    evidence: {},
    websiteLanguage,
    country: 'JP',
  });
  const request = (websiteLanguage: string) => ({ lead: lead(websiteLanguage), thread: [{ subject: 'ご相談', body: '...', stated: [] }], step: 2, steps: 3, sender: { name: 'Sam', signature: 'Sam' } });

  it('is held for review with the reason when the offline writer wrote it', async () => {
    const draft = await composeFollowUp(new HeuristicAi(), request('ja'));
    expect(draft.reviewReason).toContain('the site is in Japanese; the offline writer cannot write Japanese: configure the AI writer or write it yourself');
  });

  it('is not held for its language when Gemini wrote it, nor for a language the offline writer writes', async () => {
    const heuristic = new HeuristicAi();
    const gemini: AiProvider = Object.assign(Object.create(heuristic) as AiProvider, { id: 'gemini' as const });
    expect((await composeFollowUp(gemini, request('ja'))).reviewReason ?? '').not.toMatch(/offline writer cannot/);
    expect((await composeFollowUp(heuristic, { ...request('pl'), lead: { ...lead('pl'), country: 'PL' } })).reviewReason ?? '').not.toMatch(/offline writer cannot/);
  });
});

describe('Gemini writing to a site in a language no locale covers', () => {
  // A stand-in for Gemini that keeps the brief it was given and answers in Japanese.
  function recordingGemini() {
    const briefs: EmailBrief[] = [];
    const answer = async (brief: EmailBrief) => {
      briefs.push(brief);
      return { value: { subject: 'ウェブサイトについて', body: `こんにちは。ウェブサイトについてご連絡しました。よろしくお願いします。\n\n${brief.signature}`, cited_findings: [] }, usage: { inputTokens: 0, outputTokens: 0 }, model: 'fake' };
    };
    const ai = { id: 'gemini', model: 'fake', writeEmail: answer, writeFollowUp: answer } as unknown as AiProvider;
    return { ai, briefs };
  }
  const lead: DraftSubject = {
    url: 'https://ishii-komuten.example/', companyName: 'Ishii Komuten', contactName: null, industry: null, city: null, businessSummary: null,
    findings: [], evidence: {}, websiteLanguage: 'ja', country: 'JP',
  };

  it('is given the site’s language, and the prompt asks for it by name', async () => {
    const { ai, briefs } = recordingGemini();
    await composeDraft(ai, lead, { name: 'Sam', signature: 'Sam' });
    await composeFollowUp(ai, { lead, thread: [{ subject: 'ウェブサイトについて', body: '...', stated: [] }], step: 2, steps: 2, sender: { name: 'Sam', signature: 'Sam' } });
    expect(briefs.map((b) => b.site_language)).toEqual(['ja', 'ja']);
    expect(emailPrompt(briefs[0])).toContain('Write the subject and the body in Japanese');
    expect(followUpPrompt({ ...briefs[1], step: 2, steps: 2, earlier: [] })).toContain('Write the subject and the body in Japanese');
  });
});
