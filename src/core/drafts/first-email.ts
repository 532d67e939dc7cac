// The first email to a business, as the draft stage writes it and `outreach pitch` previews it:
// what is worth saying (pitch.ts, from the crawl and the audit), in a language the writer can
// write (language-hold.ts), written and checked claim by claim (compose.ts). A business that is
// not written to comes back with the reason instead of an email.
import type { SubjectStyle } from '../model/ab-test.ts';
import type { Finding } from '../model/analysis.ts';
import type { SiteAudit } from '../model/audit.ts';
import type { AiProvider, CallContext } from '../model/providers.ts';
import type { DraftSubject } from './assess.ts';
import { composeDraft, type ComposedDraft } from './compose.ts';
import { languageHold } from './language-hold.ts';
import { pitchPlan } from './pitch.ts';

export type FirstEmail =
  | { written: false; reason: string; findings: Finding[] }
  | { written: true; draft: ComposedDraft; findings: Finding[] };

export interface FirstEmailOptions {
  call?: CallContext;
  subjectStyles?: SubjectStyle[];
  /** The lead's report page to offer, asked only when the email is written. */
  reportUrl?: () => Promise<string | null>;
  /** Called once the email will be written, before the writer is (progress in the feed). */
  writing?: () => Promise<void>;
}

/**
 * The name an email calls the business: the analysis's name only when the site itself gave
 * one (evidence.business_name); without it the analysis may have made one from the hostname,
 * and the email does without a name.
 */
export function emailName(lead: { companyName: string | null; evidence: { business_name?: unknown } }): string {
  return lead.evidence.business_name && lead.companyName ? lead.companyName : '';
}

/** `lead.findings` are the crawl's; `lead.companyName` is emailName's (never the hostname). */
export async function writeFirstEmail(
  ai: AiProvider,
  lead: DraftSubject,
  audit: SiteAudit | null | undefined,
  sender: { name: string; signature: string },
  options: FirstEmailOptions = {},
): Promise<FirstEmail> {
  const plan = pitchPlan(lead, audit);
  const reason = plan.notWritten ?? languageHold(lead.websiteLanguage, ai.id, lead.country);
  if (reason) return { written: false, reason, findings: plan.findings };
  await options.writing?.();
  const reportUrl = (await options.reportUrl?.()) ?? undefined;
  const draft = await composeDraft(ai, { ...lead, findings: plan.findings }, sender, options.call, options.subjectStyles, reportUrl);
  return { written: true, draft, findings: plan.findings };
}
