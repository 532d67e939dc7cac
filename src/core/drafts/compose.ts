// How a draft is made, whoever writes it: the writer gets the lead's findings (the only things
// it may say about the site), the claim checker verifies every statement and number against
// them (a failing sentence is taken out when the rest still stands; otherwise the draft is
// held for review with the reason), and the quality is scored from checkable parts.
import type { AiProvider, CallContext } from '../model/providers.ts';
import type { Finding, SiteFacts, WrittenEmail } from '../model/analysis.ts';
import { checkClaims, withoutUnsupported, type ClaimCheck, type ClaimContext } from './claims.ts';
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
}

export interface ComposedDraft {
  subject: string;
  body: string;
  claims: ClaimCheck;
  /** Sentences the checker took out. */
  removed: string[];
  /** Set when the draft may not be sent before a person has looked at it. */
  reviewReason?: string;
  quality: { score: number; parts: QualityPart[] };
}

const MIN_WORDS_AFTER_REWRITE = 40;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The writer's email with every statement checked; failing sentences removed when the rest still stands. */
function verified(written: WrittenEmail, findings: Finding[], ctx: ClaimContext): { email: WrittenEmail; claims: ClaimCheck; removed: string[] } {
  const first = checkClaims(written, findings, ctx);
  if (first.ok) return { email: written, claims: first, removed: [] };
  const rewritten = withoutUnsupported(written, first, ctx);
  if (rewritten) {
    const again = checkClaims(rewritten, findings, ctx);
    if (again.ok && words(rewritten.body) >= MIN_WORDS_AFTER_REWRITE) return { email: rewritten, claims: again, removed: [...new Set(first.problems.map((p) => p.sentence))] };
  }
  return { email: written, claims: first, removed: [] };
}

export async function composeDraft(ai: AiProvider, lead: DraftSubject, sender: { name: string; signature: string }, call?: CallContext): Promise<ComposedDraft> {
  const locale = emailLocale(lead.websiteLanguage, lead.country);
  const { value: written } = await ai.writeEmail(
    {
      company_name: lead.companyName,
      contact_name: lead.contactName ?? undefined,
      url: lead.url,
      industry: lead.industry ?? undefined,
      city: lead.city ?? undefined,
      business_summary: lead.businessSummary ?? '',
      findings: lead.findings,
      locale,
      sender_name: sender.name,
      signature: sender.signature,
    },
    call,
  );
  const ctx: ClaimContext = { companyName: lead.companyName, contactName: lead.contactName, url: lead.url, signature: sender.signature };
  const { email, claims, removed } = verified(written, lead.findings, ctx);
  const quality = scoreDraft({
    subject: email.subject,
    body: email.body,
    signature: sender.signature,
    claims,
    findings: lead.findings,
    businessName: lead.evidence.business_name ? lead.companyName : null,
    contactName: lead.contactName,
    locale,
    siteLanguage: lead.websiteLanguage,
  });
  const reviewReason = claims.ok ? undefined : `Holds claims the analysis cannot prove: ${claims.problems.map((p) => p.reason).join('; ')}`;
  return { subject: email.subject, body: email.body, claims, removed, quality, ...(reviewReason && { reviewReason }) };
}
