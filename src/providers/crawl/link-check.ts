// What the links and images of the crawled pages answer, gathered politely: each URL once,
// same-site first, at most `maxUrls` requests within `budgetMs`, HEAD first (GET when HEAD is
// refused, and to confirm an error), every request through the guarded fetcher (the SSRF
// guard on every hop) and the shared pacer (the per-host delay the crawl keeps), robots.txt
// honoured. Pages the crawl itself read are not asked again. It only gathers status codes:
// which of them count as broken is core's rule (core/pipeline/analyze/crawl-findings.ts).
import { load } from 'cheerio';
import type { CrawledPage, LinkCheck } from '../../core/model/crawl.ts';
import type { GuardedFetcher } from './fetcher.ts';
import { sameSite } from './links.ts';
import { failureNote } from './robots.ts';
import { bareHostname, isLocalhostName } from './ssrf-guard.ts';
import { isIP } from 'node:net';

/** Which other sites' links may be checked: all, only those that need no DNS (loopback test webs), or none. */
export type OffSiteChecks = 'all' | 'local' | 'none';

export interface LinkTarget {
  url: string;
  kind: LinkCheck['kind'];
  from: string;
  sameSite: boolean;
}

export interface LinkCheckDeps {
  fetcher: GuardedFetcher;
  /** Waits the politeness delay for the URL's host. */
  pace(url: URL): Promise<void>;
  /** robots.txt allows the URL. */
  allowed(url: URL): Promise<boolean>;
  timeoutMs: number;
  maxUrls: number;
  budgetMs: number;
  offSite: OffSiteChecks;
  /** Requests at once; the pacer still spaces requests to one host by its delay. */
  concurrency?: number;
}

const SKIP = /^(?:mailto|tel|javascript|data|sms|whatsapp|fax|callto):/i;

/** Links and images of the pages (home first), each URL once, same-site before the others. */
export function linkTargets(pages: CrawledPage[], home: URL): LinkTarget[] {
  const seen = new Set<string>();
  const same: LinkTarget[] = [];
  const other: LinkTarget[] = [];
  for (const page of pages) {
    if (page.status < 200 || page.status >= 300 || !page.html) continue;
    const base = page.finalUrl || page.url;
    const $ = load(page.html);
    const found: [string | undefined, LinkTarget['kind']][] = [
      ...$('a[href]').toArray().map((a): [string | undefined, LinkTarget['kind']] => [$(a).attr('href'), 'link']),
      ...$('img[src]').toArray().map((i): [string | undefined, LinkTarget['kind']] => [$(i).attr('src'), 'image']),
    ];
    for (const [raw, kind] of found) {
      const href = raw?.trim();
      if (!href || href.startsWith('#') || SKIP.test(href)) continue;
      let url: URL;
      try {
        url = new URL(href, base);
      } catch {
        continue;
      }
      url.hash = '';
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || seen.has(url.href)) continue;
      seen.add(url.href);
      const target = { url: url.href, kind, from: base, sameSite: sameSite(url, home) };
      (target.sameSite ? same : other).push(target);
    }
  }
  return [...same, ...other];
}

/** A URL on a host that needs no DNS: an IP address or a *.localhost name. */
const needsNoDns = (url: URL) => Boolean(isIP(bareHostname(url))) || isLocalhostName(url.hostname);

/**
 * Checks the targets: those the crawl already read take its answer; the rest (those allowed)
 * are asked, up to the cap and the time budget. Targets left unasked are left out: nothing is
 * said about a URL that was not checked.
 */
export async function checkLinks(targets: LinkTarget[], crawled: Map<string, number>, deps: LinkCheckDeps): Promise<LinkCheck[]> {
  const out: LinkCheck[] = [];
  const queue: LinkTarget[] = [];
  for (const t of targets) {
    const known = crawled.get(t.url);
    if (known !== undefined) out.push({ ...t, status: known, method: 'crawl' });
    else if (t.sameSite || deps.offSite === 'all' || (deps.offSite === 'local' && needsNoDns(new URL(t.url)))) queue.push(t);
  }
  const todo = queue.slice(0, Math.max(0, deps.maxUrls));
  const deadline = Date.now() + deps.budgetMs;
  const worker = async () => {
    for (let t = todo.shift(); t; t = todo.shift()) {
      if (Date.now() >= deadline) return;
      const url = new URL(t.url);
      if (!(await deps.allowed(url).catch(() => false))) continue;
      await deps.pace(url);
      if (Date.now() >= deadline) return;
      out.push({ ...t, ...(await ask(url, deps, deadline)) });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 4) }, worker));
  return out;
}

/** HEAD, then GET when HEAD is refused (405/501) or to confirm an error (some servers answer HEAD wrongly). */
async function ask(url: URL, deps: LinkCheckDeps, deadline: number): Promise<Pick<LinkCheck, 'status' | 'method' | 'note'>> {
  let method: 'HEAD' | 'GET' = 'HEAD';
  try {
    let status = await statusOf(url, 'HEAD', deps, deadline);
    if (status === 405 || status === 501 || status === 404 || status === 410 || status >= 500) {
      method = 'GET';
      await deps.pace(url); // a second request to the host waits its turn too
      status = await statusOf(url, 'GET', deps, deadline);
    }
    return { status, method };
  } catch (error) {
    // No answer (DNS, timeout, refused, blocked): not "broken", just not known.
    return { status: null, method, note: failureNote(error as Error).slice(0, 200) };
  }
}

async function statusOf(url: URL, method: 'HEAD' | 'GET', deps: LinkCheckDeps, deadline: number): Promise<number> {
  const timeoutMs = Math.max(500, Math.min(deps.timeoutMs, deadline - Date.now()));
  const res = await deps.fetcher.fetch({
    url,
    method,
    // A GET asks for one byte: an image or a page need not be downloaded to know it is there.
    ...(method === 'GET' && { headers: { range: 'bytes=0-0' } }),
    timeoutMs,
    signal: AbortSignal.timeout(timeoutMs * 2 + 500),
    beforeRedirect: async (next) => {
      await deps.fetcher.guard.check(next);
    },
  });
  res.body.resume(); // the status is all that is needed: let the (short) body drain and the socket close
  res.body.on('error', () => undefined);
  return res.status;
}
