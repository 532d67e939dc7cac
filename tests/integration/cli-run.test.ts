// `outreach run` and `outreach campaign …` as a user runs them: the real binary, a temp
// database, the sandbox web on loopback. NDJSON, Ctrl-C → pause → resume, refusals, and
// the Ink view rendered once to a fake terminal.
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS_DIR as SHOTS } from '../e2e/support/browser.ts';
import type { ActivityItem } from '../../src/core/activity/feed.ts';
import type { Campaign } from '../../src/core/model/campaign.ts';
import { RunView } from '../../src/cli/ui/RunView.tsx';
import { freePort } from '../support/ports.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-run-'));
let env: Record<string, string>;
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });

const lines = (stdout: string) => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

// Both sandbox ports are fixed for the whole file so that a campaign paused in one process
// and resumed in another crawls the same URLs.
beforeAll(async () => {
  env = {
    OUTREACH_DATA_DIR: dir,
    OUTREACH_DB_URL: `file:${join(dir, 'cli-run.db')}`,
    OUTREACH_SANDBOX_PORT: String(await freePort()),
    OUTREACH_SANDBOX_HTTPS_PORT: String(await freePort()),
  };
  // Jobs run quickly in tests: no politeness delay between pages of one site.
  const fast = await outreach('settings', 'system', '--set', 'scraping_delay=0.5', 'enable_rate_limiting=false');
  expect(fast.exitCode, fast.stderr).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('outreach run --json', () => {
  it('streams the pipeline as NDJSON and ends with a COMPLETED summary', async () => {
    const run = await outreach('run', 'plumbers in Austin', '--json', '--max-results', '4');
    expect(run.exitCode, run.stderr).toBe(0);
    const out = lines(run.stdout);
    expect(out.every((o) => typeof o.type === 'string')).toBe(true);
    expect(new Set(out.map((o) => o.type))).toEqual(new Set(['activity', 'progress', 'summary']));

    const types = out.filter((o) => o.type === 'activity').map((o) => String(o.activity_type));
    const first = (t: string) => types.indexOf(t);
    for (const t of ['search', 'discover', 'scrape', 'analyze', 'analysis_complete']) expect(types, t).toContain(t);
    expect(first('search')).toBeLessThan(first('discover'));
    expect(first('discover')).toBeLessThan(first('scrape'));
    expect(first('scrape')).toBeLessThan(first('analyze'));
    expect(first('analyze')).toBeLessThan(first('analysis_complete'));
    if (types.includes('email_generated')) expect(first('analysis_complete')).toBeLessThan(first('email_generated'));
    const ids = out.filter((o) => o.type === 'activity').map((o) => Number(o.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b)); // in order, each once
    expect(new Set(ids).size).toBe(ids.length);

    const progress = out.filter((o) => o.type === 'progress').map((o) => JSON.stringify(o));
    progress.slice(1).forEach((p, i) => expect(p).not.toBe(progress[i])); // only when it changed

    const summary = out.at(-1)!;
    expect(summary).toMatchObject({ type: 'summary', status: 'COMPLETED', total_leads: 4, processed_leads: 4, errors: 0 });
    expect(Object.keys(summary).sort()).toEqual(['audits', 'audits_finished', 'campaign_id', 'emails_generated', 'errors', 'leads_analysed', 'leads_failed', 'leads_with_email', 'processed_leads', 'search_note', 'status', 'total_leads', 'type']);
    expect(Number(summary.leads_analysed) + Number(summary.leads_failed)).toBe(summary.processed_leads);
    // Each lead with an email is written to, or the feed says why not.
    const notWritten = out.filter((o) => o.type === 'activity' && /^Not writing to /.test(String(o.message)));
    expect(Number(summary.emails_generated) + notWritten.length).toBe(summary.leads_with_email);

    const list = lines((await outreach('campaign', 'list', '--json')).stdout);
    expect(list.find((c) => c.id === summary.campaign_id)).toMatchObject({ status: 'COMPLETED', name: 'plumbers in Austin', total_leads: 4 });
    const shown = await outreach('campaign', 'show', String(summary.campaign_id), '--json');
    expect(JSON.parse(shown.stdout)).toMatchObject({
      status: 'COMPLETED',
      total_leads: 4,
      processed_leads: 4,
      leads_with_email: summary.leads_with_email,
      emails_generated: summary.emails_generated,
      jobs: { queued: 0, running: 0, failed: 0, dlq: 0 },
    });
  }, 120_000);

  it('prints plain lines and a summary when piped without --json', async () => {
    const run = await outreach('run', 'roofers', '--location', 'Denver', '--max-results', '2', '--name', 'Denver roofers');
    expect(run.exitCode, run.stderr).toBe(0);
    let out = run.stdout.split('\n');
    // After the summary, a hint on what to do with the drafts (when there are any).
    if (out.at(-1)!.startsWith('Review the drafts')) out = out.slice(0, -1);
    // Sites it could not read, or fewer businesses than asked for, are said after the summary.
    const summaryAt = out.findIndex((l) => l.startsWith('Campaign ') && l.includes(' COMPLETED: '));
    expect(out[summaryAt]).toMatch(/^Campaign \d+ COMPLETED: \d+ found, \d+ analysed, \d+ failed, \d+ with email, \d+ drafts, 0 errors$/);
    const after = out.slice(summaryAt + 1);
    for (const line of after) expect(line).toMatch(/^(Campaign \d+ completed\b|Found \d+ business(es)? \(asked for 2\): )/);
    // Fewer than --max-results: it says why, from what the search answered.
    const found = Number(/: (\d+) found/.exec(out[summaryAt])![1]);
    if (found < 2) expect(after).toContainEqual(expect.stringMatching(new RegExp(`^Found ${found} business(es)? \\(asked for 2\\): the search returned only`)));
    out = out.slice(0, summaryAt + 1);
    expect(out.length).toBeGreaterThan(3);
    for (const line of out.slice(0, -1)) expect(line).toMatch(/^\d\d:\d\d:\d\d {2}(info|success|warning|error) +\S/);
    expect(out[0]).toContain('Campaign "Denver roofers" started');
  }, 120_000);
});

describe('Ctrl-C and resume', () => {
  it('pauses on SIGINT (exit 130) and `campaign resume --wait` finishes the campaign', async () => {
    const child = execa('node', ['bin/outreach.js', 'run', 'dentists in Denver', '--json', '--max-results', '5'], { env, reject: false });
    const seen: Record<string, unknown>[] = [];
    let interrupted = false;
    for await (const line of child) {
      const item = JSON.parse(String(line)) as Record<string, unknown>;
      seen.push(item);
      if (!interrupted && item.activity_type === 'discover') {
        interrupted = true;
        child.kill('SIGINT');
      }
    }
    const result = await child;
    expect(interrupted).toBe(true);
    expect(result.exitCode, result.stderr).toBe(130);
    const summary = seen.at(-1)!;
    expect(summary).toMatchObject({ type: 'summary', status: 'PAUSED' });
    const id = Number(summary.campaign_id);
    expect(result.stderr).toContain(`Paused campaign ${id}. Continue with: outreach campaign resume ${id}`);
    expect(JSON.parse((await outreach('campaign', 'show', String(id), '--json')).stdout)).toMatchObject({ status: 'PAUSED' });

    const resumed = await outreach('campaign', 'resume', String(id), '--wait', '--json');
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const out = lines(resumed.stdout);
    expect(out[0]).toMatchObject({ type: 'activity', message: expect.stringContaining('resumed') });
    expect(out.at(-1)).toMatchObject({ type: 'summary', campaign_id: id, status: 'COMPLETED', total_leads: 5, processed_leads: 5 });
    const shown = JSON.parse((await outreach('campaign', 'show', String(id), '--json')).stdout);
    expect(shown).toMatchObject({ status: 'COMPLETED', total_leads: 5, processed_leads: 5, jobs: { queued: 0, running: 0 } });
  }, 120_000);
});

describe('a closed terminal and a killed run', () => {
  it('pauses on SIGHUP like Ctrl-C', async () => {
    const child = execa('node', ['bin/outreach.js', 'run', 'roofers in Albuquerque', '--json', '--max-results', '3'], { env, reject: false });
    let id = 0;
    for await (const line of child) {
      const item = JSON.parse(String(line)) as Record<string, unknown>;
      if (!id && item.activity_type === 'discover') {
        id = Number(item.campaign_id);
        child.kill('SIGHUP');
      }
    }
    const result = await child;
    expect(id).toBeGreaterThan(0);
    expect(result.exitCode, result.stderr).toBe(130);
    const shown = JSON.parse((await outreach('campaign', 'show', String(id), '--json')).stdout);
    expect(shown.status).toBe('PAUSED');
    expect(shown.jobs.running).toBe(0); // nothing left claimed by the closed run
  }, 120_000);

  it('after kill -9, `campaign resume --wait` takes the dead run\'s jobs at once and finishes', async () => {
    const child = execa('node', ['bin/outreach.js', 'run', 'electricians in Boise', '--json', '--max-results', '4'], { env, reject: false });
    let id = 0;
    for await (const line of child) {
      const item = JSON.parse(String(line)) as Record<string, unknown>;
      if (!id && item.activity_type === 'scrape') {
        id = Number(item.campaign_id);
        child.kill('SIGKILL');
      }
    }
    await child;
    const dead = JSON.parse((await outreach('campaign', 'show', String(id), '--json')).stdout);
    expect(dead.status).toBe('RUNNING');
    expect(dead.jobs.running).toBeGreaterThan(0);

    const started = Date.now();
    const resumed = await outreach('campaign', 'resume', String(id), '--wait', '--json');
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    // The dead run's leases (120 s) were not waited out.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(resumed.stderr).toMatch(/^Took back \d+ jobs? from a run that is no longer running\.$/m);
    expect(lines(resumed.stdout).at(-1)).toMatchObject({ type: 'summary', campaign_id: id, status: 'COMPLETED', total_leads: 4, processed_leads: 4 });
    const shown = JSON.parse((await outreach('campaign', 'show', String(id), '--json')).stdout);
    expect(shown).toMatchObject({ status: 'COMPLETED', leads_not_analysed: 0, jobs: { queued: 0, running: 0 } });
  }, 120_000);
});

describe('refusals', () => {
  it('validates like the API and explains state conflicts', async () => {
    const noQuery = await outreach('campaign', 'create', '--name', 'x');
    expect(noQuery.exitCode).toBe(1);
    expect(noQuery.stderr).toBe('error: search_query is required');
    const bad = await outreach('campaign', 'create', '--name', 'x', '--query', 'florists', '--max-results', '0', '--mode', 'loud');
    expect(bad.stderr).toBe("error: mode must be 'test' or 'live'; max_results must be between 1 and 1000");

    const done = lines((await outreach('campaign', 'list', '--json')).stdout).find((c) => c.status === 'COMPLETED')!;
    const pause = await outreach('campaign', 'pause', String(done.id));
    expect(pause.exitCode).toBe(1);
    expect(pause.stderr).toBe('error: Cannot pause a campaign that is COMPLETED (allowed when RUNNING)');
    expect((await outreach('campaign', 'show', 'abc')).stderr).toBe('error: id must be a positive whole number written in digits');
  }, 60_000);

  it('creates, starts without a worker, and deletes only with --yes when not on a terminal', async () => {
    const created = JSON.parse((await outreach('campaign', 'create', '--name', 'Boise florists', '--query', 'florists', '--location', 'Boise', '--json')).stdout);
    expect(created).toMatchObject({ status: 'DRAFT', mode: 'test', location: 'Boise' });
    const started = await outreach('campaign', 'start', String(created.id));
    expect(started.stdout).toContain('A worker must be running to process it');
    expect((await outreach('campaign', 'start', String(created.id))).stderr).toBe('error: Cannot start a campaign that is RUNNING (allowed when DRAFT)');
    const refused = await outreach('campaign', 'delete', String(created.id));
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('without --yes');
    expect((await outreach('campaign', 'delete', String(created.id), '--yes')).exitCode).toBe(0);
    expect((await outreach('campaign', 'show', String(created.id))).stderr).toBe('error: Campaign not found');
  }, 60_000);
});

describe('the Ink view', () => {
  const campaign: Campaign = {
    id: 7, name: 'Austin plumbers', search_query: 'plumbers', industry: 'Plumbing', location: 'Austin', mode: 'test', status: 'RUNNING',
    max_results: 10, max_emails: 5, sequence: { steps: 1, follow_up_days: [], stop_on_click: false, stop_on_report_view: false }, report_pages: true, lead_list_id: null, total_leads: 4, processed_leads: 2, leads_analysed: 2, leads_failed: 0, leads_not_analysed: 0, emails_generated: 1, emails_sent: 0, emails_opened: 0,
    emails_replied: 0, conversions: 0, leads_with_email: 2, audits: 2, audits_finished: 1, email_success_rate: 100, current_website_url: 'http://mercerplumbing.localhost:4100/',
    phase: 'analyze', last_error: null, search_note: null, requeued_leads: null, created_at: '2026-01-05T10:00:00.000Z', started_at: '2026-01-05T10:00:01.000Z', completed_at: null,
    subject_variants: null, ab_test: null,
  };
  const event = (id: number, activity_type: string, status: ActivityItem['status'], message: string): ActivityItem => ({
    id, type: 'activity', campaign_id: 7, lead_id: null, activity_type, status, message, timestamp: new Date(2026, 0, 5, 10, 0, id).toISOString(), details: {},
  });
  const events = [
    event(1, 'search', 'info', 'Campaign "Austin plumbers" started'),
    event(2, 'discover', 'info', 'Discovered Mercer Plumbing'),
    event(3, 'scrape', 'info', 'Crawling http://mercerplumbing.localhost:4100/'),
    event(4, 'contact_not_found', 'warning', 'No contact email found on plomeriaramirez.localhost'),
    event(5, 'error', 'error', 'analyze of lead 3 failed after 3 attempts: timeout'),
    event(6, 'email_generated', 'success', 'Email drafted for Ellison Plumbing (quality 100%)'),
  ];

  /** Renders the view once to a fake terminal `columns` wide; the last frame, without colours. */
  async function frameOf(columns: number) {
    const frames: string[] = [];
    const stdout = Object.assign(
      new Writable({
        write(chunk, _enc, done) {
          frames.push(String(chunk));
          done();
        },
      }),
      { columns, rows: 40, isTTY: true },
    ) as unknown as NodeJS.WriteStream;
    const snapshot = { campaign, jobs: { queued: 3, running: 2, done: 4, failed: 1, dlq: 0 }, errors: 1 };
    const view = render(createElement(RunView, { snapshot, events }), { stdout, debug: true, patchConsole: false, exitOnCtrlC: false });
    await new Promise((r) => setTimeout(r, 50));
    view.unmount();
    return stripVTControlCharacters(frames.filter((f) => f.includes('Analyse')).at(-1) ?? '');
  }

  it('shows a bar per stage, the current website, counts and the latest events', async () => {
    const frame = await frameOf(100);
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, 'run-view.txt'), frame);

    expect(frame).toContain('Austin plumbers');
    expect(frame).toContain('[TEST MODE]');
    expect(frame).toMatch(/Search\s+█{30} done · 4 leads/);
    expect(frame).toMatch(/Analyse\s+█{15}░{15} 2\/4/);
    expect(frame).toMatch(/Drafts\s+█{15}░{15} 1\/2/);
    expect(frame).toContain('Analysing: http://mercerplumbing.localhost:4100/');
    expect(frame).toMatch(/4 leads\s+2 with email\s+1 draft\s+1 error\b/);
    for (const e of events) expect(frame).toContain(e.message);
    expect(frame).toContain('Ctrl-C pauses the campaign.');
  });

  it('cuts long messages on a narrow terminal, never the times and icons', async () => {
    const frame = await frameOf(60);
    writeFileSync(join(SHOTS, 'run-view-60.txt'), frame);
    const eventLines = frame.split('\n').filter((l) => /^ \d\d:/.test(l));
    expect(eventLines).toHaveLength(events.length);
    for (const line of eventLines) {
      expect(line).toMatch(/^ \d\d:\d\d:\d\d \S +\S/);
      expect(line.length).toBeLessThanOrEqual(60);
    }
    expect(frame).toContain('…');
  });
});
