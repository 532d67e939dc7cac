// `outreach leads list|show|export` through the real binary, over leads from a small
// sandbox campaign plus one lead whose title is a spreadsheet formula.
import { parse } from 'csv-parse/sync';
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { CreateCampaignInput } from '../../src/core/model/campaign.ts';
import { parseInput } from '../../src/core/model/validate.ts';
import { TERMINAL_OPERATOR } from '../../src/core/users/access.ts';
import { leads } from '../../src/db/schema/leads.ts';
import { NO_CHROMIUM } from '../support/no-chromium.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-leads-'));
// The campaign runs in this process from this env (not process.env): it says "no Chromium" itself,
// or every lead would get a real Lighthouse run this suite does not look at.
const env = { OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'cli.db')}`, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0', ...NO_CHROMIUM };
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });
const ndjson = (text: string) => text.split('\n').filter(Boolean).map((line) => JSON.parse(line));

let campaignId: number;
let formulaId: number;
let drafted: { id: number; subject: string };

beforeAll(async () => {
  const ctx = await buildContext(loadConfig(env));
  try {
    await ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
    const campaign = await ctx.campaigns.create(TERMINAL_OPERATOR, parseInput(CreateCampaignInput, { name: 'Austin plumbers', search_query: 'plumbers in Austin', max_results: 5 }));
    campaignId = campaign.id;
    await ctx.campaigns.start(campaignId);
    const worker = ctx.worker({ concurrency: 3, pollMs: 20 });
    worker.start();
    for (const deadline = Date.now() + 100_000; (await ctx.campaigns.get(campaignId)).status === 'RUNNING' && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await worker.stop();
    const [formula] = await ctx.db.insert(leads).values({ url: 'https://formula.example/', hostname: 'formula.example', title: '=HYPERLINK("https://evil.example","x")' }).returning();
    formulaId = formula.id;
    const row = (await ctx.db.$client.execute('SELECT lead_id, subject FROM emails ORDER BY id LIMIT 1')).rows[0];
    drafted = { id: Number(row.lead_id), subject: String(row.subject) };
  } finally {
    await ctx.close();
  }
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('outreach leads list', () => {
  it('prints NDJSON with --json, filtered and sorted', async () => {
    const all = await outreach('leads', 'list', '--json');
    expect(all.exitCode).toBe(0);
    const items = ndjson(all.stdout);
    expect(items).toHaveLength(6);
    expect(items[0].id).toBe(formulaId); // newest first
    const mine = ndjson((await outreach('leads', 'list', '--campaign', String(campaignId), '--json')).stdout);
    expect(mine).toHaveLength(5);
    expect(mine.every((l) => l.campaign_id === campaignId)).toBe(true);
    const fresh = ndjson((await outreach('leads', 'list', '--status', 'NEW', '--json')).stdout);
    expect(fresh.map((l) => l.id)).toEqual([formulaId]);
    const scores = ndjson((await outreach('leads', 'list', '--sort', 'opportunity', '--limit', '3', '--json')).stdout).map((l) => l.market_opportunity_score);
    expect(scores).toHaveLength(3);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('prints a table otherwise, and explains bad options', async () => {
    const table = await outreach('leads', 'list', '--limit', '2');
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+STATUS\s+COMPANY\s+CATEGORY\s+CITY\s+OPPORTUNITY\s+EMAIL\s+URL$/);
    expect(table.stdout).toContain('Showing 2 of 6 leads');
    const bad = await outreach('leads', 'list', '--sort', 'price');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toBe('error: sort must be one of discovered_at, opportunity, urgency, industry, location');
  });
});

describe('outreach leads show', () => {
  it('shows the fields, the analysis with its issues, and the emails', async () => {
    const shown = await outreach('leads', 'show', String(drafted.id));
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toMatch(/^Lead \d+: /);
    expect(shown.stdout).toMatch(/Analysis: SSL (yes|no), mobile (yes|no)/);
    expect(shown.stdout).toMatch(/Issues:/);
    expect(shown.stdout).toContain('Emails (1):');
    expect(shown.stdout).toContain(drafted.subject);
    const json = JSON.parse((await outreach('leads', 'show', String(drafted.id), '--json')).stdout);
    expect(json.lead.id).toBe(drafted.id);
    expect(json.summary).toMatchObject({ total_emails: 1, draft_emails: 1 });
    expect(json.emails[0].subject).toBe(drafted.subject);
    const missing = await outreach('leads', 'show', '99999');
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toBe('error: Lead not found');
  });
});

describe('outreach leads export', () => {
  it('writes formula-safe CSV of exactly the chosen leads to stdout', async () => {
    const out = await outreach('leads', 'export', '--ids', `${formulaId},${drafted.id}`);
    expect(out.exitCode).toBe(0);
    const rows = parse(out.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([drafted.id, formulaId].sort((a, b) => a - b));
    expect(rows.find((r) => Number(r.id) === formulaId)!.title).toBe(`'=HYPERLINK("https://evil.example","x")`);
  });

  it("writes a campaign's leads to a file with -o", async () => {
    const file = join(dir, 'austin.csv');
    const out = await outreach('leads', 'export', '--campaign', String(campaignId), '-o', file);
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toBe(`Exported 5 leads to ${file}`);
    const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => Number(r.campaign_id) === campaignId)).toBe(true);
    const unknown = await outreach('leads', 'export', '--campaign', '999');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toBe('error: Campaign not found');
  });
});
