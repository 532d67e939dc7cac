// The quality score ranks drafts as their owners would. tests/fixtures/draft-ratings.json holds
// first emails the offline writer made for labelled real pages (writeFirstEmail, crawl findings
// only), each with its text and a hand rating (1-5, with the rater's reason, made without looking
// at the score). Every rated text is scored as the draft stage scores a draft (assessDraft, against
// the page's analysis as it is now), so the corpus keeps the drafts the writer no longer makes: a
// pitch to a parked page still has to score low. The score's Spearman rank correlation with the
// ratings must reach 0.6, and every draft an owner rates 2 or lower must score under 0.6, so the
// Drafts screen's "Low quality" means something. The pages whose current draft is not among the
// rated texts are printed, to be rated in turn.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assessDraft } from '../../src/core/drafts/assess.ts';
import { writeFirstEmail } from '../../src/core/drafts/first-email.ts';
import { siteSubject } from '../../src/core/pipeline/site-subject.ts';
import { signatureFor, type ComposedDraft } from '../../src/core/drafts/compose.ts';
import { emailLocale } from '../../src/core/drafts/locale.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { crawlOfPage, everyRealPage, type RealPage } from '../support/realweb.ts';

interface Rating {
  page: string;
  hash: string;
  rating: number;
  reason: string;
  subject: string;
  body: string;
}

const FIXTURES = join(import.meta.dirname, '../fixtures');
const ratings = (JSON.parse(readFileSync(join(FIXTURES, 'draft-ratings.json'), 'utf8')) as { drafts: Rating[] }).drafts;
/** The sender's own signature the first 564 ratings were written with (kept as the sender wrote it, in English). */
const CUSTOM_SIGNATURE = 'Best regards,\nSam Rivera\nRivera Web Studio';
/** The product's default signature, its closing in the email's language, as the draft stage signs a draft (later ratings). */
const signatureOf = (lead: { websiteLanguage?: string | null; country?: string | null }) =>
  signatureFor({ signature: 'Best regards,\n{sender_name}', customSignature: false, fromName: 'Sam Rivera' }, emailLocale(lead.websiteLanguage, lead.country));
const ai = new HeuristicAi();


/** The lead as the pipeline sees it now (the name only when the site gives one). */
async function leadOf(page: RealPage) {
  const crawl = crawlOfPage(page);
  return siteSubject(crawl.startUrl, crawl, ai);
}

/** The page's first email as the draft stage writes it today, or null when it is not written to. */
async function firstEmail(page: RealPage): Promise<ComposedDraft | null> {
  const lead = await leadOf(page);
  const first = await writeFirstEmail(ai, lead, null, { name: 'Sam Rivera', signature: signatureOf(lead) });
  return first.written ? first.draft : null;
}

/**
 * Drafts owners rate 2 or lower whose flaw is not in the draft nor in anything the score is given:
 * the analysis misread the page, so the draft reads as a good one would. The score cannot see
 * these; the analysis must (each is reported to its owner). Any other low-rated draft scoring 0.6
 * or more fails this test, and so does a listed one that no longer does (take it off the list).
 */
// Emptied as the name finder stopped taking a trade phrase, a town, a keyword title, a title's
// typo (141, 142, 145, 200) or a dentist beside his practice's brand (206, "Perfect Smile") for
// the name: their low-rated texts now score under 0.6, the analysis no longer supporting the name.
const ANALYSIS_MISREAD: Record<string, string> = {
  // Read right since (the title's sign and person: "Kancelaria Radcy Prawnego Anna Storoniak"); the rated text, written to "firmy Anna Storoniak", fails only the name part and still scores 0.6.
  '146': "a lawyer's own name (Anna Storoniak) taken for the firm's name, so Polish calls her a 'firma'",
};

/**
 * Drafts owners rated 2 for wording the score does not judge (how natural a sentence reads in its
 * language) that the writer no longer writes: the test checks that the page's draft today is
 * another text. A listed page whose draft is still the rated text fails the test.
 */
const WORDING_FIXED: Record<string, string> = {
  '709': "Brazil's Portuguese ('conexão', 'navegador', 'Atenciosamente') to a kindergarten in Portugal, its parents called 'clientes' (now European Portuguese, placed by its 'Infantário' and 'Actividades', to 'os pais')",
  '422': "the joiner greeted by his whole name, 'Bonjour Michel Lévêque,', a mail merge's (now 'Bonjour Monsieur Lévêque,')",
  '326': "a plain 'Bonjour,' and 'le site d'Emilie ROGHI' to the osteopath herself (now 'Bonjour Madame Roghi,' and 'votre site': the business is named for her)",
  '105': "German opener 'beim Durchsehen der Betriebe' (now 'ich schreibe Ihnen wegen der Website von …')",
  '126': "'bakery and cafés' (now 'bakeries and cafés')",
  '106': "French opener 'En parcourant les sites d'entreprises', a mass mailing's (now 'Je vous écris au sujet du site de …')",
  // The held-out batch (realweb/drafts3), as first written:
  '304': "the town in the page's capitals ('in GRASS VALLEY') and a plain 'Hello,' to the dentist the practice is named after (now 'Hello Dr. Powell, I came across Richard S Powell, DDS in Grass Valley')",
  '342': "European Portuguese to a Brazilian firm ('Escrevo-lhe a propósito do site de IR Contabilidade'; now 'Escrevo a respeito do site da IR Contabilidade')",
  '322': "Chrome's Dutch warning quoted as 'Niet beveiligd', after two raters said so and a third disagreed (now 'Niet veilig' again, as the Dutch press reported the address bar)",
  '349': "the name in the lower case of the logo's alt text, 'robau' (now 'ROBAU', as the page writes it, with its 'Document' title said)",
  // The second held-out batch (realweb/drafts4):
  '427': "a trade word for the name, 'Plaatsbeschrijvingen' (property inventories; the page names no business, and now neither does the note)",
  // The third held-out batch (realweb/drafts5):
  '505': "a cardiology practice's patients called 'Ihre Kunden' (now 'Ihre Patienten': a Kardiopraxis is a medical practice)",
  // The fourth held-out batch (realweb/drafts6):
  '626': "a child-psychiatry and therapy practice's patients called 'uw klanten' (now 'uw patiënten': psychiatry and psychotherapy are healthcare)",
};

/**
 * Drafts owners rated 2 for a name without its Polish letters ("Lukasz Pokropinski"), which the
 * saved copy of the page lost (a crawler capture that stripped them; its label says so): the live
 * page writes them, and the writer quotes the name as the page writes it. The score cannot see
 * what the copy lost. A listed page whose label does not say so fails the test.
 */
const CAPTURE_LOST_LETTERS: Record<string, string> = {
  '139': "'Uslugi Slusarsko-Spawalnicze Andrzej Pieniak' for Usługi Ślusarsko-Spawalnicze",
  '142': "'Kamienie Zywiec' for Żywiec",
  '202': "'Lukasz Pokropinski' for Łukasz Pokropiński",
};

const hashOf = (d: { subject: string; body: string }) => createHash('sha256').update(`${d.subject}\n${d.body}`).digest('hex').slice(0, 16);

/** Ranks from 1, ties sharing their average rank. */
function ranks(values: number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    for (let k = i; k <= j; k++) out[order[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rho: Pearson's correlation of the ranks (ties averaged). */
function spearman(a: number[], b: number[]): number {
  const [x, y] = [ranks(a), ranks(b)];
  const mean = (v: number[]) => v.reduce((s, n) => s + n, 0) / v.length;
  const [mx, my] = [mean(x), mean(y)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe('the quality score ranks drafts as their owners rated them', () => {
  it('computes Spearman rank correlation with ties', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
    expect(spearman([1, 1, 2, 2], [0.2, 0.3, 0.5, 0.9])).toBeCloseTo(0.894, 3);
  });

  it('rates at least 60 real drafts and ranks them as owners do', async () => {
    expect(ratings.length).toBeGreaterThanOrEqual(60);
    const pages = new Map(everyRealPage().map((p) => [p.id, p] as const));
    const scored: { rating: number; score: number; page: string }[] = [];
    const unrated: string[] = [];
    for (const r of ratings) {
      const page = pages.get(r.page);
      expect(page, `${r.page}: the page is gone`).toBeDefined();
      // The text is the one that was rated.
      expect(hashOf(r), `${r.page}: the stored text is not the one rated`).toBe(r.hash);
      const lead = await leadOf(page!);
      const signature = r.body.trimEnd().endsWith(CUSTOM_SIGNATURE) ? CUSTOM_SIGNATURE : signatureOf(lead);
      scored.push({ rating: r.rating, score: assessDraft({ subject: r.subject, body: r.body }, lead, signature).quality.score, page: r.page });
    }
    const rated = new Set(ratings.map((r) => r.hash));
    for (const page of pages.values()) {
      const draft = await firstEmail(page);
      if (draft && !rated.has(hashOf(draft))) unrated.push(page.id);
    }
    if (unrated.length) console.log(`Pages whose current draft is not rated yet (rate them in tests/fixtures/draft-ratings.json): ${unrated.join(', ')}`);

    const rho = spearman(
      scored.map((s) => s.score),
      scored.map((s) => s.rating),
    );
    const byRating = [1, 2, 3, 4, 5].map((n) => {
      const scores = scored.filter((s) => s.rating === n).map((s) => s.score);
      return scores.length ? `rated ${n}: ${scores.length} drafts, score ${Math.min(...scores)}-${Math.max(...scores)}` : `rated ${n}: none`;
    });
    console.log(`quality score vs owners' ratings over ${scored.length} drafts: Spearman rho ${rho.toFixed(3)}\n${byRating.join('\n')}`);
    expect(rho).toBeGreaterThanOrEqual(0.6);
    // A page once, however many raters rated its text low.
    const lowButScoredWell = [...new Set(scored.filter((s) => s.rating <= 2 && s.score >= 0.6).map((s) => s.page))];
    if (lowButScoredWell.length) console.log(`rated 2 or lower yet scored 0.6 or more:\n${lowButScoredWell.map((p) => `${p}: ${ANALYSIS_MISREAD[p] ?? WORDING_FIXED[p] ?? CAPTURE_LOST_LETTERS[p] ?? 'NOT EXPLAINED'}`).join('\n')}`);
    expect(lowButScoredWell.sort()).toEqual([...Object.keys(ANALYSIS_MISREAD), ...Object.keys(WORDING_FIXED), ...Object.keys(CAPTURE_LOST_LETTERS)].sort());
    for (const page of Object.keys(CAPTURE_LOST_LETTERS)) expect(JSON.stringify(pages.get(page)!.label), `${page}: its label does not say the copy lost its letters`).toContain('Polish without diacritics');
    // The wording is fixed: the page's draft today is not the text rated low.
    for (const page of Object.keys(WORDING_FIXED)) {
      const today = await firstEmail(pages.get(page)!);
      const low = ratings.filter((r) => r.page === page && r.rating <= 2).map((r) => r.hash);
      expect(today && low.includes(hashOf(today)), `${page}: the writer still writes the text rated low`).toBe(false);
    }
  }, 120_000);
});
