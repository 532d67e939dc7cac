// How a draft is made, whoever writes it: the writer gets the lead's findings (the only things
// it may say about the site), the claim checker verifies every statement and number against
// them (a failing sentence is taken out when the rest still stands; otherwise the draft is
// held for review with the reason), and the quality is scored from checkable parts.
import type { AiProvider, CallContext } from '../model/providers.ts';
import type { EmailLocale, Finding, SiteFacts, WrittenEmail } from '../model/analysis.ts';
import { renderSignature, SENDER_NAME_PLACEHOLDER, type EmailSettings } from '../settings/email-config.ts';
import { checkClaims, withoutUnsupported, type ClaimCheck, type ClaimContext } from './claims.ts';
import { emailLocale, localSignature } from './locale.ts';
import { scoreDraft, type QualityPart } from './quality.ts';
import { subjectArms, type SubjectArms } from './variants.ts';
import type { SubjectStyle } from '../model/ab-test.ts';

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
}

export interface ComposedDraft extends Assessment {
  subject: string;
  body: string;
  /** Sentences the checker took out. */
  removed: string[];
  /** A subject A/B test's arms for this lead, when the campaign runs one. */
  ab?: SubjectArms;
}

const MIN_WORDS_AFTER_REWRITE = 40;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The writer's email, without the sentences that failed the check when the rest still stands. */
export function verified(written: WrittenEmail, findings: Finding[], ctx: ClaimContext): { email: WrittenEmail; removed: string[] } {
  const first = checkClaims(written, findings, ctx);
  if (first.ok) return { email: written, removed: [] };
  const rewritten = withoutUnsupported(written, first, ctx);
  if (rewritten && checkClaims(rewritten, findings, ctx).ok && words(rewritten.body) >= MIN_WORDS_AFTER_REWRITE) {
    return { email: rewritten, removed: [...new Set(first.problems.map((p) => p.sentence))] };
  }
  return { email: written, removed: [] };
}

export interface Assessment {
  claims: ClaimCheck;
  quality: { score: number; parts: QualityPart[] };
  reviewReason?: string;
}

/** The signature a lead's draft ends with: the sender's own, or the default closing in the email's language. */
export function signatureFor(sender: Pick<EmailSettings, 'signature' | 'customSignature' | 'fromName'>, locale: EmailLocale): string {
  const written = sender.customSignature ? sender.signature : localSignature(sender.signature, locale);
  // Until the sender names themselves the placeholder stays; the message is signed when it is sent.
  return renderSignature(written, sender.fromName ?? SENDER_NAME_PLACEHOLDER);
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

export async function composeDraft(
  ai: AiProvider,
  lead: DraftSubject,
  sender: { name: string; signature: string },
  call?: CallContext,
  subjectStyles?: SubjectStyle[],
): Promise<ComposedDraft> {
  const { value: written } = await ai.writeEmail(
    {
      company_name: lead.companyName,
      contact_name: lead.contactName ?? undefined,
      url: lead.url,
      industry: lead.industry ?? undefined,
      city: lead.city ?? undefined,
      business_summary: lead.businessSummary ?? '',
      findings: lead.findings,
      locale: emailLocale(lead.websiteLanguage, lead.country),
      sender_name: sender.name,
      signature: sender.signature,
      ...(subjectStyles?.length && { subject_styles: subjectStyles }),
    },
    call,
  );
  const ctx: ClaimContext = { companyName: lead.companyName, contactName: lead.contactName, url: lead.url, signature: sender.signature };
  const { email, removed } = verified(written, lead.findings, ctx);
  const assessment = assessDraft(email, lead, sender.signature);
  const ab = subjectStyles?.length ? subjectArms(email, subjectStyles, email.body, lead, sender.signature) : undefined;
  return { subject: email.subject, body: email.body, removed, ...assessment, ...(ab && { ab }) };
}
