// The operator's own lead list through the API, against the sandbox web: the preview (rows
// accepted, skipped with the reason per line, hostnames already leads), the import as a campaign
// whose search stage reads the list (no search service asked, no quota used), the list's
// contact emails kept with their source, duplicates reported, Add lead, and bad input as 4xx.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groundTruth } from '../../src/sandbox/truth.ts';
import { TERMINAL_OPERATOR } from '../../src/core/users/access.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let token: string;
let sites: { url: string; hostname: string; truth: ReturnType<typeof groundTruth> }[];
/** The sites the import test made leads of. */
let imported: typeof sites = [];

beforeAll(async () => {
  h = await startHarness({ OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
  token = await h.login(ADMIN.username, ADMIN.password);
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
  const web = await h.ctx.sandbox.start();
  const bySlug = new Map(web.sites.map((s) => [s.slug, s]));
  const search = await h.ctx.sandbox.search();
  const hits = [];
  for (const query of ['plumbers in Austin', 'dentists in Denver', 'florists in Boise', 'roofers in Phoenix']) {
    for (let page = 0; page < 3; page++) hits.push(...(await search.search({ query, page, pageSize: 10 })).hits);
  }
  sites = [...new Map(hits.map((hit) => [hit.url, hit])).values()].flatMap((hit) => {
    const hostname = new URL(hit.url).hostname;
    const site = bySlug.get(hostname.split('.')[0]);
    return site ? [{ url: hit.url, hostname, truth: groundTruth(site) }] : [];
  });
  // The search stage of a list campaign must never reach a search service.
  h.ctx.providers.search = () => Promise.reject(new Error('a list campaign asked the search service'));
}, 60_000);
afterAll(() => h.close());

const upload = (path: string, text: string, opts: { type?: string; auth?: boolean } = {}) =>
  h.call('POST', path, { token: opts.auth === false ? undefined : token, raw: text, headers: { 'content-type': opts.type ?? 'text/csv' } });
const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });

describe('importing a lead list', () => {
  it('previews a CSV: rows accepted, every skipped row with its reason, an email that is not one noted', async () => {
    const [a, b, c] = sites;
    const csv = [
      'Company,Website,Email,Phone,City',
      `Acme,${a.url},owner@${a.hostname.split('.')[0]}.com,555-0100,Austin`,
      'Broken,htp:/x,,,',
      `Copy of Acme,${a.url},,,`,
      'No site,,,,',
      `Private,http://10.0.0.7/,,,`,
      `Loopback,http://127.0.0.1:22/,,,`,
      `Bolt,${b.url},not-an-email,,`,
      `=HYPERLINK("x"),${c.url},,,`,
    ].join('\n');
    const res = await upload('/api/leads/import/preview?file_name=leads.csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ file_name: 'leads.csv', format: 'csv', rows_read: 8, accepted: 3, known: 0, skipped: 5, with_email: 1 });
    expect(res.body.skipped_lines).toEqual([
      { line: 3, reason: "'htp:/x' is not a web address (not an http(s) URL (htp:))" },
      { line: 4, reason: `${a.hostname} is already on line 2` },
      { line: 5, reason: 'no web address' },
      { line: 6, reason: "'http://10.0.0.7/' is not a public web address (private address)" },
      { line: 7, reason: "'http://127.0.0.1:22/' is not a public web address (loopback address)" },
    ]);
    expect(res.body.notes).toEqual([{ line: 8, reason: "'not-an-email' is not an email address a person reads: the row is kept without it" }]);
    expect(res.body.sample[0]).toEqual({ line: 2, url: a.url, hostname: a.hostname, name: 'Acme', email: `owner@${a.hostname.split('.')[0]}.com`, phone: '555-0100', city: 'Austin' });
    // Formula-looking text is kept as text: it is escaped where shown, neutralised in exports.
    expect(res.body.sample[2].name).toBe('=HYPERLINK("x")');
    // A preview writes nothing.
    expect((await api('GET', '/api/leads')).body.total).toBe(0);
  });

  it('imports the list as a campaign that reads it without any search, keeping the list’s contact emails with their source', async () => {
    // The second shows no owner's name either: the list's (formula-looking) one is kept.
    const bare = sites.filter((s) => s.truth.primary_email === null);
    // The first has something worth saying (plain http: "Not secure"), so its list contact is written to.
    const insecure = bare.find((s) => !s.truth.has_ssl && s.truth.reachable)!;
    const noEmail = [insecure, bare.find((s) => s !== insecure && s.truth.contact_name === null)!];
    const withEmail = sites.filter((s) => s.truth.primary_email !== null).slice(0, 2);
    expect(noEmail.length).toBe(2);
    expect(withEmail.length).toBe(2);
    const [gmailed, ownDomain] = withEmail;
    imported = [...noEmail, ...withEmail];
    const rows = [
      // The site shows no address: the list's is the contact.
      `${noEmail[0].url},Maria,maria.owner@gmail.com`,
      `${noEmail[1].url},=SUM(A1:A9),`,
      // The list has a free-mail box, the site an address on its own domain: the site's is better.
      `${gmailed.url},,someone.else@gmail.com`,
      // The list's address on the site's own domain is the person the operator knows: kept.
      `${ownDomain.url},,jane@${ownDomain.hostname.split('.')[0]}.com`,
    ];
    const res = await upload('/api/leads/import?file_name=my%20leads.csv&start=true&mode=test', ['url,contact,email', ...rows].join('\n'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.preview).toMatchObject({ accepted: 4, skipped: 0, known: 0, with_email: 3 });
    const campaign = res.body.campaign;
    expect(campaign).toMatchObject({ name: 'List: my leads.csv', status: 'RUNNING', mode: 'test', lead_list_id: expect.any(Number) });
    expect(campaign.search_query).toBe('Imported list my leads.csv (4 businesses)'); // not "4 businesss"

    const done = await h.runToEnd(campaign.id);
    expect(done).toMatchObject({ status: 'COMPLETED', total_leads: 4, processed_leads: 4 });
    const activity = (await api('GET', `/api/activity?campaign_id=${campaign.id}&limit=200`)).body;
    const messages = (Array.isArray(activity) ? activity : activity.items).map((a: { message: string }) => a.message);
    expect(messages).toContain(`Campaign "List: my leads.csv" started: reading its imported list (no search quota used)`);
    expect(messages).toContain('Read 4 businesses from the imported list (no search quota used): 4 new');
    const usage = (await api('GET', '/api/usage/today')).body;
    expect(usage.serpapi_calls_this_month ?? 0).toBe(0);

    const leads = (await api('GET', `/api/leads?campaign_id=${campaign.id}`)).body.items as { id: number; hostname: string; contact_email: string | null; contact_email_source: string | null; lead_source: string; contact_name: string | null }[];
    const lead = (host: string) => leads.find((l) => l.hostname === host)!;
    expect(lead(noEmail[0].hostname)).toMatchObject({ contact_email: 'maria.owner@gmail.com', contact_email_source: 'list', lead_source: 'list' });
    expect(lead(noEmail[1].hostname)).toMatchObject({ contact_email: null, contact_email_source: null });
    expect(lead(gmailed.hostname)).toMatchObject({ contact_email: gmailed.truth.primary_email, contact_email_source: 'site' });
    expect(lead(ownDomain.hostname)).toMatchObject({ contact_email: `jane@${ownDomain.hostname.split('.')[0]}.com`, contact_email_source: 'list' });
    // List text that looks like a formula stays text, and the export neutralises it.
    expect(lead(noEmail[1].hostname).contact_name).toBe('=SUM(A1:A9)');
    const exported = await (await h.app.request(`/api/campaigns/${campaign.id}/export`, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(exported).toContain(",'=SUM(A1:A9),");
    expect(exported).not.toMatch(/(^|,)=SUM/m);
    // The list's contact is written to like any other: a draft addressed to it.
    const emails = (await api('GET', `/api/leads/${lead(noEmail[0].hostname).id}/emails`)).body;
    expect(emails.map((e: { recipient_email: string }) => e.recipient_email)).toEqual(['maria.owner@gmail.com']);
  }, 120_000);

  it('reports hostnames already in the database and does not add them again', async () => {
    const fresh = sites.find((s) => !imported.includes(s))!;
    const text = ['# the same businesses again, and one new', ...imported.map((s) => s.url), fresh.url].join('\n');
    const preview = await upload('/api/leads/import/preview', text, { type: 'text/plain' });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ format: 'lines', accepted: 1, known: 4 });
    expect(preview.body.known_lines[0]).toEqual({ line: 2, hostname: imported[0].hostname, lead_id: expect.any(Number) });

    const all = (await api('GET', '/api/leads')).body.total;
    const res = await upload('/api/leads/import?file_name=again.txt', text, { type: 'text/plain' });
    expect(res.status).toBe(201);
    expect(res.body.campaign.status).toBe('DRAFT');
    const onlyKnown = await upload('/api/leads/import', imported.slice(0, 2).map((s) => s.url).join('\n'), { type: 'text/plain' });
    expect(onlyKnown.status).toBe(400);
    expect(onlyKnown.body.detail).toBe(`every web address in the file is a lead already (2 rows, e.g. ${imported[0].hostname} on line 1)`);
    expect((await api('GET', '/api/leads')).body.total).toBe(all);
  });

  it('adds one lead by URL, analysed like any other', async () => {
    const site = sites.filter((s) => !imported.includes(s))[1];
    const res = await api('POST', '/api/leads', { url: site.url, name: 'Walk-in', email: `boss@${site.hostname.split('.')[0]}.com` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ hostname: site.hostname, campaign: { status: 'RUNNING', name: 'Lead: Walk-in' } });
    expect(await h.runToEnd(res.body.campaign.id)).toMatchObject({ status: 'COMPLETED', total_leads: 1, processed_leads: 1 });
    const [lead] = (await api('GET', `/api/leads?campaign_id=${res.body.campaign.id}`)).body.items;
    expect(lead).toMatchObject({ hostname: site.hostname, status: expect.stringMatching(/ANALYZED|EMAIL_GENERATED/), contact_email: `boss@${site.hostname.split('.')[0]}.com`, contact_email_source: 'list' });

    const again = await api('POST', '/api/leads', { url: site.url });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`${site.hostname} is already a lead (#${lead.id})`);
  }, 60_000);
});

describe('a 100,000-row list', () => {
  it('imports through the API as it streams in: seconds, memory bounded, every row written in file order', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const retained = () => (gc(), process.memoryUsage().heapUsed);
    const ROWS = 100_000;
    const encoder = new TextEncoder();
    let next = 0;
    const before = retained();
    let peak = before;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (next === 0) controller.enqueue(encoder.encode('Company,Website,Email,Phone,City\n'));
        if (next >= ROWS) return controller.close();
        let block = '';
        for (const end = next + 1000; next < end; next++) {
          block += next % 1000 === 999 ? `Broken ${next},htp:/x${next},,,\n` : `"Business ${next}, Inc",https://business-${next}.example/,owner${next}@business-${next}.example,+1 512 555 ${next},Austin\n`;
        }
        // Measured while the import runs, in this process: what the server holds mid-file.
        if (next % 20_000 === 0) peak = Math.max(peak, retained());
        controller.enqueue(encoder.encode(block));
      },
    });
    const started = performance.now();
    const res = await h.app.request('/api/leads/import?file_name=big.csv', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body, duplex: 'half' } as RequestInit);
    const seconds = (performance.now() - started) / 1000;
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer).slice(0, 300)).toBe(201);
    expect(answer.preview).toMatchObject({ rows_read: ROWS, accepted: 99_900, skipped: 100, known: 0, with_email: 99_900 });
    expect(answer.preview.skipped_lines).toHaveLength(100);
    expect(answer.preview.skipped_lines[0]).toEqual({ line: 1001, reason: "'htp:/x999' is not a web address (not an http(s) URL (htp:))" });
    const grownMb = (peak - before) / 1048576;
    console.log(`100,000-row import over HTTP: ${seconds.toFixed(1)} s, at most ${grownMb.toFixed(1)} MB retained mid-import`);
    expect(seconds).toBeLessThan(20);
    expect(grownMb).toBeLessThan(32);
    const [{ n, first, last }] = (await h.ctx.db.$client.execute({ sql: 'SELECT count(*) AS n, min(line) AS first, max(line) AS last FROM lead_list_entries WHERE list_id = ?', args: [answer.campaign.lead_list_id] })).rows as unknown as { n: number; first: number; last: number }[];
    expect({ n: Number(n), first: Number(first), last: Number(last) }).toEqual({ n: 99_900, first: 2, last: ROWS });
    // Deleting the campaign leaves its list to the next import's clean-up, not to a reader.
    expect((await api('DELETE', `/api/campaigns/${answer.campaign.id}`)).status).toBe(200);
  }, 60_000);
});

describe('the search stage of a big list', () => {
  it('makes a lead of every row a batch at a time, one activity line a batch, every lead queued for analysis', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `https://stage-${i}.example/,owner${i}@gmail.com`);
    const { campaign } = await h.ctx.lists.import(TERMINAL_OPERATOR, (async function* () { yield `url,email\n${rows.join('\n')}\n`; })(), { file_name: 'stage.csv', name: undefined, mode: 'test', start: true });
    const worker = h.ctx.worker({ id: 'stage-test', concurrency: 1, pollMs: 10 });
    const started = performance.now();
    expect(await worker.runOnce()).toBe(true); // the search job
    const seconds = (performance.now() - started) / 1000;
    await h.ctx.campaigns.pause(campaign.id); // the crawls are not what this test is about
    const progress = await h.ctx.campaigns.progress(campaign.id);
    expect(progress).toMatchObject({ total_leads: 3000, jobs: { queued: 3000 } });
    const activity = (await api('GET', `/api/activity?campaign_id=${campaign.id}&limit=50`)).body;
    const messages = (Array.isArray(activity) ? activity : activity.items).map((a: { message: string }) => a.message);
    expect(messages.filter((m: string) => m.startsWith('Discovered '))).toHaveLength(6); // 500 rows a batch
    expect(messages).toContain('Discovered 500 businesses from your list (lines 2–501)');
    expect(messages).toContain('Read 3000 businesses from the imported list (no search quota used): 3000 new');
    const lead = (await api('GET', `/api/leads?campaign_id=${campaign.id}&search=stage-2999`)).body.items[0];
    expect(lead).toMatchObject({ hostname: 'stage-2999.example', contact_email: 'owner2999@gmail.com', contact_email_source: 'list', lead_source: 'list' });
    console.log(`search stage over 3,000 list rows: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(15);
    expect((await api('DELETE', `/api/campaigns/${campaign.id}`)).status).toBe(200);
  }, 60_000);
});

describe('bad input', () => {
  it('answers 4xx with a detail that names the problem, and writes nothing', async () => {
    const before = (await api('GET', '/api/campaigns')).body.length;
    const broken = await upload('/api/leads/import', `url,name\n${sites[20].url},A\n"${sites[21].url},B\n${sites[22].url},C\n`);
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toBe('line 3: a quote (") opened in this row is never closed');
    const junk = await upload('/api/leads/import', 'Dear John,\nhere is the list you wanted\n', { type: 'text/plain' });
    expect(junk.status).toBe(400);
    expect(junk.body.detail).toBe("no row can be imported: line 1: 'Dear John,' is not a web address (and 1 more row)");
    const noUrl = await upload('/api/leads/import/preview', 'name,phone\nAcme,555\n');
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.detail).toBe('line 1: the header names no url, website, domain or link column');
    const binary = await h.app.request('/api/leads/import/preview', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00]) });
    expect(binary.status).toBe(400);
    expect((await binary.json()).detail).toMatch(/^line 1: this is not (UTF-8|a) text/);
    const json = await api('POST', '/api/leads/import/preview', { url: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.detail).toBe('Send the list itself as the request body (text/csv or text/plain), not application/json');
    const mode = await upload('/api/leads/import?mode=loud', `${sites[20].url}\n`, { type: 'text/plain' });
    expect(mode.status).toBe(422);
    expect(mode.body.detail).toContain("mode must be 'test' or 'live'");
    expect((await upload('/api/leads/import/preview', 'a.example', { auth: false })).status).toBe(401);
    const badUrl = await api('POST', '/api/leads', { url: 'htp:/x' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.detail).toBe("'htp:/x' is not a web address (not an http(s) URL (htp:))");
    const privateUrl = await api('POST', '/api/leads', { url: 'http://192.168.1.1/admin' });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.body.detail).toBe("'http://192.168.1.1/admin' is not a public web address (private address)");
    expect((await api('POST', '/api/leads', { url: 'acme.example', surprise: 1 })).status).toBe(422);
    expect((await api('GET', '/api/campaigns')).body.length).toBe(before);
  });

  it('refuses a file over the upload cap with 413 while it streams, before reading it whole', async () => {
    const cap = h.ctx.config.importLimitBytes;
    h.ctx.config.importLimitBytes = 64 * 1024;
    try {
      const big = 'x'.repeat(30) + '.example\n';
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          // 10 MB on offer; the answer must come after the first 64 KB or so.
          if (sent > 10 * 1024 * 1024) return controller.close();
          const chunk = new TextEncoder().encode(big.repeat(400));
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const res = await h.app.request('/api/leads/import', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body, duplex: 'half' } as RequestInit);
      expect(res.status).toBe(413);
      expect((await res.json()).detail).toBe('The file is larger than 64 KB: split it into smaller lists');
      expect(sent).toBeLessThan(1024 * 1024);
    } finally {
      h.ctx.config.importLimitBytes = cap;
    }
  });
});
