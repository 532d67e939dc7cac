// The quality score ranks drafts as their owners would. Every labelled real page's first email
// is made exactly as the draft stage makes it (writeFirstEmail, crawl findings only), and
// compared with the hand ratings in tests/fixtures/draft-ratings.json (1-5, each with the
// rater's reason, made without looking at the score). A draft whose text changed since it was
// rated fails here: its rating must be redone. The score's Spearman rank correlation with the
// ratings must reach 0.6, and every draft an owner rates 2 or lower must score under 0.6, so
// the Drafts screen's "Low quality" means something.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFirstEmail } from '../../src/core/drafts/first-email.ts';
import { siteSubject } from '../../src/core/pipeline/site-subject.ts';
import type { ComposedDraft } from '../../src/core/drafts/compose.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { crawlOfPage, realPages, type PageLabel, type RealPage } from '../support/realweb.ts';

interface Rating {
  page: string;
  hash: string;
  rating: number;
  reason: string;
}

const FIXTURES = join(import.meta.dirname, '../fixtures');
const ratings = (JSON.parse(readFileSync(join(FIXTURES, 'draft-ratings.json'), 'utf8')) as { drafts: Rating[] }).drafts;
const SIGNATURE = 'Best regards,\nSam Rivera\nRivera Web Studio';
const ai = new HeuristicAi();

/** The pages of a batch read by this test only: realweb/names (labelled for their name) and realweb/drafts (added for these ratings). */
function batch(folder: string): RealPage[] {
  const dir = join(FIXTURES, 'realweb', folder);
  const labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')).pages as Record<string, PageLabel>;
  return readdirSync(join(dir, 'pages'))
    .filter((f) => f.endsWith('.html') && labels[f.slice(0, -5)])
    .sort()
    .map((f) => ({ id: f.slice(0, -5), file: join(dir, 'pages', f), label: labels[f.slice(0, -5)] }));
}

async function firstEmail(page: RealPage): Promise<ComposedDraft | null> {
  const crawl = crawlOfPage(page);
  // The lead as the pipeline sees it (the name only when the site gives one), then the draft stage's writer.
  const lead = await siteSubject(crawl.startUrl, crawl, ai);
  const first = await writeFirstEmail(ai, lead, null, { name: 'Sam Rivera', signature: SIGNATURE });
  return first.written ? first.draft : null;
}

/**
 * Drafts owners rate 2 or lower whose flaw is not in the draft nor in anything the score is given:
 * the analysis misread the page, so the draft reads as a good one would. The score cannot see
 * these; the analysis must (each is reported to its owner). Any other low-rated draft scoring 0.6
 * or more fails this test, and so does a listed one that no longer does (take it off the list).
 */
const ANALYSIS_MISREAD: Record<string, string> = {
  '039': 'a workshop page on the Partner Opony franchise network site, read as the business own site',
  '043': 'a holiday house listing on an agritourism portal, read as the owner own site',
  '108': 'a github.io site (GitHub serves it over https) reported as having no secure connection',
  '127': 'an English cafe page read as French, and its cart missed (so "cannot buy online")',
  '142': 'the name taken from a typo in the page title ("KAMIENIE ZYWEC"), not the firm the contact block names (Uslugi transportowe Salachna Tomasz) nor "Kamienie Zywiec" (page topic, domain)',
};

const hashOf = (d: ComposedDraft) => createHash('sha256').update(`${d.subject}\n${d.body}`).digest('hex').slice(0, 16);

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

  it('rates at least 60 real drafts, each still the text that was rated, and ranks them as owners do', async () => {
    expect(ratings.length).toBeGreaterThanOrEqual(60);
    const pages = new Map([...realPages(), ...batch('names'), ...batch('drafts')].map((p) => [p.id, p] as const));
    const changed: string[] = [];
    const scored: { rating: number; score: number; page: string }[] = [];
    for (const r of ratings) {
      const page = pages.get(r.page);
      if (!page) {
        changed.push(`${r.page}: the page is gone`);
        continue;
      }
      const draft = await firstEmail(page);
      if (!draft) changed.push(`${r.page}: no longer written`);
      else if (hashOf(draft) !== r.hash) {
        changed.push(`${r.page}: the draft changed (now ${hashOf(draft)}); rate it again`);
        if (process.env.SHOW_CHANGED) console.log(`=== ${r.page} (was ${r.rating}: ${r.reason})\nSubject: ${draft.subject}\n${draft.body}`);
      }
      else scored.push({ rating: r.rating, score: draft.quality.score, page: r.page });
    }
    if (changed.length) console.log(`Ratings to redo in tests/fixtures/draft-ratings.json:\n${changed.join('\n')}`);
    expect(changed).toEqual([]);

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
    const lowButScoredWell = scored.filter((s) => s.rating <= 2 && s.score >= 0.6).map((s) => s.page);
    if (lowButScoredWell.length) console.log(`rated 2 or lower yet scored 0.6 or more (the analysis misread the page; the draft itself shows no flaw):\n${lowButScoredWell.map((p) => `${p}: ${ANALYSIS_MISREAD[p] ?? 'NOT EXPLAINED'}`).join('\n')}`);
    expect(lowButScoredWell.sort()).toEqual(Object.keys(ANALYSIS_MISREAD).sort());
  }, 120_000);
});
