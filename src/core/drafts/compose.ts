// How a draft is made, whoever writes it: the writer gets the lead's findings (the only things
// it may say about the site), the claim checker verifies every statement and number against
// them (a failing sentence is taken out when the rest still stands; otherwise the draft is
// held for review with the reason), and the quality is scored from checkable parts.
import type { AiProvider, CallContext } from '../model/providers.ts';
import type { EmailLocale, Finding, WrittenEmail } from '../model/analysis.ts';
import { renderSignature, SENDER_NAME_PLACEHOLDER, type EmailSettings } from '../settings/email-config.ts';
import { checkClaims, withoutUnsupported, type ClaimContext } from './claims.ts';
import { assessDraft, type Assessment, type DraftSubject } from './assess.ts';
import { emailLocale, localSignature } from './locale.ts';
import { audienceOf } from './pitch.ts';
import { subjectArms, type SubjectArms } from './variants.ts';
import type { SubjectStyle } from '../model/ab-test.ts';

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

/** The signature a lead's draft ends with: the sender's own, or the default closing in the email's language. */
export function signatureFor(sender: Pick<EmailSettings, 'signature' | 'customSignature' | 'fromName'>, locale: EmailLocale): string {
  const written = sender.customSignature ? sender.signature : localSignature(sender.signature, locale);
  // Until the sender names themselves the placeholder stays; the message is signed when it is sent.
  return renderSignature(written, sender.fromName ?? SENDER_NAME_PLACEHOLDER);
}

export async function composeDraft(
  ai: AiProvider,
  lead: DraftSubject,
  sender: { name: string; signature: string },
  call?: CallContext,
  subjectStyles?: SubjectStyle[],
  reportUrl?: string,
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
      ...(reportUrl && { report_url: reportUrl }),
      ...(lead.websiteLanguage && { site_language: lead.websiteLanguage }),
      audience: audienceOf(lead),
    },
    call,
  );
  const ctx: ClaimContext = { companyName: lead.companyName, contactName: lead.contactName, url: lead.url, signature: sender.signature };
  const { email, removed } = verified(written, lead.findings, ctx);
  const assessment = assessDraft(email, lead, sender.signature);
  const ab = subjectStyles?.length ? subjectArms(email, subjectStyles, email.body, lead, sender.signature) : undefined;
  return { subject: email.subject, body: email.body, removed, ...assessment, ...(ab && { ab }) };
}
