// `outreach mailboxes` on the compiled binary against a real SMTP server on loopback: add a
// mailbox (a wrong password refused with the server's answer, nothing saved; the password from
// the environment), list it with today's allowance and ramp day, change its cap and ramp (the
// warning shown), test it, pause and resume it, choose a campaign's mailboxes, remove it.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailbox } from '../../src/core/model/mailboxes.ts';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { distNotCurrent, distStale } from '../support/dist.ts';
import { startDnsStub, type DnsStub } from '../support/dns-stub.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-mailboxes-'));
let dns: DnsStub;
let smtp: FakeSmtpServer;

const base = () => ({ OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'cli.db')}`, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0', OUTREACH_DNS_SERVER: dns.server, NO_COLOR: '1' });
const outreach = (args: string[], env: Record<string, string> = {}) => execa(process.execPath, ['bin/outreach.js', ...args], { env: { ...base(), ...env }, reject: false });
const add = (password: string | undefined, ...more: string[]) =>
  outreach(
    ['mailboxes', 'add', '--provider', 'smtp', '--label', 'Second', '--smtp-host', '127.0.0.1', '--smtp-port', String(smtp.port), '--smtp-user', 'two', '--from', 'sam@pixel-two.example', '--name', 'Sam Second', ...more],
    password === undefined ? {} : { OUTREACH_MAILBOX_SMTP_PASSWORD: password },
  );

beforeAll(async () => {
  const stale = distNotCurrent();
  if (stale) throw distStale(stale);
  dns = await startDnsStub({}, { fallback: 'mx' });
  smtp = await startSmtpServer({ user: 'two', pass: 'two-secret' });
}, 60_000);
afterAll(async () => {
  await smtp?.stop();
  await dns?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('outreach mailboxes', () => {
  it('refuses a wrong password with the server\'s answer and saves nothing', async () => {
    const run = await add('wrong');
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`error: The SMTP server at 127.0.0.1:${smtp.port} refused the user name or password`);
    const list = await outreach(['mailboxes', 'list', '--json']);
    expect((JSON.parse(list.stdout) as Mailbox[]).map((m) => m.id)).toEqual([1]);
  });

  it('adds an SMTP mailbox (the password from the environment), on the ramp', async () => {
    const run = await add('two-secret', '--cap', '30', '--spacing', '60');
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('Added mailbox 2.');
    expect(run.stdout).toContain('Mailbox 2 "Second": smtp');
    expect(run.stdout).toContain('Sent in 24 h / allowance today: 0 / 10');
    expect(run.stdout).toContain('Cap: 30   spacing: 60 s   ramp-up: on, day 1');
    expect(run.stdout).toMatch(/Last test: ok at .+/);
    expect(run.stdout).not.toContain('two-secret');
  });

  it('lists the mailboxes in a table, and as JSON', async () => {
    const run = await outreach(['mailboxes']);
    expect(run.exitCode).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+LABEL\s+PROVIDER\s+FROM\s+SENT 24H \/ ALLOWANCE\s+RAMP DAY\s+PAUSED\s+LAST TEST$/);
    expect(lines[1]).toMatch(/^1\s+Primary\s+outbox\s+0 \/ no limit\s+off\s+no\s+never$/);
    expect(lines[2]).toMatch(/^2\s+Second\s+smtp\s+sam@pixel-two\.example\s+0 \/ 10\s+1\s+no\s+ok: /);
    const json = JSON.parse((await outreach(['mailboxes', 'list', '--json'])).stdout) as Mailbox[];
    expect(json[1]).toMatchObject({ id: 2, provider: 'smtp', allowance_today: 10, ramp_day: 1, daily_cap: 30, min_spacing_seconds: 60 });
    expect(JSON.stringify(json)).not.toContain('two-secret');
  });

  it('changes the cap and skips the ramp, saying what that risks; --cap none removes the cap', async () => {
    const run = await outreach(['mailboxes', 'set', '2', '--cap', '25', '--no-ramp']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('Sent in 24 h / allowance today: 0 / 25');
    expect(run.stdout).toContain('ramp-up: off');
    expect(run.stdout).toContain('Warning: Ramp-up is off: this mailbox may send 25 emails from its first day');
    const none = await outreach(['mailboxes', 'set', '2', '--cap', 'none', '--ramp', '--json']);
    expect(JSON.parse(none.stdout)).toMatchObject({ daily_cap: null, ramp: true, ramp_day: 1, allowance_today: 10, ramp_warning: null });
    const bad = await outreach(['mailboxes', 'set', '2', '--cap', '-3']);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('daily_cap must be at least 1');
    const nothing = await outreach(['mailboxes', 'set', '2']);
    expect(nothing.exitCode).toBe(1);
    expect(nothing.stderr).toContain('Nothing to change');
  });

  it('tests the connection: ok, then failed with the answer when the server is gone', async () => {
    const ok = await outreach(['mailboxes', 'test', '2']);
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain('Mailbox 2 "Second": connected.');
    await smtp.stop();
    try {
      const down = await outreach(['mailboxes', 'test', '2']);
      expect(down.exitCode).toBe(1);
      expect(down.stdout).toContain('Mailbox 2 "Second": the test failed.');
      const list = await outreach(['mailboxes']);
      expect(list.stdout.trim().split('\n')[2]).toMatch(/failed: .+/);
    } finally {
      smtp = await startSmtpServer({ user: 'two', pass: 'two-secret' });
    }
  });

  it('pauses with a reason and resumes', async () => {
    const paused = await outreach(['mailboxes', 'pause', '2', '--reason', 'warming the domain']);
    expect(paused.exitCode).toBe(0);
    expect(paused.stdout).toContain('Mailbox 2 "Second" paused: warming the domain. Resume with: outreach mailboxes resume 2');
    expect((await outreach(['mailboxes'])).stdout.trim().split('\n')[2]).toContain('yes: warming the domain');
    const twice = await outreach(['mailboxes', 'pause', '2']);
    expect(twice.exitCode).toBe(1);
    expect(twice.stderr).toContain('already paused');
    const resumed = await outreach(['mailboxes', 'resume', '2']);
    expect(resumed.stdout).toContain('Mailbox 2 "Second" resumed.');
  });

  it("chooses a campaign's mailboxes", async () => {
    const created = await outreach(['campaign', 'create', '--name', 'Plumbers', '--query', 'plumbers', '--json']);
    expect(created.exitCode).toBe(0);
    const id = String(JSON.parse(created.stdout).id);
    expect((await outreach(['mailboxes', 'campaign', id])).stdout).toContain(`Campaign ${id} sends from every mailbox.`);
    expect((await outreach(['mailboxes', 'campaign', id, '2'])).stdout).toContain(`Campaign ${id} sends from mailbox 2.`);
    expect(JSON.parse((await outreach(['mailboxes', 'campaign', id, '--json'])).stdout)).toEqual({ campaign_id: Number(id), mailbox_ids: [2] });
    const unknown = await outreach(['mailboxes', 'campaign', id, '2,7']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('No mailbox 7');
    expect((await outreach(['mailboxes', 'campaign', id, 'all'])).stdout).toContain(`Campaign ${id} sends from every mailbox.`);
  });

  it('removes a mailbox; mailbox 1 is Settings → Email and stays', async () => {
    const primary = await outreach(['mailboxes', 'remove', '1']);
    expect(primary.exitCode).toBe(1);
    expect(primary.stderr).toContain('Settings → Email');
    const removed = await outreach(['mailboxes', 'remove', '2']);
    expect(removed.exitCode).toBe(0);
    expect(removed.stdout).toContain('Mailbox 2 "Second" removed.');
    expect((await outreach(['mailboxes', 'show', '2'])).stderr).toContain('Mailbox 2 not found');
  });
});
