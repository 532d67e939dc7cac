// A campaign over a search the sandbox catalogue does not know ("roofers in Phoenix", a trade
// it has in a city it has not; "dog groomers in Smallville, KS", neither): `outreach run`
// finds generated businesses, crawls and analyses them. The sandbox web is served by this
// test process, as by a long-running `outreach serve`: the CLI process joins it, so every
// generated site it crawls is rendered by another process, from its host name alone.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchSites } from '../../src/sandbox/query.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.ts';
import { groundTruth } from '../../src/sandbox/truth.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-sandbox-campaign-'));
let env: Record<string, string>;
let web: Sandbox;
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });
const lines = (stdout: string) => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  // Ports 0: the sandbox binds free ports itself and says which. A port found free beforehand can be
  // taken before the sandbox binds it (a fresh-clone CI run lost that race once: 'Sandbox https
  // port … is already in use').
  web = await startSandbox({ seed: 'outreach-sandbox-v1', sites: 240, httpPort: 0, httpsPort: 0, slow: false });
  env = {
    OUTREACH_DATA_DIR: dir,
    OUTREACH_DB_URL: `file:${join(dir, 'campaign.db')}`,
    OUTREACH_SANDBOX_PORT: String(web.httpPort),
    OUTREACH_SANDBOX_HTTPS_PORT: String(web.httpsPort),
  };
  const fast = await outreach('settings', 'system', '--set', 'scraping_delay=0.5', 'enable_rate_limiting=false');
  expect(fast.exitCode, fast.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function runCampaign(query: string, max: number) {
  const run = await outreach('run', query, '--json', '--max-results', String(max));
  expect(run.exitCode, run.stderr).toBe(0);
  const out = lines(run.stdout);
  const summary = out.at(-1)!;
  const activity = out.filter((o) => o.type === 'activity').map((o) => String(o.message));
  const leads = lines((await outreach('leads', 'list', '--campaign', String(summary.campaign_id), '--limit', '200', '--json')).stdout);
  return { summary, activity, leads };
}

describe('a campaign over a search the catalogue did not know', () => {
  it('runs "roofers in Phoenix" end to end: finds 5 generated roofers in Phoenix and analyses them', async () => {
    const expected = matchSites(web.sites, 'roofers in Phoenix').slice(0, 5);
    expect(expected.every((s) => s.industry === 'roofers' && s.city === 'Phoenix' && s.state === 'AZ')).toBe(true);
    const { summary, activity, leads } = await runCampaign('roofers in Phoenix', 5);

    expect(summary).toMatchObject({ type: 'summary', status: 'COMPLETED', total_leads: 5, processed_leads: 5 });
    expect(activity).toContain('Found 5 businesses: 5 new');
    expect(leads.map((l) => l.hostname).sort()).toEqual(expected.map((s) => `${s.slug}.localhost`).sort());
    const truths = new Map(expected.map((s) => [`${s.slug}.localhost`, groundTruth(s)]));
    for (const lead of leads) {
      const t = truths.get(String(lead.hostname))!;
      // What the finder reports is on the site; what the site shows, it finds.
      if (lead.contact_email) expect(t.emails, t.slug).toContain(lead.contact_email);
      if (t.primary_email) expect(lead.contact_email, t.slug).toBe(t.primary_email);
    }
    expect(summary.leads_with_email).toBe(expected.filter((s) => groundTruth(s).primary_email).length);
    // Found / analysed / failed: a site it could not read is failed, never analysed, and says why in plain words.
    const failed = leads.filter((l) => l.last_error);
    expect(summary).toMatchObject({ leads_failed: failed.length, leads_analysed: 5 - failed.length });
    for (const lead of leads) {
      const t = truths.get(String(lead.hostname))!;
      if (t.robots.disallowed.some((d) => '/'.startsWith(d))) expect(lead.last_error, t.slug).toBe('Website not analysed: robots.txt forbids crawling');
      if (lead.last_error) expect(String(lead.last_error), t.slug).not.toMatch(/getaddrinfo|ECONN|EPROTO|SSL routines|timed out after/);
    }
  }, 120_000);

  it('runs a trade and a town it has never heard of, with the user\'s words as the trade', async () => {
    const expected = matchSites(web.sites, 'dog groomers in Smallville, KS').slice(0, 3);
    const { summary, leads } = await runCampaign('dog groomers in Smallville, KS', 3);
    expect(summary).toMatchObject({ status: 'COMPLETED', total_leads: 3, processed_leads: 3 });
    expect(leads.map((l) => l.hostname).sort()).toEqual(expected.map((s) => `${s.slug}.localhost`).sort());
    for (const lead of leads) expect(String(lead.hostname)).toMatch(/^dog-groomer-in-smallville-ks-\d+\.localhost$/);
  }, 120_000);
});
