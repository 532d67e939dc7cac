// The offline writer as an owner reads it: in the site's language and spelling, with a subject a
// person would write, stating only the brief's findings (every draft passes the claim checker)
// and printing no number but a finding's measured value.
import { franc } from 'franc-min';
import { describe, expect, it } from 'vitest';
import { checkClaims, sentences } from '../../src/core/drafts/claims.ts';
import { EMAIL_LOCALES, FINDING_IDS, type EmailBrief, type Finding, type FindingId, type SiteFacts } from '../../src/core/model/analysis.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { servicesOffered } from '../../src/providers/ai/heuristic/classify.ts';
import { british } from '../../src/providers/ai/heuristic/phrases/en.ts';
import { phrasebook } from '../../src/providers/ai/heuristic/phrases/index.ts';
import { de, named } from '../../src/providers/ai/heuristic/phrases/fr.ts';
import { emailLocale, localSignature } from '../../src/core/drafts/locale.ts';
import { audienceOf } from '../../src/core/drafts/pitch.ts';
import { der } from '../../src/providers/ai/heuristic/phrases/de.ts';
import { di } from '../../src/providers/ai/heuristic/phrases/it.ts';
import { de as dePt } from '../../src/providers/ai/heuristic/phrases/pt.ts';

const ai = new HeuristicAi();
const URL_ = 'https://www.novakdental.com/';

function finding(id: FindingId, value: number | null = null, claim: string = id.replace(/_/g, ' ')): Finding {
  // The home and contact pages read: enough for a claim about the whole site (claims.ts unreadScope).
  return { id, claim, evidence: `checked the home page for ${id}`, url: URL_, confidence: 0.9, value, pages: [{ path: '/', kind: 'home' }, { path: '/contact', kind: 'contact' }] };
}

function brief(overrides: Partial<EmailBrief> = {}): EmailBrief {
  return {
    company_name: 'Novak Dental',
    contact_name: 'Ana Novak',
    url: URL_,
    industry: 'Dental',
    city: 'Denver',
    business_summary: 'Novak Dental is a dental practice in Denver.',
    findings: [finding('no_viewport'), finding('no_contact_form'), finding('images_missing_alt', 7)],
    locale: 'en-US',
    sender_name: 'Alex',
    signature: 'Best regards,\nAlex Doe\nPixel Studio',
    ...overrides,
  };
}

const write = async (b: EmailBrief) => (await ai.writeEmail(b)).value;
const ctx = (b: EmailBrief) => ({ companyName: b.company_name, contactName: b.contact_name, url: b.url, signature: b.signature });
const withoutSignature = (body: string, b: EmailBrief) => body.slice(0, body.length - b.signature.length);

describe('the greeting', () => {
  it('greets the named person by first name in English, by title where the language needs one and the first name says it, else by the whole name', async () => {
    const first = async (locale: EmailBrief['locale'], contact_name: string) => (await write(brief({ locale, contact_name, findings: [finding('no_ssl')] }))).body.split('\n')[0];
    expect((await write(brief({ locale: 'en-US', findings: [finding('no_ssl')] }))).body).toMatch(/^(Hi|Hello) Ana,/);
    for (const locale of ['es', 'it', 'pt'] as const) expect(await first(locale, 'Ana Novak'), locale).toContain('Ana Novak');
    // German, French, Dutch and Polish title a person: "Frau", "Madame", "mevrouw", "Pani" with the first name's vocative.
    expect(await first('nl', 'Martin Springvloed')).toBe('Beste meneer Springvloed,');
    expect(await first('nl', 'Kim Novak')).toBe('Beste Kim Novak,');
    expect(await first('de', 'Ana Novak')).toBe('Guten Tag Frau Novak,');
    expect(await first('de-CH', 'Lutz Röhrig')).toBe('Guten Tag Herr Röhrig,');
    expect(await first('de', 'Dr. Tilman Markert')).toBe('Guten Tag Herr Dr. Markert,');
    expect(await first('fr', 'Michel Lévêque')).toBe('Bonjour Monsieur Lévêque,');
    expect(await first('fr', 'Emilie ROGHI')).toBe('Bonjour Madame Roghi,');
    expect(await first('pl', 'Monika Moleda')).toBe('Dzień dobry Pani Moniko,');
    expect(await first('pl', 'Marek Nowak')).toBe('Dzień dobry Panie Marku,');
    expect(await first('pl', 'Piotr Nowak')).toBe('Dzień dobry Panie Piotrze,');
    // A first name that does not say the title: the whole name, and in Polish, which greets no one untitled, plainly.
    expect(await first('de', 'Sascha Novak')).toBe('Guten Tag Sascha Novak,');
    expect(await first('fr', 'Dominique Novak')).toBe('Bonjour Dominique Novak,');
    expect(await first('pl', 'Kim Nowak')).toBe('Dzień dobry,');
    // Polish addresses a doctor and a lawyer by the profession's title.
    expect(await first('pl', 'Dr. Anna Nowak')).toBe('Dzień dobry Pani Doktor,');
    const polishLawyer = async (company_name: string) => (await write(brief({ locale: 'pl', company_name, contact_name: 'Lukasz Pokropinski', industry: 'Legal', findings: [finding('no_ssl')] }))).body.split('\n')[0];
    expect(await polishLawyer('Adwokat Lukasz Pokropinski')).toBe('Dzień dobry Panie Mecenasie,');
    // A law firm not named for the contact does not say they are its lawyer: the first name's vocative, its letters restored.
    expect(await polishLawyer('Kancelaria Nowak i Wspólnicy')).toBe('Dzień dobry Panie Łukaszu,');
    // French writes to a doctor as "Docteur", in full.
    expect((await write(brief({ locale: 'fr', contact_name: 'Dr. Ana Novak', findings: [finding('no_ssl')] }))).body.split('\n')[0]).toBe('Bonjour Docteur Novak,');
    // A first name is all a sole trader's page may give ("Lucas' Massage", lucas@…): English greets by it, the others plainly.
    expect((await write(brief({ locale: 'en-GB', contact_name: 'Lucas', findings: [finding('no_ssl')] }))).body).toMatch(/^(Hi|Hello) Lucas,/);
    expect((await write(brief({ locale: 'de', contact_name: 'Lucas', findings: [finding('no_ssl')] }))).body.split('\n')[0]).toBe('Guten Tag,');
  });

  it('greets a French dental practice or law firm with no named contact as its professionals are addressed, by neither name nor sex', async () => {
    const first = async (b: EmailBrief) => (await write(b)).body.split('\n')[0];
    expect(await first(brief({ locale: 'fr', contact_name: undefined, findings: [finding('no_ssl')] }))).toBe('Bonjour Docteur,');
    expect(await first(brief({ locale: 'fr', contact_name: undefined, industry: 'Legal', findings: [finding('no_ssl')] }))).toBe('Bonjour Maître,');
    expect(await first(brief({ locale: 'fr', contact_name: undefined, industry: 'Plumbing', findings: [finding('no_ssl')] }))).toBe('Bonjour,');
    // Other languages have no such form without the person's sex: they greet plainly.
    expect(await first(brief({ locale: 'de', contact_name: undefined, findings: [finding('no_ssl')] }))).toBe('Guten Tag,');
  });
});

describe('each side of the Atlantic\'s Portuguese and Spanish, articles and parents', () => {
  it('writes European Portuguese to a business in Portugal, Brazil\'s words to one in Brazil', async () => {
    const body = async (locale: EmailBrief['locale']) => (await write(brief({ locale, company_name: 'O Palhaço Azul', findings: [finding('no_ssl'), finding('form_not_secure')] }))).body;
    const portugal = await body('pt-PT');
    expect(portugal).toContain('ligação segura');
    expect(portugal).not.toMatch(/conexão|navegador|em uma\b/);
    expect(await body('pt')).toContain('conexão segura');
    expect(emailLocale('pt', 'PT')).toBe('pt-PT');
    expect(localSignature('Best regards,\nSam', 'pt-PT')).toBe('Com os melhores cumprimentos,\nSam');
    expect(emailLocale('pt', 'BR')).toBe('pt');
  });

  it('writes Latin American Spanish to a business in the Americas, Spain\'s to one in Spain', async () => {
    const body = async (locale: EmailBrief['locale']) => (await write(brief({ locale, company_name: 'Adam Abogados', findings: [finding('no_viewport'), finding('no_ssl')] }))).body;
    const mexico = await body('es-419');
    expect(mexico).toMatch(/celular/);
    expect(mexico).toMatch(/[Ll]a página web|[Ss]u página web/);
    expect(mexico).not.toMatch(/móvil|\b[Ll]a web\b|\b[Ss]u web\b/);
    expect(await body('es')).toMatch(/móvil/);
    expect(emailLocale('es', 'MX')).toBe('es-419');
    expect(emailLocale('es', 'CL')).toBe('es-419');
    expect(emailLocale('es', 'ES')).toBe('es');
    expect(localSignature('Best regards,\nSam', 'es-419')).toBe('Saludos cordiales,\nSam');
  });

  it('contracts a name\'s own article and gives a plural name its own ("do Palhaço Azul", "das Tintas Três Irmãos", "della Prateria")', () => {
    expect(dePt('O Palhaço Azul')).toBe('do Palhaço Azul');
    expect(dePt('Tintas Três Irmãos')).toBe('das Tintas Três Irmãos');
    expect(dePt('Jardim Infantil O Palhaço Azul')).toBe('do Jardim Infantil O Palhaço Azul');
    expect(di('La Prateria')).toBe('della Prateria');
    expect(di("L'Oasi")).toBe("dell'Oasi");
    expect(di('Fersina Viaggi')).toBe('di Fersina Viaggi');
  });

  it('says a nursery\'s people are the parents, never "your customers" (nor "your parents")', async () => {
    expect(audienceOf({ industry: 'Childcare' })).toBe('parents');
    expect(audienceOf({ companyName: 'Lexden Montessori' })).toBe('parents');
    const said: Record<string, RegExp> = { 'en-GB': /\band parents see\b/, de: /die Eltern/, fr: /les parents/, es: /las familias/, it: /i genitori/, nl: /de ouders/, pl: /rodzice/, pt: /os pais/ };
    for (const [locale, words] of Object.entries(said)) {
      const text = (await write(brief({ locale: locale as EmailBrief['locale'], audience: 'parents', industry: 'Childcare', findings: [finding('no_ssl')] }))).body;
      expect(text, locale).toMatch(words);
      expect(text, locale).not.toMatch(/your parents|Ihre Eltern|vos parents|uw ouders|vostri genitori/);
    }
  });
});

describe('the subject without a name', () => {
  it('is about the lead finding when no named subject fits (no name, or one too long), in every locale, and passes the claim checker', async () => {
    for (const locale of EMAIL_LOCALES) {
      // No name, and a name whose subjects run past 60 characters.
      for (const company_name of ['', 'Kancelaria Adwokacka Jan Kowalski i Wspólnicy Sp. p.']) {
        const b = brief({ locale, company_name, findings: [finding('flash_content', 1), finding('no_ssl')] });
        const email = await write(b);
        expect(email.subject, `${locale} ${company_name}`).toMatch(/Flash/);
        expect(checkClaims(email, b.findings, ctx(b)).problems).toEqual([]);
      }
    }
  });
});

describe('the language of the draft', () => {
  it.each([
    ['es', 'spa'],
    ['fr', 'fra'],
    ['de', 'deu'],
    ['en-US', 'eng'],
    ['en-GB', 'eng'],
  ] as const)('writes %s drafts in that language', async (locale, iso) => {
    for (const findings of [brief().findings, [finding('no_ssl')], [finding('slow_mobile', 6.4)]]) {
      const b = brief({ locale, findings });
      const email = await write(b);
      expect(franc(withoutSignature(email.body, b), { minLength: 10 })).toBe(iso);
      expect(franc(email.subject.replace('Novak Dental', ''), { minLength: 3 })).not.toBe('und');
    }
  });

  it('spells American English for US businesses and British English for UK ones', async () => {
    const findings = [finding('broken_links', 2)];
    const hosts = ['a-dental.com', 'b-dental.com', 'c-dental.com', 'd-dental.com', 'e-dental.com', 'f-dental.com'];
    for (const host of hosts) {
      const us = await write(brief({ locale: 'en-US', findings, url: `https://${host}/` }));
      const gb = await write(brief({ locale: 'en-GB', findings, url: `https://${host}/` }));
      expect(us.body).not.toMatch(/enquir|optimis|colour|favour/);
      expect(gb.body).not.toMatch(/inquir|optimiz|\bcolor|\bfavor/);
      // Only the spelling differs.
      expect(gb.body.replace(/enquir/g, 'inquir')).toBe(us.body);
    }
    // The pass itself (today's phrases avoid the words that differ; a phrase that uses one is spelled for the UK).
    expect(british('Inquiries about the color of the center, optimized for your neighborhood')).toBe('Enquiries about the colour of the centre, optimised for your neighbourhood');
  });

  it('says who writes before it promises a contained fix, when a note has room for only one of the two', async () => {
    // Page 209's note, in Polish: long enough that one of the two closing lines must go.
    const b = brief({ locale: 'pl', company_name: 'Piekarnia Machela', contact_name: undefined, industry: 'Bakery & café', audience: 'customers', url: 'http://www.machela.pl/', city: undefined, findings: [finding('no_ssl'), finding('stale_copyright', 2019)] });
    const { body } = await write(b);
    const book = phrasebook('pl');
    expect(book.credibility.some((line) => body.includes(line)), body).toBe(true);
    expect([...book.value.one, ...book.value.many].some((line) => body.includes(line)), body).toBe(false);
  });

  it('keeps the sender\'s line by asking in fewer words, when a note with two findings has room for nothing else', async () => {
    // Page 123's note, in German: without the shorter ask it lost the line saying who writes.
    const b = brief({ locale: 'de-CH', company_name: 'ms bauleitungen gmbh', contact_name: undefined, industry: undefined, city: undefined, audience: 'customers', url: 'http://www.msplus.ch/', findings: [finding('no_ssl'), finding('no_viewport')] });
    const { body } = await write(b);
    const book = phrasebook('de-CH');
    expect(book.credibility.some((line) => body.includes(line.replace(/ß/g, 'ss'))), body).toBe(true);
    expect(body).toContain('Soll ich Ihnen kurz aufschreiben, wie ich das beheben würde?');
    expect(withoutSignature(body, b).split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(120);
  });

  it('keeps who writes in a measured note too, asking for the call in its first sentence only', async () => {
    // A sandbox dentist's note, in French: the Lighthouse line and two findings left no room for any sender's line.
    const b = brief({ locale: 'fr', company_name: 'Cabinet Dentaire Margaux', contact_name: undefined, industry: 'Dental', city: 'Denver', audience: 'patients', url: 'http://cabinetdentairemargaux.example/', findings: [finding('form_not_secure'), finding('slow_mobile', 14.9)] });
    const { body } = await write(b);
    const book = phrasebook('fr');
    const last = withoutSignature(body, b).trim().split('\n\n').at(-1)!;
    expect(book.credibilityShort.some((line) => last.startsWith(`${line} `)), body).toBe(true);
    expect(last.endsWith(book.call[0].split(/(?<=[?!.])\s+(?=\p{Lu})/u)[0]), body).toBe(true);
    expect(last).toMatch(/^Je crée des sites pour les petites entreprises\. Un court appel la semaine prochaine vous serait-il utile\s?\?$/);
    expect(withoutSignature(body, b).split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(120);
  });

  it('says who writes in a few words, leading into the ask, when the whole line does not fit beside two findings', async () => {
    // Page 106's note, in French: two findings left room for neither closing line, and raters
    // marked it down for never saying who writes (A/B: the short line rated as high or higher on all 12 pages).
    const b = brief({ locale: 'fr', company_name: 'Espace Thérapie', contact_name: undefined, industry: undefined, city: undefined, audience: 'clients', url: 'http://www.espace-therapie.ch/', findings: [finding('no_ssl'), finding('stale_copyright', 2011)] });
    const { body } = await write(b);
    const book = phrasebook('fr');
    expect(book.credibility.some((line) => body.includes(line)), body).toBe(false);
    const [short] = book.credibilityShort;
    const last = withoutSignature(body, b).trim().split('\n\n').at(-1)!;
    expect(last.startsWith(`${short} `), body).toBe(true);
    expect([...book.cta, ...book.call].some((ask) => last.endsWith(ask)), body).toBe(true);
    expect(withoutSignature(body, b).split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(120);
  });

  it('writes Swiss Standard German for a Swiss business: "ss" where German writes "ß", names kept as they are', async () => {
    const findings = [finding('stale_copyright', 2016), finding('no_ssl')];
    const german = await write(brief({ locale: 'de', company_name: 'Malerei Strauß', findings, url: 'http://malerei-strauss.ch/' }));
    const ch = await write(brief({ locale: 'de-CH', company_name: 'Malerei Strauß', findings, url: 'http://malerei-strauss.ch/' }));
    expect(german.body).toContain('Fußzeile');
    expect(ch.body).toContain('Fusszeile');
    expect(ch.body.replace('Malerei Strauß', '')).not.toContain('ß');
    expect(`${ch.subject}\n${ch.body}`).toContain('Malerei Strauß');
    expect(ch.body.replace(/ss/g, 'ß')).toBe(german.body.replace(/ss/g, 'ß'));
    expect(checkClaims(ch, findings, { companyName: 'Malerei Strauß' }).stated.sort()).toEqual(['no_ssl', 'stale_copyright']);
  });

  it('keeps names as they are in British English', async () => {
    const email = await write(brief({ locale: 'en-GB', company_name: 'Color Center', url: 'https://colorcenter.com/' }));
    expect(`${email.subject}\n${email.body}`).toContain('Color Center');
    expect(`${email.subject}\n${email.body}`).not.toContain('Colour Centre');
  });
});

describe('the subject', () => {
  it('is short, has no numbers and no analyser wording, in every locale and for any findings', async () => {
    const combos: Finding[][] = FINDING_IDS.map((id) => [finding(id, 4, `${id}: redirect chain (1 hop), 4 links without text or label`)]);
    for (const locale of EMAIL_LOCALES) {
      for (const findings of combos) {
        for (const company of ['Novak Dental', 'Park Plumbing', 'The Very Long Name Family Dentistry and Orthodontics of Denver']) {
          const { subject } = await write(brief({ locale, findings, company_name: company }));
          expect(subject.length, subject).toBeLessThanOrEqual(60);
          expect(subject).not.toMatch(/\d/);
          expect(subject).not.toMatch(/redirect chain|hop|without text|label|_/i);
        }
      }
    }
  });

  it('sounds like a person and names the company', async () => {
    const { subject } = await write(brief());
    expect(subject).toMatch(/^Novak Dental on phones$|^The Novak Dental website on a phone$/);
  });
});

describe('numbers and claims', () => {
  it('prints a count only as the finding measured it, never a number from elsewhere', async () => {
    // The claim text carries other numbers (a score, a total): only the value may be printed.
    const images = finding('images_missing_alt', 2, 'Accessibility score 73/100: 2 of 14 images without alt text');
    const b = brief({ findings: [finding('no_ssl'), images] });
    const email = await write(b);
    expect(email.body).toMatch(/\b2 images have no alt text/);
    expect(withoutSignature(email.body, b).match(/\d+/g)).toEqual(['2']);
    expect(email.body).not.toMatch(/\b(73|14|100)\b/);
    expect(checkClaims(email, b.findings, ctx(b)).problems).toEqual([]);
  });

  it('has no number in the value sentence or the call to action', async () => {
    for (const locale of EMAIL_LOCALES) {
      const b = brief({ locale, findings: [finding('no_ssl'), finding('no_analytics')] });
      const email = await write(b);
      expect(withoutSignature(email.body, b)).not.toMatch(/\d/);
    }
  });

  it('passes the claim checker for every combination of findings in every locale', async () => {
    const pairs: Finding[][] = [];
    for (const a of FINDING_IDS) {
      pairs.push([finding(a, 1)]);
      for (const b of FINDING_IDS) if (a < b) pairs.push([finding(a, 7), finding(b, null)], [finding(a, null), finding(b, 12)]);
    }
    // Longer lists: every window of four over the ids, with counts.
    for (let i = 0; i + 4 <= FINDING_IDS.length; i++) pairs.push(FINDING_IDS.slice(i, i + 4).map((id, k) => finding(id, k + 2)));
    pairs.push(FINDING_IDS.map((id) => finding(id, 5)));
    let checked = 0;
    for (const locale of EMAIL_LOCALES) {
      for (const [n, findings] of pairs.entries()) {
        const b = brief({ locale, findings, url: `https://site-${n}.example/`, contact_name: n % 3 ? 'Ana Novak' : undefined });
        const email = await write(b);
        const check = checkClaims(email, findings, ctx(b));
        expect(check.problems, `${locale} ${findings.map((f) => f.id)}\n${email.subject}\n${email.body}`).toEqual([]);
        expect(email.cited_findings.length).toBeLessThanOrEqual(2);
        // Everything the checker sees the email state is cited (the checker's topic words miss a
        // few singular forms, "un enlace roto", so a cited finding is not always seen as stated).
        for (const id of check.stated) expect(email.cited_findings).toContain(id);
        const words = withoutSignature(email.body, b).split(/\s+/).filter(Boolean).length;
        expect(words, `${locale} ${email.body}`).toBeGreaterThanOrEqual(45);
        expect(words, `${locale} ${email.body}`).toBeLessThanOrEqual(120);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(900);
  }, 60_000);

  it("states the brief's findings in the order core chose them, two at most, and only what a site that is down needs", async () => {
    const some = [finding('slow_mobile', 7.9), finding('broken_links', 3), finding('stale_copyright', 2014)];
    expect((await write(brief({ findings: some }))).cited_findings).toEqual(['slow_mobile', 'broken_links']);
    expect((await write(brief({ findings: [finding('site_broken', 500)] }))).cited_findings).toEqual(['site_broken']);
  });
});

describe('company names', () => {
  it('does not break a sentence at "Co."', async () => {
    for (const locale of EMAIL_LOCALES) {
      const b = brief({ locale, company_name: 'Smith & Sons Co.', url: 'https://smithandsons.com/', contact_name: undefined, findings: [finding('no_ssl')] });
      const email = await write(b);
      const text = `${email.subject}\n${email.body}`;
      expect(text).toContain('Smith & Sons Co.');
      expect(text).not.toMatch(/Co\.\./);
      // Split without masking the name: no sentence may end on the name.
      for (const s of sentences(withoutSignature(email.body, b))) expect(s, locale).not.toMatch(/Co\.$/);
    }
    const profile = (
      await ai.analyzeBusiness({
        facts: siteFacts({ business_name: 'Smith & Sons Co.', hostname: 'smithandsons.com', findings: [finding('no_ssl')] }),
        pageText: 'Plumbing repairs and drain cleaning services.',
      })
    ).value;
    expect(profile.company_name).toBe('Smith & Sons Co.');
    expect(profile.sales_intelligence.value_proposition).toMatch(/Smith & Sons Co\. online to/);
  });

  it('gives a French name that starts with what the business is its article ("le Cabinet…", "l\'Espace…")', async () => {
    expect(['Cabinet Dentaire Margaux', 'Boulangerie Martin', 'Espace Thérapie', 'Novak Dental'].map(named)).toEqual(['le Cabinet Dentaire Margaux', 'la Boulangerie Martin', "l'Espace Thérapie", 'Novak Dental']);
    expect(['Cabinet Dentaire Margaux', 'Boulangerie Martin', 'Espace Thérapie', 'Novak Dental', 'Le Petit Bistro', 'Atelier'].map(de)).toEqual([
      'du Cabinet Dentaire Margaux',
      'de la Boulangerie Martin',
      "de l'Espace Thérapie",
      'de Novak Dental',
      'du Petit Bistro',
      "d'Atelier",
    ]);
    for (const seed of ['margaux.fr', 'cabinet-margaux.fr', 'dentaire-margaux.ch', 'margaux-dentiste.fr']) {
      const b = brief({ locale: 'fr', company_name: 'Cabinet Dentaire Margaux', url: `https://${seed}/`, contact_name: undefined, findings: [finding('no_ssl')] });
      const { body } = await write(b);
      expect(body, seed).not.toMatch(/(?:découvert|de|sujet du site de) Cabinet/);
      expect(checkClaims({ subject: 'x', body }, b.findings, ctx(b)).problems).toEqual([]);
    }
  });

  it('calls a Polish practice, law office or salon by what it is, not a "firma", and quotes a name that says so itself', async () => {
    const opener = async (company_name: string, industry: string | undefined) => {
      const b = brief({ locale: 'pl', company_name, industry, contact_name: undefined, url: `https://${company_name.length}.pl/`, findings: [finding('no_ssl')] });
      const email = await write(b);
      expect(checkClaims(email, b.findings, ctx(b)).problems).toEqual([]);
      return `${email.subject}\n${email.body}`;
    };
    expect(await opener('OSTEOfit', 'Medical')).toMatch(/gabinetu OSTEOfit/);
    expect(await opener('Anna Storoniak', 'Legal')).toMatch(/kancelarii Anna Storoniak/);
    expect(await opener('HairGallery', 'Beauty & wellness')).toMatch(/salonu HairGallery/);
    expect(await opener('DGSound', undefined)).toMatch(/firmy DGSound/);
    const lawyer = await opener('Adwokat Lukasz Pokropinski', 'Legal');
    expect(lawyer).toMatch(/„Adwokat Lukasz Pokropinski”/);
    expect(lawyer).not.toMatch(/(?:firmy|kancelarii) Adwokat/);
    for (const text of [await opener('OSTEOfit', 'Medical'), lawyer]) expect(text).not.toMatch(/firmy/);
  });

  it('uses the name core decided as it is, and no name at all rather than the hostname', async () => {
    const named = await write(brief({ company_name: 'Novak Dental', contact_name: undefined }));
    expect(`${named.subject}\n${named.body}`).toContain('Novak Dental');
    const b = brief({ company_name: '', contact_name: undefined });
    const nameless = await write(b);
    expect(`${nameless.subject}\n${nameless.body}`).not.toMatch(/novak/i);
    expect(checkClaims(nameless, b.findings, ctx(b)).problems).toEqual([]);
  });

  it.each([
    ['the title', { title: 'Pateldentalcare', business_name: undefined }, 'Our team at Patel Dental Care welcomes you.'],
    ['the title words', { title: 'Welcome | Patel Dental Care | Family dentist in Denver', business_name: undefined }, ''],
    ['the page text', { title: undefined, business_name: undefined }, 'Patel Dental Care offers family dentistry in Denver.'],
    ['the business name', { title: 'Home', business_name: 'Patel Dental Care' }, ''],
  ])('names pateldentalcare.com "Patel Dental Care" from %s', async (_from, overrides, pageText) => {
    const facts = siteFacts({ url: 'https://pateldentalcare.com/', hostname: 'pateldentalcare.com', ...overrides });
    expect((await ai.analyzeBusiness({ facts, pageText })).value.company_name).toBe('Patel Dental Care');
  });
});

describe('services', () => {
  it('lists each service once, whatever its case, and never across run-together words', () => {
    const text = 'Teeth whiteningTeeth whitening. Dental Implants. dental implants and teeth whitening. Teeth whiteningteeth whitening again.';
    const services = servicesOffered(text);
    expect(services.map((s) => s.toLowerCase())).toEqual([...new Set(services.map((s) => s.toLowerCase()))]);
    expect(services).toEqual(expect.arrayContaining(['Teeth whitening', 'Dental implants']));
    expect(services.join(' ')).not.toMatch(/whiteningteeth/i);
  });
});

function siteFacts(overrides: Partial<SiteFacts> = {}): SiteFacts {
  return {
    url: 'https://smithandsons.com/', hostname: 'smithandsons.com', title: undefined, site_state: 'ok', pages_crawled: 3,
    has_ssl: null, is_mobile_responsive: null, has_ecommerce: null, has_online_booking: null, has_contact_form: null, has_live_chat: null,
    has_analytics: null, analytics: [], accessibility_score: null, unoptimized_images_count: null, technical_issues: [], findings: [],
    evidence: {}, phones: [], emails: [],
    ...overrides,
  };
}

describe('a name led by a noun takes its article, as a native writer gives it', () => {
  it('German: die Website der Zahnarztpraxis, des Restaurants, von a name with no noun', () => {
    expect(der('Zahnarztpraxis Bodenheimer Frömming')).toBe('der Zahnarztpraxis Bodenheimer Frömming');
    expect(der('Schreinerei Röhrig')).toBe('der Schreinerei Röhrig');
    expect(der('Restaurant Adler')).toBe('des Restaurants Adler');
    expect(der('Salon Vogel')).toBe('des Salons Vogel');
    expect(der('Dr. med. dent. Daniel Neuhauser')).toBe('von Dr. med. dent. Daniel Neuhauser');
    expect(der('med&motion')).toBe('von med&motion');
  });

  it('Italian: dello Studio, della Pizzeria, dell\'Hotel, di a name with no noun', () => {
    expect(di('Studio Dentistico Gattone')).toBe('dello Studio Dentistico Gattone');
    expect(di('Pizzeria Da Mario')).toBe('della Pizzeria Da Mario');
    expect(di('Hotel Roma')).toBe("dell'Hotel Roma");
    expect(di('Ristorante La Sinica')).toBe('del Ristorante La Sinica');
    expect(di('Fersina Viaggi')).toBe('di Fersina Viaggi');
  });

  it('Portuguese: da IR Contabilidade, da Vidraçaria, do Hotel, de a name that shows neither', () => {
    expect(dePt('IR Contabilidade')).toBe('da IR Contabilidade');
    expect(dePt('Vidraçaria Kibox')).toBe('da Vidraçaria Kibox');
    expect(dePt('Hotel Gloria')).toBe('do Hotel Gloria');
    expect(dePt('Lucas Pinto')).toBe('de Lucas Pinto');
  });

  it('writes them into the notes, in every opener', async () => {
    for (const host of ['studiodentisticogattone.it', 'gattone.example', 'dentista.example', 'x.example']) {
      const it_ = await write(brief({ locale: 'it', company_name: 'Studio Dentistico Gattone', contact_name: undefined, url: `http://${host}/`, findings: [finding('no_ssl')] }));
      const de_ = await write(brief({ locale: 'de', company_name: 'Zahnarztpraxis Bodenheimer Frömming', contact_name: undefined, url: `http://${host}/`, findings: [finding('no_ssl')] }));
      expect(it_.body).not.toMatch(/di Studio Dentistico/);
      expect(de_.body).not.toMatch(/von Zahnarztpraxis/);
    }
  });
});
