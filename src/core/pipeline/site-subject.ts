// A site as the draft stage would see it once the pipeline analysed it, without a lead: the
// crawl read by the analyser (extractFacts), the contact finder and the AI profile, settled as
// the analysis stage settles them (settleAnalysis). What `outreach pitch` writes to.
import type { CrawlResult } from '../model/crawl.ts';
import type { AiProvider } from '../model/providers.ts';
import { extractFacts } from './analyze/site-facts.ts';
import { findContacts } from './contacts/find-contacts.ts';
import { settleAnalysis } from './stages/analyze.ts';
import { pageText } from './stages/page-text.ts';
import type { DraftSubject } from '../drafts/assess.ts';

export async function siteSubject(url: string, crawl: CrawlResult, ai: AiProvider): Promise<DraftSubject> {
  const facts = extractFacts(crawl);
  const contacts = findContacts(crawl, { businessName: facts.business_name });
  facts.emails = contacts.emails;
  facts.contact_name = contacts.contactName;
  const { value: answer } = await ai.analyzeBusiness({ facts, pageText: pageText(crawl) });
  const { profile, findings } = settleAnalysis(facts, answer);
  return {
    url,
    // The business's own name as decided from its pages, or none: never the hostname.
    companyName: facts.business_name ?? '',
    contactName: contacts.contactName ?? null,
    industry: profile.industry,
    city: profile.city,
    businessSummary: profile.business_summary,
    findings,
    evidence: facts.evidence,
    websiteLanguage: facts.website_language ?? null,
    country: profile.country,
    siteState: facts.site_state,
  };
}
