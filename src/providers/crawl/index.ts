// The crawl provider: CheerioSiteCrawler (the Crawler port), the SSRF guard it enforces at
// connect time, robots.txt handling and the guarded fetcher they share.
export { CheerioSiteCrawler, UnreadableContentError, type CheerioSiteCrawlerOptions } from './crawler.ts';
export { DEFAULT_USER_AGENT, FetchTimeoutError, GuardedFetcher, TooManyRedirectsError, type FetchRequest, type FetchResponse, type HopRecord } from './fetcher.ts';
export { pagesToVisit, sameSite, type HomeLink, type PageTarget } from './links.ts';
export { Pacer } from './pacer.ts';
export { RobotsCache, RobotsDisallowedError, ROBOTS_AGENT, type RobotsPolicy } from './robots.ts';
export { OffSiteRedirectError } from './site-crawl.ts';
export { addressProblem, BlockedAddressError, defaultResolver, isLocalhostName, SsrfGuard, type Resolver, type SsrfGuardOptions } from './ssrf-guard.ts';
