// Analytics' day counters (migration 0017: funnel_days, sent_days, leads.engaged) must equal
// a recount from the rows, the way the report counted before them: after the migration fills
// them from rows already there, and through any mix of the writes the product makes (leads
// found, analysed, given or losing an email, emailed, opened, clicked, replied, moved through
// deals and statuses, re-dated; emails sent, re-stepped, varied, moved and deleted; whole
// campaigns deleted).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrateDb, type Db } from '../../src/db/client.ts';
import { dbBefore } from './support/old-db.ts';
import { openDb } from './support/seed-leads.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-day-counters-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Arg = string | number | null;
const DAY = 86_400_000;
const SENT = "('SENT', 'OPENED', 'CLICKED', 'REPLIED')";

const rowsOf = async (db: Db, sql: string) => (await db.$client.execute(sql)).rows.map((r) => Object.values(r).map(Number).join(' '));

/** The funnel per discovery day and the sends per group, counted from scratch; beside the counters. */
async function expectCountersMatch(db: Db, when: string) {
  const funnelRecount = await rowsOf(
    db,
    `SELECT day, count(*), total(analysed), total(with_email), total(sent), total(engaged & 1 = 1), total(engaged & 2 = 2), total(engaged & 4 = 4), total(interested), total(won)
     FROM (SELECT l.discovered_at / ${DAY} AS day, l.analyzed_at IS NOT NULL AS analysed, l.has_email AS with_email, l.sent_emails > 0 AS sent,
       l.status = 'CONVERTED' OR l.deal_stage IN ('interested', 'meeting_booked', 'proposal_sent', 'won') AS interested,
       l.status = 'CONVERTED' OR l.deal_stage = 'won' AS won,
       coalesce((SELECT max(e.opened_at IS NOT NULL) | (max(e.clicked_at IS NOT NULL) << 1) | (max(e.replied_at IS NOT NULL) << 2) FROM emails e WHERE e.lead_id = l.id), 0) AS engaged
     FROM leads l) GROUP BY day ORDER BY day`,
  );
  const funnel = await rowsOf(db, 'SELECT day, discovered, analysed, with_email, sent, opened, clicked, replied, interested, won FROM funnel_days WHERE discovered <> 0 ORDER BY day');
  expect(funnel, `${when}: funnel_days`).toEqual(funnelRecount);
  const leftovers = await rowsOf(db, 'SELECT count(*) FROM funnel_days WHERE discovered = 0 AND (analysed + with_email + sent + opened + clicked + replied + interested + won) <> 0');
  expect(leftovers, `${when}: figures of days without leads`).toEqual(['0']);
  // Variants are letters: the groups compare as text.
  const text = async (sql: string) => (await db.$client.execute(sql)).rows.map((r) => Object.values(r).map(String).join(' '));
  // Per mailbox too (migration 0025): NULL mailbox_id (from before mailboxes) is mailbox 1.
  const sentRecount = await text(`SELECT sent_at / ${DAY}, coalesce(campaign_id, 0), step, coalesce(ab_variant, '') AS v, coalesce(mailbox_id, 1), count(*), total(opened_at IS NOT NULL),
      total(clicked_at IS NOT NULL), total(replied_at IS NOT NULL), total(machine_open_count), total(machine_click_count)
    FROM emails WHERE sent_at IS NOT NULL AND status IN ${SENT} GROUP BY 1, 2, 3, v, 5 ORDER BY 1, 2, 3, v, 5`);
  const sent = await text('SELECT day, campaign_id, step, variant, mailbox_id, sent, opened, clicked, replied, machine_opens, machine_clicks FROM sent_days WHERE sent <> 0 ORDER BY day, campaign_id, step, variant, mailbox_id');
  expect(sent, `${when}: sent_days`).toEqual(sentRecount);
  const stale = await rowsOf(db, 'SELECT count(*) FROM sent_days WHERE sent = 0 AND (opened + clicked + replied + machine_opens + machine_clicks) <> 0');
  expect(stale, `${when}: figures of empty groups`).toEqual(['0']);
}

const helpers = (db: Db) => {
  const exec = (sql: string, args: Arg[] = []) => db.$client.execute({ sql, args });
  const id = async (sql: string, args: Arg[]) => Number((await exec(sql, args)).rows[0].id);
  return {
    exec,
    campaign: (name: string) => id("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES (?, 'q', 1, 1) RETURNING id", [name]),
    lead: (campaignId: number | null, host: string, discovered: number, email: string | null) =>
      id(
        "INSERT INTO leads (campaign_id, url, hostname, status, contact_email, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, 'NEW', ?, '[]', '[]', '[]', ?, 1, 1) RETURNING id",
        [campaignId, `https://${host}/`, host, email, discovered],
      ),
    email: (campaignId: number | null, leadId: number, step: number, status: string, sentAt: number | null, variant: string | null = null) =>
      id(
        "INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, sent_at, ab_variant, open_count, click_count, created_at, updated_at) VALUES (?, ?, ?, 's', 'b', 'o@x.example', ?, ?, ?, 0, 0, 1, 1) RETURNING id",
        [campaignId, leadId, step, status, sentAt, variant],
      ),
  };
};

it('fills the counters from the rows an older release left, then keeps them', async () => {
  const { db, exec } = await dbBefore(dir, 'analytics_days');
  const h = helpers(db);
  const c = await h.campaign('Old');
  const day = Date.UTC(2026, 5, 1);
  const a = await h.lead(c, 'a.example', day + 1000, 'a@a.example');
  const b = await h.lead(c, 'b.example', day + DAY, null);
  await h.lead(null, 'c.example', day + 2 * DAY, '');
  await exec("UPDATE leads SET analyzed_at = 5, deal_stage = 'meeting_booked' WHERE id = ?", [a]);
  await exec("UPDATE leads SET status = 'CONVERTED' WHERE id = ?", [b]);
  const e1 = await h.email(c, a, 1, 'REPLIED', day + 5000, 'A');
  await exec('UPDATE emails SET opened_at = ?, replied_at = ?, clicked_at = ?, machine_open_count = 2 WHERE id = ?', [day + 6000, day + 7000, day + 6500, e1]);
  await h.email(c, a, 2, 'SENT', day + 3 * DAY);
  await h.email(c, b, 1, 'DRAFT', null);
  await migrateDb(db);
  await expectCountersMatch(db, 'after the migration');
  expect(Number((await exec('SELECT engaged FROM leads WHERE id = ?', [a])).rows[0].engaged)).toBe(7);
  await exec('UPDATE emails SET replied_at = NULL WHERE id = ?', [e1]);
  await expectCountersMatch(db, 'after a write');
  db.$client.close();
});

it('equal a recount through a long mix of the writes the product makes', async () => {
  const db = await openDb(join(dir, 'mixed.db'));
  const h = helpers(db);
  const base = Date.UTC(2026, 0, 1);
  // A small deterministic generator: the same run every time.
  let seed = 7;
  const rand = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  const campaigns = [await h.campaign('One'), await h.campaign('Two'), await h.campaign('Three')];
  await h.exec("INSERT INTO mailboxes (id, label, provider, ramp_started_at, created_at, updated_at) VALUES (2, 'Second', 'outbox', 0, 0, 0)");
  const leadIds: number[] = [];
  const emailIds: number[] = [];
  const pick = <T,>(list: T[]) => list[rand(list.length)];
  const statuses = ['DRAFT', 'QUEUED', 'SENT', 'OPENED', 'CLICKED', 'REPLIED', 'BOUNCED', 'FAILED'];
  for (let round = 0; round < 8; round++) {
    for (let i = 0; i < 60; i++) {
      const op = rand(15);
      const at = base + rand(6) * DAY + rand(DAY);
      if (op < 3 || leadIds.length < 5) {
        leadIds.push(await h.lead(rand(4) === 0 ? null : pick(campaigns), `l${round}-${i}.example`, at, rand(3) === 0 ? null : `x${i}@l.example`));
      } else if (op < 6) {
        const lead = pick(leadIds);
        const campaign = rand(5) === 0 ? null : pick(campaigns);
        const step = 1 + rand(3);
        const status = pick(statuses);
        const sentAt = ['DRAFT', 'QUEUED'].includes(status) && rand(2) === 0 ? null : at;
        const clash = await h.exec('SELECT 1 FROM emails WHERE campaign_id IS ? AND lead_id = ? AND step = ?', [campaign, lead, step]);
        if (clash.rows.length === 0) emailIds.push(await h.email(campaign, lead, step, status, sentAt, rand(2) ? pick(['A', 'B', 'C']) : null));
      } else if (op === 6 && emailIds.length) {
        await h.exec('UPDATE emails SET opened_at = CASE WHEN opened_at IS NULL THEN ? END, open_count = open_count + 1 WHERE id = ?', [at, pick(emailIds)]);
      } else if (op === 7 && emailIds.length) {
        await h.exec('UPDATE emails SET clicked_at = coalesce(clicked_at, ?), machine_click_count = machine_click_count + ?, machine_open_count = machine_open_count + ? WHERE id = ?', [at, rand(2), rand(3), pick(emailIds)]);
      } else if (op === 8 && emailIds.length) {
        await h.exec("UPDATE emails SET replied_at = CASE WHEN replied_at IS NULL THEN ? END, status = CASE WHEN replied_at IS NULL THEN 'REPLIED' ELSE status END WHERE id = ?", [at, pick(emailIds)]);
      } else if (op === 9 && emailIds.length) {
        // ... and the mailbox (none: from before mailboxes, mailbox 1).
        await h.exec('UPDATE emails SET status = ?, sent_at = ?, ab_variant = ?, mailbox_id = ? WHERE id = ?', [pick(statuses), rand(3) ? at : null, rand(2) ? pick(['A', 'B']) : null, [null, 1, 2][(round + i) % 3], pick(emailIds)]);
      } else if (op === 10) {
        const lead = pick(leadIds);
        await h.exec('UPDATE leads SET analyzed_at = ?, contact_email = ?, deal_stage = ? WHERE id = ?', [rand(2) ? at : null, rand(3) ? `y${i}@l.example` : rand(2) ? '' : null, pick([null, 'interested', 'meeting_booked', 'proposal_sent', 'won', 'lost']), lead]);
      } else if (op === 11) {
        await h.exec('UPDATE leads SET status = ?, discovered_at = ? WHERE id = ?', [pick(['NEW', 'ANALYZED', 'EMAIL_SENT', 'REPLIED', 'CONVERTED', 'BOUNCED']), rand(4) ? at : base - DAY, pick(leadIds)]);
      } else if (op === 12 && emailIds.length) {
        // Moves: to another lead (when free), another step, or no campaign.
        const email = pick(emailIds);
        await h.exec('UPDATE OR IGNORE emails SET lead_id = ?, step = ?, campaign_id = ? WHERE id = ?', [pick(leadIds), 1 + rand(3), rand(4) ? pick(campaigns) : null, email]);
      } else if (op === 13 && emailIds.length) {
        const email = emailIds.splice(rand(emailIds.length), 1)[0];
        await h.exec('DELETE FROM emails WHERE id = ?', [email]);
      } else if (op === 14 && leadIds.length > 5) {
        const lead = leadIds.splice(rand(leadIds.length), 1)[0];
        await h.exec('DELETE FROM leads WHERE id = ?', [lead]);
      }
    }
    await expectCountersMatch(db, `round ${round}`);
  }
  // Multi-row writes, then a whole campaign with its leads and emails.
  await h.exec("UPDATE emails SET status = 'SENT', sent_at = ? WHERE status = 'QUEUED'", [base + DAY]);
  await h.exec('UPDATE emails SET opened_at = NULL, clicked_at = NULL WHERE id % 3 = 0');
  await expectCountersMatch(db, 'after multi-row updates');
  await h.exec('DELETE FROM campaigns WHERE id = ?', [campaigns[0]]);
  await expectCountersMatch(db, 'after a campaign was deleted');
  // The run reached every figure (so a trigger that never adds cannot pass unnoticed).
  const seen = (await db.$client.execute('SELECT total(analysed), total(with_email), total(sent), total(opened), total(clicked), total(replied), total(interested), total(won) FROM funnel_days')).rows[0];
  for (const [k, v] of Object.entries(seen)) expect(Number(v), k).toBeGreaterThan(0);
  const sentSeen = (await db.$client.execute('SELECT total(opened), total(clicked), total(replied), total(machine_opens), total(machine_clicks), count(DISTINCT variant) FROM sent_days WHERE sent > 0')).rows[0];
  for (const [k, v] of Object.entries(sentSeen)) expect(Number(v), k).toBeGreaterThan(0);
  db.$client.close();
});
