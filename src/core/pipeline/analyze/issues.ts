// What the crawl log says about the home page: its final status, redirect hops, response
// time, and the links on it that answered 404.
import type { CrawlLogEntry, CrawlResult } from '../../model/crawl.ts';
import type { ParsedPage } from './dom.ts';

export const SLOW_MS = 3000;

export interface HomeFetch {
  /** Final status of the listed URL (null: never answered). */
  status: number | null;
  redirects: number;
  /** Some hop went to another page, not just from http to https (or to www). */
  realRedirect: boolean;
  ms: number | null;
}

const normal = (url: string) => url.replace(/#.*$/, '');
/** A URL's host without a leading "www.": the same site either way. */
export const bareHost = (u: URL) => u.hostname.replace(/^www\./, '');

/** Follows the listed URL through the log's hops ("redirect to …" notes) to its answer. */
export function homeFetch(crawl: CrawlResult): HomeFetch {
  const byUrl = new Map<string, CrawlLogEntry>();
  for (const e of crawl.log) if (e.status !== null && !byUrl.has(normal(e.url))) byUrl.set(normal(e.url), e);
  let url = crawl.home?.url ?? crawl.startUrl;
  let redirects = 0;
  let realRedirect = false;
  let entry = byUrl.get(normal(url));
  while (entry && entry.status !== null && entry.status >= 300 && entry.status < 400 && redirects < 20) {
    const next = /^redirect to (\S+)/.exec(entry.note ?? '')?.[1];
    if (!next) break;
    redirects++;
    try {
      const a = new URL(url);
      const b = new URL(next);
      if (bareHost(a) !== bareHost(b) || a.pathname !== b.pathname || a.search !== b.search) realRedirect = true;
    } catch {
      realRedirect = true;
    }
    url = next;
    entry = byUrl.get(normal(url));
  }
  const home = crawl.home;
  if (redirects === 0 && home && home.url !== home.finalUrl) {
    // A log without hop notes: infer the hops from where the fetch started and ended.
    try {
      const a = new URL(home.url);
      const b = new URL(home.finalUrl);
      const moved = bareHost(a) !== bareHost(b) || a.pathname !== b.pathname;
      redirects = Number(a.protocol !== b.protocol) + Number(moved);
      realRedirect = moved;
    } catch {
      // leave it unknown
    }
  }
  return { status: entry?.status ?? home?.status ?? null, redirects, realRedirect, ms: entry?.ms ?? null };
}

/** Distinct same-site links on the home page whose fetch answered 404 or 410. */
export function brokenInternalLinks(crawl: CrawlResult, home: ParsedPage): string[] {
  const missing = new Set<string>();
  for (const e of crawl.log) if (e.status === 404 || e.status === 410) missing.add(normal(e.url));
  for (const p of crawl.pages) if (p.status === 404 || p.status === 410) missing.add(normal(p.finalUrl || p.url));
  if (missing.size === 0) return [];
  const base = home.page.finalUrl || home.page.url;
  const broken = new Set<string>();
  home.$('a[href]').each((_, el) => {
    try {
      const url = new URL(home.$(el).attr('href')!, base);
      if (url.origin === new URL(base).origin && missing.has(normal(url.href))) broken.add(normal(url.href));
    } catch {
      // not a URL
    }
  });
  return [...broken];
}

