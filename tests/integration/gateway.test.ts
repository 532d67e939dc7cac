// The real adapters behind the shared gateway (quota → breaker → rate limit → call →
// usage record, with retries), against the contract fakes and a real libSQL file.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/core/errors.ts';
import { ProviderError } from '../../src/core/model/providers.ts';
import { ServiceGateway } from '../../src/core/resilience/gateway.ts';
import { GeminiAi } from '../../src/providers/ai/gemini.ts';
import { BrevoMailer } from '../../src/providers/mail/brevo.ts';
import { SmtpMailer } from '../../src/providers/mail/smtp.ts';
import { meteredAi, meteredMailer, meteredSearch } from '../../src/providers/metered.ts';
import { SerpApiSearch } from '../../src/providers/search/serpapi.ts';
import { startBrevoFake, brevoFailures, type BrevoFake } from '../fakes/brevo.ts';
import { geminiErrors, startGeminiFake } from '../fakes/gemini.ts';
import { serpApiReplies, startSerpApiFake, type SerpApiFake } from '../fakes/serpapi.ts';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { fakeClock } from '../support/fake-clock.ts';
import { startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let serp: SerpApiFake;
let brevo: BrevoFake;
let gemini: Awaited<ReturnType<typeof startGeminiFake>>;
let smtp: FakeSmtpServer;

beforeAll(async () => {
  serp = await startSerpApiFake({ apiKey: 'serp-key' });
  brevo = await startBrevoFake({ apiKey: 'brevo-key' });
  gemini = await startGeminiFake({ apiKey: 'gemini-key' });
  smtp = await startSmtpServer({ user: 'mailer', pass: 'smtp-pass', rejectRecipients: ['gone@example.com'] });
});
afterAll(async () => {
  await Promise.all([serp.stop(), brevo.stop(), gemini.stop(), smtp.stop()]);
});
beforeEach(async () => {
  h = await startHarness();
  for (const fake of [serp, brevo, gemini]) fake.reset();
});
afterEach(() => h.close());

function gateway() {
  const clock = fakeClock();
  return { clock, gateway: new ServiceGateway(h.ctx.meter, h.ctx.settings.system, clock, () => 0.5) };
}

const search = (g: ServiceGateway, key = 'serp-key') => meteredSearch(new SerpApiSearch({ apiKey: key, baseUrl: serp.baseUrl }), g);
const request = { query: 'plumbers', location: 'Austin, TX', page: 0, pageSize: 10 };
const message = (id: string, to = 'owner@example.com') => ({
  messageId: id,
  from: { email: 'me@agency.test', name: 'Agency' },
  to: { email: to },
  subject: 'Your website',
  text: 'Hello there, a short note about your website.',
  headers: { 'List-Unsubscribe': '<mailto:unsubscribe@agency.test>' },
});

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('SerpApi through the gateway', () => {
  it('records one usage event per successful search', async () => {
    const { gateway: g } = gateway();
    const page = await search(g).search(request);
    expect(page.hits.length).toBeGreaterThan(0);
    const today = await h.ctx.usage.today();
    expect(today.serpapi_calls_this_month).toBe(1);
    expect(today.serpapi_remaining_this_month).toBe(99);
    expect(today.total_cost_today_usd).toBeCloseTo(0.015);
  });

  it('does not retry an invalid key, and does not count it', async () => {
    const { gateway: g, clock } = gateway();
    const error = await rejection(search(g, 'wrong-key').search(request));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('auth');
    expect(serp.requests).toHaveLength(1);
    expect(clock.slept).toEqual([]);
    expect((await h.ctx.usage.today()).serpapi_calls_this_month).toBe(0);
  });

  it('retries a 429 after waiting (Retry-After honoured) and then succeeds', async () => {
    const { gateway: g, clock } = gateway();
    serp.failNext(serpApiReplies.throughput(5), 2);
    const page = await search(g).search(request);
    expect(page.hits.length).toBeGreaterThan(0);
    expect(serp.requests).toHaveLength(3);
    expect(clock.slept).toEqual([5000, 5000]);
    expect((await h.ctx.usage.today()).serpapi_calls_this_month).toBe(1);
  });

  it('gives up after max_retries on 5xx and opens the breaker: later calls do not reach the service', async () => {
    await h.ctx.settings.system.save({ max_retries: 2, circuit_breaker_failure_threshold: 4, circuit_breaker_recovery_timeout: 60 }, null);
    const { gateway: g, clock } = gateway();
    serp.failAlways(serpApiReplies.serverError(503));
    expect(((await rejection(search(g).search(request))) as ProviderError).kind).toBe('unavailable');
    expect(serp.requests).toHaveLength(3); // first try + 2 retries
    expect(clock.slept).toEqual([750, 1500]); // 1 s and 2 s backoff, jitter at the midpoint

    await rejection(search(g).search(request)); // one more failure reaches the threshold of 4
    expect(serp.requests).toHaveLength(4);
    const blocked = await rejection(search(g).search(request));
    expect(blocked.message).toMatch(/circuit breaker open/);
    expect(serp.requests).toHaveLength(4);

    clock.t += 60_000;
    serp.reset();
    expect((await search(g).search(request)).hits.length).toBeGreaterThan(0); // the probe closes it
    expect(g.breakers.state('serpapi')).toBe('closed');
  });

  it('refuses a search before calling when the monthly quota is used up, and says so in the activity feed', async () => {
    await h.ctx.settings.write({ id: null, role: 'admin' }, 'quota_search_calls_per_month', '1');
    const { gateway: g } = gateway();
    await search(g).search(request);
    const error = await rejection(search(g).search(request, { campaignId: null }));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('quota_exhausted');
    expect(error.message).toBe('Monthly search quota reached: 1 of 1 searches used this month (resets on the 1st)');
    expect(serp.requests).toHaveLength(1);
    const feed = await h.ctx.db.$client.execute("SELECT activity_type, status, message FROM activity");
    expect(feed.rows).toEqual([expect.objectContaining({ activity_type: 'error', status: 'error', message: error.message })]);
    const today = await h.ctx.usage.today();
    expect(today.quotas.serpapi_monthly.status).toBe('exceeded');
  });

  it('maps an exhausted SerpApi plan to quota_exhausted without retrying', async () => {
    const { gateway: g, clock } = gateway();
    serp.failNext(serpApiReplies.outOfSearches());
    expect(((await rejection(search(g).search(request))) as ProviderError).kind).toBe('quota_exhausted');
    expect(clock.slept).toEqual([]);
  });
});

describe('Gemini through the gateway', () => {
  const facts = {
    url: 'https://example.com/',
    hostname: 'example.com',
    has_ssl: true,
    is_mobile_responsive: false,
    has_ecommerce: false,
    has_online_booking: false,
    has_contact_form: false,
    has_live_chat: false,
    has_analytics: false,
    accessibility_score: 60,
    unoptimized_images_count: 3,
    technical_issues: ['Not mobile responsive (no viewport meta tag)'],
    site_state: 'ok' as const,
    pages_crawled: 1,
    analytics: [],
    findings: [{ id: 'no_viewport' as const, claim: 'Not mobile responsive (no viewport meta tag)', evidence: 'no <meta name="viewport">', url: 'https://example.com/', confidence: 0.9, value: null }],
    evidence: {},
    phones: [],
    emails: [],
  };
  const ai = (g: ServiceGateway) => meteredAi(new GeminiAi({ apiKey: 'gemini-key', model: 'gemini-2.0-flash', baseUrl: gemini.baseUrl }), g);

  it('counts the tokens the model reports', async () => {
    const { gateway: g } = gateway();
    const answer = await ai(g).analyzeBusiness({ facts, pageText: 'We fix pipes in Austin.' });
    const today = await h.ctx.usage.today();
    expect(today.gemini_requests_today).toBe(1);
    expect(today.gemini_tokens_today).toBe(answer.usage.tokensIn + answer.usage.tokensOut);
    expect(today.gemini_tokens_today).toBeGreaterThan(0);
  });

  it('retries a 429 and succeeds; refuses when the daily token quota is spent', async () => {
    const { gateway: g } = gateway();
    gemini.failNext(geminiErrors.rateLimited);
    await ai(g).analyzeBusiness({ facts, pageText: 'We fix pipes.' });
    expect(gemini.requests.filter((r) => r.method === 'POST')).toHaveLength(2);

    await h.ctx.settings.write({ id: null, role: 'admin' }, 'quota_ai_tokens_per_day', '100');
    const error = await rejection(ai(g).analyzeBusiness({ facts, pageText: 'We fix pipes.' }));
    expect((error as DomainError).code).toBe('quota_exhausted');
    expect(gemini.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });
});

describe('email through the gateway', () => {
  it('Brevo: counts sends against the daily quota and stops at it', async () => {
    await h.ctx.settings.write({ id: null, role: 'admin' }, 'quota_emails_per_day', '2');
    const { gateway: g } = gateway();
    const mailer = meteredMailer(new BrevoMailer({ apiKey: 'brevo-key', baseUrl: brevo.baseUrl }), g);
    await mailer.send(message('email-1'));
    await mailer.send(message('email-2'));
    const error = await rejection(mailer.send(message('email-3')));
    expect((error as DomainError).code).toBe('quota_exhausted');
    expect(brevo.sent).toHaveLength(2);
    const today = await h.ctx.usage.today();
    expect(today).toMatchObject({ emails_sent_today: 2, emails_remaining_today: 0, emails_percent: 100 });
    expect(today.quotas.email_daily.status).toBe('exceeded');
    expect(today.quotas.email_daily.hours_until_reset).toBe(24);
  });

  it('Brevo: retries a 5xx, never an out-of-credits answer', async () => {
    const { gateway: g } = gateway();
    const mailer = meteredMailer(new BrevoMailer({ apiKey: 'brevo-key', baseUrl: brevo.baseUrl }), g);
    brevo.failNext(brevoFailures.serverError());
    await mailer.send(message('email-10'));
    expect(brevo.sent).toHaveLength(1);
    brevo.failNext(brevoFailures.notEnoughCredits());
    expect(((await rejection(mailer.send(message('email-11')))) as ProviderError).kind).toBe('quota_exhausted');
    expect(brevo.sent).toHaveLength(1);
  });

  it('SMTP: a permanent 550 is not retried', async () => {
    const { gateway: g, clock } = gateway();
    const mailer = meteredMailer(new SmtpMailer(`smtp://mailer:smtp-pass@127.0.0.1:${smtp.port}`), g);
    await mailer.send(message('email-20'));
    const error = await rejection(mailer.send(message('email-21', 'gone@example.com')));
    expect((error as ProviderError).kind).toBe('rejected');
    expect(clock.slept).toEqual([]);
    expect((await h.ctx.usage.today()).emails_sent_today).toBe(1);
  });
});

describe('usage summary', () => {
  it('groups the last N days by service and operation', async () => {
    const { gateway: g } = gateway();
    await search(g).search(request);
    await search(g).search({ ...request, page: 1 });
    const mailer = meteredMailer(new BrevoMailer({ apiKey: 'brevo-key', baseUrl: brevo.baseUrl }), g);
    await mailer.send(message('email-30'));
    const summary = await h.ctx.usage.summary(30);
    expect(summary.by_service.serpapi).toEqual({ count: 2, cost: 0.03, operations: { search: 2 } });
    expect(summary.by_service.email).toEqual({ count: 1, cost: 0, operations: { send: 1 } });
    expect(summary.total_cost_usd).toBeCloseTo(0.03);
  });
});
