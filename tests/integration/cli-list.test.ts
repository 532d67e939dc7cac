// `outreach campaign create --list FILE` and `outreach run --list FILE` as a user runs them: the
// real binary, a temp database, the sandbox web on loopback (served by this test process; the
// CLI joins it). Skipped rows are printed by line; the run reads the list, not a search.
import { execa } from 'execa';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.ts';
import { isReachable } from '../../src/sandbox/placement.ts';
import { hostnameOf, urlOf } from '../../src/sandbox/urls.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-list-'));
let env: Record<string, string>;
let web: Sandbox;
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });
const lines = (stdout: string) => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  // Ports 0: the sandbox binds free ports itself and says which (a port found free beforehand can be taken before it binds it).
  web = await startSandbox({ seed: 'outreach-sandbox-v1', sites: 240, httpPort: 0, httpsPort: 0, slow: false });
  env = {
    OUTREACH_DATA_DIR: dir,
    OUTREACH_DB_URL: `file:${join(dir, 'cli-list.db')}`,
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

const reachable = () => web.sites.filter(isReachable);
const url = (i: number) => urlOf(reachable()[i], web);
const host = (i: number) => hostnameOf(reachable()[i]);

describe('outreach campaign create --list', () => {
  it('creates a DRAFT campaign from a CSV and prints every skipped row with its line', async () => {
    const file = join(dir, 'crm-export.csv');
    writeFileSync(file, ['Company,Website,Email', `Acme,${url(0)},maria@gmail.com`, 'Broken,htp:/x,', `Again,${url(0)},`, `Bolt,${url(1)},`].join('\n'));
    const res = await outreach('campaign', 'create', '--list', file, '--name', 'My CRM');
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout.split('\n')).toEqual([
      'crm-export.csv: 2 new businesses (1 with a contact email), 0 already leads, 2 rows skipped',
      "  line 3: 'htp:/x' is not a web address (not an http(s) URL (htp:))",
      `  line 4: ${host(0)} is already on line 2`,
      expect.stringMatching(/^Campaign created in test mode: \d+ "My CRM"\. Start it with: outreach campaign start \d+ \[--wait\]$/),
    ]);
    const json = await outreach('campaign', 'create', '--list', file, '--json');
    expect(json.exitCode, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ campaign: { name: 'List: crm-export.csv', status: 'DRAFT', lead_list_id: expect.any(Number) }, preview: { accepted: 2, skipped: 2 } });
  }, 60_000);

  it('refuses a broken file, a missing file and a list mixed with a search, naming the problem', async () => {
    const broken = join(dir, 'broken.csv');
    writeFileSync(broken, `url\n${url(2)}\n"${url(3)}\n`);
    const res = await outreach('campaign', 'create', '--list', broken);
    expect(res.exitCode).not.toBe(0);
    expect(res.stderr).toContain('line 3: a quote (") opened in this row is never closed');
    const missing = await outreach('campaign', 'create', '--list', join(dir, 'nope.csv'));
    expect(missing.exitCode).not.toBe(0);
    expect(missing.stderr).toContain('nope.csv: no such file');
    const mixed = await outreach('campaign', 'create', '--list', broken, '--query', 'plumbers');
    expect(mixed.exitCode).not.toBe(0);
    expect(mixed.stderr).toContain('--list reads your list instead of searching');
    const nothing = await outreach('run');
    expect(nothing.exitCode).not.toBe(0);
    expect(nothing.stderr).toContain('Say what to search for (outreach run "plumbers in Austin") or give your own list with --list FILE');
    const list = lines((await outreach('campaign', 'list', '--json')).stdout);
    expect(list).toHaveLength(2); // the two from the test above, nothing half-made
  }, 60_000);
});

describe('outreach run --list', () => {
  it('runs a plain list to COMPLETED without a search, reporting known hosts instead of adding them', async () => {
    const file = join(dir, 'fair.txt');
    writeFileSync(file, ['# met at the trade fair', url(4), url(5), `${url(6)} Cedar Dental`, 'not a website'].join('\n'));
    const run = await outreach('run', '--list', file, '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('fair.txt: 3 new businesses (0 with a contact email), 0 already leads, 1 row skipped');
    expect(run.stderr).toContain("line 5: 'not a website' is not a web address");
    const out = lines(run.stdout);
    const messages = out.filter((o) => o.type === 'activity').map((o) => String(o.message));
    expect(messages).toContain('Read 3 businesses from the imported list (no search quota used): 3 new');
    expect(messages.some((m) => m.startsWith('Searching'))).toBe(false);
    expect(out.at(-1)).toMatchObject({ type: 'summary', status: 'COMPLETED', total_leads: 3, processed_leads: 3 });

    const again = await outreach('run', '--list', file, '--json');
    expect(again.exitCode).not.toBe(0);
    expect(again.stderr).toContain(`no row can be imported: 3 rows are leads already (e.g. ${host(4)} on line 2); 1 row skipped (line 5: 'not a website' is not a web address)`);
    const usage = JSON.parse((await outreach('usage', '--json')).stdout);
    expect(JSON.stringify(usage)).toMatch(/"serpapi_calls_this_month":0/);
  }, 120_000);
});

describe('outreach campaign create --list with a sequence', () => {
  it('gives a list campaign a follow-up sequence from the flags, checked before anything is imported', async () => {
    const file = join(dir, 'with-sequence.txt');
    writeFileSync(file, `${url(9)}\n`);
    const res = await outreach('campaign', 'create', '--list', file, '--follow-ups', '2', '--follow-up-days', '3,7', '--json');
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).campaign.sequence).toEqual({ steps: 3, follow_up_days: [3, 7], stop_on_click: false, stop_on_report_view: false });
    const bad = await outreach('campaign', 'create', '--list', file, '--follow-ups', '2', '--follow-up-days', '3,x');
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toMatch(/follow_up_days/);
    const ab = await outreach('campaign', 'create', '--list', file, '--subject-variants', '2');
    expect(ab.exitCode).not.toBe(0);
    expect(ab.stderr).toContain('--subject-variants needs a searched campaign');
  });
});
