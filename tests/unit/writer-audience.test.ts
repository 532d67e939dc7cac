// A crawl finding said as the owner would want it: who sees the problem (the business's own
// patients, clients, guests or customers, from its trade) and how to see it for themselves in a
// minute, in every language the offline writer writes; and no promised benefit nobody measured.
import { describe, expect, it } from 'vitest';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { EMAIL_LOCALES, type EmailBrief, type Finding, type FindingId } from '../../src/core/model/analysis.ts';
import { emailPrompt } from '../../src/providers/ai/gemini-prompts.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { phrasebook, spelling } from '../../src/providers/ai/heuristic/phrases/index.ts';
import { audienceOf } from '../../src/core/drafts/pitch.ts';

const ai = new HeuristicAi();
const URL_ = 'http://www.novakdental.com/';
const CHECKED: FindingId[] = ['no_ssl', 'certificate_expired', 'no_viewport', 'stale_copyright'];
const AUDIENCES = ['patients', 'clients', 'guests', 'customers'] as const;

const finding = (id: FindingId, value: number | null = null): Finding => ({ id, claim: id, evidence: `seen on ${URL_}`, url: URL_, confidence: 1, value });

function brief(overrides: Partial<EmailBrief> = {}): EmailBrief {
  return {
    company_name: 'Novak Dental',
    url: URL_,
    industry: 'Dental',
    business_summary: 'A dental practice.',
    findings: [finding('no_ssl')],
    locale: 'en-US',
    sender_name: 'Alex',
    signature: 'Best regards,\nAlex Doe\nPixel Studio',
    audience: 'patients',
    ...overrides,
  };
}

const write = async (b: EmailBrief) => (await ai.writeEmail(b)).value;

describe('who sees it, and how to see it for yourself', () => {
  it('says the business\'s own people see the warning, and how the owner sees it in a minute', async () => {
    const email = await write(brief());
    expect(email.body).toContain('your patients see that warning as soon as they open your site');
    expect(email.body).toContain('You can see it for yourself: open your site in Chrome and look just left of the address.');
    expect((await write(brief({ audience: 'guests' }))).body).toContain('your guests see that warning');
    // No trade known: no one is named.
    const plain = await write(brief({ audience: undefined }));
    expect(plain.body).toContain('everyone sees that warning');
    expect(plain.body).not.toMatch(/your (patients|clients|guests|customers)/);
  });

  it('after a measured finding says how it was measured instead, and never both', async () => {
    const email = await write(brief({ findings: [finding('slow_mobile', 7.9), finding('no_ssl')] }));
    expect(email.body).toContain('Lighthouse');
    expect(email.body).not.toContain('You can see it for yourself');
  });

  it('promises no more inquiries than anyone measured', async () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const email = await write(brief({ url: `http://${seed}-dental.com/`, findings: [finding('no_ssl'), finding('no_viewport')] }));
      expect(email.body).not.toMatch(/inquir|costing you/);
    }
  });

  it.each(EMAIL_LOCALES)('%s: names each audience in the findings that say who sees them, and says how to check each', async (locale) => {
    const book = phrasebook(locale);
    for (const id of CHECKED) {
      const value = id === 'stale_copyright' ? 2012 : null;
      const general = book.finding[id](value, {});
      const named = AUDIENCES.map((audience) => book.finding[id](value, { audience }));
      // Each audience is named (languages say "clients" for a salon's, a hotel's and a shop's people alike), and patients apart.
      expect(named, `${locale} ${id}`).not.toContain(general);
      expect(named[0], `${locale} ${id}: patients are named as such`).not.toBe(named[3]);
      expect(book.check[id]?.length, `${locale} ${id}: a way to check it`).toBeGreaterThan(0);
    }
    // Each email with a checkable finding carries one check sentence, and passes the claim checker.
    for (const id of CHECKED) {
      const b = brief({ locale, findings: [finding(id, id === 'stale_copyright' ? 2012 : null)] });
      const email = await write(b);
      const checks = book.check[id]!.filter((c) => email.body.includes(spelling(locale)(c)));
      expect(checks, `${locale} ${id}`).toHaveLength(1);
      expect(checkClaims(email, b.findings, { companyName: b.company_name, url: b.url, signature: b.signature }).problems, `${locale} ${id}`).toEqual([]);
    }
  });

  it('tells Gemini who the business serves, and says nothing when the trade does not tell', () => {
    expect(emailPrompt(brief())).toContain('"audience": "patients"');
    expect(emailPrompt(brief({ audience: undefined }))).not.toContain('audience');
  });
});

describe('who a trade serves, from the trade the page names', () => {
  it('a dental practice and a children\'s physiotherapist have patients, a travel agency clients, a B&B guests', () => {
    expect(audienceOf({ industry: 'Dental' })).toBe('patients');
    expect(audienceOf({ industry: 'Medical' })).toBe('patients');
    expect(audienceOf({ industry: 'Travel agency' })).toBe('clients');
    expect(audienceOf({ industry: 'Lodging' })).toBe('guests');
  });

  it('calls a place to stay\'s guests "huéspedes" and "hóspedes", and a restaurant\'s "clientes"', async () => {
    const lodging = { company_name: 'Casa Rural Severino', industry: 'Lodging', audience: 'guests' as const, url: 'http://www.casaruralseverino.es/' };
    expect((await write(brief({ ...lodging, locale: 'es' }))).body).toContain('sus huéspedes ven ese aviso');
    expect((await write(brief({ ...lodging, locale: 'pt' }))).body).toContain('os seus hóspedes veem esse aviso');
    expect((await write(brief({ ...lodging, industry: 'Restaurant', locale: 'es' }))).body).toContain('sus clientes ven ese aviso');
  });

  it('opens without a pretext: no "While looking at places to stay" to a B&B, whatever the opener', async () => {
    for (const host of ['beachcottageinn.com', 'forestcottage.co.uk', 'tintern-bb.co.uk', 'smithphoto.com', 'lakeside.example']) {
      const email = await write(brief({ company_name: 'Beach Cottage Inn', industry: 'Lodging', audience: 'guests', city: 'Lincolnville', url: `http://www.${host}/` }));
      expect(email.body).not.toMatch(/While looking at/);
      expect(email.body).toContain('your guests see that warning');
    }
  });
});

