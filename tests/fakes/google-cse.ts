// Contract fake for the Google Custom Search JSON API: GET /customsearch/v1?key&cx&q&num&start,
// answering with Google's Search resource (items, queries.request/nextPage) and Google's
// standard JSON error body. Failures are switched on with fake.failNext(googleCseReplies.x()).
import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.ts';

export interface FakeCseItem {
  title: string;
  link: string;
  snippet?: string;
}

export const CSE_PATH = '/customsearch/v1';

/** Deterministic results: the same site twice (two pages of one business) and a mailto link. */
export const DEFAULT_ITEMS: FakeCseItem[] = [
  { title: 'Radiant Plumbing & Air | Austin Plumbers', link: 'https://www.radiantplumbing.example/', snippet: 'Family-owned\nplumbers since 1998.' },
  { title: 'Contact Radiant Plumbing', link: 'https://radiantplumbing.example/contact', snippet: 'Call us today.' },
  { title: 'Abacus Plumbing - Austin', link: 'https://abacusplumbing.example/austin', snippet: 'Same-day service.' },
  { title: 'Email Clearwater', link: 'mailto:office@clearwaterdrains.example' },
  { title: 'Clearwater Drains', link: 'http://clearwaterdrains.example/', snippet: 'Drain cleaning in Austin.' },
  { title: 'Hill Country Rooter', link: 'https://hillcountryrooter.example/' },
  { title: 'Lone Star Leak Detection', link: 'https://lonestarleak.example/', snippet: 'Leak detection experts.' },
  { title: 'Bluebonnet Water Heaters', link: 'https://bluebonnetheaters.example/' },
  { title: 'Pflugerville Plumbing Co', link: 'https://pfplumbing.example/' },
  { title: 'Round Rock Rooter', link: 'https://rrrooter.example/' },
  { title: 'Barton Creek Plumbing', link: 'https://bartoncreekplumbing.example/' },
  { title: 'Mueller Pipe Works', link: 'https://muellerpipe.example/' },
];

function googleError(code: number, status: string, message: string, reason: string, domain = 'global', details?: unknown[]): FakeReply {
  return { status: code, body: { error: { code, message, errors: [{ message, domain, reason }], status, ...(details && { details }) } } };
}

const errorInfo = (reason: string) => [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com', metadata: { service: 'customsearch.googleapis.com' } }];

export const googleCseReplies = {
  invalidKey: (): FakeReply => googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'badRequest', 'global', errorInfo('API_KEY_INVALID')),
  /** The older form of the same answer. */
  keyInvalidLegacy: (): FakeReply => googleError(400, 'INVALID_ARGUMENT', 'Bad Request', 'keyInvalid', 'usageLimits'),
  invalidEngine: (): FakeReply => googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', 'badRequest'),
  accessNotConfigured: (): FakeReply =>
    googleError(403, 'PERMISSION_DENIED', 'Custom Search API has not been used in project 123456 before or it is disabled.', 'accessNotConfigured', 'usageLimits', errorInfo('SERVICE_DISABLED')),
  /** Today's query quota (429 RESOURCE_EXHAUSTED, "Queries per day"). */
  dailyQuota: (): FakeReply =>
    googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'customsearch.googleapis.com' for consumer 'project_number:123456'.", 'rateLimitExceeded'),
  /** The legacy daily-limit answer. */
  dailyLimitLegacy: (): FakeReply => googleError(403, 'PERMISSION_DENIED', 'Daily Limit Exceeded. The quota will be reset at midnight Pacific Time (PT).', 'dailyLimitExceeded', 'usageLimits'),
  /** The per-minute limit: worth a pause. */
  rateLimit: (retryAfterSeconds?: number): FakeReply => ({
    ...googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'customsearch.googleapis.com' for consumer 'project_number:123456'.", 'rateLimitExceeded'),
    ...(retryAfterSeconds !== undefined && { headers: { 'retry-after': String(retryAfterSeconds) } }),
  }),
  serverError: (status: 500 | 503 = 500): FakeReply =>
    status === 500 ? googleError(500, 'INTERNAL', 'Internal error encountered.', 'backendError') : googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.', 'backendError'),
};

export interface GoogleCseFakeOptions {
  apiKey: string;
  engineId: string;
  items?: FakeCseItem[];
}

function queryMeta(q: string, cx: string, count: number, startIndex: number, total: number) {
  return { title: `Google Custom Search - ${q}`, totalResults: String(total), searchTerms: q, count, startIndex, inputEncoding: 'utf8', outputEncoding: 'utf8', safe: 'off', cx };
}

function answer(req: RecordedRequest, items: FakeCseItem[]): FakeReply {
  const q = req.query.get('q') ?? '';
  const cx = req.query.get('cx') ?? '';
  const num = Number(req.query.get('num') ?? 10);
  const start = Number(req.query.get('start') ?? 1);
  if (!q) return googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', 'badRequest');
  if (!(num >= 1 && num <= 10) || !(start >= 1) || start + num - 1 > 100) return googleCseReplies.invalidEngine();
  const page = items.slice(start - 1, start - 1 + num);
  const more = start - 1 + num < items.length;
  return {
    status: 200,
    body: {
      kind: 'customsearch#search',
      url: { type: 'application/json', template: 'https://www.googleapis.com/customsearch/v1?q={searchTerms}&num={count?}&start={startIndex?}&cx={cx?}&key={key?}&alt=json' },
      queries: {
        request: [queryMeta(q, cx, num, start, items.length)],
        ...(more && { nextPage: [queryMeta(q, cx, num, start + num, items.length)] }),
        ...(start > 1 && { previousPage: [queryMeta(q, cx, num, Math.max(1, start - num), items.length)] }),
      },
      context: { title: 'Outreach test engine' },
      searchInformation: { searchTime: 0.21, formattedSearchTime: '0.21', totalResults: String(items.length), formattedTotalResults: String(items.length) },
      // Google leaves "items" out entirely when there is nothing to show.
      ...(page.length > 0 && {
        items: page.map((item) => ({
          kind: 'customsearch#result',
          title: item.title,
          htmlTitle: item.title,
          link: item.link,
          displayLink: item.link.replace(/^[a-z]+:(\/\/)?/, '').split('/')[0],
          snippet: item.snippet ?? '',
          htmlSnippet: item.snippet ?? '',
          formattedUrl: item.link,
        })),
      }),
    },
  };
}

/** Starts the fake; the adapter's base URL is `${fake.baseUrl}${CSE_PATH}`. */
export async function startGoogleCseFake(options: GoogleCseFakeOptions): Promise<HttpFake> {
  const items = options.items ?? DEFAULT_ITEMS;
  const fake = new HttpFake((req) => {
    if (req.method !== 'GET' || req.path !== CSE_PATH) return googleError(404, 'NOT_FOUND', 'Not Found', 'notFound');
    if (req.query.get('key') !== options.apiKey) return googleCseReplies.invalidKey();
    if (req.query.get('cx') !== options.engineId) return googleCseReplies.invalidEngine();
    return answer(req, items);
  });
  return fake.start();
}
