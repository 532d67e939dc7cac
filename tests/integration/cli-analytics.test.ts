// `outreach analytics` through the real binary: the same answer as the service gives, as JSON
// and as readable tables, and a period outside 1-365 days refused with what is wrong.
import { createClient } from '@libsql/client';
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { campaigns } from '../../src/db/schema/campaigns.ts';
import { emails } from '../../src/db/schema/emails.ts';
import { leads } from '../../src/db/schema/leads.ts';
import { replies } from '../../src/db/schema/replies.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-analytics-'));
const env = { OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'cli.db')}`, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' };
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });

beforeAll(async () => {
  const ctx = await buildContext(loadConfig(env));
  try {
    const now = new Date();
    const [c] = await ctx.db.insert(campaigns).values({ name: 'Portland bakeries', searchQuery: 'bakeries', status: 'COMPLETED' }).returning();
    const rows = await ctx.db
      .insert(leads)
      .values([1, 2, 3].map((i) => ({ url: `https://b${i}.example/`, hostname: `b${i}.example`, campaignId: c.id, status: 'EMAIL_SENT' as const, contactEmail: `hi@b${i}.example`, analyzedAt: now })))
      .returning();
    const sent = await ctx.db
      .insert(emails)
      .values(rows.map((l, i) => ({ campaignId: c.id, leadId: l.id, subject: 's', body: 'b', recipientEmail: l.contactEmail!, status: i === 0 ? ('REPLIED' as const) : ('SENT' as const), sentAt: now, openedAt: i < 2 ? now : null, clickedAt: i === 0 ? now : null, repliedAt: i === 0 ? now : null, machineOpenCount: 2 })))
      .returning();
    await ctx.db.insert(replies).values({ emailId: sent[0].id, leadId: rows[0].id, campaignId: c.id, messageKey: 'k1', fromAddress: 'hi@b1.example', text: 'Yes please', receivedAt: now, class: 'meeting_request', sentiment: 'positive' });
  } finally {
    await ctx.close();
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('outreach analytics', () => {
  it('prints the whole answer with --json', async () => {
    const out = await outreach('analytics', '--days', '7', '--json');
    expect(out.exitCode).toBe(0);
    const a = JSON.parse(out.stdout);
    expect(a.days).toBe(7);
    expect(a.summary).toEqual({ sent: 3, opened: 2, clicked: 1, replied: 1, machine_opens: 6, machine_clicks: 0, report_views: 0, open_rate: 66.7, click_rate: 33.3, reply_rate: 33.3 });
    expect(a.sentiment).toEqual({ replies: 1, classified: 1, positive: 1, neutral: 0, negative: 0 });
    expect(a.series.sent.at(-1)).toBe(3);
    expect(a.series.meetings.at(-1)).toBe(1);
    expect(a.campaigns).toEqual([{ id: 1, name: 'Portland bakeries', sent: 3, opened: 2, replied: 1, won: 0 }]);
    expect(a.funnel.map((f: { count: number }) => f.count)).toEqual([3, 3, 3, 3, 2, 1, 1, 0, 0]);
  });

  it('prints readable tables by default', async () => {
    const out = await outreach('analytics', '--days', '30');
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toContain('Last 30 days (since ');
    expect(out.stdout).toMatch(/Open rate\s+66\.7%\s+2 opened by people, 6 machine opens apart/);
    expect(out.stdout).toMatch(/Click rate\s+33\.3%\s+1 clicked by people, 0 machine clicks apart/);
    expect(out.stdout).toContain('Sentiment of 1 classified replies: 1 positive, 0 neutral, 0 negative');
    expect(out.stdout).toMatch(/Portland bakeries\s+3\s+2\s+1\s+0/);
  });

  it("--mailbox counts one mailbox's emails: mailbox 1 with those from before mailboxes", async () => {
    // The third email (sent, not opened) goes from a second mailbox; the others are from before mailboxes.
    const db = createClient({ url: env.OUTREACH_DB_URL });
    await db.execute("INSERT OR IGNORE INTO mailboxes (id, label, provider, ramp_started_at, created_at, updated_at) VALUES (2, 'Second', 'outbox', 0, 0, 0)");
    await db.execute("UPDATE emails SET mailbox_id = 2 WHERE id = (SELECT max(id) FROM emails)");
    db.close();
    const json = async (...args: string[]) => {
      const r = await outreach('analytics', '--json', ...args);
      expect(r.exitCode, r.stderr).toBe(0);
      return JSON.parse(r.stdout);
    };
    const [every, first, second] = [await json(), await json('--mailbox', '1'), await json('--mailbox', '2')];
    expect(every).toMatchObject({ mailbox_id: null, summary: { sent: 3, opened: 2, replied: 1 } });
    expect(first).toMatchObject({ mailbox_id: 1, summary: { sent: 2, opened: 2, replied: 1 }, sentiment: { replies: 1 } });
    expect(second).toMatchObject({ mailbox_id: 2, summary: { sent: 1, opened: 0, replied: 0 }, sentiment: { replies: 0 } });
    expect(second.series.meetings.reduce((a: number, b: number) => a + b, 0)).toBe(0);
    // The funnel counts leads, of every mailbox.
    expect(second.funnel).toEqual(every.funnel);
    const table = await outreach('analytics', '--mailbox', '2');
    expect(table.stdout).toMatch(/^Last 30 days \(since \d{4}-\d{2}-\d{2}, UTC\), emails sent from mailbox 2$/m);
    expect(table.stdout).toMatch(/^Funnel \(leads discovered in the period, every mailbox\)$/m);
    const bad = await outreach('analytics', '--mailbox', '0');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/mailbox_id must be a positive whole number/);
  });

  it('refuses a period outside 1-365 days', async () => {
    for (const [days, detail] of [
      ['0', 'days must be between 1 and 365'],
      ['366', 'days must be between 1 and 365'],
      ['week', 'days must be a whole number written in digits'],
    ]) {
      const bad = await outreach('analytics', '--days', days);
      expect(bad.exitCode, days).toBe(1);
      expect(bad.stderr, days).toBe(`error: ${detail}`);
    }
  });
});
