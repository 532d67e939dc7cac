// The findings: what the analyser may say is wrong with a site, each with its proof. Their
// claims are worded as the sandbox ground truth words them (src/sandbox/truth.ts). A finding
// that says something is missing is made only from a fact that is false, never from one that
// is unknown (null).
import type { Finding, FindingId, Proof, SiteFacts, SiteState } from '../../model/analysis.ts';
import { plural } from '../../plural.ts';
import type { AccessibilityFacts } from './accessibility.ts';
import { SLOW_MS, type HomeFetch } from './issues.ts';

export interface FindingInput {
  url: string;
  fetch: HomeFetch;
  facts: Pick<SiteFacts, 'has_ssl' | 'is_mobile_responsive' | 'has_contact_form' | 'has_analytics' | 'evidence'>;
  a11y: AccessibilityFacts;
  brokenLinks: string[];
  /** The broken links and images the crawler checked (crawl-findings.ts); when given, they replace `brokenLinks`. */
  brokenResources?: Finding[];
  /** Why the site is "Not secure" as the crawl saw it (crawl-findings.ts notSecureEvidence); null: https works, so no no_ssl claim. */
  notSecure?: { detail: string; confident: boolean } | null;
}

function finding(id: FindingId, claim: string, evidence: string, url: string, confidence: number, value: number | null = null): Finding {
  return { id, claim, evidence: evidence.slice(0, 300), url, confidence, value };
}

const fromProof = (id: FindingId, claim: string, p: Proof | undefined, url: string): Finding => ({
  ...finding(id, claim, p?.detail ?? '', p?.url ?? url, p?.confidence ?? 0.8),
  ...(p?.pages && { pages: p.pages }),
});

/** The one finding of a site whose home page shows only that it is broken. */
export function brokenSiteFinding(state: Exclude<SiteState, 'ok' | 'forwards' | 'network'>, url: string, status: number | null): Finding {
  if (state === 'server_error') return finding('site_broken', `Home page returns a server error (HTTP ${status})`, `the home page answered HTTP ${status}`, url, 1, status);
  if (state === 'not_found') {
    return status !== null && status >= 400
      ? finding('site_broken', `Home page not found (HTTP ${status})`, `the home page answered HTTP ${status}`, url, 1, status)
      : finding('site_broken', 'Home page shows a "page not found" message', 'the home page answered 200 with a "not found" title and almost no content', url, 0.9);
  }
  if (state === 'parked') return finding('site_broken', 'The domain shows a parking page instead of a website', 'the home page says the domain is parked or for sale', url, 0.9);
  return finding('site_broken', 'The home page is blank', 'the home page answered 200 with no text, images or scripts', url, 0.9);
}

/** The findings of a site whose home page could be read, in the order the ground truth lists them. */
export function siteFindings(i: FindingInput): Finding[] {
  const out: Finding[] = [];
  const { facts, a11y, url } = i;
  if (i.fetch.ms !== null && i.fetch.ms > SLOW_MS) {
    out.push(finding('slow_home', 'Slow home page (over 3 seconds to respond)', `the home page took ${(i.fetch.ms / 1000).toFixed(1)} s to answer`, url, 0.8, Math.floor(i.fetch.ms / 1000)));
  }
  if (i.fetch.realRedirect && i.fetch.redirects > 0) {
    out.push(finding('redirect_chain', `Redirect chain (${plural(i.fetch.redirects, 'hop', 'hops')}) before the home page`, `the listed address went through ${plural(i.fetch.redirects, 'redirect', 'redirects')}`, url, 1, i.fetch.redirects));
  }
  if (facts.has_ssl === false && i.notSecure !== null) {
    const claim = 'No SSL certificate (site served over http)';
    // https://<host>/ itself was tried and fails: the whole site has no https, not only the address it was listed at.
    out.push(i.notSecure?.confident ? { ...finding('no_ssl', claim, i.notSecure.detail, url, 1), whole: true } : fromProof('no_ssl', claim, facts.evidence.has_ssl, url));
  }
  if (facts.is_mobile_responsive === false) out.push(fromProof('no_viewport', 'Not mobile responsive (no viewport meta tag)', facts.evidence.is_mobile_responsive, url));
  if (a11y.imagesWithoutAlt > 0) {
    out.push(finding('images_missing_alt', `${plural(a11y.imagesWithoutAlt, 'image', 'images')} without alt text`, `${a11y.imagesWithoutAlt} of the ${a11y.images} <img> tags on the home page have no alt attribute`, url, 1, a11y.imagesWithoutAlt));
  }
  if (a11y.unoptimizedImages > 0) {
    out.push(
      finding(
        'unoptimized_images',
        `${plural(a11y.unoptimizedImages, 'unoptimized image', 'unoptimized images')} (no width/height attributes)`,
        `${a11y.unoptimizedImages} of the ${a11y.images} <img> tags on the home page lack width or height`,
        url,
        1,
        a11y.unoptimizedImages,
      ),
    );
  }
  if (!a11y.hasLang) out.push(finding('missing_lang', 'Missing lang attribute on the html element', 'the <html> tag of the home page has no lang attribute', url, 1));
  if (a11y.emptyLinks > 0) {
    out.push(finding('empty_links', `${plural(a11y.emptyLinks, 'link', 'links')} without text or label`, `${a11y.emptyLinks} of the ${a11y.links} links on the home page have no text, label or image alt`, url, 1, a11y.emptyLinks));
  }
  if (i.brokenResources) out.push(...i.brokenResources);
  else if (i.brokenLinks.length > 0) {
    const n = i.brokenLinks.length;
    out.push(finding('broken_links', `${plural(n, 'broken internal link', 'broken internal links')} (HTTP 404)`, `links on the home page answered 404: ${i.brokenLinks.slice(0, 3).join(', ')}`, url, 1, n));
  }
  if (facts.has_contact_form === false) out.push(fromProof('no_contact_form', 'No contact form', facts.evidence.has_contact_form, url));
  if (facts.has_analytics === false) out.push(fromProof('no_analytics', 'No analytics installed', facts.evidence.has_analytics, url));
  return out;
}

/**
 * Findings that depend on what the business sells, once the AI has said so: no online booking
 * for a service business, no shop for one that sells goods. Only from facts proven false.
 */
export function opportunityFindings(facts: SiteFacts, category: string): Finding[] {
  const out: Finding[] = [];
  if (category === 'Service-Based' && facts.has_online_booking === false) out.push(fromProof('no_booking', 'No online booking', facts.evidence.has_online_booking, facts.url));
  if (category === 'Product-Based' && facts.has_ecommerce === false) out.push(fromProof('no_ecommerce', 'No online shop', facts.evidence.has_ecommerce, facts.url));
  return out;
}
