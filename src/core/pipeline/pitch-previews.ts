// Pitch previews for the Leads screen and `outreach pitch`: the configured writer and the
// sender's signature in the email's language, as the draft stage takes them; for a stored lead,
// its stored findings, name, language and latest audit. Nothing is stored.
import { notFound } from '../errors.ts';
import type { SiteAudit } from '../model/audit.ts';
import type { CrawlResult } from '../model/crawl.ts';
import type { PitchPreview } from '../model/pitch.ts';
import type { AiProvider } from '../model/providers.ts';
import type { PipelineLead } from './store.ts';
import type { EmailSettings } from '../settings/email-config.ts';
import type { DraftSubject } from '../drafts/assess.ts';
import { signatureFor } from '../drafts/compose.ts';
import { emailLocale } from '../drafts/locale.ts';
import { emailName } from '../drafts/first-email.ts';
import { previewFirstEmail } from '../drafts/preview.ts';
import { siteSubject } from './site-subject.ts';

export interface PitchPreviewDeps {
  ai: () => Promise<AiProvider>;
  sender: () => Promise<Pick<EmailSettings, 'signature' | 'customSignature' | 'fromName'>>;
  lead: (id: number) => Promise<PipelineLead | undefined>;
  /** The industry the lead's campaign searched for, when the analysis found none. */
  campaignIndustry: (campaignId: number) => Promise<string | null>;
  audit: (leadId: number) => Promise<SiteAudit | undefined>;
}

export class PitchPreviews {
  constructor(private readonly deps: PitchPreviewDeps) {}

  /** The first email the draft stage would write to this stored lead now. */
  async forLead(id: number): Promise<PitchPreview> {
    const lead = await this.deps.lead(id);
    if (!lead) throw notFound('Lead not found');
    const industry = lead.industry ?? (lead.campaignId === null ? null : await this.deps.campaignIndustry(lead.campaignId));
    const subject: DraftSubject = { ...lead, companyName: emailName(lead), industry };
    const unanalysed = lead.analyzedAt === null;
    const preview = await this.write(subject, await this.deps.audit(id), "the lead's site has not been audited");
    // A lead not analysed yet has nothing to say: say why rather than "nothing worth saying".
    return unanalysed && !preview.written ? { ...preview, hold_reason: `the site has not been analysed yet (${preview.hold_reason})` } : preview;
  }

  /** The first email the pipeline would write for a crawled site (or saved page), with its audit if it had one. */
  async forCrawl(url: string, crawl: CrawlResult, audit: SiteAudit | undefined, notAudited: string): Promise<PitchPreview> {
    const subject = await siteSubject(url, crawl, await this.deps.ai());
    return this.write(subject, audit, notAudited);
  }

  private async write(subject: DraftSubject, audit: SiteAudit | undefined, notAudited: string): Promise<PitchPreview> {
    const sender = await this.deps.sender();
    const signature = signatureFor(sender, emailLocale(subject.websiteLanguage, subject.country));
    return previewFirstEmail(await this.deps.ai(), subject, audit, { name: sender.fromName ?? '', signature }, notAudited);
  }
}
