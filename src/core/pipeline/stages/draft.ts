// Stage 5 for one lead with a contact: the AI writes the email; its quality is scored
// from checkable properties. Test mode keeps it as a DRAFT for review; live mode queues
// it for the sender. Respects the campaign's max_emails.
import { scoreDraft } from '../../drafts/quality.ts';
import { renderSignature } from '../../settings/email-config.ts';
import type { PipelineDeps } from '../deps.ts';
import type { Job } from '../jobs.ts';

export async function runDraft(job: Job, deps: PipelineDeps): Promise<void> {
  const lead = job.leadId === null ? undefined : await deps.store.lead(job.leadId);
  const campaign = await deps.campaigns.find(job.campaignId);
  if (!lead || !campaign || !lead.contactEmail) return;
  // Writing costs AI tokens: check first that a draft is still wanted.
  if (await deps.store.hasDraft(campaign.id, lead.id)) return;
  if (campaign.maxEmails !== null && (await deps.store.countDrafts(campaign.id)) >= campaign.maxEmails) return;

  await deps.campaigns.update(campaign.id, { currentWebsiteUrl: lead.url, phase: 'draft' });
  await deps.events.emit({ campaignId: campaign.id, leadId: lead.id, activityType: 'generate', status: 'info', message: `Writing an email to ${lead.companyName ?? lead.hostname}`, details: { website: lead.url } });

  const sender = await deps.email.settings();
  const company = lead.companyName ?? lead.title ?? lead.hostname;
  const findings = lead.technicalIssues;
  const ai = await deps.aiProvider();
  const { value: email } = await ai.writeEmail(
    {
      company_name: company,
      contact_name: lead.contactName ?? undefined,
      url: lead.url,
      industry: lead.industry ?? campaign.industry ?? undefined,
      city: lead.city ?? undefined,
      business_summary: lead.businessSummary ?? '',
      findings,
      value_proposition: lead.valueProposition ?? undefined,
      sender_name: sender.fromName,
      signature: renderSignature(sender.signature, sender.fromName),
    },
    { campaignId: campaign.id },
  );
  const quality = scoreDraft({ subject: email.subject, body: email.body, findings, companyName: company, contactName: lead.contactName });
  const outcome = await deps.store.addDraft(
    {
      campaignId: campaign.id,
      leadId: lead.id,
      subject: email.subject,
      body: email.body,
      recipientEmail: lead.contactEmail,
      status: campaign.mode === 'live' ? 'QUEUED' : 'DRAFT',
      qualityScore: quality.score,
      qualityBreakdown: { score: quality.score, parts: quality.parts },
    },
    campaign.maxEmails,
  );
  if (outcome !== 'added') return;
  await deps.events.emit({
    campaignId: campaign.id,
    leadId: lead.id,
    activityType: 'email_generated',
    status: 'success',
    message: `Email drafted for ${company} (quality ${Math.round(quality.score * 100)}%)`,
    details: { website: lead.url, subject: email.subject, preview: email.body.slice(0, 200), email_found: true },
  });
}
