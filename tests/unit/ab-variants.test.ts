// Every subject variant is held to the truth rule: the offline writer's variants pass the claim
// checker and the subject rules for every sandbox site (in every style and language it writes),
// and a writer's variant that states what the analysis cannot prove is dropped, never stored.
import { describe, expect, it } from 'vitest';
import type { DraftSubject } from '../../src/core/drafts/assess.ts';
import { composeDraft } from '../../src/core/drafts/compose.ts';
import { pitchPlan } from '../../src/core/drafts/pitch.ts';
import { siteSubject } from '../../src/core/pipeline/site-subject.ts';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { subjectArms } from '../../src/core/drafts/variants.ts';
import type { EmailBrief, Finding, WrittenEmail } from '../../src/core/model/analysis.ts';
import type { AiProvider } from '../../src/core/model/providers.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { sandboxCrawl, sandboxSites } from '../support/sandbox-crawl.ts';

const ai = new HeuristicAi();
const SIGNATURE = 'Best regards,\nSam Rivera\nRivera Web Studio';
const ALL = ['finding', 'question', 'name'] as const;

const noViewport: Finding = { id: 'no_viewport', claim: 'No viewport tag', evidence: 'no meta viewport on /', url: 'http://novak.example/', confidence: 0.9, value: null };
const lead = (findings: Finding[]): DraftSubject => ({
  url: 'http://novak.example/',
  companyName: 'Novak Dental',
  contactName: 'Ana Novak',
  industry: 'Dental',
  city: 'Denver',
  businessSummary: null,
  findings,
  evidence: { business_name: { url: 'http://novak.example/', element: 'title' } } as never,
  websiteLanguage: 'en',
  country: 'US',
});

describe("the offline writer's subject variants", () => {
  it('writes one subject per style, distinct, for a lead with a finding', async () => {
    const draft = await composeDraft(ai, lead([noViewport]), { name: 'Sam', signature: SIGNATURE }, undefined, [...ALL]);
    expect(draft.ab?.dropped).toEqual([]);
    expect(draft.ab?.arms.map((a) => [a.variant, a.style, a.subject])).toEqual([
      ['A', 'finding', draft.subject],
      ['B', 'question', 'Is Novak Dental easy to use on phones?'],
      ['C', 'name', 'Novak Dental: your website on phones'],
    ]);
    // Each arm states the finding it is about, and only that.
    for (const arm of draft.ab!.arms) expect(arm.assessment.claims).toMatchObject({ ok: true, stated: ['no_viewport'] });
  });

  it('never states a finding the lead does not have: a subject about another finding stays neutral', async () => {
    const copyright: Finding = { id: 'stale_copyright', claim: 'The footer says © 2014', evidence: '"© 2014 Novak Dental" in the footer of /', url: 'http://novak.example/', confidence: 0.9, value: 2014 };
    const draft = await composeDraft(ai, lead([copyright]), { name: 'Sam', signature: SIGNATURE }, undefined, ['question', 'name']);
    expect(draft.ab?.arms.map((a) => a.subject)).toEqual([expect.stringMatching(/Novak Dental/), expect.stringMatching(/^Novak Dental/)]);
    for (const arm of draft.ab!.arms) {
      expect(arm.assessment.claims.ok).toBe(true);
      expect(arm.assessment.claims.stated.every((id) => id === 'stale_copyright')).toBe(true);
    }
  });

  it('passes the claim checker and the subject rules in every style for a quarter of the sandbox sites', async () => {
    const failing: string[] = [];
    // Every fourth site: all the industries, languages and findings, in a few seconds.
    for (const site of sandboxSites().filter((_, i) => i % 4 === 0)) {
      const crawl = sandboxCrawl(site);
      const lead = await siteSubject(crawl.startUrl, crawl, ai);
      // As the draft stage does: only what is worth saying to this business, and nothing when nothing is.
      const { findings, notWritten } = pitchPlan(lead, null);
      if (notWritten) continue;
      const subject: DraftSubject = { ...lead, findings };
      const draft = await composeDraft(ai, subject, { name: 'Sam Rivera', signature: SIGNATURE }, undefined, [...ALL]);
      if (draft.ab?.dropped.length) failing.push(`${site.slug}: dropped ${JSON.stringify(draft.ab.dropped)}`);
      for (const arm of draft.ab?.arms ?? []) {
        const subjectPart = arm.assessment.quality.parts.find((p) => p.name === 'subject')!;
        if (!arm.assessment.claims.ok || !subjectPart.passed) failing.push(`${site.slug} ${arm.style}: "${arm.subject}" ${subjectPart.note} ${JSON.stringify(arm.assessment.claims.problems)}`);
      }
      if (new Set(draft.ab?.arms.map((a) => a.subject)).size !== 3) failing.push(`${site.slug}: the arms repeat a subject`);
    }
    expect(failing).toEqual([]);
  }, 60_000);
});

describe('a variant that claims what the analysis cannot prove', () => {
  const written = (variants: WrittenEmail['subject_variants']): WrittenEmail => ({
    subject: 'An idea for Novak Dental',
    body: 'Hi Ana,\n\nI had a look at the Novak Dental website and have an idea or two.\n\nBest regards,\nSam',
    cited_findings: [],
    subject_variants: variants,
  });

  it('is dropped with the reason, and the other arms stay', () => {
    const arms = subjectArms(
      written([
        { style: 'finding', subject: 'Novak Dental loses patients on slow pages' },
        { style: 'question', subject: 'Can I share an idea for Novak Dental?' },
      ]),
      ['finding', 'question'],
      'Hi Ana, an idea.',
      lead([]),
      SIGNATURE,
    );
    expect(arms.arms.map((a) => [a.variant, a.subject])).toEqual([['B', 'Can I share an idea for Novak Dental?']]);
    expect(arms.dropped).toEqual([{ variant: 'A', style: 'finding', subject: 'Novak Dental loses patients on slow pages', reason: 'the subject talks about speed, but the analysis found no such problem' }]);
    // The same subject the checker refuses on its own.
    expect(checkClaims({ subject: arms.dropped[0].subject!, body: '' }, []).ok).toBe(false);
  });

  it('is dropped when the writer left the style out', () => {
    const arms = subjectArms(written([{ style: 'question', subject: 'Can I share an idea for Novak Dental?' }]), ['question', 'name'], 'Hi Ana.', lead([]), SIGNATURE);
    expect(arms.arms.map((a) => a.variant)).toEqual(['A']);
    expect(arms.dropped).toEqual([{ variant: 'B', style: 'name', subject: null, reason: 'the writer gave no subject in this style' }]);
  });

  it('goes through a real writer too: a Gemini-like answer with an unproven variant keeps only the proven arms', async () => {
    const fake: AiProvider = {
      id: 'gemini',
      service: undefined,
      model: 'fake',
      analyzeBusiness: () => Promise.reject(new Error('not used')),
      writeEmail: async (brief: EmailBrief) => ({
        value: {
          ...written([
            { style: 'finding', subject: 'Novak Dental on phones' },
            { style: 'question', subject: 'Is Novak Dental missing online booking?' },
          ]),
          body: `Hi Ana,\n\nThe Novak Dental website is hard to read on phones.\n\n${brief.signature}`,
          cited_findings: ['no_viewport'],
        },
        usage: { tokensIn: 0, tokensOut: 0 },
        model: 'fake',
      }),
    } as unknown as AiProvider;
    const draft = await composeDraft(fake, lead([noViewport]), { name: 'Sam', signature: SIGNATURE }, undefined, ['finding', 'question']);
    expect(draft.ab?.arms.map((a) => a.subject)).toEqual(['Novak Dental on phones']);
    expect(draft.ab?.dropped[0]).toMatchObject({ variant: 'B', reason: 'the subject talks about online booking, but the analysis found no such problem' });
  });
});
