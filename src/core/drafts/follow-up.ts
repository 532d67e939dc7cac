// How a follow-up is made: the writer gets the lead's findings minus those the earlier steps
// stated (so it can only add a new point, or nudge), its text passes the same claim checker
// as a first email, and a follow-up that restates an earlier point is held for review, as is one
// to a site in a language the writer cannot write (language-hold.ts). The subject is always
// "Re: <first subject>": it belongs to the thread, not to the writer.
import type { FindingId } from '../model/analysis.ts';
import type { AiProvider, CallContext } from '../model/providers.ts';
import { audienceOf, pitchFindings } from './pitch.ts';
import { replySubject } from './thread.ts';
import { checkClaims, type ClaimContext } from './claims.ts';
import { assessDraft, type DraftSubject } from './assess.ts';
import { verified, type ComposedDraft } from './compose.ts';
import { languageHold } from './language-hold.ts';
import { emailLocale } from './locale.ts';

export interface ThreadStep {
  subject: string;
  body: string;
  /** The findings this step stated (its claim check). */
  stated: FindingId[];
}

export interface FollowUpRequest {
  lead: DraftSubject;
  /** The steps already in the thread, oldest first (at least the first email). */
  thread: ThreadStep[];
  step: number;
  steps: number;
  sender: { name: string; signature: string };
  /**
   * Findings an earlier step stated that the site was measured again for and still shows
   * (sequences/recheck.ts): the follow-up may say them again, with the new value, first.
   */
  remeasured?: FindingId[];
}

export async function composeFollowUp(ai: AiProvider, r: FollowUpRequest, call?: CallContext): Promise<ComposedDraft> {
  const { lead, thread, sender } = r;
  const again = new Set(r.remeasured ?? []);
  const said = new Set(thread.flatMap((s) => s.stated).filter((id) => !again.has(id)));
  // As in a first email, only what is worth saying to this trade (pitch.ts), the re-measured first.
  const fresh = pitchFindings(lead.findings.filter((f) => !said.has(f.id)), lead.industry);
  const findings = [...fresh.filter((f) => again.has(f.id)), ...fresh.filter((f) => !again.has(f.id))];
  const { value: written } = await ai.writeFollowUp(
    {
      company_name: lead.companyName,
      contact_name: lead.contactName ?? undefined,
      url: lead.url,
      industry: lead.industry ?? undefined,
      city: lead.city ?? undefined,
      business_summary: lead.businessSummary ?? '',
      findings,
      ...(findings[0] && again.has(findings[0].id) && { remeasured: true }),
      locale: emailLocale(lead.websiteLanguage, lead.country),
      ...(lead.websiteLanguage && { site_language: lead.websiteLanguage }),
      audience: audienceOf(lead),
      sender_name: sender.name,
      signature: sender.signature,
      step: r.step,
      steps: r.steps,
      earlier: thread.map(({ subject, body }) => ({ subject, body })),
    },
    call,
  );
  const subject = replySubject(thread[0].subject);
  const ctx: ClaimContext = { companyName: lead.companyName, contactName: lead.contactName, url: lead.url, signature: sender.signature };
  const { email, removed } = verified({ ...written, subject }, lead.findings, ctx);
  const assessment = assessDraft(email, lead, sender.signature, { followUp: true });
  // The subject is the first email's, so it restates that email by design: only the body must say something new.
  const repeated = checkClaims({ subject: '', body: email.body, cited_findings: email.cited_findings }, lead.findings, ctx).stated.filter((id) => said.has(id));
  const reviewReason = [languageHold(lead.websiteLanguage, ai.id, lead.country), assessment.reviewReason, repeated.length ? `Repeats what an earlier step said: ${repeated.join(', ')}` : undefined]
    .filter(Boolean)
    .join('; ');
  return { subject, body: email.body, removed, ...assessment, ...(reviewReason && { reviewReason }) };
}
