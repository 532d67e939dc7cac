// The real search adapters against their contract fakes (no network beyond 127.0.0.1).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/core/model/providers.ts';
import { GoogleCseSearch, validateGoogleCse } from '../../src/providers/search/google-cse.ts';
import { SerpApiSearch, validateSerpApiKey } from '../../src/providers/search/serpapi.ts';
import { CSE_PATH, googleCseReplies, startGoogleCseFake } from '../fakes/google-cse.ts';
import type { HttpFake } from '../fakes/http-fake.ts';
import { NO_RESULTS_QUERY, serpApiReplies, startSerpApiFake, type SerpApiFake } from '../fakes/serpapi.ts';

const KEY = 'serp-key-0123456789abcdef';

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('SerpApiSearch', () => {
  let fake: SerpApiFake;
  let serp: SerpApiSearch;
  beforeAll(async () => {
    fake = await startSerpApiFake({ apiKey: KEY });
    serp = new SerpApiSearch({ apiKey: KEY, baseUrl: fake.baseUrl, timeoutMs: 5_000 });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('maps local results, drops places without a website and de-duplicates hosts', async () => {
    const page = await serp.search({ query: 'plumbers', location: 'Austin, TX', page: 0, pageSize: 5 });
    expect(page.hits.map((h) => h.title)).toEqual([
      'Radiant Plumbing & Air',
      'Abacus Plumbing',
      'Clearwater Drains',
      'THE BEST 10 Plumbing in Austin, TX - Yelp',
    ]);
    expect(page.hits[0]).toEqual({
      title: 'Radiant Plumbing & Air',
      url: 'https://www.radiantplumbing.example/',
      address: '1100 E 5th St, Austin, TX',
      phone: '(512) 555-0101',
      rating: 4.9,
      reviews: 2841,
      snippet: 'Family-owned plumbers since 1998',
    });
    expect(page.hasMore).toBe(true);
  });

  it('sends the documented parameters, with the key as api_key', async () => {
    await serp.search({ query: 'plumbers', location: 'Austin, TX', page: 1, pageSize: 5 });
    const q = fake.requests[0].query;
    expect(fake.requests[0].path).toBe('/search.json');
    expect(Object.fromEntries(q)).toEqual({ engine: 'google', q: 'plumbers in Austin, TX', location: 'Austin, TX', num: '5', start: '5', api_key: KEY });
  });

  it('pages through to the last page', async () => {
    const last = await serp.search({ query: 'plumbers', page: 1, pageSize: 5 });
    expect(last.hasMore).toBe(false);
    // Capital City Plumbers has no website, so the last page holds two leads.
    expect(last.hits.map((h) => h.url)).toEqual(['https://hillcountryrooter.example/', 'https://lonestarleak.example/']);
    expect(fake.requests[0].query.get('q')).toBe('plumbers');
    expect(fake.requests[0].query.has('location')).toBe(false);
  });

  it('reads local_results as a plain array too', async () => {
    const arrayFake = await startSerpApiFake({ apiKey: KEY, localShape: 'array' });
    try {
      const page = await new SerpApiSearch({ apiKey: KEY, baseUrl: arrayFake.baseUrl }).search({ query: 'plumbers', page: 0, pageSize: 2 });
      expect(page.hits.map((h) => h.title)).toEqual(['Radiant Plumbing & Air', 'Abacus Plumbing', 'THE BEST 10 Plumbing in Austin, TX - Yelp']);
    } finally {
      await arrayFake.stop();
    }
  });

  it("treats Google's no-results answer as an empty page", async () => {
    expect(await serp.search({ query: NO_RESULTS_QUERY, page: 0, pageSize: 10 })).toEqual({ hits: [], hasMore: false });
  });

  it('answers a wrong key with auth, never retryable, without the key in the message', async () => {
    const wrong = new SerpApiSearch({ apiKey: 'not-the-key-zzz', baseUrl: fake.baseUrl });
    const error = await failure(wrong.search({ query: 'plumbers', page: 0, pageSize: 10 }));
    expect([error.kind, error.status, error.retryable, error.service]).toEqual(['auth', 401, false, 'serpapi']);
    expect(error.message).toContain('Invalid API key');
    expect(error.message).not.toContain('not-the-key-zzz');
  });

  it('answers the throughput 429 with rate_limited and the Retry-After pause', async () => {
    fake.failNext(serpApiReplies.throughput(17));
    const error = await failure(serp.search({ query: 'plumbers', page: 0, pageSize: 10 }));
    expect([error.kind, error.retryAfterSeconds, error.retryable]).toEqual(['rate_limited', 17, true]);
    // the next call goes through again
    expect((await serp.search({ query: 'plumbers', page: 0, pageSize: 10 })).hits.length).toBeGreaterThan(0);
  });

  it("answers 'run out of searches' (also a 429) with quota_exhausted, not retryable", async () => {
    fake.failNext(serpApiReplies.outOfSearches());
    const error = await failure(serp.search({ query: 'plumbers', page: 0, pageSize: 10 }));
    expect([error.kind, error.status, error.retryable]).toEqual(['quota_exhausted', 429, false]);
  });

  it('answers 500 and 503 with unavailable', async () => {
    for (const status of [500, 503] as const) {
      fake.failNext(serpApiReplies.serverError(status));
      const error = await failure(serp.search({ query: 'plumbers', page: 0, pageSize: 10 }));
      expect([error.kind, error.status, error.retryable]).toEqual(['unavailable', status, true]);
    }
  });

  it('answers a 200 whose search_metadata.status is Error with a retryable failure', async () => {
    fake.failNext(serpApiReplies.searchError());
    const error = await failure(serp.search({ query: 'plumbers', page: 0, pageSize: 10 }));
    expect(error.kind).toBe('unavailable');
  });

  it('validates a key with the Account API', async () => {
    fake.state.searchesUsed = 13;
    expect(await validateSerpApiKey(fake.baseUrl, KEY)).toEqual({ valid: true, message: 'Valid SerpApi key (Free Plan, 87 of 100 searches left this month)' });
    expect(fake.requests.at(-1)?.path).toBe('/account.json');
    expect(fake.requests.at(-1)?.query.get('api_key')).toBe(KEY);
    expect(await validateSerpApiKey(fake.baseUrl, 'wrong')).toEqual({ valid: false, message: 'Invalid SerpApi key' });
  });

  it('reports an unreachable service without throwing', async () => {
    const check = await validateSerpApiKey('http://127.0.0.1:9', KEY, 2_000);
    expect(check.valid).toBe(false);
    expect(check.message).toMatch(/^Could not check the SerpApi key/);
    expect(check.message).not.toContain(KEY);
  });
});

describe('GoogleCseSearch', () => {
  const CSE_KEY = 'AIzaFakeKey-0123456789';
  const CX = 'a1b2c3d4e5f6g7h8i';
  let fake: HttpFake;
  let cse: GoogleCseSearch;
  let baseUrl: string;
  beforeAll(async () => {
    fake = await startGoogleCseFake({ apiKey: CSE_KEY, engineId: CX });
    baseUrl = `${fake.baseUrl}${CSE_PATH}`;
    cse = new GoogleCseSearch({ apiKey: CSE_KEY, engineId: CX, baseUrl, timeoutMs: 5_000 });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('maps items, skips non-http links and duplicate hosts, and pages with a 1-based start', async () => {
    const first = await cse.search({ query: 'plumbers', location: 'Austin', page: 0, pageSize: 10 });
    expect(first.hits[0]).toEqual({ title: 'Radiant Plumbing & Air | Austin Plumbers', url: 'https://www.radiantplumbing.example/', snippet: 'Family-owned plumbers since 1998.' });
    expect(first.hits.map((h) => h.url)).not.toContain('https://radiantplumbing.example/contact');
    expect(first.hits.some((h) => h.url.startsWith('mailto:'))).toBe(false);
    expect(first.hits).toHaveLength(8);
    expect(first.hasMore).toBe(true);
    expect(Object.fromEntries(fake.requests[0].query)).toEqual({ key: CSE_KEY, cx: CX, q: 'plumbers in Austin', num: '10', start: '1' });

    const second = await cse.search({ query: 'plumbers', page: 1, pageSize: 10 });
    expect(fake.requests[1].query.get('start')).toBe('11');
    expect(second.hits.map((h) => h.title)).toEqual(['Barton Creek Plumbing', 'Mueller Pipe Works']);
    expect(second.hasMore).toBe(false);
  });

  it('never asks for more than 10 results or past result 100', async () => {
    await cse.search({ query: 'plumbers', page: 0, pageSize: 25 });
    expect(fake.requests[0].query.get('num')).toBe('10');
    expect(await cse.search({ query: 'plumbers', page: 10, pageSize: 10 })).toEqual({ hits: [], hasMore: false });
    expect(fake.requests).toHaveLength(1);
  });

  it('maps an invalid key (both forms) to auth', async () => {
    const wrong = new GoogleCseSearch({ apiKey: 'wrong-key-xyz', engineId: CX, baseUrl });
    const error = await failure(wrong.search({ query: 'plumbers', page: 0, pageSize: 10 }));
    expect([error.kind, error.status, error.retryable]).toEqual(['auth', 400, false]);
    expect(error.message).not.toContain('wrong-key-xyz');
    fake.failNext(googleCseReplies.keyInvalidLegacy());
    expect((await failure(cse.search({ query: 'x', page: 0, pageSize: 10 }))).kind).toBe('auth');
    fake.failNext(googleCseReplies.accessNotConfigured());
    expect((await failure(cse.search({ query: 'x', page: 0, pageSize: 10 }))).kind).toBe('auth');
  });

  it('tells the daily quota (exhausted) from the per-minute limit (a pause)', async () => {
    for (const reply of [googleCseReplies.dailyQuota(), googleCseReplies.dailyLimitLegacy()]) {
      fake.failNext(reply);
      const error = await failure(cse.search({ query: 'x', page: 0, pageSize: 10 }));
      expect([error.kind, error.retryable]).toEqual(['quota_exhausted', false]);
    }
    fake.failNext(googleCseReplies.rateLimit(30));
    const error = await failure(cse.search({ query: 'x', page: 0, pageSize: 10 }));
    expect([error.kind, error.retryAfterSeconds, error.retryable]).toEqual(['rate_limited', 30, true]);
  });

  it('maps 5xx to unavailable', async () => {
    for (const status of [500, 503] as const) {
      fake.failNext(googleCseReplies.serverError(status));
      expect((await failure(cse.search({ query: 'x', page: 0, pageSize: 10 }))).kind).toBe('unavailable');
    }
  });

  it('validates the key and engine id with a one-result query', async () => {
    expect(await validateGoogleCse(baseUrl, CSE_KEY, CX)).toEqual({ valid: true, message: 'Valid Google Custom Search key and engine ID' });
    expect(fake.requests[0].query.get('num')).toBe('1');
    expect(await validateGoogleCse(baseUrl, 'bad', CX)).toEqual({ valid: false, message: 'Invalid Google Custom Search API key' });
    const badCx = await validateGoogleCse(baseUrl, CSE_KEY, 'nope');
    expect(badCx.valid).toBe(false);
    expect(badCx.message).toMatch(/engine ID/);
  });
});

