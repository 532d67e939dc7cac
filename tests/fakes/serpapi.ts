// Contract fake for SerpApi: GET /search.json (engine=google, with a local pack) and
// GET /account.json, with the status codes and error bodies of
// serpapi.com/api-status-and-error-codes. Failures are switched on per test with
// fake.failNext(serpApiReplies.outOfSearches()) and friends.
import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.ts';

export interface FakePlace {
  title: string;
  website?: string;
  address?: string;
  phone?: string;
  rating?: number;
  reviews?: number;
  description?: string;
}

/** A small deterministic dataset: Austin plumbers; two have no website, two share a host. */
export const DEFAULT_PLACES: FakePlace[] = [
  { title: 'Radiant Plumbing & Air', website: 'https://www.radiantplumbing.example/', address: '1100 E 5th St, Austin, TX', phone: '(512) 555-0101', rating: 4.9, reviews: 2841, description: 'Family-owned plumbers since 1998' },
  { title: 'Abacus Plumbing', website: 'https://abacusplumbing.example/austin', address: '4201 S Congress Ave, Austin, TX', phone: '(512) 555-0102', rating: 4.8, reviews: 1520 },
  { title: "Joe's Pipe Repair", address: '77 Riverside Dr, Austin, TX', phone: '(512) 555-0103', rating: 4.2, reviews: 31 },
  { title: 'Clearwater Drains', website: 'http://clearwaterdrains.example/', address: '900 W Anderson Ln, Austin, TX', phone: '(512) 555-0104', rating: 4.5, reviews: 210 },
  { title: 'Abacus Plumbing North', website: 'https://www.abacusplumbing.example/north', address: '12800 N Lamar Blvd, Austin, TX', phone: '(512) 555-0105', rating: 4.7, reviews: 388 },
  { title: 'Hill Country Rooter', website: 'https://hillcountryrooter.example/', address: '3300 Bee Caves Rd, Austin, TX', phone: '(512) 555-0106', rating: 4.6, reviews: 97 },
  { title: 'Capital City Plumbers', address: '501 Congress Ave, Austin, TX', phone: '(512) 555-0107', rating: 3.9, reviews: 12 },
  { title: 'Lone Star Leak Detection', website: 'https://lonestarleak.example/', address: '2100 Guadalupe St, Austin, TX', phone: '(512) 555-0108', rating: 4.4, reviews: 64 },
];

export const SERPAPI_INVALID_KEY = 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key';
export const SERPAPI_OUT_OF_SEARCHES = 'Your account has run out of searches.';
export const SERPAPI_NO_RESULTS = "Google hasn't returned any results for this query.";
/** A query containing this text gets SerpApi's empty-results answer. */
export const NO_RESULTS_QUERY = 'zzqx-nothing';

/** Scripted failures, in the shapes SerpApi documents. */
export const serpApiReplies = {
  invalidKey: (): FakeReply => ({ status: 401, body: { error: SERPAPI_INVALID_KEY } }),
  outOfSearches: (): FakeReply => ({ status: 429, body: { error: SERPAPI_OUT_OF_SEARCHES } }),
  throughput: (retryAfterSeconds?: number): FakeReply => ({
    status: 429,
    body: { error: 'Your account has exceeded the hourly searches limit. Please try again later.' },
    ...(retryAfterSeconds !== undefined && { headers: { 'retry-after': String(retryAfterSeconds) } }),
  }),
  serverError: (status: 500 | 503 = 500): FakeReply => ({ status, body: { error: 'Something went wrong on our end. Please try again later.' } }),
  /** HTTP 200 whose search failed on SerpApi's side (search_metadata.status Error). */
  searchError: (): FakeReply => ({
    status: 200,
    body: { search_metadata: { id: 'fake-error', status: 'Error' }, error: "We couldn't get valid results for this search. Please try again later." },
  }),
};

export interface SerpApiFakeOptions {
  apiKey: string;
  places?: FakePlace[];
  /** 'places' = {local_results: {places: [...]}} (google engine); 'array' = local_results: [...]. */
  localShape?: 'places' | 'array';
  /** Searches already used this month (Account API), out of 100 on the Free Plan. */
  searchesUsed?: number;
}

export type SerpApiFake = HttpFake & { state: { searchesUsed: number } };

function searchAnswer(req: RecordedRequest, options: Required<SerpApiFakeOptions>, id: number): FakeReply {
  const q = req.query.get('q');
  if (!q) return { status: 400, body: { error: 'Missing query `q` parameter.' } };
  const engine = req.query.get('engine') ?? 'google';
  if (engine !== 'google') return { status: 400, body: { error: `Unsupported \`${engine}\` search engine.` } };
  const num = Number(req.query.get('num') ?? 10);
  const start = Number(req.query.get('start') ?? 0);
  const base = {
    search_metadata: { id: `fake-${id}`, status: 'Success', json_endpoint: `https://serpapi.com/searches/fake/${id}.json`, total_time_taken: 0.42 },
    search_parameters: { engine, q, location_requested: req.query.get('location') ?? undefined, google_domain: 'google.com', device: 'desktop', num, start },
  };
  if (q.includes(NO_RESULTS_QUERY)) {
    return { status: 200, body: { ...base, search_information: { organic_results_state: 'Fully empty' }, error: SERPAPI_NO_RESULTS } };
  }
  const slice = options.places.slice(start, start + num).map((p, i) => ({
    position: i + 1,
    title: p.title,
    place_id: `${1000 + start + i}`,
    ...(p.rating !== undefined && { rating: p.rating }),
    ...(p.reviews !== undefined && { reviews: p.reviews }),
    type: 'Plumber',
    address: p.address,
    phone: p.phone,
    description: p.description,
    ...(p.website && { links: { website: p.website, directions: 'https://www.google.com/maps/dir//x' } }),
  }));
  // Organic results: a directory page (a usable URL, though not a business) on the first page.
  const organic = start === 0 ? [{ position: 1, title: 'THE BEST 10 Plumbing in Austin, TX - Yelp', link: 'https://www.yelp.example/search?cflt=plumbing', displayed_link: 'https://www.yelp.example', snippet: 'Top plumbers near you.' }] : [];
  const more = start + num < options.places.length;
  return {
    status: 200,
    body: {
      ...base,
      search_information: { total_results: options.places.length, query_displayed: q },
      local_results: options.localShape === 'array' ? slice : { more_locations_link: 'https://www.google.com/search?tbm=lcl', places: slice },
      organic_results: organic,
      serpapi_pagination: { current: Math.floor(start / Math.max(1, num)) + 1, ...(more && { next: `https://serpapi.com/search.json?engine=google&start=${start + num}` }) },
    },
  };
}

/** Starts the fake on a random loopback port; fake.baseUrl is the SerpApi base URL. */
export async function startSerpApiFake(options: SerpApiFakeOptions): Promise<SerpApiFake> {
  const full: Required<SerpApiFakeOptions> = { places: DEFAULT_PLACES, localShape: 'places', searchesUsed: 13, ...options };
  const state = { searchesUsed: full.searchesUsed };
  const fake = new HttpFake((req) => {
    if (req.method !== 'GET') return { status: 404, body: { error: 'Not found' } };
    if (req.path !== '/search.json' && req.path !== '/account.json') return { status: 404, body: { error: 'Not found' } };
    if (req.query.get('api_key') !== full.apiKey) return serpApiReplies.invalidKey();
    if (req.path === '/account.json') {
      const left = Math.max(0, 100 - state.searchesUsed);
      return {
        status: 200,
        body: {
          account_id: '5ac54d6adefb2f1dba1663f5', api_key: full.apiKey, account_email: 'demo@agency.example', plan_id: 'free', plan_name: 'Free Plan',
          plan_monthly_price: 0, searches_per_month: 100, plan_searches_left: left, extra_credits: 0, total_searches_left: left,
          this_month_usage: state.searchesUsed, last_hour_searches: 0, account_rate_limit_per_hour: 100,
        },
      };
    }
    if (state.searchesUsed >= 100) return serpApiReplies.outOfSearches();
    const reply = searchAnswer(req, full, state.searchesUsed + 1);
    if (reply.status === 200) state.searchesUsed += 1; // only successful searches count
    return reply;
  });
  await fake.start();
  return Object.assign(fake, { state });
}
