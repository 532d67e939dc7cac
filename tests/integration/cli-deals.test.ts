// `outreach deals` and `outreach deals move` through the real binary over a real database.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-deals-'));
const env = { OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'cli.db')}`, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' };
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });
const ndjson = (text: string) => text.split('\n').filter(Boolean).map((line) => JSON.parse(line));

let leadId: number;
let otherId: number;

beforeAll(async () => {
  const ctx = await buildContext(loadConfig(env));
  try {
    await ctx.users.bootstrapAdmin({ username: 'admin', password: 'admin-password-1' });
    const exec = (sql: string, args: (string | number)[] = []) => ctx.db.$client.execute({ sql, args });
    const campaign = Number((await exec("INSERT INTO campaigns (name, search_query, estimated_project_value, created_at, updated_at) VALUES ('Denver roofers', 'roofers in Denver', '$2k-$5k', 1, 1) RETURNING id")).rows[0].id);
    const lead = (host: string, name: string) =>
      exec("INSERT INTO leads (campaign_id, url, hostname, company_name, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'REPLIED', '[]', '[]', '[]', 1, 1, 1) RETURNING id", [campaign, `https://${host}/`, host, name]);
    leadId = Number((await lead('peak.example', 'Peak Roofing')).rows[0].id);
    otherId = Number((await lead('summit.example', 'Summit Roofs')).rows[0].id);
    await ctx.deals.dealFromReply(otherId, 'interested');
  } finally {
    await ctx.close();
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('outreach deals', () => {
  it('moves a deal with a value and an owner, recorded as from the terminal', async () => {
    const moved = await outreach('deals', 'move', String(leadId), 'meeting_booked', '--value', '3500', '--owner', 'ADMIN');
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(moved.stdout).toBe(`Lead ${leadId} (Peak Roofing): deal at meeting_booked, status REPLIED, value 3,500, owner admin.`);
    const won = await outreach('deals', 'move', String(leadId), 'won');
    expect(won.stdout).toBe(`Lead ${leadId} (Peak Roofing): deal at won, status CONVERTED, value 3,500, owner admin.`);
    const history = JSON.parse((await outreach('leads', 'show', String(leadId), '--json')).stdout).activities.map((a: { description: string }) => a.description);
    expect(history).toEqual(expect.arrayContaining(['Deal moved from Meeting booked to Won from the terminal', 'Deal owner set to admin (was nobody) from the terminal']));
  });

  it('lists the board as text and as one JSON object per column', async () => {
    const text = await outreach('deals');
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('Interested: 1 deal, 2,000 in total');
    expect(text.stdout).toContain('Won: 1 deal, 3,500 in total');
    expect(text.stdout).toMatch(/Peak Roofing\s+Denver roofers\s+3,500\s+admin\s+0/);
    const columns = ndjson((await outreach('deals', '--stage', 'interested', '--json')).stdout);
    expect(ndjson((await outreach('deals', '--assigned-to', 'admin', '--json')).stdout).map((c) => c.count)).toEqual([0, 0, 0, 1, 0]);
    expect(columns).toHaveLength(1);
    expect(columns[0]).toMatchObject({ stage: 'interested', count: 1, total_value: 2000, deals: [{ lead_id: otherId, company: 'Summit Roofs', value: 2000 }] });
  });

  it('refuses bad input with a message and exit code 1', async () => {
    const cases: [string[], RegExp][] = [
      [['deals', 'move', String(leadId), 'closed'], /stage must be one of interested, meeting_booked/],
      [['deals', 'move', String(leadId), 'lost', '--value', 'lots'], /value must be a number/],
      [['deals', 'move', String(leadId), 'lost', '--owner', 'ghost'], /no user is named "ghost"/],
      [['deals', 'move', '999999', 'won'], /Lead not found/],
      [['deals', '--stage', 'closed'], /stage must be one of/],
    ];
    for (const [args, message] of cases) {
      const res = await outreach(...args);
      expect(res.exitCode, args.join(' ')).toBe(1);
      expect(res.stderr).toMatch(message);
    }
    expect(JSON.parse((await outreach('leads', 'show', String(leadId), '--json')).stdout).lead.deal_stage).toBe('won');
  });
});
