// Whether the home page is a site that can be judged, or only shows that the site is broken:
// an error status, a parking page, or a blank page. A broken site gets one finding (that it is
// broken) and no other: an error page's missing viewport says nothing about the real site.
import type { SiteState } from '../../model/analysis.ts';
import type { ParsedPage } from './dom.ts';
import type { HomeFetch } from './issues.ts';

const PARKED = [
  /\b(?:this|the) domain (?:name )?(?:is|may be) for sale\b/i,
  /\bbuy this domain\b/i,
  /\bdomain (?:is )?parked\b|\bparked (?:free|domain)\b|\bparking page\b/i,
  /\b(?:sedoparking|parkingcrew|bodis\.com|dan\.com|afternic|hugedomains|domainmarket)\b/i,
  /\bwebsite (?:is )?coming soon\b|\bfuture home of\b/i,
  /\b(?:account|website) (?:has been )?suspended\b/i,
];
const SOFT_404 = /^(?:404|page not found|not found|error 404|seite nicht gefunden|p[aá]gina no encontrada|page introuvable)\b/i;

const words = (text: string) => text.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length;

/** The state of a fetched home page (status from the crawl log, content from the page). */
export function siteState(fetch: HomeFetch, home: ParsedPage | undefined): SiteState | 'unreadable' {
  const status = fetch.status ?? home?.page.status ?? null;
  if (status !== null && status >= 500) return 'server_error';
  if (status !== null && status >= 400) return 'not_found';
  if (!home) return 'unreadable';
  const title = home.$('title').first().text().trim();
  const text = home.text;
  if (PARKED.some((re) => re.test(`${title}\n${text.slice(0, 5000)}`)) && words(text) < 400) return 'parked';
  if (SOFT_404.test(title) && words(text) < 150) return 'not_found';
  if (words(text) < 3 && home.$("img").length === 0) {
    // A page whose content is drawn by scripts is not blank for its visitors: it is unknown.
    return home.$('script').length > 0 ? 'unreadable' : 'empty';
  }
  return 'ok';
}
