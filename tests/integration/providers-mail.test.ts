// The real mail adapters against contract fakes (Brevo, Resend), a real SMTP server and a
// temp directory (outbox). Each failure must come back as the ProviderError kind the shared
// retry layer acts on.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, type OutgoingEmail } from '../../src/core/model/providers.ts';
import { BrevoMailer, validateBrevoKey } from '../../src/providers/mail/brevo.ts';
import { OutboxMailer } from '../../src/providers/mail/outbox.ts';
import { ResendMailer, validateResendKey } from '../../src/providers/mail/resend.ts';
import { parseSmtpUrl, SmtpMailer, verifySmtp } from '../../src/providers/mail/smtp.ts';
import { brevoFailures, startBrevoFake, type BrevoFake } from '../fakes/brevo.ts';
import { resendFailures, startResendFake, type ResendFake } from '../fakes/resend.ts';
import { bodyOf, parseHeaders, startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';

const UNSUBSCRIBE = '<https://outreach.test/u/tok123>, <mailto:unsubscribe@agency.test?subject=tok123>';

function email(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    messageId: 'email-42',
    from: { name: 'Jane at Pixel Studio', email: 'jane@agency.test' },
    to: { name: 'Bob Plumber', email: 'bob@plumbing.test' },
    subject: 'A faster website for Bob Plumbing',
    text: 'Hi Bob,\n\nYour site takes 9 seconds to load on a phone.\n\nJane',
    headers: { 'List-Unsubscribe': UNSUBSCRIBE, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    ...overrides,
  };
}

/** Runs `fn` and returns the ProviderError it throws. */
async function failure(fn: () => Promise<unknown>): Promise<ProviderError> {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected a ProviderError, but the call succeeded');
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const BREVO_KEY = 'xkeysib-test-0123456789';
const RESEND_KEY = 're_test_0123456789';

// What both HTTP adapters must do the same way, each against its own fake.
const httpAdapters = [
  {
    name: 'Brevo',
    start: (): Promise<BrevoFake | ResendFake> => startBrevoFake({ apiKey: BREVO_KEY }),
    mailer: (baseUrl: string, apiKey = BREVO_KEY, timeoutMs = 5000) => new BrevoMailer({ apiKey, baseUrl, timeoutMs }),
    failures: brevoFailures,
  },
  {
    name: 'Resend',
    start: (): Promise<BrevoFake | ResendFake> => startResendFake({ apiKey: RESEND_KEY }),
    mailer: (baseUrl: string, apiKey = RESEND_KEY, timeoutMs = 5000) => new ResendMailer({ apiKey, baseUrl, timeoutMs }),
    failures: resendFailures,
  },
];

describe.each(httpAdapters)('$name: the shared HTTP contract', (adapter) => {
  let fake: BrevoFake | ResendFake;
  beforeAll(async () => {
    fake = await adapter.start();
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.stop());

  it('sending the same email twice delivers it once (idempotency key)', async () => {
    const mailer = adapter.mailer(fake.baseUrl);
    const first = await mailer.send(email());
    const second = await mailer.send(email());
    expect(second).toEqual(first);
    expect(fake.sent).toHaveLength(1);
  });

  it('an invalid key is an auth failure, not retried, and the key is not in the message', async () => {
    const error = await failure(() => adapter.mailer(fake.baseUrl, 'wrong-key-0123').send(email()));
    expect(error.kind).toBe('auth');
    expect(error.retryable).toBe(false);
    expect(error.message).not.toContain('wrong-key-0123');
    expect(fake.sent).toHaveLength(0);
  });

  it('429 is rate_limited with the wait the service asks for; the next attempt goes through', async () => {
    fake.failNext(adapter.failures.rateLimited(7));
    const error = await failure(() => adapter.mailer(fake.baseUrl).send(email()));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterSeconds).toBe(7);
    await adapter.mailer(fake.baseUrl).send(email());
    expect(fake.sent).toHaveLength(1);
  });

  it('500 and 503 are unavailable (retryable)', async () => {
    fake.failNext(adapter.failures.serverError()).failNext(adapter.failures.unavailable());
    for (const status of [500, 503]) {
      const error = await failure(() => adapter.mailer(fake.baseUrl).send(email()));
      expect(error.kind).toBe('unavailable');
      expect(error.status).toBe(status);
      expect(error.retryable).toBe(true);
    }
  });

  it('a call that gets no answer times out as unavailable', async () => {
    const silent: HttpServer = createHttpServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const error = await failure(() => adapter.mailer(`http://127.0.0.1:${port}`, undefined, 200).send(email()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/timed out/);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});

describe('Brevo', () => {
  let fake: BrevoFake;
  let mailer: BrevoMailer;
  beforeAll(async () => {
    fake = await startBrevoFake({ apiKey: BREVO_KEY });
    mailer = new BrevoMailer({ apiKey: BREVO_KEY, baseUrl: fake.baseUrl, timeoutMs: 5000 });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.stop());

  it('sends one email with our Message-ID, sender, content and unsubscribe headers', async () => {
    const receipt = await mailer.send(email({ html: '<p>Hi Bob</p>', replyTo: { email: 'replies@agency.test' } }));
    expect(fake.sent).toHaveLength(1);
    const [sent] = fake.sent;
    expect(receipt.providerMessageId).toBe(sent.messageId);
    expect(fake.requests[0].headers['api-key']).toBe(BREVO_KEY);
    expect(sent.sender).toEqual({ name: 'Jane at Pixel Studio', email: 'jane@agency.test' });
    expect(sent.to).toEqual([{ email: 'bob@plumbing.test', name: 'Bob Plumber' }]);
    expect(sent.subject).toBe('A faster website for Bob Plumbing');
    expect(sent.textContent).toBe(email().text);
    expect(sent.htmlContent).toBe('<p>Hi Bob</p>');
    expect(sent.replyTo).toEqual({ email: 'replies@agency.test' });
    expect(sent.headers['Message-ID']).toBe('<email-42@agency.test>');
    expect(sent.headers.idempotencyKey).toBe('email-42');
    expect(sent.headers['List-Unsubscribe']).toBe(UNSUBSCRIBE);
    expect(sent.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('402 not_enough_credits is quota_exhausted (not retried)', async () => {
    fake.failAlways(brevoFailures.notEnoughCredits());
    const error = await failure(() => mailer.send(email()));
    expect(error.kind).toBe('quota_exhausted');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/credits/);
  });

  it('an address Brevo will not deliver to is rejected; a missing field is bad_request', async () => {
    const rejected = await failure(() => mailer.send(email({ to: { email: 'not-an-address' } })));
    expect(rejected.kind).toBe('rejected');
    expect(rejected.message).toMatch(/not valid in to/);
    const missing = await failure(() => mailer.send(email({ subject: '' })));
    expect(missing.kind).toBe('bad_request');
  });

  it('validates keys against GET /account without ever throwing', async () => {
    const valid = await validateBrevoKey(fake.baseUrl, BREVO_KEY);
    expect(valid).toEqual({ valid: true, message: 'Brevo key is valid: owner@agency.test, free plan (300 credits left)' });
    expect(await validateBrevoKey(fake.baseUrl, 'xkeysib-wrong')).toEqual({ valid: false, message: 'Invalid Brevo API key' });
    const down = await validateBrevoKey(`http://127.0.0.1:${await closedPort()}`, BREVO_KEY);
    expect(down.valid).toBe(false);
    expect(down.message).toMatch(/could not be reached/);
    expect(down.message).not.toContain(BREVO_KEY);
  });
});

describe('Resend', () => {
  let fake: ResendFake;
  let mailer: ResendMailer;
  beforeAll(async () => {
    fake = await startResendFake({ apiKey: RESEND_KEY, sendingOnlyKey: 're_send_only' });
    mailer = new ResendMailer({ apiKey: RESEND_KEY, baseUrl: fake.baseUrl, timeoutMs: 5000 });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.stop());

  it('sends one email with our Message-ID, sender, content, unsubscribe headers and idempotency key', async () => {
    const receipt = await mailer.send(email({ replyTo: { name: 'Jane', email: 'replies@agency.test' } }));
    expect(fake.sent).toHaveLength(1);
    const [sent] = fake.sent;
    expect(receipt.providerMessageId).toBe(sent.id);
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${RESEND_KEY}`);
    expect(sent.idempotencyKey).toBe('email-42');
    expect(sent.from).toBe('Jane at Pixel Studio <jane@agency.test>');
    expect(sent.to).toEqual(['Bob Plumber <bob@plumbing.test>']);
    expect(sent.subject).toBe('A faster website for Bob Plumbing');
    expect(sent.text).toBe(email().text);
    expect(sent.html).toBeUndefined();
    expect(sent.reply_to).toBe('Jane <replies@agency.test>');
    expect(sent.headers['Message-ID']).toBe('<email-42@agency.test>');
    expect(sent.headers['List-Unsubscribe']).toBe(UNSUBSCRIBE);
    expect(sent.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('quotes a sender name that needs it', async () => {
    await mailer.send(email({ from: { name: 'Pixel Studio, Inc.', email: 'jane@agency.test' } }));
    expect(fake.sent[0].from).toBe('"Pixel Studio, Inc." <jane@agency.test>');
  });

  it('429 daily_quota_exceeded is quota_exhausted, not a rate limit', async () => {
    fake.failNext(resendFailures.dailyQuota());
    const quota = await failure(() => mailer.send(email()));
    expect(quota.kind).toBe('quota_exhausted');
    expect(quota.retryable).toBe(false);
  });

  it('an invalid recipient is rejected; a missing field is bad_request', async () => {
    const rejected = await failure(() => mailer.send(email({ to: { email: 'bob-at-nowhere' } })));
    expect(rejected.kind).toBe('rejected');
    expect(rejected.status).toBe(422);
    const missing = await failure(() => mailer.send(email({ subject: '' })));
    expect(missing.kind).toBe('bad_request');
  });

  it('validates keys against GET /domains without ever throwing', async () => {
    const valid = await validateResendKey(fake.baseUrl, RESEND_KEY);
    expect(valid).toEqual({ valid: true, message: 'Resend key is valid (1 domain, verified: agency.test)' });
    expect(await validateResendKey(fake.baseUrl, 're_send_only')).toEqual({ valid: true, message: 'Resend key is valid (sending access only)' });
    expect(await validateResendKey(fake.baseUrl, 're_wrong')).toEqual({ valid: false, message: 'Invalid Resend API key' });
    expect((await validateResendKey(`http://127.0.0.1:${await closedPort()}`, RESEND_KEY)).valid).toBe(false);
  });
});

describe('SMTP', () => {
  const user = 'mailer@agency.test';
  const pass = 's3cret:p@ss/word';
  let server: FakeSmtpServer;
  beforeAll(async () => {
    server = await startSmtpServer({ user, pass, rejectRecipients: ['gone@plumbing.test'], tempFailRecipients: ['busy@plumbing.test'] });
  });
  afterEach(() => {
    server.messages.length = 0;
    server.logins.length = 0;
  });
  afterAll(() => server.stop());

  const mailerFor = (url = server.url()) => new SmtpMailer(url, 5000);

  it('parses smtp:// and smtps:// URLs, and never echoes a bad one', () => {
    expect(parseSmtpUrl('smtp://u%40x:p%3Aw@mail.test')).toMatchObject({ host: 'mail.test', port: 587, user: 'u@x', password: 'p:w', secure: false });
    expect(parseSmtpUrl('smtps://u:p@mail.test')).toMatchObject({ port: 465, secure: true });
    expect(parseSmtpUrl('smtp://u:p@mail.test:2525?requireTLS=true')).toMatchObject({ port: 2525, requireTLS: true });
    const bad = (() => {
      try {
        parseSmtpUrl('http://u:hunter2@mail.test');
      } catch (error) {
        return error as ProviderError;
      }
    })();
    expect(bad?.kind).toBe('bad_request');
    expect(bad?.message).not.toContain('hunter2');
  });

  it('authenticates and delivers one message with our Message-ID, sender, content and unsubscribe headers', async () => {
    const receipt = await mailerFor().send(email());
    expect(server.logins).toEqual([user]);
    expect(server.messages).toHaveLength(1);
    const [message] = server.messages;
    expect(message.from).toBe('jane@agency.test');
    expect(message.to).toEqual(['bob@plumbing.test']);
    const headers = parseHeaders(message.raw);
    expect(headers.get('message-id')).toBe('<email-42@agency.test>');
    expect(receipt.providerMessageId).toBe('<email-42@agency.test>');
    expect(headers.get('from')).toBe('Jane at Pixel Studio <jane@agency.test>');
    expect(headers.get('to')).toBe('Bob Plumber <bob@plumbing.test>');
    expect(headers.get('subject')).toBe('A faster website for Bob Plumbing');
    expect(headers.get('list-unsubscribe')).toBe(UNSUBSCRIBE);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(bodyOf(message.raw).replace(/\r\n/g, '\n')).toContain('Your site takes 9 seconds to load on a phone.');
  });

  it('accepts discrete fields as well as a URL', async () => {
    await new SmtpMailer({ host: server.host, port: server.port, user, password: pass, timeoutMs: 5000 }).send(email());
    expect(server.messages).toHaveLength(1);
  });

  it('wrong credentials are an auth failure, and the password is not in the message', async () => {
    const error = await failure(() => mailerFor(server.url(user, 'wrong-hunter2')).send(email()));
    expect(error.kind).toBe('auth');
    expect(error.retryable).toBe(false);
    expect(error.message).not.toContain('wrong-hunter2');
    expect(server.messages).toHaveLength(0);
  });

  it('550 on RCPT TO is rejected (a hard bounce); 451 is unavailable (retry later)', async () => {
    const bounced = await failure(() => mailerFor().send(email({ to: { email: 'gone@plumbing.test' } })));
    expect(bounced.kind).toBe('rejected');
    expect(bounced.status).toBe(550);
    expect(bounced.retryable).toBe(false);
    const deferred = await failure(() => mailerFor().send(email({ to: { email: 'busy@plumbing.test' } })));
    expect(deferred.kind).toBe('unavailable');
    expect(deferred.status).toBe(451);
    expect(deferred.retryable).toBe(true);
    expect(server.messages).toHaveLength(0);
  });

  it('a refused connection or a silent server is unavailable, within the timeout', async () => {
    const port = await closedPort();
    const refused = await failure(() => new SmtpMailer({ host: '127.0.0.1', port, timeoutMs: 2000 }).send(email()));
    expect(refused.kind).toBe('unavailable');
    expect(refused.retryable).toBe(true); // nothing reached a server: safe to try again

    const sockets: Socket[] = [];
    const silent: NetServer = createNetServer((socket) => sockets.push(socket)); // never sends a greeting
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const started = Date.now();
    const timedOut = await failure(() =>
      new SmtpMailer({ host: '127.0.0.1', port: (silent.address() as AddressInfo).port, timeoutMs: 300 }).send(email()),
    );
    expect(timedOut.kind).toBe('unavailable');
    // "Greeting never received" is safe to retry; a bare socket timeout (whichever timer fires
    // first) does not say how far the session got, so it is never retried.
    expect(timedOut.retryable).toBe(!timedOut.uncertain);
    expect(Date.now() - started).toBeLessThan(5000);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('a server that takes the message and then goes silent is uncertain, never retried', async () => {
    server.holdRecipients.add('slow@plumbing.test');
    try {
      const error = await failure(() => new SmtpMailer(server.url(), 500).send(email({ to: { email: 'slow@plumbing.test' } })));
      expect(error).toMatchObject({ kind: 'unavailable', uncertain: true, retryable: false });
      expect(server.messages).toHaveLength(1); // it may well have been delivered
    } finally {
      server.holdRecipients.clear();
    }
  });

  it('verifySmtp logs in without sending and never throws', async () => {
    const ok = await verifySmtp(server.url());
    expect(ok.valid).toBe(true);
    expect(ok.message).toContain(user);
    expect(server.messages).toHaveLength(0);
    const wrong = await verifySmtp({ host: server.host, port: server.port, user, password: 'nope-hunter2', timeoutMs: 5000 });
    expect(wrong.valid).toBe(false);
    expect(wrong.message).toMatch(/refused the user name or password/);
    expect(wrong.message).not.toContain('nope-hunter2');
    const down = await verifySmtp({ host: '127.0.0.1', port: await closedPort(), timeoutMs: 2000 });
    expect(down.valid).toBe(false);
    expect(await verifySmtp('not a url')).toMatchObject({ valid: false });
  });
});

describe('Outbox', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outreach-outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes one parseable .eml per message with our headers, and nothing half-written', async () => {
    const outbox = new OutboxMailer({ dir: join(dir, 'a'), now: () => new Date('2025-03-04T10:11:12.345Z') });
    const receipt = await outbox.send(email({ html: '<p>Hi Bob</p>' }));
    const files = await readdir(join(dir, 'a'));
    expect(files).toEqual(['2025-03-04T10-11-12-345Z-email-42.eml']);
    expect(receipt.providerMessageId).toBe('outbox:2025-03-04T10-11-12-345Z-email-42.eml');
    const raw = await readFile(join(dir, 'a', files[0]), 'utf8');
    const headers = parseHeaders(raw);
    expect(headers.get('message-id')).toBe('<email-42@agency.test>');
    expect(headers.get('from')).toBe('Jane at Pixel Studio <jane@agency.test>');
    expect(headers.get('to')).toBe('Bob Plumber <bob@plumbing.test>');
    expect(headers.get('subject')).toBe('A faster website for Bob Plumbing');
    expect(headers.get('date')).toBe('Tue, 04 Mar 2025 10:11:12 +0000');
    expect(headers.get('list-unsubscribe')).toBe(UNSUBSCRIBE);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(raw).toContain('Your site takes 9 seconds to load on a phone.');
    expect(raw).toContain('<p>Hi Bob</p>');
  });

  it('is idempotent on the message id, even for concurrent sends', async () => {
    const target = join(dir, 'b');
    let tick = 0;
    const outbox = new OutboxMailer({ dir: target, now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, tick++)) });
    const receipts = await Promise.all([outbox.send(email()), outbox.send(email()), outbox.send(email())]);
    const again = await new OutboxMailer({ dir: target }).send(email());
    expect(new Set([...receipts, again].map((r) => r.providerMessageId)).size).toBe(1);
    const other = await outbox.send(email({ messageId: 'email-43' }));
    const files = await readdir(target);
    expect(files).toHaveLength(2);
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
    expect(other.providerMessageId).toMatch(/-email-43\.eml$/);
  });

  it('keeps odd message ids out of the file name', async () => {
    const target = join(dir, 'c');
    const outbox = new OutboxMailer({ dir: target });
    const receipt = await outbox.send(email({ messageId: '<../../etc/passwd@x>' }));
    const [file] = await readdir(target);
    expect(receipt.providerMessageId).toBe(`outbox:${file}`);
    expect(file).toMatch(/^[\w.@-]+\.eml$/);
    expect(file).not.toContain('/');
    expect(parseHeaders(await readFile(join(target, file), 'utf8')).get('message-id')).toBe('<../../etc/passwd@x>');
  });
});
