// A model that invents: Gemini (the real adapter, against the contract fake) answers with a
// finding the analysis does not have. The claim checker catches it before anything is stored:
// the invented sentence is taken out, or the draft is held for review with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftSubject } from '../../src/core/drafts/assess.ts';
import { composeDraft } from '../../src/core/drafts/compose.ts';
import type { Finding } from '../../src/core/model/analysis.ts';
import { GeminiAi } from '../../src/providers/ai/gemini.ts';
import { startGeminiFake, type GeminiFake } from '../fakes/gemini.ts';

const KEY = 'AIza-test-key';
let fake: GeminiFake;
let ai: GeminiAi;

beforeAll(async () => {
  fake = await startGeminiFake({ apiKey: KEY });
  ai = new GeminiAi({ apiKey: KEY, model: 'gemini-2.0-flash', baseUrl: fake.baseUrl, timeoutMs: 5_000 });
});
afterAll(() => fake.stop());

const noForm: Finding = {
  id: 'no_contact_form',
  claim: 'No contact form',
  evidence: 'no form to send a message on the 3 pages crawled (/, /contact, /about)',
  url: 'https://novakdental.com/',
  confidence: 0.9,
  value: null,
  pages: [
    { path: '/', kind: 'home' },
    { path: '/contact', kind: 'contact' },
    { path: '/about', kind: 'about' },
  ],
};
const lead: DraftSubject = {
  url: 'https://novakdental.com/',
  companyName: 'Novak Dental',
  contactName: 'Ana Novak',
  industry: 'Dental',
  city: 'Denver',
  businessSummary: 'Novak Dental is a dental practice in Denver.',
  findings: [noForm],
  evidence: { business_name: { url: 'https://novakdental.com/', detail: 'schema.org name "Novak Dental"', confidence: 1 } },
  websiteLanguage: 'en',
  country: 'US',
};
const sender = { name: 'Sam Rivera', signature: 'Best regards,\nSam Rivera' };
const honest =
  'Hi Ana,\n\nI spent a few minutes on the Novak Dental website and noticed there is no contact form, so patients who would rather write than call have no quick way to reach you. ' +
  'A simple form that lands in your inbox usually brings in a few more new-patient requests each month from people who already found you.\n\n' +
  'I help local practices with exactly this kind of fix and would be glad to show you what it could look like for Novak Dental.\n\nWould that be useful?';

describe('the claim checker on a Gemini answer', () => {
  it('takes out an invented claim and keeps the true rest', async () => {
    fake.respond = () => ({ subject: 'A quick idea for Novak Dental', body: `${honest.replace('\n\nWould', ' Your site also has no analytics, so you cannot see who visits.\n\nWould')}\n\n${sender.signature}`, cited_findings: ['no_contact_form'] });
    const draft = await composeDraft(ai, lead, sender);
    expect(draft.claims.ok).toBe(true);
    expect(draft.removed).toEqual(['Your site also has no analytics, so you cannot see who visits.']);
    expect(draft.body).not.toMatch(/analytics/);
    expect(draft.reviewReason).toBeUndefined();
    // Gemini was told which findings exist, and asked to name the ones it cites.
    const prompt = fake.generateRequests.at(-1)!.body.contents[0].parts[0].text as string;
    expect(prompt).toContain('no_contact_form');
    expect(Object.keys(fake.generateRequests.at(-1)!.body.generationConfig.responseSchema.properties)).toContain('cited_findings');
  });

  it('holds a draft for review when the invention cannot be cut out (a citation, or the subject)', async () => {
    fake.respond = () => ({ subject: 'Novak Dental has no analytics', body: `${honest}\n\n${sender.signature}`, cited_findings: ['no_contact_form', 'no_analytics'] });
    const draft = await composeDraft(ai, lead, sender);
    expect(draft.claims.ok).toBe(false);
    expect(draft.reviewReason).toMatch(/no_analytics|analytics/);
    expect(draft.quality.score).toBeLessThanOrEqual(0.6);
  });

  it('catches a number the analyser never measured', async () => {
    fake.respond = () => ({ subject: 'A quick idea for Novak Dental', body: `${honest.replace('Hi Ana,', 'Hi Ana,\n\nAn automated check gives your home page 2 out of 100 for accessibility.')}\n\n${sender.signature}`, cited_findings: ['no_contact_form'] });
    const draft = await composeDraft(ai, lead, sender);
    expect(draft.body).not.toMatch(/2 out of 100/);
    expect(draft.removed).toHaveLength(1);
  });
});
