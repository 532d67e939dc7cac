// Findings measured by the crawl itself, each with its evidence: links and images that answer
// 404/410/5xx, an expired or soon-expiring certificate, a site that https does not serve, and
// where the search listed the site. Pure rules over what the crawler gathered (status codes,
// certificate dates, the https outcome): the crawler decides nothing. Unreachable (DNS, a
// timeout) is not "broken", and an https probe that was not made proves nothing.
import type { Finding, FindingId } from '../../model/analysis.ts';
import type { LinkCheck, TlsObservation } from '../../model/crawl.ts';
import { plural } from '../../plural.ts';

const DAY_MS = 86_400_000;
/** A certificate that ends within this many days is "soon-expiring". */
export const CERT_SOON_DAYS = 14;
/** What the analysis stage's crawl measures: at most 25 link/image requests a site, within 10 s. */
export const CRAWL_MEASURE = { maxUrls: 25, budgetMs: 10_000 } as const;
/** A search position worse than this is worth saying; a top-3 result is not a problem to pitch. */
export const SEARCH_POSITION_WORSE_THAN = 3;

export function measured(id: FindingId, claim: string, evidence: string, url: string, confidence: number, value: number | null = null): Finding {
  return { id, claim, evidence: evidence.slice(0, 300), url, confidence, value };
}

/** 404, 410 and server errors: a page or image that is gone or broken. Anything else (a 403, a 429, no answer) is not claimed. */
export const isBrokenStatus = (status: number | null): status is number => status === 404 || status === 410 || (status !== null && status >= 500 && status <= 599);

const shortUrl = (url: string) => url.replace(/^https?:\/\//, '');

/** One finding for broken links and one for broken images, from what the checks answered. */
export function brokenResourceFindings(checks: LinkCheck[], siteUrl: string): Finding[] {
  const out: Finding[] = [];
  for (const kind of ['link', 'image'] as const) {
    const seen = new Set<string>();
    const broken = checks.filter((c) => c.kind === kind && isBrokenStatus(c.status) && !seen.has(c.url) && seen.add(c.url));
    if (broken.length === 0) continue;
    const statuses = [...new Set(broken.map((c) => c.status!))].sort((a, b) => a - b);
    const n = broken.length;
    const list = broken.map((c) => `${shortUrl(c.url)} answered ${c.status} (on ${shortUrl(c.from)})`).join('; ');
    if (kind === 'link') {
      // Worded as the sandbox ground truth words the common case (src/sandbox/truth.ts).
      const internal404 = broken.every((c) => c.sameSite && c.status === 404);
      const claim = internal404 ? `${plural(n, 'broken internal link', 'broken internal links')} (HTTP 404)` : `${plural(n, 'broken link', 'broken links')} (HTTP ${statuses.join(', ')})`;
      out.push(measured('broken_links', claim, `links on the site answered: ${list}`, broken[0].from, 1, n));
    } else {
      out.push(measured('broken_images', `${plural(n, 'broken image', 'broken images')} (HTTP ${statuses.join(', ')})`, `images on the site answered: ${list}`, broken[0].from, 1, n));
    }
  }
  return out;
}

/** "12 March 2026": a date as a person reads it, in UTC (certificates are dated in UTC). */
export function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Whole days from now until the certificate ends (negative once it has). */
export function daysLeft(validToIso: string, now: Date): number {
  return Math.floor((Date.parse(validToIso) - now.getTime()) / DAY_MS);
}

/** 'expired', 'soon' (within CERT_SOON_DAYS) or 'ok'; null without a readable date. */
export function certificateBand(validToIso: string, now: Date): 'expired' | 'soon' | 'ok' | null {
  const end = Date.parse(validToIso);
  if (Number.isNaN(end)) return null;
  if (end <= now.getTime()) return 'expired';
  return daysLeft(validToIso, now) <= CERT_SOON_DAYS ? 'soon' : 'ok';
}

/** An expired or soon-expiring certificate, quoting its end date. */
export function certificateFinding(tls: TlsObservation | undefined, url: string, now: Date): Finding | undefined {
  const cert = tls?.certificate;
  if (!cert) return undefined;
  const band = certificateBand(cert.validToIso, now);
  const proof = `the certificate ${url.startsWith('https:') ? `of ${new URL(url).hostname} ` : ''}is valid to ${cert.validTo}${cert.issuer ? ` (issuer: ${cert.issuer})` : ''}`;
  if (band === 'expired') {
    const ago = Math.floor((now.getTime() - Date.parse(cert.validToIso)) / DAY_MS);
    const browsers = cert.error === 'CERT_HAS_EXPIRED' ? '; the TLS handshake reported CERT_HAS_EXPIRED, so browsers show a full-page security warning' : '';
    return measured('certificate_expired', `The site's security certificate expired on ${dayOf(cert.validToIso)}`, `${proof}${browsers}`, url, 1, Math.max(0, ago));
  }
  if (band === 'soon') {
    const days = daysLeft(cert.validToIso, now);
    const when = days <= 0 ? 'within a day' : `in ${plural(days, 'day')}`;
    return measured('certificate_expiring', `The site's security certificate expires on ${dayOf(cert.validToIso)} (${when})`, proof, url, 1, days);
  }
  return undefined;
}

/**
 * The evidence that browsers mark the site "Not secure", when the crawl saw it: the site was
 * served over http and https://<host>/ failed or sent visitors back to http. Undefined when
 * the probe was not made or https works (the site then has a certificate).
 */
export function notSecureEvidence(tls: TlsObservation | undefined, homeUrl: string): { detail: string; confident: boolean } | undefined {
  if (!homeUrl.startsWith('http:')) return undefined;
  const probe = tls?.httpsProbe;
  if (!probe || probe.outcome === 'not_checked') return { detail: `the site was served over http (${homeUrl}); https was not tried`, confident: false };
  if (probe.outcome === 'failed') return { detail: `the site was served over http (${homeUrl}) and ${probe.url} failed${probe.detail ? ` (${probe.detail})` : ''}`, confident: true };
  if (probe.outcome === 'redirects_to_http') return { detail: `the site was served over http (${homeUrl}) and ${probe.url} redirected back to ${probe.detail ?? 'http'}`, confident: true };
  return undefined;
}

/** "1st", "2nd", "3rd", "14th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The search query as the search stage ran it: "plumbers in Denver". */
export function searchQueryText(query: string, location?: string | null): string {
  return location ? `${query} in ${location}` : query;
}

/**
 * Where the search provider listed the site, worth saying only when it was below the top
 * SEARCH_POSITION_WORSE_THAN results, and only for a lead that came from a search.
 */
export function searchPositionFinding(position: number | null | undefined, query: string | null | undefined, url: string, source?: string | null): Finding | undefined {
  if (!position || !Number.isInteger(position) || position <= SEARCH_POSITION_WORSE_THAN || !query || source === 'list') return undefined;
  const where = ordinal(position);
  return measured(
    'search_position',
    `Came up ${where} for "${query}"`,
    `the search for "${query}" listed the site ${where} among its results (counted across result pages)${source && source !== 'cache' ? `; search provider: ${source}` : ''}`,
    url,
    0.9,
    position,
  );
}
