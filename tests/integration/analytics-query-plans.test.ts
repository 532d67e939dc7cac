// Every query of the Analytics report, checked with EXPLAIN QUERY PLAN: each reads the period's
// rows through an index on the period's time column (or a lead's or campaign's key) or the day
// counters' primary keys, never a whole table of leads, emails or replies, so a 7-day window costs the same over a million
// emails as over a thousand. The statements are the real ones, caught on their way to the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsService } from '../../src/core/analytics/service.ts';
import type { Db } from '../../src/db/client.ts';
import { SqlAnalyticsRepo } from '../../src/db/repos/analytics.ts';
import { migrateDb } from '../../src/db/client.ts';
import { dbBefore } from './support/old-db.ts';
import { openDb, recordStatements, seedLeads } from './support/seed-leads.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-analytics-plans-'));
let db: Db;
const seen: { sql: string; args: unknown }[] = [];

beforeAll(async () => {
  db = await openDb(join(dir, 'plans.db'));
  await seedLeads(db, 3000);
  // A subject test, and replies with classes, so every query of the report runs.
  await db.$client.execute(`UPDATE campaigns SET subject_variants = '["finding","question"]' WHERE id = 1`);
  await db.$client.execute(`UPDATE emails SET ab_variant = CASE id % 2 WHEN 0 THEN 'A' ELSE 'B' END WHERE campaign_id = 1`);
  await db.$client.execute(`INSERT INTO replies (email_id, lead_id, campaign_id, message_key, from_address, text, received_at, class, sentiment, created_at)
    SELECT id, lead_id, campaign_id, 'k' || id, recipient_email, 'Thanks', replied_at, 'meeting_request', 'positive', replied_at FROM emails WHERE replied_at IS NOT NULL`);
  await db.$client.execute('ANALYZE');
  recordStatements(db, seen);
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Analytics report', () => {
  it('reads leads, emails and replies only through indexes on the period', async () => {
    const service = new AnalyticsService(new SqlAnalyticsRepo(db), () => new Date(Date.UTC(2026, 0, 1)));
    seen.length = 0;
    const report = await service.report(7);
    expect(report.summary.sent).toBeGreaterThan(0);
    expect(report.variants.length).toBe(1);
    const statements = [...seen];
    expect(statements.length).toBeGreaterThanOrEqual(7);
    const used = new Set<string>();
    for (const s of statements) {
      const plan = (await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${s.sql}`, args: s.args as never })).rows.map((r) => String(r.detail));
      const text = `${s.sql}\n  ${plan.join('\n  ')}`;
      // A table read row by row, or an index read from its start: never.
      expect(plan.some((line) => /^SCAN (leads|emails|replies|l|e|r|f)\b/.test(line)), text).toBe(false);
      for (const line of plan) for (const m of line.matchAll(/USING (?:COVERING )?INDEX (\w+)/g)) used.add(m[1]);
    }
    // Sends and the funnel from the day counters (read by their primary keys).
    expect(statements.some((s) => /FROM sent_days/.test(s.sql)) && statements.some((s) => /FROM funnel_days/.test(s.sql))).toBe(true);
    for (const index of ['emails_opened_at_idx', 'emails_replied_at_idx', 'emails_campaign_lead_step_unique', 'replies_received_idx', 'replies_class_idx', 'leads_deal_idx']) {
      expect(used, index).toContain(index);
    }
  });
});

describe("the Analytics report of one mailbox", () => {
  it("counts only its emails (mailbox 1 with those from before mailboxes), through the mailbox indexes, never a whole table", async () => {
    // A third of the emails go from mailbox 2, a third name mailbox 1, the rest are from before mailboxes.
    await db.$client.execute("INSERT OR IGNORE INTO mailboxes (id, label, provider, ramp_started_at, created_at, updated_at) VALUES (2, 'Second', 'outbox', 0, 0, 0)");
    await db.$client.execute('UPDATE emails SET mailbox_id = CASE id % 3 WHEN 1 THEN 2 WHEN 2 THEN 1 END');
    await db.$client.execute('ANALYZE');
    const now = new Date(Date.UTC(2026, 0, 1));
    const service = new AnalyticsService(new SqlAnalyticsRepo(db), () => now);
    const all = await service.report(7);
    const since = Date.UTC(2025, 11, 26);
    const recount = async (where: string) =>
      (
        await db.$client.execute({
          sql: `SELECT count(*) AS sent, total(opened_at IS NOT NULL) AS opened, total(replied_at IS NOT NULL) AS replied FROM emails
            WHERE status IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND sent_at >= ? AND ${where}`,
          args: [since],
        })
      ).rows[0];
    const used = new Set<string>();
    const figures: Record<number, typeof all.summary> = {};
    for (const [mailbox, where] of [[1, '(mailbox_id = 1 OR mailbox_id IS NULL)'], [2, 'mailbox_id = 2']] as const) {
      seen.length = 0;
      const report = await service.report(7, mailbox);
      expect(report.mailbox_id).toBe(mailbox);
      const r = await recount(where);
      expect(report.summary, `mailbox ${mailbox}`).toMatchObject({ sent: Number(r.sent), opened: Number(r.opened), replied: Number(r.replied) });
      expect(report.summary.sent).toBeGreaterThan(0);
      expect(report.series.sent.reduce((a, b) => a + b, 0)).toBe(report.summary.sent);
      figures[mailbox] = report.summary;
      for (const st of [...seen]) {
        const plan = (await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${st.sql}`, args: st.args as never })).rows.map((row) => String(row.detail));
        expect(plan.some((line) => /^SCAN (leads|emails|replies|l|e|r|f)\b/.test(line)), `${st.sql}\n  ${plan.join('\n  ')}`).toBe(false);
        for (const line of plan) for (const m of line.matchAll(/USING (?:COVERING )?INDEX (\w+)/g)) used.add(m[1]);
      }
    }
    // The two mailboxes make every mailbox's figures.
    for (const figure of ['sent', 'opened', 'clicked', 'replied'] as const) expect(figures[1][figure] + figures[2][figure], figure).toBe(all.summary[figure]);
    for (const index of ['emails_mailbox_opened_at_idx', 'emails_mailbox_replied_at_idx']) expect(used, index).toContain(index);
  });
});

describe('the analytics indexes migration', () => {
  it('upgrades a database with opened and replied emails, which the per-day series then finds through the new indexes', async () => {
    const { db: old, exec } = await dbBefore(dir, 'analytics_indexes');
    const day = Date.UTC(2026, 0, 1);
    await exec("INSERT INTO campaigns (name, search_query, status, created_at, updated_at) VALUES ('Old', 'plumbers', 'COMPLETED', 1, 1)");
    await exec("INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://a.example/', 'a.example', 'REPLIED', 1, '[]', '[]', '[]', ?, 1, 1)", [day]);
    await exec("INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, sent_at, opened_at, replied_at, open_count, click_count, created_at, updated_at) VALUES (1, 1, 's', 'b', 'o@a.example', 'REPLIED', ?, ?, ?, 1, 0, 1, 1)", [day, day + 1000, day + 2000]);
    await migrateDb(old);
    const indexes = (await exec("SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('emails_opened_at_idx', 'emails_replied_at_idx') ORDER BY name")).rows.map((r) => r.name);
    expect(indexes).toEqual(['emails_opened_at_idx', 'emails_replied_at_idx']);
    const report = await new AnalyticsService(new SqlAnalyticsRepo(old), () => new Date(day + 3600_000)).report(7);
    expect(report.series.opened.at(-1)).toBe(1);
    expect(report.series.replied.at(-1)).toBe(1);
    expect(report.summary).toMatchObject({ sent: 1, opened: 1, replied: 1 });
    old.$client.close();
  });
});
