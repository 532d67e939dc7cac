// CrawlResults of sandbox sites without a network: the sandbox's own responder answers each
// request, and this walks it the way the polite crawler does — robots.txt first (OutreachBot),
// the listed URL with every redirect hop logged, then the contact/about/services pages the
// home page links to. Faults come out as the crawler reports them: a 500/404 home or a
// robots.txt refusal leaves no home; the slow home's delay shows as the hop's time.
import { load } from 'cheerio';
import robotsParser from 'robots-parser';
import defaults from '../../config/default.json' with { type: 'json' };
import type { CrawledPage, CrawlLogEntry, CrawlResult } from '../../src/core/model/crawl.ts';
import { generateSites } from '../../src/sandbox/generate.ts';
import { CRAWLER_USER_AGENT } from '../../src/sandbox/placement.ts';
import { SiteResponder } from '../../src/sandbox/respond.ts';
import type { SandboxSite } from '../../src/sandbox/site.ts';
import { urlOf, type SandboxPorts } from '../../src/sandbox/urls.ts';

export const SANDBOX_SEED = defaults.sandbox.seed;
export const SANDBOX_SITES = defaults.sandbox.sites;
const PORTS: SandboxPorts = { httpPort: 4100, httpsPort: 4101 };
const FETCHED_AT = '2025-01-01T00:00:00.000Z';
const KINDS: Record<string, CrawledPage['kind']> = { '/contact': 'contact', '/about': 'about', '/services': 'services' };

export function sandboxSites(count = SANDBOX_SITES): SandboxSite[] {
  return generateSites({ seed: SANDBOX_SEED, count });
}

interface Answer {
  url: string;
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

function fetcher(site: SandboxSite, log: CrawlLogEntry[]) {
  const responder = new SiteResponder(PORTS, true);
  return (start: string): Answer => {
    let url = new URL(start);
    for (let hop = 0; hop <= 5; hop++) {
      const answer = responder.respond(site, { secure: url.protocol === 'https:', method: 'GET', url: url.pathname + url.search });
      const location = answer.headers.location;
      const next = location && answer.status >= 300 && answer.status < 400 ? new URL(location, url) : undefined;
      log.push({ url: url.href, status: answer.status, ms: 5 + (answer.delayMs ?? 0), fetched_at: FETCHED_AT, ...(next && { note: `redirect to ${next.href}` }) });
      if (!next) return { url: start, finalUrl: url.href, status: answer.status, headers: answer.headers, body: String(answer.body) };
      url = next;
    }
    throw new Error(`redirect loop at ${start}`);
  };
}

/** What the crawler hands the analyser for this site. */
export function sandboxCrawl(site: SandboxSite): CrawlResult {
  const log: CrawlLogEntry[] = [];
  const get = fetcher(site, log);
  const startUrl = urlOf(site, PORTS);
  // robots.txt per origin; its rules apply to the origin asked about, even after a redirect.
  const policies = new Map<string, ReturnType<typeof robotsParser> | undefined>();
  const allowed = (url: string) => {
    const robotsUrl = new URL('/robots.txt', url).href;
    if (!policies.has(robotsUrl)) {
      const robots = get(robotsUrl);
      policies.set(robotsUrl, robots.status === 200 ? robotsParser(robotsUrl, robots.body) : undefined);
    }
    return policies.get(robotsUrl)?.isAllowed(url, CRAWLER_USER_AGENT) !== false;
  };
  if (!allowed(startUrl)) {
    log.push({ url: startUrl, status: null, ms: 0, fetched_at: FETCHED_AT, note: 'robots.txt disallows' });
    return { startUrl, pages: [], log, error: 'robots.txt disallows the home page' };
  }
  const home = get(startUrl);
  if (home.status !== 200) return { startUrl, pages: [], log, error: `home page answered HTTP ${home.status}` };
  const page = (a: Answer, kind: CrawledPage['kind']): CrawledPage => ({ url: a.url, finalUrl: a.finalUrl, status: a.status, headers: a.headers, html: a.body, kind });
  const homePage = page(home, 'home');
  const pages = [homePage];
  const $ = load(home.body);
  const linked = new Set($('a[href]').map((_, el) => new URL($(el).attr('href')!, home.finalUrl)).get().filter((u) => u.origin === new URL(home.finalUrl).origin).map((u) => u.pathname));
  for (const path of ['/contact', '/about', '/services']) {
    if (!linked.has(path)) continue;
    const url = new URL(path, home.finalUrl).href;
    if (!allowed(url)) {
      log.push({ url, status: null, ms: 0, fetched_at: FETCHED_AT, note: 'robots.txt disallows' });
      continue;
    }
    const answer = get(url);
    if (answer.status === 200) pages.push(page(answer, KINDS[path]));
  }
  return { startUrl, home: homePage, pages, log };
}

/** Precision/recall bookkeeping for comparing findings with the ground truth. */
export class Score {
  tp = 0;
  fp = 0;
  fn = 0;
  right = 0;
  total = 0;
  readonly misses: string[] = [];

  /** One prediction: `found`/`expected` are null when nothing is claimed/true. */
  add(found: unknown, expected: unknown, label: string): void {
    const has = (v: unknown) => v !== null && v !== undefined && v !== false;
    const same = has(found) === has(expected) && (!has(found) || found === expected);
    this.total++;
    if (same) this.right++;
    else if (this.misses.length < 5) this.misses.push(`${label}: found ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`);
    if (has(found) && same) this.tp++;
    if (has(found) && !same) this.fp++;
    if (has(expected) && !same) this.fn++;
  }

  /** Set comparison: every found item is a claim, every expected item a fact. */
  addSet(found: string[], expected: string[], label: string): void {
    const f = new Set(found);
    const e = new Set(expected);
    this.total++;
    const extra = [...f].filter((x) => !e.has(x));
    const missing = [...e].filter((x) => !f.has(x));
    this.tp += f.size - extra.length;
    this.fp += extra.length;
    this.fn += missing.length;
    if (extra.length === 0 && missing.length === 0) this.right++;
    else if (this.misses.length < 5) this.misses.push(`${label}: extra ${JSON.stringify(extra)}, missing ${JSON.stringify(missing)}`);
  }

  get precision(): number {
    return this.tp + this.fp === 0 ? 1 : this.tp / (this.tp + this.fp);
  }
  get recall(): number {
    return this.tp + this.fn === 0 ? 1 : this.tp / (this.tp + this.fn);
  }
  get accuracy(): number {
    return this.total === 0 ? 1 : this.right / this.total;
  }
}

export function scoreTable(title: string, scores: Record<string, Score>): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  const rows = Object.entries(scores).map(([field, s]) => `${field.padEnd(26)} ${String(s.total).padStart(4)} ${pct(s.precision)} ${pct(s.recall)} ${pct(s.accuracy)}`);
  return [title, `${'field'.padEnd(26)} ${'n'.padStart(4)} ${'prec'.padStart(7)} ${'recall'.padStart(7)} ${'exact'.padStart(7)}`, ...rows].join('\n');
}
