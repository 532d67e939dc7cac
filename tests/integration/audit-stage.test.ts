// The pipeline's audit stage: after analysis, each lead the campaign will write to is measured
// in a real browser (Lighthouse in Debian's Chromium), the audit and its screenshots are kept
// in the database, then the lead is drafted. Without Chromium it is said once and leads are
// drafted from the crawl alone. A worker killed with SIGKILL mid-audit leaves no browser
// behind, and its audit is taken again by another worker: each lead audited and drafted once.
import { execa } from 'execa';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';
import { freePort } from '../support/ports.ts';

const CHROMIUM = { CHROME_PATH: '/usr/bin/chromium' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Row = Record<string, unknown>;
async function rows(h: Harness, sql: string, args: (string | number)[] = []): Promise<Row[]> {
  return (await h.ctx.db.$client.execute({ sql, args })).rows as unknown as Row[];
}

async function until(check: () => Promise<boolean>, what: string, ms = 120_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The profile folders (each audit's browser has its own, outreach-lighthouse-XXXXXX) of the Chromium
 * processes started under `ancestor` (pid), or under anyone when it is not given. Other tests and
 * other processes on the machine may be running audits meanwhile: a browser is told apart by its
 * profile, not counted.
 */
function auditBrowsers(ancestor?: number): Set<string> {
  let listed: string;
  try {
    listed = execFileSync('pgrep', ['-af', 'outreach-lighthouse-'], { encoding: 'utf8' });
  } catch {
    return new Set(); // pgrep exits 1 when nothing matches
  }
  const profiles = new Set<string>();
  for (const line of listed.split('\n').filter(Boolean)) {
    const pid = Number(line.slice(0, line.indexOf(' ')));
    const profile = /--user-data-dir=(\S*outreach-lighthouse-\w+)/.exec(line)?.[1];
    if (profile && (ancestor === undefined || descendsFrom(pid, ancestor))) profiles.add(profile);
  }
  return profiles;
}

/** Whether the process `pid` was started, directly or not, by `ancestor` (read from /proc). */
function descendsFrom(pid: number, ancestor: number): boolean {
  for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
    if (p === ancestor) return true;
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      p = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]); // the field after the state: the parent
    } catch {
      return false; // gone meanwhile
    }
  }
  return false;
}

async function startCampaign(h: Harness, fields: Record<string, unknown>): Promise<number> {
  const token = await h.login(ADMIN.username, ADMIN.password);
  const created = await h.call('POST', '/api/campaigns', { token, body: { name: `Audit ${fields.search_query}`, ...fields } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const started = await h.call('POST', `/api/campaigns/${created.body.id}/start`, { token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return created.body.id as number;
}

describe('the audit stage without Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
    await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
  });
  afterAll(() => h.close());

  it('says once how to install it, keeps "not measured" per lead, and drafts every lead from the crawl alone', async () => {
    const id = await startCampaign(h, { search_query: 'plumbers in Austin', max_results: 6 });
    const campaign = await h.runToEnd(id, { ms: 90_000 });
    expect(campaign.status).toBe('COMPLETED');
    expect(campaign.audits).toBeGreaterThan(0);
    expect(campaign.audits_finished).toBe(campaign.audits);
    // Without an audit, a lead is written to when its crawl found something worth saying.
    const notWritten = await rows(h, "SELECT message FROM activity WHERE campaign_id = ? AND message LIKE 'Not writing to %'", [id]);
    expect(campaign.emails_generated).toBeGreaterThan(0);
    expect(campaign.emails_generated + notWritten.length).toBe(campaign.audits);

    const audits = await rows(h, 'SELECT a.measured, a.audit, a.mobile_screenshot FROM site_audits a JOIN leads l ON l.id = a.lead_id WHERE l.campaign_id = ?', [id]);
    expect(audits).toHaveLength(campaign.audits);
    for (const a of audits) {
      expect(a.measured).toBe(0);
      expect(a.mobile_screenshot).toBeNull();
      expect(JSON.parse(String(a.audit))).toMatchObject({ measured: false, chromium_missing: true, reason: expect.stringMatching(/^Chromium is not installed at .*: apt-get install chromium$/) });
    }
    const said = await rows(h, "SELECT message, status FROM activity WHERE campaign_id = ? AND activity_type = 'audit'", [id]);
    expect(said.filter((e) => e.status === 'warning')).toEqual([
      { status: 'warning', message: expect.stringMatching(/^Sites are not audited: Chromium is not installed .*apt-get install chromium\. Leads are drafted from the crawl alone\.$/) },
    ]);
    // Every lead with a contact was written to or not, after its audit job.
    const drafted = await rows(h, 'SELECT count(DISTINCT lead_id) AS n FROM emails WHERE campaign_id = ?', [id]);
    expect(Number(drafted[0].n) + notWritten.length).toBe(campaign.audits);
  }, 120_000);

  it('an audit that keeps failing is retried, then dead-lettered with its reason; the lead stays analysed and is drafted', async () => {
    await h.ctx.settings.system.save({ dlq_max_retries: 1, retry_initial_delay: 0.5 }, null);
    let calls = 0;
    const real = h.ctx.providers.siteAuditor.bind(h.ctx.providers);
    h.ctx.providers.siteAuditor = async () => ({
      audit: async () => {
        calls++;
        throw new Error('PageSpeed Insights answered 503');
      },
    });
    try {
      const id = await startCampaign(h, { search_query: 'dentists in Denver', max_results: 2 });
      const campaign = await h.runToEnd(id, { ms: 90_000 });
      expect(campaign.status).toBe('COMPLETED');
      expect(campaign.audits).toBeGreaterThan(0);
      expect(calls).toBe(campaign.audits * 2); // the first attempt and the one retry
      const jobs = await rows(h, "SELECT status, last_error FROM jobs WHERE campaign_id = ? AND stage = 'audit'", [id]);
      for (const job of jobs) expect(job).toEqual({ status: 'dlq', last_error: 'PageSpeed Insights answered 503' });
      const leads = await rows(h, 'SELECT l.last_error, l.analyzed_at, a.audit, (SELECT count(*) FROM emails e WHERE e.lead_id = l.id) AS drafts FROM leads l JOIN site_audits a ON a.lead_id = l.id WHERE l.campaign_id = ?', [id]);
      expect(leads).toHaveLength(campaign.audits);
      for (const lead of leads) {
        expect(lead).toMatchObject({ last_error: null, drafts: 1 });
        expect(lead.analyzed_at).not.toBeNull();
        expect(JSON.parse(String(lead.audit))).toMatchObject({ measured: false, reason: 'the audit gave up: PageSpeed Insights answered 503' });
      }
      expect(campaign.leads_failed).toBe(0);
    } finally {
      h.ctx.providers.siteAuditor = real;
      await h.ctx.settings.system.save({ dlq_max_retries: 3, retry_initial_delay: 1 }, null);
    }
  }, 120_000);

  it('`outreach worker` says at start how to install Chromium, and nothing when it takes no audits', async () => {
    const env = { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${h.dir}/test.db`, CHROME_PATH: '/nonexistent/chromium' };
    const said = async (args: string[]) => {
      const worker = execa('node', ['bin/outreach.js', 'worker', ...args], { env, reject: false });
      let output = '';
      worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      await until(async () => /Ctrl-C stops it/.test(output) && (args.length > 0 || /Site audits/.test(output)), 'the worker to start', 30_000);
      await sleep(300);
      worker.kill('SIGTERM');
      await worker;
      return output;
    };
    expect(await said([])).toContain('Site audits: Chromium is not installed at /nonexistent/chromium (CHROME_PATH): apt-get install chromium. Until then leads are drafted from the crawl alone');
    expect(await said(['--stages', 'search,analyze,draft'])).not.toContain('Site audits');
  }, 60_000);

  it('a worker told to take audit jobs only takes nothing else', async () => {
    const id = await startCampaign(h, { search_query: 'florists in Boise', max_results: 2 });
    const auditsOnly = h.ctx.worker({ id: 'audits-only', concurrency: 1, pollMs: 20, stages: ['audit'] });
    expect(await auditsOnly.runOnce()).toBe(false); // only the campaign's search is queued
    const searcher = h.ctx.worker({ id: 'search-only', concurrency: 1, pollMs: 20, stages: ['search'] });
    expect(await searcher.runOnce()).toBe(true);
    expect(await searcher.runOnce()).toBe(false); // analyses are queued now, not its to take
    const queued = await rows(h, "SELECT stage, count(*) AS n FROM jobs WHERE campaign_id = ? AND status = 'queued' GROUP BY stage", [id]);
    expect(queued.map((r) => r.stage)).toEqual(['analyze']);
    await h.ctx.campaigns.pause(id);
  });
});

describe('the audit stage with Chromium', () => {
  let h: Harness;
  let env: Record<string, string>;
  beforeAll(async () => {
    // Fixed sandbox ports: the CLI worker below crawls the same URLs as this process.
    const sandbox = { OUTREACH_SANDBOX_PORT: String(await freePort()), OUTREACH_SANDBOX_HTTPS_PORT: String(await freePort()) };
    h = await startHarness({ ...sandbox, ...CHROMIUM });
    env = { ...sandbox, ...CHROMIUM, OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${h.dir}/test.db`, OUTREACH_DNS_SERVER: h.dnsServer };
    await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
  }, 60_000);
  afterAll(() => h.close());

  it('measures each lead it writes to, one audit at a time per worker, keeps the screenshot, then drafts', async () => {
    const id = await startCampaign(h, { search_query: 'bakeries in Portland', max_results: 3, max_emails: 2 });
    // Three loops, but audits one at a time: sample the running audit jobs while it works.
    const worker = h.ctx.worker({ id: 'three-loops', concurrency: 3, pollMs: 20 });
    let mostAtOnce = 0;
    const sampling = (async () => {
      while ((await h.ctx.campaigns.get(id)).status === 'RUNNING') {
        const [r] = await rows(h, "SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage = 'audit' AND status = 'running'", [id]);
        mostAtOnce = Math.max(mostAtOnce, Number(r.n));
        await sleep(100);
      }
    })();
    worker.start();
    await until(async () => (await h.ctx.campaigns.get(id)).status !== 'RUNNING', 'the campaign to finish', 240_000);
    await worker.stop();
    await sampling;

    const campaign = await h.ctx.campaigns.get(id);
    expect(campaign.status).toBe('COMPLETED');
    expect(campaign.audits).toBeGreaterThan(0);
    expect(campaign.audits_finished).toBe(campaign.audits);
    expect(mostAtOnce).toBe(1);

    const audited = await rows(h, 'SELECT a.lead_id, a.audit, a.mobile_screenshot, l.hostname FROM site_audits a JOIN leads l ON l.id = a.lead_id WHERE l.campaign_id = ? AND a.measured = 1', [id]);
    expect(audited.length).toBeGreaterThan(0);
    const first = audited[0];
    const audit = JSON.parse(String(first.audit));
    expect(audit).toMatchObject({ measured: true, device: 'mobile', runs: 1, lighthouse_version: '12.2.3', screenshots: {} });
    expect(audit.performance).toBeGreaterThanOrEqual(0);
    expect(audit.lcp_ms).toBeGreaterThan(0);
    // The JPEG itself is in the database, not in the JSON.
    const jpeg = Buffer.from(first.mobile_screenshot as ArrayBuffer);
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(await h.ctx.audits.screenshot(Number(first.lead_id), 'mobile')).toEqual(jpeg);

    const events = await rows(h, "SELECT message FROM activity WHERE campaign_id = ? AND activity_type = 'audit' AND status = 'success'", [id]);
    expect(events.map((e) => e.message)).toContainEqual(expect.stringMatching(new RegExp(`^Audited ${String(first.hostname).replace(/\./g, '\\.')}: performance \\d+/100 \\((good|needs improvement|poor)\\), LCP [\\d.]+ m?s .* on a phone \\(`)));
    // Its draft came after its audit.
    const [draft] = await rows(h, 'SELECT e.created_at AS drafted, a.measured_at FROM emails e JOIN site_audits a ON a.lead_id = e.lead_id WHERE e.lead_id = ?', [Number(first.lead_id)]);
    expect(Number(draft.drafted)).toBeGreaterThanOrEqual(Number(draft.measured_at));
  }, 300_000);

  it('a worker killed with SIGKILL mid-audit leaves no browser, and its audit is done once by another', async () => {
    const id = await startCampaign(h, { search_query: 'dentists in Denver', max_results: 2 });
    // Search and analyse here; the audits are left for the CLI worker.
    const analyser = h.ctx.worker({ id: 'analyser', concurrency: 2, pollMs: 20, stages: ['search', 'analyze'] });
    analyser.start();
    await until(async () => {
      const [r] = await rows(h, "SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage IN ('search', 'analyze') AND status IN ('queued', 'running')", [id]);
      return Number(r.n) === 0 && (await h.ctx.campaigns.get(id)).total_leads > 0;
    }, 'the analyses');
    await analyser.stop();
    const audits = Number((await rows(h, "SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage = 'audit'", [id]))[0].n);
    expect(audits).toBeGreaterThan(0);

    const cli = execa('node', ['bin/outreach.js', 'worker', '--stages', 'audit,draft', '--lease', '3', '--concurrency', '1'], { env, reject: false });
    let browsers = new Set<string>();
    await until(async () => {
      const [r] = await rows(h, "SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage = 'audit' AND status = 'running'", [id]);
      browsers = auditBrowsers(cli.pid);
      return Number(r.n) === 1 && browsers.size > 0;
    }, 'the CLI worker to start an audit in Chromium', 60_000);
    cli.kill('SIGKILL');
    await cli;
    // Whatever else runs audits meanwhile, none of the killed worker's browsers is left.
    const left = () => [...auditBrowsers()].filter((profile) => browsers.has(profile));
    await until(async () => left().length === 0, 'the killed worker\'s Chromium to be gone', 10_000);

    // Another worker takes the audit once the dead one's lease has run out.
    const second = h.ctx.worker({ id: 'second', concurrency: 1, pollMs: 50, leaseMs: 3_000 });
    second.start();
    await until(async () => (await h.ctx.campaigns.get(id)).status !== 'RUNNING', 'the campaign to finish after the kill', 240_000);
    await second.stop();
    const campaign = await h.ctx.campaigns.get(id);
    expect(campaign.status).toBe('COMPLETED');
    expect(campaign.audits_finished).toBe(audits);
    const perLead = await rows(h, 'SELECT l.id, (SELECT count(*) FROM site_audits a WHERE a.lead_id = l.id) AS audits, (SELECT count(*) FROM emails e WHERE e.lead_id = l.id) AS drafts FROM leads l JOIN jobs j ON j.lead_id = l.id AND j.stage = \'audit\' WHERE l.campaign_id = ?', [id]);
    for (const lead of perLead) expect(lead, `lead ${lead.id}`).toMatchObject({ audits: 1, drafts: 1 });
    const retried = await rows(h, "SELECT attempts FROM jobs WHERE campaign_id = ? AND stage = 'audit' AND attempts > 1", [id]);
    expect(retried).toHaveLength(1); // the one the killed worker held
  }, 360_000);
});
