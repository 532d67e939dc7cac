// The offline writer's eight phrase sets, sentence by sentence: every finding said in every
// language, each sentence stating exactly its own finding to the claim checker (with the same
// topic words English has), the neutral sentences stating nothing and printing no number, plain
// greetings, the language's decimal mark, and Polish counted nouns.
import { franc } from 'franc-min';
import { describe, expect, it } from 'vitest';
import { checkClaims, TOPICS } from '../../src/core/drafts/claims.ts';
import { FINDING_IDS, type EmailLocale, type Finding, type FindingId } from '../../src/core/model/analysis.ts';
import { phrasebook, type Phrasebook } from '../../src/providers/ai/heuristic/phrases/index.ts';
import { styledSubjects } from '../../src/providers/ai/heuristic/subject-styles.ts';
import { draftReply } from '../../src/providers/ai/heuristic/reply-draft.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { detectLanguage } from '../../src/core/language.ts';

const LOCALES: Array<[EmailLocale, string]> = [
  ['en-US', 'eng'],
  ['es', 'spa'],
  ['fr', 'fra'],
  ['de', 'deu'],
  ['pt', 'por'],
  ['it', 'ita'],
  ['nl', 'nld'],
  ['pl', 'pol'],
];

// The home and contact pages read: enough for a claim about the whole site (claims.ts unreadScope).
const finding = (id: FindingId, value: number | null): Finding => ({ id, claim: id, evidence: `checked for ${id}`, url: 'https://example.com/', confidence: 0.9, value, pages: [{ path: '/', kind: 'home' }, { path: '/contact', kind: 'contact' }] });

/** Values as the analyser measures them: counts, a status code, a year, a rank, seconds and megabytes with one decimal, a score. */
function values(id: FindingId): Array<number | null> {
  switch (id) {
    case 'site_broken':
      return [null, 503];
    case 'slow_mobile':
      return [null, 7.9, 4.0];
    case 'heavy_page':
      return [null, 6.2, 12.5];
    case 'low_performance':
      return [null, 23, 7];
    case 'stale_copyright':
      return [null, 2019];
    case 'search_position':
      return [null, 7];
    default:
      return [null, 1, 3, 5, 12, 22];
  }
}

const says = (text: string, findings: Finding[], cited: FindingId[] = []) => checkClaims({ subject: '', body: text, cited_findings: cited }, findings);

/** The sentences that say nothing about the site, as the writer can use them. */
function neutral(book: Phrasebook): string[] {
  const slots = [{}, { company: 'Novak Dental', city: 'Denver' }];
  return [
    ...book.greet,
    ...book.greetNamed('Ana'),
    ...slots.flatMap((s) => [...book.opener(s, 1), ...book.opener(s, 2)]),
    ...book.report,
    ...book.value.one,
    ...book.value.many,
    ...book.value.broken,
    ...book.credibility,
    ...book.credibilityShort,
    ...book.padding,
    ...book.cta,
    ...book.call,
    ...book.followUp.addOne,
    ...book.followUp.nudge,
    ...book.followUp.cta,
    ...book.followUp.last,
    ...book.subject.generic('Novak Dental'),
    ...book.subject.plain,
  ];
}

const en = phrasebook('en-US');

describe('every finding in every language', () => {
  it.each(LOCALES)('%s has a sentence for every finding, which the claim checker reads as that finding and nothing else', (locale) => {
    const book = phrasebook(locale);
    for (const id of FINDING_IDS) {
      for (const value of values(id)) {
        const sentence = book.finding[id](value);
        expect(sentence.trim().length, `${locale} ${id}`).toBeGreaterThan(20);
        const check = says(sentence, [finding(id, value)], [id]);
        expect(check.problems, `${locale} ${id}=${value}: ${sentence}`).toEqual([]);
        // With every other finding present instead, the sentence is unsupported: it says its own finding.
        const others = FINDING_IDS.filter((other) => other !== id).map((other) => finding(other, null));
        const alone = says(sentence, others);
        if (says(en.finding[id](value), others).ok === false) expect(alone.ok, `${locale} ${id}=${value} says nothing the checker sees: ${sentence}`).toBe(false);
      }
    }
  });

  it.each(LOCALES)('%s: the checker sees each finding stated wherever it sees the English sentence state it', (locale) => {
    const book = phrasebook(locale);
    for (const id of FINDING_IDS) {
      for (const value of values(id)) {
        const english = says(en.finding[id](value), [finding(id, value)], [id]).stated;
        const local = says(book.finding[id](value), [finding(id, value)], [id]).stated;
        if (english.includes(id)) expect(local, `${locale} ${id}=${value}: ${book.finding[id](value)}`).toContain(id);
      }
    }
  });

  it.each(LOCALES)('%s prints a finding’s value as measured, one decimal with the language’s decimal mark', (locale) => {
    const book = phrasebook(locale);
    const mark = locale.startsWith('en') ? '.' : ',';
    expect(book.finding.slow_mobile(7.9)).toContain(`7${mark}9`);
    expect(book.finding.slow_mobile(4)).toContain(`4${mark}0`);
    expect(book.finding.heavy_page(6.2)).toContain(`6${mark}2`);
    expect(book.finding.low_performance(23)).toMatch(/\b23\b/);
    expect(book.finding.low_performance(23)).not.toMatch(/23[.,]\d/);
    expect(book.finding.broken_links(3)).toMatch(/\b3\b/);
    // Without a value, no number at all (a Lighthouse score's "100" needs its score).
    for (const id of FINDING_IDS) expect(book.finding[id](null), `${locale} ${id}`).not.toMatch(/\d/);
  });

  it.each(LOCALES)('%s says a link leads to a page that no longer exists only of a quoted link, which answered 404 or 410', (locale) => {
    // The broken_links finding also counts links that answered a server error, a page that may
    // come back; only its quoted link is checked to be gone (page-faults.ts withBrokenLinkText).
    const gone = /no longer exist|ya no existe|n'existe plus|nicht mehr (?:existiert|gibt)|non esist\w* più|niet meer bestaa|já não existe|już nie ma|nieistniejąc/i;
    const book = phrasebook(locale);
    for (const v of [1, 3, null]) expect(book.finding.broken_links(v), `${locale} ${v}`).not.toMatch(gone);
    for (const v of [3, null]) expect(book.finding.broken_links(v, { quote: 'Cennik' }), `${locale} ${v}`).not.toMatch(gone);
  });

  it.each(LOCALES)('%s says of a page not set up for phones what anyone sees on a phone, not what its visitors do (no one measured that many leave)', (locale) => {
    const sentence = phrasebook(locale).finding.no_viewport(null, { audience: 'patients' });
    expect(sentence).not.toMatch(/\bmany\b|wielu|viele|beaucoup|muchos|molti|velen|muitos/i);
    expect(sentence).toMatch(/zoom|pinch|powiększ|ampli|ingrand/i);
  });

  it.each(LOCALES)('%s says an old copyright year as a year, never as a notice the footer may not read ("© 2000 - 2019" is not "© 2019")', (locale) => {
    const sentence = phrasebook(locale).finding.stale_copyright(2019);
    expect(sentence).toMatch(/\b2019\b/);
    expect(sentence).not.toMatch(/©\s*2019/);
  });

  it.each(LOCALES)('%s says the page moves while it loads only for a measured layout shift', (locale) => {
    const book = phrasebook(locale);
    const moving = TOPICS.find((t) => t.findings.length === 1 && t.findings[0] === 'layout_shift')!;
    expect(moving, 'the checker has a topic for the page moving').toBeDefined();
    expect(moving.words.test(book.finding.layout_shift(null)), `${locale}: ${book.finding.layout_shift(null)}`).toBe(true);
    for (const id of FINDING_IDS.filter((f) => f !== 'layout_shift')) {
      for (const value of values(id)) expect(moving.words.test(book.finding[id](value)), `${locale} ${id}: ${book.finding[id](value)}`).toBe(false);
    }
  });
});

describe('sentences about nothing on the site', () => {
  it.each(LOCALES)('%s: openers, greetings, value, credibility, calls to action, follow-ups and the report line touch no topic and print no number', (locale) => {
    for (const sentence of neutral(phrasebook(locale))) {
      expect(says(sentence, []).problems, `${locale}: ${sentence}`).toEqual([]);
      expect(sentence, locale).not.toMatch(/\d/);
    }
  });

  it.each(LOCALES)('%s: the line after a Lighthouse finding (how it was measured) states nothing beyond it and prints no number', (locale) => {
    const book = phrasebook(locale);
    expect(book.measured.length).toBeGreaterThan(0);
    for (const sentence of book.measured) {
      expect(sentence).toMatch(/Lighthouse|PageSpeed Insights/);
      expect(sentence).not.toMatch(/\d/);
      for (const id of ['slow_mobile', 'layout_shift', 'heavy_page', 'low_performance'] as const) {
        expect(says(sentence, [finding(id, null)]).problems, `${locale} after ${id}: ${sentence}`).toEqual([]);
      }
    }
  });

  it.each(LOCALES)('%s greets plainly: never a company or its team, a named person only by name', (locale) => {
    const book = phrasebook(locale);
    for (const greet of book.greet) {
      expect(greet, locale).toMatch(/^[\p{L}][\p{L} ]*[,:]$/u);
      expect(greet).not.toMatch(/team|equipo|équipe|Team|equipa|equipe|squadra|zespół/i);
    }
    for (const greet of book.greetNamed('Ana')) expect(greet.includes('Ana') || book.greet.includes(greet), `${locale}: ${greet}`).toBe(true);
  });

  it.each(LOCALES)('%s: a subject about a finding states that finding and passes the checker', (locale) => {
    const book = phrasebook(locale);
    for (const [id, subjects] of Object.entries(book.subject.byFinding) as Array<[FindingId, (c: string) => string[]]>) {
      for (const subject of subjects('Novak Dental')) {
        const check = checkClaims({ subject, body: '', cited_findings: [id] }, [finding(id, null)], { companyName: 'Novak Dental' });
        expect(check.problems, `${locale} ${id}: ${subject}`).toEqual([]);
        expect(subject.length).toBeLessThanOrEqual(60);
        expect(subject).not.toMatch(/\d/);
      }
    }
    for (const style of ['question', 'name'] as const) {
      for (const lead of [undefined, 'no_ssl', 'no_viewport', 'no_booking', 'site_broken'] as const) {
        for (const subject of styledSubjects(style, locale, 'Novak Dental', lead, () => true)) {
          const check = checkClaims({ subject, body: '' }, lead ? [finding(lead, null)] : [], { companyName: 'Novak Dental' });
          expect(check.problems, `${locale} ${style} ${lead}: ${subject}`).toEqual([]);
        }
      }
    }
  });
});

describe('the language of each set', () => {
  it.each(LOCALES)('%s reads as its language', (locale, iso) => {
    const book = phrasebook(locale);
    const slots = { company: 'Novak Dental' };
    const text = [book.opener(slots, 2)[0], book.finding.slow_mobile(7.9), book.finding.no_contact_form(null), book.value.many[0], book.cta[0]].join(' ');
    expect(franc(text.replace(/Novak Dental|Lighthouse|Google|PageSpeed Insights/g, ''), { minLength: 10 }), text).toBe(iso);
    const reply = draftReply({ locale, company_name: 'Novak Dental', contact_name: null, reply_class: 'question', our_subject: 'x', our_body: 'x', reply_text: 'x', signature: '' } as Parameters<typeof draftReply>[0]);
    expect(franc(reply.body.replace(/\[MEETING LINK[^\]]*\]/, ''), { minLength: 10 }), reply.body).toBe(iso);
  });

  it.each(LOCALES)('%s: whole emails from the offline writer are in that language and pass the claim checker', async (locale, iso) => {
    const ai = new HeuristicAi();
    const combos: Finding[][] = [[finding('slow_mobile', 7.9)], [finding('no_ssl', null), finding('broken_links', 3)], [finding('layout_shift', null)], [finding('heavy_page', 6.2)], [finding('low_performance', 23)]];
    for (const [i, findings] of combos.entries()) {
      const brief = { company_name: 'Novak Dental', url: `https://novak-${i}.example/`, industry: 'Dental', city: 'Denver', business_summary: 'A dental practice.', findings, locale, sender_name: 'Alex', signature: 'Alex Doe' };
      const email = (await ai.writeEmail(brief)).value;
      const body = email.body.slice(0, -brief.signature.length);
      expect(detectLanguage(body), `${locale}: ${email.body}`).toBe(iso === 'eng' ? 'en' : locale);
      expect(checkClaims(email, findings, { companyName: 'Novak Dental', url: brief.url, signature: brief.signature }).problems, `${locale}: ${email.body}`).toEqual([]);
    }
  });

  it('counts Polish nouns as Polish does: 1, 2-4 (not 12-14), and 5 and up', () => {
    const pl = phrasebook('pl');
    expect(pl.finding.broken_links(1)).toMatch(/jest niedziałający link,/);
    expect(pl.finding.broken_links(3)).toMatch(/są 3 niedziałające linki,/);
    expect(pl.finding.broken_links(22)).toMatch(/są 22 niedziałające linki,/);
    expect(pl.finding.broken_links(5)).toMatch(/jest 5 niedziałających linków,/);
    expect(pl.finding.broken_links(12)).toMatch(/jest 12 niedziałających linków,/);
    expect(pl.finding.images_missing_alt(4)).toMatch(/4 obrazy nie mają/);
    expect(pl.finding.images_missing_alt(13)).toMatch(/13 obrazów nie ma/);
    // Seconds with a decimal take the genitive singular.
    expect(pl.finding.slow_mobile(7.9)).toMatch(/7,9 sekundy/);
  });

  it('never speaks as a man or a woman in Polish (the writer’s sex is unknown)', () => {
    const pl = phrasebook('pl');
    const all = [...neutral(pl), ...FINDING_IDS.flatMap((id) => values(id).map((v) => pl.finding[id](v)))].join(' ');
    // Gendered first person: past tense (-łem/-łam) and conditional (-łbym/-łabym).
    expect(all).not.toMatch(/\p{L}+(?:łem|łam|łbym|łabym)\b/u);
    expect(all).not.toMatch(/\b(?:Pan|Pani|Panu|Panią)\b/u);
  });
});
