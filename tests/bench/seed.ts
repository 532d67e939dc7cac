// Seeds a benchmark database with SQL: N leads, N analyses, N emails and 100 campaigns in a
// database migrated by the current code. Indexes and triggers are dropped for the bulk insert
// and rebuilt after it (CREATE INDEX sorts once; the full-text index is rebuilt; the counters
// the triggers keep are recounted the way migrations 0005 and 0007 backfill them), so 1M rows take
// seconds, not the minutes that a row-by-row trigger and index update costs.
// The file is cached in os.tmpdir(), keyed by the last migration's tag and N.
//   npx tsx tests/bench/seed.ts <file> <n>   seeds one file (no cache)
import { copyFileSync, existsSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, migrateDb, prepareDb } from '../../src/db/client.ts';

/** Bump when the seeded data changes shape (the migration tag covers schema changes). */
const SEED_VERSION = 2;
const ROOT = join(import.meta.dirname, '../..');

/** The tag of the newest migration: a schema change makes a new cache file. */
export function schemaTag(): string {
  const journal = JSON.parse(readFileSync(join(ROOT, 'src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? 'none';
}

const TRADES = ['Plumbing', 'Roofing', 'Dental', 'Bakery', 'Law', 'Salon', 'Auto Repair', 'Cafe', 'Fitness', 'Florist', 'Vet', 'Landscaping', 'Cleaning', 'Electrician', 'Painting', 'Moving', 'Pest Control', 'Photography', 'Tutoring', 'Yoga'];
const CITIES = ['Austin', 'Boston', 'Chicago', 'Denver', 'Phoenix', 'Seattle', 'Miami', 'Atlanta', 'Dallas', 'Portland', 'Nashville', 'Tampa', 'Raleigh', 'Omaha', 'Tulsa', 'Reno', 'Boise', 'Fresno', 'Mesa', 'Toledo', 'Madison', 'Lincoln', 'Orlando', 'Newark', 'Durham'];
const CATEGORIES = ['Product-Based', 'Service-Based', 'Informational/Other', 'service-based'];
const SENT = `('SENT', 'OPENED', 'CLICKED', 'REPLIED')`; // SENT_EMAIL_STATUSES (src/core/emails/status.ts)

/** Status by a hash bucket h in 0..99: 25% EMAIL_SENT, the rest spread like a year of campaigns. */
const STATUS = `CASE
  WHEN h < 20 THEN 'NEW' WHEN h < 40 THEN 'ANALYZED' WHEN h < 55 THEN 'EMAIL_GENERATED' WHEN h < 80 THEN 'EMAIL_SENT'
  WHEN h < 86 THEN 'OPENED' WHEN h < 90 THEN 'CLICKED' WHEN h < 94 THEN 'REPLIED' WHEN h < 97 THEN 'CONVERTED'
  WHEN h < 99 THEN 'BOUNCED' ELSE 'UNSUBSCRIBED' END`;

export async function seedDb(file: string, n: number, log: (line: string) => void = () => {}): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const url = `file:${file}`;
  const db = await createDb(url);
  await prepareDb(db, url);
  await migrateDb(db);
  const c = db.$client;
  const t0 = performance.now();
  const step = (what: string) => log(`  seed: ${what} at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Nothing here needs to survive a crash: a half-seeded file is deleted and seeded again.
  await c.execute('PRAGMA journal_mode = OFF');
  await c.execute('PRAGMA synchronous = OFF');
  await c.execute('PRAGMA cache_size = -262144');
  await c.execute('PRAGMA temp_store = MEMORY');
  const saved = await c.execute(
    "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND (type = 'trigger' OR (type = 'index' AND tbl_name IN ('leads', 'emails', 'lead_analyses')))",
  );
  for (const row of saved.rows) await c.execute(`DROP ${row.type === 'trigger' ? 'TRIGGER' : 'INDEX'} "${String(row.name)}"`);

  const now = Date.now();
  const pick = (list: string[], i: string) => `json_extract('${JSON.stringify(list)}', '$[' || ${i} || ']')`;
  await c.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
    INSERT INTO campaigns (name, search_query, status, created_at, updated_at)
    SELECT 'Campaign ' || i, 'q', CASE WHEN i % 10 = 0 THEN 'RUNNING' ELSE 'COMPLETED' END, ${now}, ${now} FROM n`);
  await c.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n}),
    r AS (SELECT i, (i * 7919) % 100 AS h, (i * 104729) % 20 AS t, (i * 7) % 25 AS ci, (i * 31) % 4 AS ca FROM n)
    INSERT INTO leads (url, hostname, title, company_name, status, business_category, contact_email, phone_number, city, industry,
      market_opportunity_score, urgency_score, website_quality_score, priority, tags, services_offered, technology_stack,
      discovered_at, analyzed_at, campaign_id, created_at, updated_at)
    SELECT 'https://biz-' || i || '.example/', 'biz-' || i || '.example',
      ${pick(TRADES, 't')} || ' ' || i || ' | ' || ${pick(CITIES, 'ci')},
      CASE WHEN i % 13 = 0 THEN NULL ELSE 'Acme ' || ${pick(TRADES, 't')} || ' ' || i END,
      ${STATUS},
      CASE WHEN i % 17 = 0 THEN NULL ELSE ${pick(CATEGORIES, 'ca')} END,
      CASE WHEN i % 10 < 7 THEN 'info@biz-' || i || '.example' WHEN i % 10 = 7 THEN '' ELSE NULL END,
      '+1 555 ' || (i % 10000),
      CASE WHEN i % 19 = 0 THEN NULL ELSE ${pick(CITIES, 'ci')} END,
      CASE WHEN i % 11 = 0 THEN NULL ELSE ${pick(TRADES, 't')} END,
      CASE WHEN i % 9 = 0 THEN NULL ELSE (i * 37) % 101 END,
      CASE WHEN i % 8 = 0 THEN NULL ELSE (i * 53) % 101 END,
      (i * 17) % 101, CASE WHEN (i * 37) % 101 >= 70 THEN 'High' WHEN (i * 37) % 101 >= 40 THEN 'Medium' ELSE 'Low' END,
      '[]', '[]', '["WordPress"]',
      ${now} - (${n} - i) * 30000 - (i % 7) * 1000,
      -- Analysed, except 1 in 20 leads of the running campaigns (every tenth), still waiting.
      CASE WHEN i % 10 = 9 AND i % 200 < 10 THEN NULL ELSE ${now} - (${n} - i) * 30000 + 60000 END,
      1 + (i % 100), ${now}, ${now}
    FROM r`);
  step('leads');
  await c.execute(`INSERT INTO lead_analyses (lead_id, has_ssl, is_mobile_responsive, technical_issues, crawl_log, created_at, updated_at)
    SELECT id, id % 2, id % 3 > 0, CASE WHEN id % 3 = 0 THEN '["No HTTPS","Slow page load"]' ELSE '["Missing meta description"]' END, '[]', ${now}, ${now}
    FROM leads WHERE analyzed_at IS NOT NULL`);
  step('analyses');
  await c.execute(`INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, sent_at, opened_at, replied_at, generated_at, open_count, click_count, created_at, updated_at)
    SELECT campaign_id, id, 1, 'Your website', 'Hello, I looked at your site and noticed a few things worth fixing.', 'info@' || hostname,
      CASE status WHEN 'EMAIL_SENT' THEN 'SENT' WHEN 'OPENED' THEN 'OPENED' WHEN 'CLICKED' THEN 'CLICKED' WHEN 'REPLIED' THEN 'REPLIED'
        WHEN 'CONVERTED' THEN 'REPLIED' WHEN 'BOUNCED' THEN 'BOUNCED' WHEN 'UNSUBSCRIBED' THEN 'SENT' WHEN 'EMAIL_GENERATED' THEN 'DRAFT' ELSE 'QUEUED' END,
      CASE WHEN status IN ('EMAIL_SENT','OPENED','CLICKED','REPLIED','CONVERTED','UNSUBSCRIBED','BOUNCED') THEN discovered_at + 86400000 END,
      CASE WHEN status IN ('OPENED','CLICKED','REPLIED','CONVERTED') THEN discovered_at + 90000000 END,
      CASE WHEN status IN ('REPLIED','CONVERTED') THEN discovered_at + 99000000 END,
      discovered_at, 0, 0, ${now}, ${now} FROM leads`);
  step('emails');
  // What the triggers would have kept, counted the way migration 0005 backfills it.
  await c.execute(`UPDATE leads SET sent_emails = s.n FROM (SELECT lead_id, count(*) AS n FROM emails WHERE status IN ${SENT} GROUP BY lead_id) AS s WHERE leads.id = s.lead_id`);
  await c.execute(`INSERT OR REPLACE INTO dashboard_counters (id, leads, emails, emails_sent, emails_opened, emails_replied, leads_emailed, leads_emailed_converted)
    SELECT 1, (SELECT count(*) FROM leads), count(*),
      coalesce(sum(status IN ${SENT}), 0),
      coalesce(sum(status IN ${SENT} AND opened_at IS NOT NULL), 0),
      coalesce(sum(status IN ${SENT} AND replied_at IS NOT NULL), 0),
      (SELECT count(*) FROM leads WHERE sent_emails > 0),
      (SELECT count(*) FROM leads WHERE sent_emails > 0 AND status = 'CONVERTED')
    FROM emails`);
  // Each campaign's, counted the way migrations 0007, 0019 and 0020 backfill them (no jobs are
  // seeded: every pending lead is one no analysis job waits for).
  await c.execute(`INSERT OR REPLACE INTO campaign_counters (campaign_id, leads, leads_pending, leads_unqueued, leads_failed, leads_with_email, leads_converted)
    SELECT campaign_id, count(*), sum(analyzed_at IS NULL AND last_error IS NULL), sum(analyzed_at IS NULL AND last_error IS NULL), sum(last_error IS NOT NULL),
      sum(contact_email IS NOT NULL AND contact_email <> ''), sum(status = 'CONVERTED')
    FROM leads WHERE campaign_id IS NOT NULL GROUP BY campaign_id`);
  await c.execute(`UPDATE campaign_counters SET emails = s.n, emails_sent = s.sent, emails_opened = s.opened, emails_replied = s.replied
    FROM (SELECT campaign_id, count(*) AS n, sum(status IN ${SENT}) AS sent, sum(status IN ${SENT} AND opened_at IS NOT NULL) AS opened,
      sum(status IN ${SENT} AND replied_at IS NOT NULL) AS replied FROM emails WHERE campaign_id IS NOT NULL GROUP BY campaign_id) AS s
    WHERE campaign_counters.campaign_id = s.campaign_id`);
  // The seeded emails are in no A/B arm, so campaign_arm_counters (migration 0018) stays empty, as its triggers would leave it.
  // Analytics' day counters and leads.engaged, counted the way migration 0017 backfills them.
  await c.execute(`UPDATE leads SET engaged = s.bits FROM (SELECT lead_id, max(opened_at IS NOT NULL) | (max(clicked_at IS NOT NULL) << 1) | (max(replied_at IS NOT NULL) << 2) AS bits
    FROM emails GROUP BY lead_id) AS s WHERE leads.id = s.lead_id AND s.bits <> 0`);
  await c.execute(`INSERT INTO funnel_days (day, discovered, analysed, with_email, sent, opened, clicked, replied, interested, won)
    SELECT discovered_at / 86400000, count(*), sum(analyzed_at IS NOT NULL), sum(contact_email IS NOT NULL AND contact_email <> ''), sum(sent_emails > 0),
      sum(engaged & 1 = 1), sum(engaged & 2 = 2), sum(engaged & 4 = 4),
      sum(status = 'CONVERTED' OR coalesce(deal_stage, '') IN ('interested', 'meeting_booked', 'proposal_sent', 'won')), sum(status = 'CONVERTED' OR coalesce(deal_stage, '') = 'won')
    FROM leads GROUP BY 1`);
  await c.execute(`INSERT INTO sent_days (day, campaign_id, step, variant, sent, opened, clicked, replied, machine_opens, machine_clicks)
    SELECT sent_at / 86400000, coalesce(campaign_id, 0), step, coalesce(ab_variant, ''), count(*), sum(opened_at IS NOT NULL), sum(clicked_at IS NOT NULL),
      sum(replied_at IS NOT NULL), sum(machine_open_count), sum(machine_click_count)
    FROM emails WHERE sent_at IS NOT NULL AND status IN ${SENT} GROUP BY 1, 2, 3, 4`);
  step('counters');
  for (const row of saved.rows) if (row.type === 'index') await c.execute(String(row.sql));
  step(`${saved.rows.filter((r) => r.type === 'index').length} indexes`);
  await c.execute("INSERT INTO leads_fts (leads_fts) VALUES ('rebuild')");
  step('full-text index');
  for (const row of saved.rows) if (row.type === 'trigger') await c.execute(String(row.sql));
  await c.execute('ANALYZE');
  await c.execute('PRAGMA journal_mode = WAL');
  await c.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  step('done');
  c.close();
}

/** A seeded database with n leads, from the cache in os.tmpdir() when one of this schema exists. */
export async function cachedSeed(n: number, log: (line: string) => void): Promise<{ file: string; cached: boolean; seconds: number }> {
  const file = join(tmpdir(), `outreach-bench-${schemaTag()}-s${SEED_VERSION}-${n}.db`);
  if (existsSync(file)) return { file, cached: true, seconds: 0 };
  // Files of this size seeded for an older schema (or seed) are stale: remove them.
  for (const old of readdirSync(tmpdir())) if (old.startsWith('outreach-bench-') && old.endsWith(`-${n}.db`) && join(tmpdir(), old) !== file) rmSync(join(tmpdir(), old), { force: true });
  const t = performance.now();
  const partial = `${file}.partial`;
  await seedDb(partial, n, log);
  for (const suffix of ['-wal', '-shm']) rmSync(partial + suffix, { force: true });
  renameSync(partial, file);
  return { file, cached: false, seconds: (performance.now() - t) / 1000 };
}

/** A private copy of the cached file to run against (the benchmarks write: logins, opens). */
export function copyOf(file: string, dir: string): string {
  const copy = join(dir, 'bench.db');
  copyFileSync(file, copy);
  return copy;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const [file, n] = process.argv.slice(2);
  const t = performance.now();
  await seedDb(file, Number(n ?? 100_000), console.log);
  console.log(`seeded ${n} leads in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
