// extractFacts: the technical facts of a crawled site (no AI involved), each with its proof,
// and the findings they support. Platform detection uses the Wappalyzer rule set, language
// detection franc-min, parsing cheerio (each page parsed once); the contact finder supplies
// the emails and the owner's name. A home page that shows only that the site is broken gets
// that one finding and no other fact.
import { networkSite } from './network-page.ts';
import type { Proof, SiteFacts, SiteState } from '../../model/analysis.ts';
import type { CrawlResult } from '../../model/crawl.ts';
import { findContacts } from '../contacts/find-contacts.ts';
import { accessibilityFacts } from './accessibility.ts';
import { businessDetails } from './business-details.ts';
import { businessName } from './business-name.ts';
import { countryOf, portugueseCountry } from './country.ts';
import { okPages, parse, siteHostname } from './dom.ts';
import { brokenSiteFinding, siteFindings } from './findings.ts';
import { brokenInternalLinks, homeFetch } from './issues.ts';
import { countryLanguages } from '../../countries.ts';
import { detectLanguage } from '../../language.ts';
import { analyticsFact, bookingFact, chatFact, contactFormFact, ecommerceFact, mobileFact, sslFact } from './presence.ts';
import { closingNotice, siteState } from './site-state.ts';
import { technologyFacts } from './technologies.ts';
import { brokenResourceFindings, certificateFinding, notSecureEvidence } from './crawl-findings.ts';
import { outdatedSoftwareFinding, pandemicNoticeFinding, staleCopyrightFinding, staleDatesFinding } from './staleness.ts';
import { badEmailLinkFinding, badPhoneLinkFinding } from './contact-links.ts';
import { closedServiceFinding, errorMessageFinding, flashFinding, insecureFormFinding, noTitleFinding, phoneMismatchFinding, templateTextFinding, withBrokenLinkText, withCustomerAction } from './page-faults.ts';

function unknownFacts(crawl: CrawlResult, url: string, state: SiteState): SiteFacts {
  const ssl = sslFact(url);
  return {
    url,
    hostname: siteHostname(crawl),
    site_state: state,
    pages_crawled: 0,
    has_ssl: ssl.value,
    is_mobile_responsive: null,
    has_ecommerce: null,
    has_online_booking: null,
    has_contact_form: null,
    has_live_chat: null,
    has_analytics: null,
    analytics: [],
    accessibility_score: null,
    unoptimized_images_count: null,
    technical_issues: [],
    findings: [],
    evidence: ssl.proof ? { has_ssl: ssl.proof } : {},
    phones: [],
    emails: [],
  };
}

/** `now` dates the certificate and copyright-year rules (tests pass a fixed one). */
export function extractFacts(crawl: CrawlResult, now: Date = new Date()): SiteFacts {
  const fetch = homeFetch(crawl);
  const url = crawl.home?.finalUrl || crawl.home?.url || crawl.startUrl;
  const ok = okPages(crawl);
  const homePage = ok.find((p) => p === crawl.home);
  const home = homePage ? parse(homePage) : undefined;
  const state = siteState(fetch, home);
  if (state !== 'ok' || !home) {
    const facts = unknownFacts(crawl, url, state === 'unreadable' ? 'ok' : state);
    // A page that only forwards elsewhere is not broken: it has nothing of the business's to judge.
    if (state !== 'unreadable' && state !== 'ok' && state !== 'forwards' && state !== 'network') {
      const broken = brokenSiteFinding(state, url, fetch.status);
      facts.findings = [broken];
      facts.technical_issues = [broken.claim];
    }
    return facts;
  }

  const pages = ok.map(parse);
  const tech = technologyFacts(home, pages);
  const a11y = accessibilityFacts(home.$);
  const details = businessDetails(pages);
  const ssl = sslFact(url);
  const mobile = mobileFact(home);
  const form = contactFormFact(pages, tech);
  const analytics = analyticsFact(pages, tech);
  const booking = bookingFact(pages, tech);
  const chat = chatFact(pages, tech);
  const shop = ecommerceFact(pages, tech);
  const name = businessName(home, pages);

  const contacts = findContacts(crawl, { businessName: name?.name });
  const greeting = contacts.greeting;
  const placed = countryOf(url, pages, details.phones, details.address);
  // The language the page declares: its <html lang>, else its Content-Language (an old page's meta tag).
  const declared = home.$('html').attr('lang') ?? home.$('meta[http-equiv="content-language" i], meta[name="content-language" i]').attr('content');
  const language = detectLanguage(pages.map((p) => p.text).join('\n'), declared, countryLanguages(placed?.code)?.spoken);
  // A Portuguese site with nothing else to place it: the words it writes say which side of the Atlantic.
  const country = placed ?? (language === 'pt' ? portugueseCountry(url, pages) : undefined);
  const proofOf = (detail: string, confidence = 1): Proof => ({ url, detail, confidence });

  const evidence: SiteFacts['evidence'] = {
    business_name: name?.proof,
    has_ssl: ssl.proof,
    is_mobile_responsive: mobile.proof,
    has_contact_form: form.proof,
    has_analytics: analytics.proof,
    has_online_booking: booking.proof,
    has_live_chat: chat.proof,
    has_ecommerce: shop.proof,
    cms_platform: tech.cms ? proofOf(`${tech.cms.name}: ${tech.cms.evidence}`, 0.95) : proofOf(`no CMS or site-builder fingerprint on the ${pages.length} page${pages.length === 1 ? '' : 's'} crawled`, 0.7),
    accessibility_score: proofOf(
      `home page checks: ${a11y.images - a11y.imagesWithoutAlt}/${a11y.images} images with alt text, ${a11y.links - a11y.emptyLinks}/${a11y.links} links named, ` +
        `${a11y.formControls - a11y.unlabelledControls}/${a11y.formControls} form fields labelled, lang ${a11y.hasLang ? 'set' : 'missing'}, headings ${a11y.headingsInOrder ? 'in order' : 'out of order'}, title ${a11y.hasTitle ? 'set' : 'missing'}`,
    ),
    unoptimized_images_count: proofOf(`${a11y.unoptimizedImages} of the ${a11y.images} <img> tags on the home page lack width or height`),
    website_language: language ? proofOf(`the visible text of ${pages.length} page${pages.length === 1 ? '' : 's'} reads as "${language}"${declared ? ` (declared "${declared}")` : ''}`, 0.9) : undefined,
    country: country?.proof,
    phone: details.phone ? proofOf(`shown on the site: ${details.phone}`) : undefined,
    address: details.address ? proofOf(`shown on the site: ${details.address}`) : undefined,
    // The person to greet, as the page names them: their role and the quoted line, on its page.
    contact_name: greeting ? { url: greeting.url || url, detail: `${greeting.role}: ${greeting.evidence}`, confidence: 0.9 } : undefined,
  };
  for (const key of Object.keys(evidence) as (keyof typeof evidence)[]) if (!evidence[key]) delete evidence[key];

  const facts: SiteFacts = {
    url,
    hostname: siteHostname(crawl),
    title: home.$('title').first().text().replace(/\s+/g, ' ').trim() || undefined,
    business_name: name?.name,
    site_state: 'ok',
    pages_crawled: pages.length,
    has_ssl: ssl.value,
    is_mobile_responsive: mobile.value,
    has_ecommerce: shop.value,
    ecommerce_platform: tech.shop?.name,
    has_online_booking: booking.value,
    booking_platform: tech.booking?.name,
    cms_platform: tech.cms?.name,
    has_contact_form: form.value,
    has_live_chat: chat.value,
    live_chat_platform: tech.chat?.name,
    has_analytics: analytics.value,
    analytics: [...new Set(tech.analytics.map((a) => a.name))],
    accessibility_score: a11y.score,
    unoptimized_images_count: a11y.unoptimizedImages,
    technical_issues: [],
    findings: [],
    evidence,
    website_language: language,
    country: country?.code,
    ...details,
    emails: contacts.emails,
    contact_name: contacts.contactName,
  };
  const probe = crawl.tls?.httpsProbe;
  const notSecure = probe?.outcome === 'ok' ? null : notSecureEvidence(crawl.tls, url);
  if (notSecure?.confident) evidence.has_ssl = { url, detail: notSecure.detail, confidence: 1 };
  if (probe?.outcome === 'ok') evidence.has_ssl = { url, detail: `the site was served over http (${url}), though ${probe.url} also answers`, confidence: 0.8 };
  // The links that lead to a page that is gone (404, 410), each with the page it is on, whose words
  // an email may quote as "leads to a page that no longer exists" (a 5xx page may come back): the
  // link checks', else the home page's links to pages the crawl found gone.
  const brokenLinks = crawl.linkChecks ? [] : brokenInternalLinks(crawl, home);
  const brokenTargets = crawl.linkChecks
    ? crawl.linkChecks.filter((c) => c.kind === 'link' && (c.status === 404 || c.status === 410))
    : brokenLinks.map((link) => ({ url: link, from: home.page.finalUrl || home.page.url }));
  const crawlFindings = [
    ...siteFindings({
      url,
      fetch,
      facts,
      a11y,
      brokenLinks,
      brokenResources: crawl.linkChecks && brokenResourceFindings(crawl.linkChecks, url),
      notSecure,
    }),
    ...[certificateFinding(crawl.tls, url, now), staleCopyrightFinding(home.text, home.page.html, url, now), staleDatesFinding(home.text, url, now), pandemicNoticeFinding(home.text, url), outdatedSoftwareFinding(tech.versioned, url)].filter((f) => f !== undefined),
  ].map((f) => (f.id === 'no_ssl' ? withCustomerAction(f, home) : f.id === 'broken_links' ? withBrokenLinkText(f, brokenTargets, pages) : f));
  const noSsl = crawlFindings.find((f) => f.id === 'no_ssl');
  facts.findings = [...crawlFindings, ...[errorMessageFinding(home, url), flashFinding(home, url), insecureFormFinding(noSsl, form.value, form.proof), closedServiceFinding(home, url), templateTextFinding(home, url), phoneMismatchFinding(home, url), badEmailLinkFinding(pages, url), badPhoneLinkFinding(pages, url), noTitleFinding(home, url)].filter((f) => f !== undefined)];
  facts.technical_issues = facts.findings.map((f) => f.claim);
  // The business's page on a franchise network's or a portal's site: what it has is read as for
  // any page, but nothing about the site is the owner's to change, so nothing is found wrong.
  const network = networkSite(url, home, name?.name);
  if (network) {
    facts.site_state = 'network';
    facts.findings = [];
    facts.technical_issues = [`The page is on ${network.name}'s site (${network.domain}), not the business's own`];
    return facts;
  }
  // A business that says it is closing down for good: its site is read, but there is nothing to offer it.
  const closing = closingNotice(home.text);
  if (closing) {
    facts.site_state = 'closing';
    facts.findings = [];
    facts.technical_issues = [`The home page says the business is closing down for good: "${closing}"`];
  }
  return facts;
}
