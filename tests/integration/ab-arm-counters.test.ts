// Each subject A/B arm's figures come from counters kept by triggers on emails (migration 0018).
// They must equal the GROUP BY that counted them before: after the migration fills them from the
// emails already there, and after any mix of the writes the product makes (drafts in an arm,
// sends, opens by people and by scanners, replies to the first email or to a follow-up, status
// changes, arms given and taken, moves between campaigns and leads, deletes of emails, leads
// and whole campaigns), single-row and many-row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrateDb, type Db } from '../../src/db/client.ts';
import { SqlCampaignRepo } from '../../src/db/repos/campaigns.ts';
import { openDb } from './support/seed-leads.ts';
import { dbBefore } from './support/old-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-arm-counters-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Arg = string | number | null;
const SENT = "('SENT', 'OPENED', 'CLICKED', 'REPLIED')";

/** The arms counted from scratch, the way armCounts() computed them before the counters. */
async function recount(db: Db, campaignId: number) {
  const rows = await db.$client.execute({
    sql: `SELECT ab_variant AS variant,
        sum(CASE WHEN status IN ${SENT} THEN 1 ELSE 0 END) AS sent,
        sum(CASE WHEN status IN ${SENT} AND opened_at IS NOT NULL THEN 1 ELSE 0 END) AS opened,
        sum(CASE WHEN status IN ${SENT} AND (replied_at IS NOT NULL OR EXISTS (
          SELECT 1 FROM emails f WHERE f.campaign_id = emails.campaign_id AND f.lead_id = emails.lead_id AND f.step > 1 AND f.replied_at IS NOT NULL)) THEN 1 ELSE 0 END) AS replied,
        sum(CASE WHEN status IN ${SENT} THEN machine_open_count ELSE 0 END) AS machineOpens
      FROM emails WHERE campaign_id = ? AND ab_variant IS NOT NULL GROUP BY ab_variant ORDER BY ab_variant`,
    args: [campaignId],
  });
  return rows.rows.map((r) => ({ variant: String(r.variant), sent: Number(r.sent), opened: Number(r.opened), replied: Number(r.replied), machineOpens: Number(r.machineOpens) }));
}

async function expectArmsMatch(db: Db, when: string) {
  const ids = (await db.$client.execute('SELECT id FROM campaigns ORDER BY id')).rows.map((r) => Number(r.id));
  const arms = await new SqlCampaignRepo(db).armCounts(ids);
  for (const id of ids) expect(arms.get(id), `${when}: campaign ${id}`).toEqual(await recount(db, id));
  // Every arm row is its emails' count, and none outlives its campaign.
  const drift = await db.$client.execute(
    'SELECT count(*) AS n FROM campaign_arm_counters c WHERE c.emails <> (SELECT count(*) FROM emails e WHERE e.campaign_id = c.campaign_id AND e.ab_variant = c.variant)',
  );
  expect(Number(drift.rows[0].n), `${when}: arm sizes`).toBe(0);
  const orphans = await db.$client.execute('SELECT count(*) AS n FROM campaign_arm_counters WHERE campaign_id NOT IN (SELECT id FROM campaigns)');
  expect(Number(orphans.rows[0].n), `${when}: counters of deleted campaigns`).toBe(0);
}

const helpers = (db: Db) => {
  const exec = (sql: string, args: Arg[] = []) => db.$client.execute({ sql, args });
  return {
    exec,
    campaign: async (name: string) =>
      Number((await exec("INSERT INTO campaigns (name, search_query, subject_variants, created_at, updated_at) VALUES (?, 'q', '[\"finding\",\"question\",\"name\"]', 1, 1) RETURNING id", [name])).rows[0].id),
    lead: async (campaignId: number | null, host: string) =>
      Number(
        (
          await exec(
            "INSERT INTO leads (campaign_id, url, hostname, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, 'NEW', '[]', '[]', '[]', 1, 1, 1) RETURNING id",
            [campaignId, `https://${host}/`, host],
          )
        ).rows[0].id,
      ),
    /** An email, or nothing when the (campaign, lead, step) key is taken. */
    email: (campaignId: number | null, leadId: number, step: number, o: { status: string; variant?: string | null; opened?: number | null; replied?: number | null; machine?: number }) =>
      exec(
        "INSERT OR IGNORE INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, opened_at, replied_at, machine_open_count, ab_variant, open_count, click_count, created_at, updated_at) VALUES (?, ?, ?, 's', 'b', 'a@b.example', ?, ?, ?, ?, ?, 0, 0, 1, 1)",
        [campaignId, leadId, step, o.status, o.opened ?? null, o.replied ?? null, o.machine ?? 0, o.variant ?? null],
      ),
  };
};

it('fills the arm counters from the emails already there when migrating', async () => {
  const { db } = await dbBefore(dir, 'ab_arm_counters');
  const h = helpers(db);
  const a = await h.campaign('A');
  const b = await h.campaign('B');
  const leads = [];
  for (let i = 0; i < 6; i++) leads.push(await h.lead(i < 5 ? a : b, `l${i}.example`));
  await h.email(a, leads[0], 1, { status: 'OPENED', variant: 'A', opened: 5, machine: 2 });
  await h.email(a, leads[1], 1, { status: 'SENT', variant: 'B', machine: 1 });
  // A reply to the follow-up counts for the first email's arm.
  await h.email(a, leads[1], 2, { status: 'SENT', replied: 9 });
  await h.email(a, leads[2], 1, { status: 'REPLIED', variant: 'A', opened: 5, replied: 8 });
  await h.email(a, leads[3], 1, { status: 'DRAFT', variant: 'B', machine: 4 });
  await h.email(a, leads[4], 1, { status: 'SENT' });
  await h.email(b, leads[5], 1, { status: 'BOUNCED', variant: 'C' });

  await migrateDb(db);
  expect(await recount(db, a)).toEqual([
    { variant: 'A', sent: 2, opened: 2, replied: 1, machineOpens: 2 },
    { variant: 'B', sent: 1, opened: 0, replied: 1, machineOpens: 1 },
  ]);
  expect(await recount(db, b)).toEqual([{ variant: 'C', sent: 0, opened: 0, replied: 0, machineOpens: 0 }]);
  await expectArmsMatch(db, 'after the migration');
  // The triggers run from then on.
  await h.exec("UPDATE emails SET status = 'SENT' WHERE campaign_id = ? AND ab_variant = 'C'", [b]);
  await expectArmsMatch(db, 'after a send on the migrated database');
  db.$client.close();
});

it('keeps every arm equal to a recount through any mix of writes', async () => {
  const db = await openDb(join(dir, 'mixed.db'));
  const h = helpers(db);
  const campaigns = [await h.campaign('A'), await h.campaign('B'), await h.campaign('C')];
  // A small deterministic generator: the same run every time, many kinds of writes in between checks.
  let seed = 20261123;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return Math.floor(seed / 65536) % n; // the high bits: the low ones of this generator repeat quickly
  };
  const pick = <T,>(list: T[]) => list[rnd(list.length)];
  const ids = async (table: string) => (await h.exec(`SELECT id FROM ${table}`)).rows.map((r) => Number(r.id));
  const STATUSES = ['DRAFT', 'QUEUED', 'SENDING', 'SENT', 'OPENED', 'CLICKED', 'REPLIED', 'BOUNCED', 'FAILED', 'CANCELLED'];
  const VARIANTS = ['A', 'B', 'C', null];
  // Few leads, so that first emails and follow-ups of the same lead meet often.
  for (let i = 0; i < 16; i++) await h.lead(pick(campaigns), `h${i}.example`);
  let hosts = 16;
  const FIGURES = `SELECT (SELECT sum(sent) FROM campaign_arm_counters) AS sent, (SELECT sum(opened) FROM campaign_arm_counters) AS opened,
    (SELECT sum(replied) FROM campaign_arm_counters) AS replied, (SELECT sum(machine_opens) FROM campaign_arm_counters) AS machine,
    (SELECT count(*) FROM emails e WHERE ab_variant IS NOT NULL AND status IN ${SENT} AND replied_at IS NULL AND EXISTS (
      SELECT 1 FROM emails f WHERE f.campaign_id = e.campaign_id AND f.lead_id = e.lead_id AND f.step > 1 AND f.replied_at IS NOT NULL)) AS byFollowUp`;
  const seen: Record<string, number> = {};

  for (let round = 0; round < 10; round++) {
    for (let op = 0; op < 60; op++) {
      const leads = await ids('leads');
      const mails = await ids('emails');
      const kind = mails.length < 5 ? 0 : rnd(17);
      const mail = () => pick(mails);
      if (kind <= 1 || kind >= 14) {
        await h.email(pick([...campaigns, null]), pick(leads), pick([1, 1, 2, 3]), {
          status: pick(STATUSES),
          variant: pick(VARIANTS),
          opened: pick([null, 5]),
          replied: pick([null, null, 9]),
          machine: rnd(3),
        });
      } else if (kind === 2) await h.exec('UPDATE emails SET status = ? WHERE id = ?', [pick(STATUSES), mail()]);
      // A person's open, a scanner's open, a reply: what the tracking routes and the reply poller write.
      else if (kind === 3) await h.exec("UPDATE emails SET opened_at = coalesce(opened_at, 7), open_count = open_count + 1, status = CASE WHEN status = 'SENT' THEN 'OPENED' ELSE status END WHERE id = ?", [mail()]);
      else if (kind === 4) await h.exec('UPDATE emails SET machine_open_count = machine_open_count + 1 WHERE id = ?', [mail()]);
      else if (kind === 5) {
        const replied = pick([null, 12]);
        await h.exec("UPDATE emails SET replied_at = ?, status = CASE WHEN ? IS NULL THEN status ELSE 'REPLIED' END WHERE id = ?", [replied, replied, mail()]);
      }
      else if (kind === 6) await h.exec('UPDATE emails SET ab_variant = ? WHERE id = ?', [pick(VARIANTS), mail()]);
      else if (kind === 7) await h.exec('UPDATE OR IGNORE emails SET campaign_id = ? WHERE id = ?', [pick([...campaigns, null]), mail()]);
      else if (kind === 8) await h.exec('UPDATE OR IGNORE emails SET lead_id = ? WHERE id = ?', [pick(leads), mail()]);
      else if (kind === 9) await h.exec('UPDATE OR IGNORE emails SET step = ? WHERE id = ?', [pick([1, 2, 3]), mail()]);
      else if (kind === 10) await h.exec('DELETE FROM emails WHERE id = ?', [mail()]);
      // Many rows in one statement: a lead's whole sequence answered or cleared, a campaign's sends.
      else if (kind === 11) await h.exec('UPDATE emails SET replied_at = ? WHERE lead_id = ?', [pick([null, 13]), pick(leads)]);
      else if (kind === 12) await h.exec("UPDATE emails SET status = ? WHERE campaign_id = ? AND status IN ('DRAFT', 'QUEUED', 'SENT')", [pick(['SENT', 'QUEUED']), pick(campaigns)]);
      else if (kind === 13) {
        // A lead deleted (its emails go with it) and a new one in its place.
        if (leads.length > 12) await h.exec('DELETE FROM leads WHERE id = ?', [pick(leads)]);
        await h.lead(pick(campaigns), `h${hosts++}.example`);
      }
    }
    await expectArmsMatch(db, `after round ${round + 1}`);
    const [row] = (await h.exec(FIGURES)).rows;
    for (const [k, v] of Object.entries(row)) seen[k] = Math.max(seen[k] ?? 0, Number(v));
  }
  // The run exercised every figure, and replies to follow-ups counted for first emails (a generator change that stops doing so fails here).
  expect(Object.keys(seen)).toHaveLength(5);
  for (const [k, v] of Object.entries(seen)) expect(v, k).toBeGreaterThan(0);

  // A whole campaign deleted: its arms go with it, the others are untouched.
  await h.exec('DELETE FROM campaigns WHERE id = ?', [campaigns[0]]);
  await expectArmsMatch(db, 'after deleting a campaign');
  db.$client.close();
});
