// A draft's assessment, whoever wrote it and whatever its subject: the claim checker run over
// the lead's findings and the quality score from checkable parts (compose.ts for a new draft,
// variants.ts for each A/B subject, follow-up.ts and an operator's edit alike).
import type { Finding, SiteFacts, SiteState, WrittenEmail } from '../model/analysis.ts';
import { checkClaims, type ClaimCheck } from './claims.ts';
import { emailLocale } from './locale.ts';
import { scoreDraft, type QualityPart } from './quality.ts';

export interface DraftSubject {
  url: string;
  /** The name the email uses: the business's own, else its hostname. */
  companyName: string;
  contactName: string | null;
  industry: string | null;
  city: string | null;
  businessSummary: string | null;
  findings: Finding[];
  evidence: SiteFacts['evidence'];
  websiteLanguage: string | null;
  country: string | null;
  /** The analysis's verdict on the home page: a page that could not be judged is not written to (pitch.ts). */
  siteState?: SiteState | null;
}

export interface Assessment {
  claims: ClaimCheck;
  quality: { score: number; parts: QualityPart[] };
  reviewReason?: string;
}

/** Checks a draft's claims and scores it: for a writer's draft, and again after an operator's edit. */
export function assessDraft(
  draft: Pick<WrittenEmail, 'subject' | 'body'> & { cited_findings?: WrittenEmail['cited_findings'] },
  lead: DraftSubject,
  signature: string,
  opts: { followUp?: boolean } = {},
): Assessment {
  const locale = emailLocale(lead.websiteLanguage, lead.country);
  const claims = checkClaims(draft, lead.findings, { companyName: lead.companyName, contactName: lead.contactName, url: lead.url, signature });
  const quality = scoreDraft({
    subject: draft.subject,
    body: draft.body,
    signature,
    claims,
    findings: lead.findings,
    businessName: lead.evidence.business_name ? lead.companyName : null,
    contactName: lead.contactName,
    locale,
    siteLanguage: lead.websiteLanguage,
    url: lead.url,
    country: lead.country,
    followUp: opts.followUp,
  });
  const reviewReason = claims.ok ? undefined : `Holds claims the analysis cannot prove: ${claims.problems.map((p) => p.reason).join('; ')}`;
  return { claims, quality, ...(reviewReason && { reviewReason }) };
}

/** What is stored with a draft: the quality parts, the claim check, and why it is held, if it is. */
export function qualityBreakdown(a: Assessment, removed: string[] = []): Record<string, unknown> {
  return {
    score: a.quality.score,
    parts: a.quality.parts,
    claims: { ok: a.claims.ok, stated: a.claims.stated, problems: a.claims.problems, removed },
    ...(a.reviewReason && { review_reason: a.reviewReason }),
  };
}
