// extractFacts: the technical facts of a crawled site (no AI involved). Platform detection
// uses the Wappalyzer rule set, language detection franc-min, parsing cheerio; the contact
// finder supplies the emails and the owner's name.
import type { CheerioAPI } from 'cheerio';
import type { CrawlResult } from '../../model/crawl.ts';
import type { SiteFacts } from '../../model/analysis.ts';
import { findContacts } from '../contacts/find-contacts.ts';
import { accessibilityFacts } from './accessibility.ts';
import { businessDetails } from './business-details.ts';
import { homeOf, okPages, parse, siteHostname, type ParsedPage } from './dom.ts';
import { brokenInternalLinks, homeFetch, technicalIssues, unreachableIssues } from './issues.ts';
import { detectLanguage } from './language.ts';
import { technologyFacts } from './technologies.ts';

// Hosted form services embedded as an iframe or script instead of a <form>.
const FORM_SERVICES = /jotform\.com|typeform\.com|docs\.google\.com\/forms|forms\.gle|wufoo\.com|formstack\.com|hsforms\.(?:net|com)|forms\.hubspot|cognitoforms\.com|formsite\.com|123formbuilder/i;

/** A contact form asks for a message: a <form> with a <textarea> (newsletter and search forms have none). */
export function hasContactForm($: CheerioAPI): boolean {
  if ($('form').toArray().some((f) => $(f).find('textarea').length > 0)) return true;
  return $('iframe[src], script[src]').toArray().some((el) => FORM_SERVICES.test($(el).attr('src') ?? ''));
}

export function isMobileResponsive($: CheerioAPI): boolean {
  return $('meta[name="viewport" i]')
    .toArray()
    .some((m) => /width\s*=\s*device-width/i.test($(m).attr('content') ?? ''));
}

function isHttps(url: string | undefined): boolean {
  try {
    return url !== undefined && new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

function emptyFacts(crawl: CrawlResult): SiteFacts {
  return {
    url: crawl.home?.finalUrl ?? crawl.startUrl,
    hostname: siteHostname(crawl),
    has_ssl: isHttps(crawl.home?.finalUrl ?? crawl.startUrl),
    is_mobile_responsive: false,
    has_ecommerce: false,
    has_online_booking: false,
    has_contact_form: false,
    has_live_chat: false,
    has_analytics: false,
    accessibility_score: 0,
    unoptimized_images_count: 0,
    technical_issues: unreachableIssues(homeFetch(crawl)),
    emails: [],
  };
}

function title(home: ParsedPage): string | undefined {
  return home.$('title').first().text().replace(/\s+/g, ' ').trim() || undefined;
}

export function extractFacts(crawl: CrawlResult): SiteFacts {
  const homePage = homeOf(crawl);
  if (!homePage) return emptyFacts(crawl);
  const pages = okPages(crawl).map(parse);
  const home = parse(homePage);
  const tech = technologyFacts(home, pages);
  const a11y = accessibilityFacts(home.$);
  const hasSsl = isHttps(homePage.finalUrl || homePage.url);
  const mobile = isMobileResponsive(home.$);
  const contactForm = pages.some((p) => hasContactForm(p.$));
  const contacts = findContacts(crawl);
  const details = businessDetails(pages);
  const text = pages.map((p) => p.text).join('\n');
  return {
    url: homePage.finalUrl || homePage.url,
    hostname: siteHostname(crawl),
    title: title(home),
    has_ssl: hasSsl,
    is_mobile_responsive: mobile,
    has_ecommerce: tech.has_ecommerce,
    ecommerce_platform: tech.ecommerce_platform,
    has_online_booking: tech.has_online_booking,
    booking_platform: tech.booking_platform,
    cms_platform: tech.cms_platform,
    has_contact_form: contactForm,
    has_live_chat: tech.has_live_chat,
    has_analytics: tech.has_analytics,
    accessibility_score: a11y.score,
    unoptimized_images_count: a11y.unoptimizedImages,
    technical_issues: technicalIssues({
      fetch: homeFetch(crawl),
      hasSsl,
      mobileResponsive: mobile,
      a11y,
      brokenLinks: brokenInternalLinks(crawl, home),
      hasContactForm: contactForm,
      hasAnalytics: tech.has_analytics,
    }),
    website_language: detectLanguage(text, home.$('html').attr('lang')),
    ...details,
    emails: contacts.emails,
    contact_name: contacts.contactName,
  };
}
