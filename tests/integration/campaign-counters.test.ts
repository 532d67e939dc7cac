// Each campaign's figures come from counters kept by triggers (migrations 0007, 0019 and 0020). They
// must equal a full recount: after the migrations fill them from rows already there, and after
// any mix of the writes the product makes (new leads, analyses, errors, contacts, status
// changes, moves between campaigns, sends, opens, replies, analysis jobs queued, claimed,
// finished and deleted, deletes of leads, emails and whole campaigns). Reading them walks no
// lead and no job.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrateDb, type Db } from '../../src/db/client.ts';
import { SqlCampaignRepo } from '../../src/db/repos/campaigns.ts';
import { openDb, recordStatements } from './support/seed-leads.ts';
import { dbBefore } from './support/old-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-campaign-counters-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Arg = string | number | null;
const SENT = "('SENT', 'OPENED', 'CLICKED', 'REPLIED')";

/** The figures counted from scratch, the way stats() computed them before the counters. */
async function recount(db: Db, campaignId: number) {
  const one = async (sql: string) => Number((await db.$client.execute({ sql, args: [campaignId] })).rows[0].n);
  return {
    totalLeads: await one('SELECT count(*) AS n FROM leads WHERE campaign_id = ?'),
    processedLeads: await one('SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND (analyzed_at IS NOT NULL OR last_error IS NOT NULL)'),
    // A lead whose last attempt failed is failed, never analysed, even if an earlier attempt analysed it.
    analysedLeads: await one('SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND analyzed_at IS NOT NULL AND last_error IS NULL'),
    failedLeads: await one('SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND last_error IS NOT NULL'),
    notAnalysed: await one(`SELECT count(*) AS n FROM leads l WHERE campaign_id = ? AND analyzed_at IS NULL AND last_error IS NULL
      AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.campaign_id = l.campaign_id AND j.lead_id = l.id AND j.stage = 'analyze' AND j.status IN ('queued', 'running'))`),
    leadsWithEmail: await one("SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND contact_email IS NOT NULL AND contact_email <> ''"),
    conversions: await one("SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND status = 'CONVERTED'"),
    emailsGenerated: await one('SELECT count(*) AS n FROM emails WHERE campaign_id = ?'),
    emailsSent: await one(`SELECT count(*) AS n FROM emails WHERE campaign_id = ? AND status IN ${SENT}`),
    emailsOpened: await one(`SELECT count(*) AS n FROM emails WHERE campaign_id = ? AND status IN ${SENT} AND opened_at IS NOT NULL`),
    emailsReplied: await one(`SELECT count(*) AS n FROM emails WHERE campaign_id = ? AND status IN ${SENT} AND replied_at IS NOT NULL`),
    audits: await one("SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage = 'audit'"),
    auditsFinished: await one("SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage = 'audit' AND status IN ('done', 'failed', 'dlq')"),
  };
}

async function expectCountersMatch(db: Db, when: string) {
  const ids = (await db.$client.execute('SELECT id FROM campaigns ORDER BY id')).rows.map((r) => Number(r.id));
  const stats = await new SqlCampaignRepo(db).stats(ids);
  for (const id of ids) expect(stats.get(id), `${when}: campaign ${id}`).toEqual(await recount(db, id));
  const orphans = await db.$client.execute('SELECT count(*) AS n FROM campaign_counters WHERE campaign_id NOT IN (SELECT id FROM campaigns)');
  expect(Number(orphans.rows[0].n), `${when}: counters of deleted campaigns`).toBe(0);
}

const helpers = (db: Db) => {
  const exec = (sql: string, args: Arg[] = []) => db.$client.execute({ sql, args });
  return {
    exec,
    campaign: async (name: string) => Number((await exec("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES (?, 'q', 1, 1) RETURNING id", [name])).rows[0].id),
    lead: async (campaignId: number | null, host: string, o: { analyzed?: number | null; error?: string | null; email?: string | null; status?: string } = {}) =>
      Number(
        (
          await exec(
            "INSERT INTO leads (campaign_id, url, hostname, status, analyzed_at, last_error, contact_email, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, '[]', '[]', '[]', 1, 1, 1) RETURNING id",
            [campaignId, `https://${host}/`, host, o.status ?? 'NEW', o.analyzed ?? null, o.error ?? null, o.email ?? null],
          )
        ).rows[0].id,
      ),
    email: async (campaignId: number | null, leadId: number, step: number, status: string, opened: number | null = null, replied: number | null = null) =>
      Number(
        (
          await exec(
            "INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, opened_at, replied_at, open_count, click_count, created_at, updated_at) VALUES (?, ?, ?, 's', 'b', 'a@b.example', ?, ?, ?, 0, 0, 1, 1) RETURNING id",
            [campaignId, leadId, step, status, opened, replied],
          )
        ).rows[0].id,
      ),
  };
};

it('fills the counters from the campaigns, leads and emails already there when migrating', async () => {
  const { db } = await dbBefore(dir, 'campaign_counters');

  const h = helpers(db);
  const a = await h.campaign('A');
  const b = await h.campaign('B');
  await h.campaign('Empty');
  const l1 = await h.lead(a, 'one.example', { analyzed: 5, email: 'x@one.example', status: 'CONVERTED' });
  const l2 = await h.lead(a, 'two.example', { error: 'crawl failed', email: '' });
  await h.lead(a, 'three.example');
  const l4 = await h.lead(b, 'four.example', { analyzed: 5, email: 'y@four.example' });
  await h.lead(null, 'loose.example');
  await h.email(a, l1, 1, 'REPLIED', 3, 4);
  await h.email(a, l1, 2, 'OPENED', 3);
  await h.email(a, l2, 1, 'DRAFT');
  await h.email(b, l4, 1, 'SENT');
  await h.exec("INSERT INTO jobs (campaign_id, lead_id, stage, status, attempts, max_attempts, run_after, created_at, updated_at) VALUES (?, ?, 'analyze', 'queued', 0, 3, 1, 1, 1)", [a, 3]);

  await migrateDb(db);
  expect(await recount(db, a)).toMatchObject({ totalLeads: 3, processedLeads: 2, notAnalysed: 0, leadsWithEmail: 1, conversions: 1, emailsGenerated: 3, emailsSent: 2, emailsOpened: 2, emailsReplied: 1 });
  await expectCountersMatch(db, 'after the migration');
  db.$client.close();
});

it('fills each campaign\'s leads that no analysis job waits for when migrating', async () => {
  const { db } = await dbBefore(dir, 'unqueued_leads');
  const h = helpers(db);
  const a = await h.campaign('A');
  const b = await h.campaign('B');
  const job = (campaignId: number, leadId: number, status: string) =>
    h.exec("INSERT INTO jobs (campaign_id, lead_id, stage, status, attempts, max_attempts, run_after, created_at, updated_at) VALUES (?, ?, 'analyze', ?, 0, 3, 1, 1, 1)", [campaignId, leadId, status]);
  await job(a, await h.lead(a, 'queued.example'), 'queued');
  await job(a, await h.lead(a, 'running.example'), 'running');
  await job(a, await h.lead(a, 'lost-done.example'), 'done');
  await h.lead(a, 'lost-none.example');
  await h.lead(a, 'analysed.example', { analyzed: 5 });
  await h.lead(b, 'lost-b.example');

  await migrateDb(db);
  expect((await recount(db, a)).notAnalysed).toBe(2);
  await expectCountersMatch(db, 'after the migration');
  db.$client.close();
});

it("fills each campaign's failed leads when migrating, apart from the analysed ones", async () => {
  const { db } = await dbBefore(dir, 'failed_leads');
  const h = helpers(db);
  const a = await h.campaign('A');
  const b = await h.campaign('B');
  await h.lead(a, 'analysed.example', { analyzed: 5 });
  await h.lead(a, 'cert.example', { error: "Website not analysed: the site's certificate is not trusted" });
  await h.lead(a, 'refused.example', { error: 'Website not analysed: the connection was refused' });
  await h.lead(a, 'failed-on-rerun.example', { analyzed: 5, error: 'Website not analysed: the address does not exist' });
  await h.lead(a, 'pending.example');
  await h.lead(b, 'b.example', { error: 'x' });

  await migrateDb(db);
  expect((await new SqlCampaignRepo(db).stats([a])).get(a)).toMatchObject({ totalLeads: 5, processedLeads: 4, analysedLeads: 1, failedLeads: 3 });
  await expectCountersMatch(db, 'after the migration');
  db.$client.close();
});

it('keeps every campaign equal to a recount through any mix of writes', async () => {
  const db = await openDb(join(dir, 'mixed.db'));
  const h = helpers(db);
  const campaigns = [await h.campaign('A'), await h.campaign('B'), await h.campaign('C')];
  // A small deterministic generator: the same run every time, many kinds of writes in between checks.
  let seed = 20261123;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const pick = <T>(list: T[]) => list[rnd(list.length)];
  const leadIds = async () => (await h.exec('SELECT id FROM leads')).rows.map((r) => Number(r.id));
  const emailIds = async () => (await h.exec('SELECT id FROM emails')).rows.map((r) => Number(r.id));
  const STATUSES = ['DRAFT', 'QUEUED', 'SENDING', 'SENT', 'OPENED', 'CLICKED', 'REPLIED', 'BOUNCED', 'FAILED', 'CANCELLED'];
  let hosts = 0;
  let step = 1;

  for (let round = 0; round < 8; round++) {
    for (let op = 0; op < 40; op++) {
      const leads = await leadIds();
      const mails = await emailIds();
      const kind = leads.length < 5 ? 0 : rnd(12);
      if (kind === 0) await h.lead(pick([...campaigns, null]), `h${hosts++}.example`, { email: pick([null, '', 'a@b.example']), analyzed: pick([null, 1]) });
      else if (kind === 1) await h.exec('UPDATE leads SET analyzed_at = ? WHERE id = ?', [pick([null, 7]), pick(leads)]);
      else if (kind === 2) await h.exec('UPDATE leads SET last_error = ? WHERE id = ?', [pick([null, 'failed']), pick(leads)]);
      else if (kind === 3) await h.exec('UPDATE leads SET contact_email = ? WHERE id = ?', [pick([null, '', 'c@d.example']), pick(leads)]);
      else if (kind === 4) await h.exec('UPDATE leads SET status = ? WHERE id = ?', [pick(['NEW', 'ANALYZED', 'CONVERTED', 'REPLIED']), pick(leads)]);
      else if (kind === 5) await h.exec('UPDATE leads SET campaign_id = ? WHERE id = ?', [pick([...campaigns, null]), pick(leads)]);
      else if (kind === 6 && leads.length > 10) await h.exec('DELETE FROM leads WHERE id = ?', [pick(leads)]);
      else if (kind === 7) await h.email(pick([...campaigns, null]), pick(leads), step++, pick(STATUSES), pick([null, 9]), pick([null, 9]));
      else if (kind === 8 && mails.length) await h.exec('UPDATE emails SET status = ? WHERE id = ?', [pick(STATUSES), pick(mails)]);
      else if (kind === 9 && mails.length) await h.exec('UPDATE emails SET opened_at = ?, replied_at = ? WHERE id = ?', [pick([null, 11]), pick([null, 12]), pick(mails)]);
      else if (kind === 10 && mails.length) await h.exec('UPDATE emails SET campaign_id = ? WHERE id = ?', [pick([...campaigns, null]), pick(mails)]);
      else if (kind === 11 && mails.length) await h.exec('DELETE FROM emails WHERE id = ?', [pick(mails)]);
      // A queued analysis job for a pending lead makes it "not lost"; finishing it makes it lost
      // again. Audit jobs are counted (and their finished ones) through the same moves.
      if (op % 10 === 5) {
        const jobs = (await h.exec('SELECT id FROM jobs')).rows.map((r) => Number(r.id));
        if (jobs.length && rnd(3) === 0) await h.exec('DELETE FROM jobs WHERE id = ?', [pick(jobs)]);
        else if (jobs.length) await h.exec('UPDATE jobs SET status = ? WHERE id = ?', [pick(['queued', 'running', 'done', 'failed', 'dlq']), pick(jobs)]);
      }
      if (op % 10 === 0 || op % 10 === 3) {
        const lead = pick(leads.length ? leads : [0]);
        const camp = (await h.exec('SELECT campaign_id FROM leads WHERE id = ?', [lead])).rows[0]?.campaign_id;
        if (camp != null) {
          await h.exec(
            "INSERT INTO jobs (campaign_id, lead_id, stage, status, attempts, max_attempts, run_after, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 3, 1, 1, 1) ON CONFLICT DO UPDATE SET status = excluded.status",
            [Number(camp), lead, pick(['analyze', 'audit']), pick(['queued', 'running', 'done', 'failed', 'dlq'])],
          );
        }
      }
    }
    await expectCountersMatch(db, `after round ${round + 1}`);
  }

  // Deleting a pending lead deletes its analysis job with it: whether it had one or not, the
  // campaign's count of leads no job waits for moves only for the lead that had none.
  const queuedLead = await h.lead(campaigns[1], 'queued-then-deleted.example');
  await h.exec("INSERT INTO jobs (campaign_id, lead_id, stage, status, attempts, max_attempts, run_after, created_at, updated_at) VALUES (?, ?, 'analyze', 'queued', 0, 3, 1, 1, 1)", [campaigns[1], queuedLead]);
  const lostLead = await h.lead(campaigns[1], 'lost-then-deleted.example');
  await expectCountersMatch(db, 'before deleting pending leads');
  await h.exec('DELETE FROM leads WHERE id IN (?, ?)', [queuedLead, lostLead]);
  await expectCountersMatch(db, 'after deleting a pending lead with a queued job and one without');

  // A whole campaign deleted: its counters go with it, the others are untouched.
  await h.exec('DELETE FROM campaigns WHERE id = ?', [campaigns[0]]);
  await expectCountersMatch(db, 'after deleting a campaign');
  db.$client.close();
});

it('reads the figures, not analysed included, from the counters alone: no lead or job is walked', async () => {
  const db = await openDb(join(dir, 'plan.db'));
  const repo = new SqlCampaignRepo(db);
  const h = helpers(db);
  const a = await h.campaign('A');
  await h.lead(a, 'pending.example');
  const seen: { sql: string; args: unknown }[] = [];
  recordStatements(db, seen);
  expect((await repo.stats([a])).get(a)).toMatchObject({ totalLeads: 1, notAnalysed: 1 });
  expect(seen.map((s) => s.sql).filter((sql) => /\b(from|join)\s+[`"]?(leads|jobs)\b/i.test(sql))).toEqual([]);
  expect(seen.map((s) => s.sql).join('\n')).toMatch(/from\s+"campaign_counters"/i);
  db.$client.close();
});
