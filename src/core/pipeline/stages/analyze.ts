// Stage 2-4 for one lead: crawl the site, read its technical facts and contacts, and
// have the AI describe the business. Everything is saved at once at the end, so a
// crash half-way leaves the lead as it was and the job simply runs again.
import { emitAll } from '../../events.ts';
import type { BusinessProfile, Finding, SiteFacts } from '../../model/analysis.ts';
import { opportunityFindings } from '../analyze/findings.ts';
import { searchPositionFinding } from '../analyze/crawl-findings.ts';
import { crawlForAnalysis } from '../analyze/analysis-crawl.ts';
import { fillFromListing } from '../analyze/listing.ts';
import { extractFacts } from '../analyze/site-facts.ts';
import { siteHostname } from '../analyze/dom.ts';
import { chooseContact, findContacts } from '../contacts/find-contacts.ts';
import { recipientZone } from '../../scheduling/recipient-zone.ts';
import { advanceLead } from '../../leads/lifecycle.ts';
import { jobAttempts } from '../../resilience/dead-letter.ts';
import type { PipelineDeps } from '../deps.ts';
import type { Job } from '../jobs.ts';
import { priorityFor } from '../store.ts';
import { pageText } from './page-text.ts';
import { NOT_ANALYSED } from '../failure-reason.ts';

/**
 * The AI's profile settled against the facts: the name the site gives itself (with its proof)
 * wins over any model's reading of the title, and the findings that depend on what the business
 * sells are added once the profile says what that is (for a site that could be judged: not for a
 * page that only forwards elsewhere or sits on another organisation's site).
 */
export function settleAnalysis(facts: SiteFacts, answer: BusinessProfile): { profile: BusinessProfile; findings: Finding[] } {
  const profile = { ...answer, company_name: facts.business_name ?? answer.company_name, country: answer.country ?? facts.country ?? null };
  const opportunities = facts.site_state === 'ok' ? opportunityFindings(facts, profile.business_category) : [];
  return { profile, findings: [...facts.findings, ...opportunities] };
}

export async function runAnalyze(job: Job, deps: PipelineDeps): Promise<void> {
  const lead = job.leadId === null ? undefined : await deps.store.lead(job.leadId);
  const campaign = await deps.campaigns.find(job.campaignId);
  if (!lead || !campaign) return; // deleted meanwhile: nothing to do
  const site = { website: lead.url };

  await advanceLead(deps.leadStatus, lead.id, 'scraping');
  if (lead.lastError !== null) await deps.store.clearError(lead.id);
  await deps.campaigns.update(campaign.id, { currentWebsiteUrl: lead.url, phase: 'analyze' });
  await deps.events.emit({ campaignId: campaign.id, leadId: lead.id, activityType: 'scrape', status: 'info', message: `Crawling ${lead.url}`, details: site });

  const config = await deps.system.get();
  const crawl = await crawlForAnalysis(await deps.crawler(), lead.url, deps.limits, config);
  if (!crawl.home) {
    // The crawler says why in a person's words; its raw error stays in the details and the crawl log.
    const reason = crawl.error ?? 'the home page could not be fetched';
    await deps.store.markFailed(lead.id, `${NOT_ANALYSED}${reason}`, crawl.log);
    await advanceLead(deps.leadStatus, lead.id, 'analysis_failed');
    const details = crawl.errorDetail ? { ...site, error_detail: crawl.errorDetail } : site;
    await deps.events.emit({ campaignId: campaign.id, leadId: lead.id, activityType: 'error', status: 'warning', message: `Could not read ${lead.hostname}: ${reason}`, details });
    return;
  }

  const facts = extractFacts(crawl);
  // The name the site itself gives (not a listing's title) decides the person to greet.
  const siteName = facts.business_name;
  // What the site does not say itself (an error page, a parked domain) comes from its listing.
  fillFromListing(facts, { url: lead.url, title: lead.title, phone: lead.phoneNumber, address: lead.address });
  const contacts = findContacts(crawl, { businessName: siteName });
  facts.emails = contacts.emails;
  facts.contact_name = contacts.contactName;
  // An address the operator's list gave stays the contact unless the site shows a better one.
  const contact = chooseContact(lead.listEmail, contacts, siteHostname(crawl));
  // The site's named person first; else the one the operator's list named.
  const contactName = contacts.contactName ?? lead.contactName ?? null;
  await emitAll(deps.events, [
    {
      campaignId: campaign.id,
      leadId: lead.id,
      activityType: contact.email ? 'contact_found' : 'contact_not_found',
      status: contact.email ? 'success' : 'warning',
      message: contactMessage(lead.hostname, contact.source, Boolean(contacts.primary)),
      details: { ...site, email_found: Boolean(contact.email) },
    },
    { campaignId: campaign.id, leadId: lead.id, activityType: 'analyze', status: 'info', message: `Analysing ${lead.hostname}`, details: site },
  ]);
  const ai = await deps.aiProvider();
  const { value: answer } = await ai.analyzeBusiness(
    { facts, pageText: pageText(crawl), search: { query: campaign.searchQuery, location: campaign.location ?? undefined, industry: campaign.industry ?? undefined } },
    { campaignId: campaign.id },
  );
  const settled = settleAnalysis(facts, answer);
  const { profile } = settled;
  // Where the search listed the site, when it was below the top results (never for an imported list).
  const position = searchPositionFinding(lead.searchPosition, lead.searchQuery, lead.url, lead.leadSource);
  const findings = position ? [...settled.findings, position] : settled.findings;
  const priority = priorityFor(profile.market_opportunity_score, { high: deps.limits.priorityHigh, medium: deps.limits.priorityMedium });
  const technologyStack = [facts.cms_platform, facts.ecommerce_platform, facts.booking_platform].filter((t): t is string => Boolean(t));
  const zone = recipientZone({ address: facts.address, city: profile.city, state: profile.state_province, country: profile.country, campaignLocation: campaign.location });
  await deps.store.saveAnalysis(lead.id, { facts, findings, profile, priority, contactEmail: contact.email, contactEmailSource: contact.source, contactName, crawlLog: crawl.log, technologyStack, zone });
  await advanceLead(deps.leadStatus, lead.id, 'analysed');
  await deps.events.emit({
    campaignId: campaign.id,
    leadId: lead.id,
    activityType: 'analysis_complete',
    status: 'success',
    message: `Analysed ${profile.company_name}: ${priority} priority (opportunity ${Math.round(profile.market_opportunity_score)})`,
    details: { ...site, issues: facts.technical_issues.slice(0, 3), email_found: Boolean(contact.email) },
  });

  // Measured before it is written to (stages/audit.ts queues the draft); every lead when the settings say so.
  if (contact.email || config.audit_every_lead) {
    await deps.queue.enqueue([{ campaignId: campaign.id, leadId: lead.id, stage: 'audit' }], jobAttempts(config));
  }
}

function contactMessage(hostname: string, source: 'site' | 'list' | null, siteHasOne: boolean): string {
  if (source === 'site') return `Found a contact email for ${hostname}`;
  if (source === 'list') return siteHasOne ? `Kept the contact email from your list for ${hostname} (the site's is not better)` : `Using the contact email from your list for ${hostname} (none on the site)`;
  return `No contact email found on ${hostname}`;
}
