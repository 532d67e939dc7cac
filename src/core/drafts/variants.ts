// The arms of a subject A/B test for one lead. Each arm's subject is the writer's subject in that
// arm's style, and passes the same claim checker and quality score as any subject: one that says
// what the analysis cannot prove is dropped for this lead (with the reason), never sent.
import { VARIANT_KEYS, type SubjectStyle, type VariantKey } from '../model/ab-test.ts';
import type { WrittenEmail } from '../model/analysis.ts';
import { checkClaims } from './claims.ts';
import { assessDraft, qualityBreakdown, type Assessment, type DraftSubject } from './assess.ts';

export interface SubjectArm {
  variant: VariantKey;
  style: SubjectStyle;
  subject: string;
  assessment: Assessment;
}

export interface DroppedArm {
  variant: VariantKey;
  style: SubjectStyle;
  subject: string | null;
  reason: string;
}

export interface SubjectArms {
  arms: SubjectArm[];
  dropped: DroppedArm[];
}

/** The arms for one lead: styles[i] is arm A, B, C in order, whatever is dropped. */
export function subjectArms(written: Pick<WrittenEmail, 'subject_variants' | 'cited_findings'>, styles: SubjectStyle[], body: string, lead: DraftSubject, signature: string): SubjectArms {
  const arms: SubjectArm[] = [];
  const dropped: DroppedArm[] = [];
  styles.forEach((style, i) => {
    const variant = VARIANT_KEYS[i];
    const subject = written.subject_variants?.find((v) => v.style === style)?.subject.trim();
    if (!subject) {
      dropped.push({ variant, style, subject: null, reason: 'the writer gave no subject in this style' });
      return;
    }
    // The subject alone: the body is checked once for every arm, and a body's problem is not the subject's.
    const own = checkClaims({ subject, body: '' }, lead.findings, { companyName: lead.companyName, contactName: lead.contactName, url: lead.url });
    if (!own.ok) {
      dropped.push({ variant, style, subject, reason: `the subject ${own.problems.map((p) => p.reason).join('; ')}` });
      return;
    }
    arms.push({ variant, style, subject, assessment: assessDraft({ subject, body, cited_findings: written.cited_findings }, lead, signature) });
  });
  return { arms, dropped };
}

/** The quality breakdown stored for an arm: the draft's own, plus the test's arms and what was dropped. */
export function armBreakdown(arm: SubjectArm, all: SubjectArms, removed: string[]): Record<string, unknown> {
  return { ...qualityBreakdown(arm.assessment, removed), ab_test: { variant: arm.variant, style: arm.style, dropped: all.dropped } };
}
