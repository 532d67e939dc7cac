// The truth rule as a property: for every sandbox site (all 240) and every labelled real page,
// the draft the pipeline would store says nothing the analysis cannot prove. Each draft is made
// exactly as the draft stage makes it (writeFirstEmail; no audit here), and then
// audited independently of the claim checker: every number in the body is a value the analyser
// measured for that lead. A lead with nothing worth saying gets no draft at all.
import { describe, expect, it } from 'vitest';
import type { CrawlResult } from '../../src/core/model/crawl.ts';
import type { ComposedDraft } from '../../src/core/drafts/compose.ts';
import { writeFirstEmail } from '../../src/core/drafts/first-email.ts';
import { siteSubject } from '../../src/core/pipeline/site-subject.ts';
import type { Finding } from '../../src/core/model/analysis.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { crawlOfPage, realPages } from '../support/realweb.ts';
import { sandboxCrawl, sandboxSites } from '../support/sandbox-crawl.ts';

const ai = new HeuristicAi();
const SIGNATURE = 'Best regards,\nSam Rivera\nRivera Web Studio';

interface Made {
  label: string;
  draft: ComposedDraft;
  findings: Finding[];
  language: string | null;
  names: string[];
}

async function draftFor(label: string, crawl: CrawlResult): Promise<Made | string> {
  const lead = await siteSubject(crawl.startUrl, crawl, ai);
  const first = await writeFirstEmail(ai, lead, null, { name: 'Sam Rivera', signature: SIGNATURE });
  if (!first.written) return `${label}: ${first.reason}`;
  const host = new URL(lead.url).hostname;
  return { label, draft: first.draft, findings: first.findings, language: lead.websiteLanguage, names: [lead.companyName, lead.contactName ?? '', host] };
}

const made: Made[] = [];
const notWritten: string[] = [];

describe('every draft states only what the analysis proves', () => {
  it('makes the drafts of all sandbox sites and real pages', async () => {
    const all = [...sandboxSites().map((site) => [site.slug, sandboxCrawl(site)] as const), ...realPages().map((page) => [`real ${page.id}`, crawlOfPage(page)] as const)];
    for (const [label, crawl] of all) {
      const outcome = await draftFor(label, crawl);
      if (typeof outcome === 'string') notWritten.push(outcome);
      else made.push(outcome);
    }
    console.log(`${made.length} drafts, ${notWritten.length} not written (without an audit: the crawl's findings only)`);
    expect(made.length + notWritten.length).toBeGreaterThanOrEqual(240);
    expect(made.length).toBeGreaterThanOrEqual(100);
  }, 120_000);

  it('passes the claim checker with nothing taken out and nothing held for review', () => {
    const failing = made.filter((m) => !m.draft.claims.ok || m.draft.reviewReason || m.draft.removed.length).map((m) => `${m.label}: ${JSON.stringify(m.draft.claims.problems)} ${m.draft.reviewReason ?? ''} ${m.draft.removed.join(' | ')}`);
    expect(failing).toEqual([]);
  });

  it('prints only numbers the analyser measured (an audit apart from the checker)', () => {
    const unmeasured: string[] = [];
    for (const m of made) {
      let text = `${m.draft.subject}\n${m.draft.body.replace(SIGNATURE, '')}`;
      // Names, and the page's own words a finding quotes ("© {{.Now "2006"}}", two phone numbers), are the page's, not numbers the email states.
      for (const name of [...m.names, ...m.findings.flatMap((f) => [f.quote ?? '', ...(f.quotes ?? [])])].filter(Boolean)) text = text.split(name).join('');
      const measured = new Set(m.findings.map((f) => f.value).filter((v): v is number => v !== null));
      for (const n of text.match(/\d+(?:[.,]\d+)?/g) ?? []) if (!measured.has(Number(n.replace(',', '.')))) unmeasured.push(`${m.label}: ${n}`);
    }
    expect(unmeasured).toEqual([]);
  });

  it('writes to Spanish, French and German sites in their language', () => {
    const byLanguage = (lang: string) => made.filter((m) => m.language === lang);
    for (const lang of ['es', 'fr', 'de']) {
      expect(byLanguage(lang).length, lang).toBeGreaterThan(0);
      for (const m of byLanguage(lang)) expect(m.draft.quality.parts.find((p) => p.name === 'language'), `${m.label}`).toMatchObject({ passed: true });
    }
  });

  it('spreads the quality score across the range', () => {
    const scores = made.map((m) => m.draft.quality.score);
    const distinct = new Set(scores);
    const buckets = [0.5, 0.6, 0.7, 0.8, 0.9, 1.01].map((top, i, all) => scores.filter((s) => s >= (i ? all[i - 1] : 0) && s < top).length);
    console.log(`quality over ${scores.length} drafts: <0.5 ${buckets[0]}, 0.5-0.6 ${buckets[1]}, 0.6-0.7 ${buckets[2]}, 0.7-0.8 ${buckets[3]}, 0.8-0.9 ${buckets[4]}, 0.9-1 ${buckets[5]}`);
    expect(distinct.size).toBeGreaterThanOrEqual(4);
    // Drafts now state only what owners feel (src/core/drafts/pitch.ts), so fewer score low.
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThanOrEqual(0.19);
    expect(scores.filter((s) => s === 1).length / scores.length).toBeLessThan(0.5);
  });
});
