// Stage 5 for one lead with a contact: a draft made from what is worth saying to this business
// (the crawl's and the audit's findings, chosen for its trade: src/core/drafts/pitch.ts) and
// checked claim by claim (src/core/drafts/compose.ts). A business that is itself an agency, a
// site in a language no writer here writes, or a site with nothing worth saying is not written
// to: the reason goes to the lead's history and the feed. Test mode keeps a draft for review;
// live mode queues it for the sender unless it needs review. Respects the campaign's max_emails.
import { qualityBreakdown } from '../../drafts/assess.ts';
import { signatureFor } from '../../drafts/compose.ts';
import { emailName, writeFirstEmail } from '../../drafts/first-email.ts';
import { emailLocale } from '../../drafts/locale.ts';
import { armBreakdown } from '../../drafts/variants.ts';
import { advanceLead } from '../../leads/lifecycle.ts';
import { reportUrl } from '../../report/link.ts';
import type { PipelineDeps } from '../deps.ts';
import type { Job } from '../jobs.ts';

export async function runDraft(job: Job, deps: PipelineDeps): Promise<void> {
  const lead = job.leadId === null ? undefined : await deps.store.lead(job.leadId);
  const campaign = await deps.campaigns.find(job.campaignId);
  if (!lead || !campaign || !lead.contactEmail) return;
  // Writing costs AI tokens: check first that a draft is still wanted.
  if (await deps.store.hasDraft(campaign.id, lead.id)) return;
  if (campaign.maxEmails !== null && (await deps.store.countDrafts(campaign.id)) >= campaign.maxEmails) return;

  const company = lead.companyName ?? lead.hostname;
  const industry = lead.industry ?? campaign.industry;
  const audit = (await deps.audits.latest(lead.id))?.audit;
  // The thread's mailbox is chosen now: its sender signs the email, and every follow-up goes from it.
  const mailbox = await deps.mailboxes.forFirstEmail(campaign.id);
  // Held until the draft is stored, so concurrent drafts count it as taken.
  try {
    const sender = mailbox.settings;
    const signature = signatureFor(sender, emailLocale(lead.websiteLanguage, lead.country));
    await deps.campaigns.update(campaign.id, { currentWebsiteUrl: lead.url, phase: 'draft' });
    // The email names the business only by the name its site gives; with none, it does without.
    const first = await writeFirstEmail(await deps.aiProvider(), { ...lead, companyName: emailName(lead), industry }, audit, { name: sender.fromName ?? '', signature }, {
      call: { campaignId: campaign.id },
      subjectStyles: campaign.subjectVariants ?? undefined,
      reportUrl: () => reportUrl(deps.reportLinks, lead.id, campaign),
      writing: () => deps.events.emit({ campaignId: campaign.id, leadId: lead.id, activityType: 'generate', status: 'info', message: `Writing an email to ${company}`, details: { website: lead.url } }),
    });
    if (!first.written) {
      await deps.events.emit({ campaignId: campaign.id, leadId: lead.id, activityType: 'email_generated', status: 'warning', message: `Not writing to ${company}: ${first.reason}`, details: { website: lead.url, email_found: true } });
      return;
    }
    const draft = first.draft;
    // Checked before the draft is stored, so it shows it; live mode queues only a valid recipient.
    const recipient = await deps.recipients.check(lead.contactEmail);
    const arms = draft.ab?.arms.map((arm) => ({
      variant: arm.variant,
      style: arm.style,
      subject: arm.subject,
      qualityScore: arm.assessment.quality.score,
      qualityBreakdown: armBreakdown(arm, draft.ab!, draft.removed),
    }));
    const outcome = await deps.store.addDraft(
      {
        campaignId: campaign.id,
        leadId: lead.id,
        subject: draft.subject,
        body: draft.body,
        recipientEmail: lead.contactEmail,
        status: campaign.mode === 'live' && !draft.reviewReason && recipient.verdict === 'valid' ? 'QUEUED' : 'DRAFT',
        qualityScore: draft.quality.score,
        qualityBreakdown: qualityBreakdown(draft, draft.removed),
        ...(arms?.length && { arms }),
        recipient,
        mailboxId: mailbox.id,
      },
      campaign.maxEmails,
    );
    if (outcome !== 'added') return;
    await advanceLead(deps.leadStatus, lead.id, 'drafted');
    const held = draft.reviewReason ?? (recipient.verdict === 'valid' ? null : `${lead.contactEmail} is ${recipient.verdict}: ${recipient.reason}`);
    await deps.events.emit({
      campaignId: campaign.id,
      leadId: lead.id,
      activityType: 'email_generated',
      status: held ? 'warning' : 'success',
      message: held
        ? `Email drafted for ${company}, held for review: ${held}`
        : `Email drafted for ${company} (quality ${Math.round(draft.quality.score * 100)}%)`,
      details: { website: lead.url, subject: draft.subject, preview: draft.body.slice(0, 200), email_found: true },
    });
  } finally {
    mailbox.release();
  }
}
