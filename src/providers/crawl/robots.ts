// robots.txt for OutreachBot, fetched through the guarded fetcher and cached per origin for
// one crawl. Unavailable (4xx) → everything allowed; unreachable (5xx, network, timeout) →
// nothing allowed (RFC 9309 §2.3.1.3 and §2.3.1.4).
import robotsParser from 'robots-parser';
import type { CrawlLogEntry } from '../../core/model/crawl.ts';
import { FetchTimeoutError, TooManyRedirectsError, type GuardedFetcher } from './fetcher.ts';
import { BlockedAddressError } from './ssrf-guard.ts';

/** The product token robots.txt groups are matched against. */
export const ROBOTS_AGENT = 'OutreachBot';
/** A site's Crawl-delay is honoured up to this many seconds. */
const MAX_CRAWL_DELAY_SECONDS = 10;

export class RobotsDisallowedError extends Error {
  /** True when a rule disallows the URL; false when robots.txt could not be read. */
  readonly disallowed: boolean;
  /** robots.txt's own 5xx status, when that is why. */
  readonly status?: number;

  constructor(
    readonly url: string,
    /** 'robots.txt disallows (...)' or 'robots.txt unreachable (...), so disallow all'. */
    readonly refusal: string,
    why: Pick<Refusal, 'cause' | 'status'> = {},
  ) {
    super(`${url}: ${refusal}`, why.cause ? { cause: why.cause } : undefined);
    this.name = 'RobotsDisallowedError';
    this.disallowed = !why.cause && why.status === undefined && /^robots\.txt disallows/.test(refusal);
    if (why.status !== undefined) this.status = why.status;
  }
}

/** Why robots.txt keeps the crawler out: the log's words, and what made it unreachable. */
interface Refusal {
  text: string;
  /** The fetch error that kept robots.txt from being read. */
  cause?: Error;
  /** robots.txt answered this server error. */
  status?: number;
}

export interface RobotsPolicy {
  origin: string;
  /** null when allowed; otherwise why not. */
  refusal(url: URL): Refusal | null;
  /** Seconds the site asks for between requests (capped), 0 when none. */
  crawlDelaySeconds: number;
}

export interface RobotsOptions {
  timeoutMs: number;
  log: (entry: CrawlLogEntry) => void;
  /** Politeness wait before the robots.txt request. */
  pace?: (url: URL) => Promise<void>;
}

const everything = (origin: string, refusal: Refusal | null): RobotsPolicy => ({ origin, refusal: () => refusal, crawlDelaySeconds: 0 });

export class RobotsCache {
  private readonly policies = new Map<string, Promise<RobotsPolicy>>();

  constructor(
    private readonly fetcher: GuardedFetcher,
    private readonly options: RobotsOptions,
  ) {}

  /** The policy for the URL's origin, fetched once per crawl. */
  policy(url: URL): Promise<RobotsPolicy> {
    let policy = this.policies.get(url.origin);
    if (!policy) {
      policy = this.load(url.origin);
      this.policies.set(url.origin, policy);
    }
    return policy;
  }

  /** Throws RobotsDisallowedError when robots.txt keeps OutreachBot from the URL. */
  async assertAllowed(url: URL): Promise<void> {
    const refusal = (await this.policy(url)).refusal(url);
    if (refusal !== null) throw new RobotsDisallowedError(url.href, refusal.text, refusal);
  }

  private async load(origin: string): Promise<RobotsPolicy> {
    const robotsUrl = new URL('/robots.txt', origin);
    const note = (text: string) => this.options.log({ url: robotsUrl.href, status: null, ms: 0, fetched_at: new Date().toISOString(), note: text });
    await this.options.pace?.(robotsUrl);
    let answer: Awaited<ReturnType<GuardedFetcher['text']>>;
    try {
      answer = await this.fetcher.text({
        url: robotsUrl,
        timeoutMs: this.options.timeoutMs,
        onHop: (hop) => this.options.log({ url: hop.url, status: hop.status, ms: hop.ms, fetched_at: hop.fetched_at, note: hopNote(hop.location, hop.error) }),
      });
    } catch (error) {
      if (error instanceof BlockedAddressError) throw error; // the site itself is off limits
      if (error instanceof TooManyRedirectsError) {
        note('robots.txt unavailable (too many redirects): all allowed');
        return everything(origin, null);
      }
      const why = error instanceof FetchTimeoutError ? 'timeout' : (error as Error).message;
      note(`robots.txt unreachable (${why}), so disallow all`);
      return everything(origin, { text: `robots.txt unreachable (${why}), so disallow all`, cause: error as Error });
    }
    if (answer.status >= 500) {
      note(`robots.txt unreachable (HTTP ${answer.status}), so disallow all`);
      return everything(origin, { text: `robots.txt unreachable (HTTP ${answer.status}), so disallow all`, status: answer.status });
    }
    if (answer.status >= 300) {
      note(`robots.txt unavailable (HTTP ${answer.status}): all allowed`);
      return everything(origin, null);
    }
    // Rules apply to the origin asked about, even when robots.txt was reached by a redirect.
    const rules = robotsParser(robotsUrl.href, answer.body);
    const delay = rules.getCrawlDelay(ROBOTS_AGENT) ?? 0;
    return {
      origin,
      crawlDelaySeconds: Math.min(Math.max(0, delay), MAX_CRAWL_DELAY_SECONDS),
      refusal: (url) => (rules.isAllowed(url.href, ROBOTS_AGENT) === false ? { text: `robots.txt disallows (rule on line ${rules.getMatchingLineNumber(url.href, ROBOTS_AGENT)})` } : null),
    };
  }
}

/** The log note for one fetch hop. */
export function hopNote(location?: string, error?: Error): string | undefined {
  if (error) return failureNote(error);
  return location ? `redirect to ${location}` : undefined;
}

/** Short, stable notes for the crawl log ('blocked address', 'robots.txt disallows', 'timeout', ...). */
export function failureNote(error: Error): string {
  if (error instanceof BlockedAddressError) return `blocked address: ${error.message}`;
  if (error instanceof RobotsDisallowedError) return error.refusal;
  if (error instanceof FetchTimeoutError) return `timeout: ${error.message}`;
  return `failed: ${error.message}`;
}
