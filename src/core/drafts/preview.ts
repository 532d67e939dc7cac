// A preview of the first email to a business, exactly as the draft stage writes it (the one
// function writeFirstEmail): the findings it states, each with the sentence that says it and the
// finding's evidence, the quality score's parts, and whether it would be held (not written, or
// written but held for review) with the reason. Nothing is stored and no report page is offered
// (a preview has no lead to link).
import type { Finding } from '../model/analysis.ts';
import type { SiteAudit } from '../model/audit.ts';
import type { PitchPreview } from '../model/pitch.ts';
import type { AiProvider } from '../model/providers.ts';
import type { DraftSubject } from './assess.ts';
import { checkClaims, numbersIn, sentences, type ClaimContext } from './claims.ts';
import { emailLocale } from './locale.ts';
import { writeFirstEmail } from './first-email.ts';
import { primaryLanguage } from './language-hold.ts';

/** Each finding the email states, with the first sentence (the subject's if only it says so) the claim checker reads it in. */
export function citations(subject: string, body: string, stated: readonly string[], findings: Finding[], ctx: ClaimContext): PitchPreview['cited'] {
  const signature = ctx.signature?.trim();
  const text = signature && body.trimEnd().endsWith(signature) ? body.trimEnd().slice(0, -signature.length) : body;
  const lines = [subject, ...sentences(text)];
  const statedBy = lines.map((line) => new Set(checkClaims({ subject: line, body: '' }, findings, ctx).stated));
  return stated.flatMap((id) => {
    const finding = findings.find((f) => f.id === id);
    if (!finding) return [];
    // The body first: the subject is a heading, the body is where it is said; of the sentences
    // that state it, the one that prints its measured value ("weighs 6.2 MB"), not one that only
    // shares its topic ("measured as a phone on a mobile connection").
    const body = [...statedBy.keys()].slice(1).filter((i) => statedBy[i].has(finding.id));
    const at = body.find((i) => finding.value !== null && numbersIn(lines[i]).includes(finding.value)) ?? body[0] ?? (statedBy[0].has(finding.id) ? 0 : undefined);
    return at === undefined ? [] : [{ finding: finding.id, sentence: lines[at], evidence: finding.evidence, value: finding.value, ...(finding.quote && { quote: finding.quote }), ...(finding.quotes && { quotes: finding.quotes }) }];
  });
}

/** The person the first line greets: the contact the site names, when the greeting uses the name. */
function greeted(body: string, contactName: string | null): string | null {
  if (!contactName) return null;
  const first = body.split('\n').find((line) => line.trim()) ?? '';
  const words = contactName.split(/\s+/).filter((w) => w.length > 1 && !/^(dr|dra|prof|mr|mrs|ms|mme|herr|frau)\.?$/i.test(w));
  return words.some((w) => first.includes(w)) ? contactName : null;
}

export async function previewFirstEmail(
  ai: AiProvider,
  lead: DraftSubject,
  audit: SiteAudit | null | undefined,
  sender: { name: string; signature: string },
  /** What to say when there is no audit at all (--no-audit, or a lead never audited). */
  notAudited = 'not audited',
): Promise<PitchPreview> {
  const first = await writeFirstEmail(ai, lead, audit, sender);
  const siteLanguage = primaryLanguage(lead.websiteLanguage) ?? null;
  const base = {
    url: lead.url,
    company_name: lead.companyName || null,
    site_language: siteLanguage,
    writer: ai.id,
    audit: audit ? { measured: audit.measured, reason: audit.measured ? null : audit.reason } : { measured: false, reason: notAudited },
  };
  if (!first.written) {
    return { ...base, greeting_name: null, language: siteLanguage, written: false, subject: null, body: null, held: true, hold_reason: first.reason, cited: [], removed: [], quality: null, quality_parts: [] };
  }
  const { draft } = first;
  const ctx: ClaimContext = { companyName: lead.companyName, contactName: lead.contactName, url: lead.url, signature: sender.signature };
  return {
    ...base,
    greeting_name: greeted(draft.body, lead.contactName),
    language: emailLocale(lead.websiteLanguage, lead.country),
    written: true,
    subject: draft.subject,
    body: draft.body,
    held: Boolean(draft.reviewReason),
    hold_reason: draft.reviewReason ?? null,
    cited: citations(draft.subject, draft.body, draft.claims.stated, first.findings, ctx),
    removed: draft.removed,
    quality: draft.quality.score,
    quality_parts: draft.quality.parts.map(({ name, weight, passed, note }) => ({ name, weight, passed, note })),
  };
}
