// Seeds leads (with analyses and emails) in one INSERT … SELECT each, from a recursive CTE:
// 100,000 rows in seconds. Values repeat in patterns so every filter and sort meets ties,
// missing values, mixed case and both common and rare words.
import type { InStatement } from '@libsql/client';
import { createDb, migrateDb, prepareDb, type Db } from '../../../src/db/client.ts';

export const TRADES = ['Plumbing', 'Roofing', 'Dental', 'Bakery', 'Law', 'Salon', 'Cafe', 'Florist', 'Vet', 'Yoga'];
export const CITIES = ['Austin', 'Boston', 'Chicago', 'Denver', 'Phoenix', 'Seattle', 'Miami'];
export const CATEGORIES = ['Product-Based', 'Service-Based', 'Informational/Other', 'service-based'];
export const CAMPAIGNS = 5;

export async function openDb(file: string): Promise<Db> {
  const url = `file:${file}`;
  const db = await createDb(url);
  await prepareDb(db, url);
  await migrateDb(db);
  return db;
}

const pick = (list: string[], index: string) => `json_extract('${JSON.stringify(list)}', '$[' || (${index}) || ']')`;
const STATUS = `CASE i % 10 WHEN 0 THEN 'NEW' WHEN 1 THEN 'ANALYZED' WHEN 2 THEN 'EMAIL_GENERATED' WHEN 3 THEN 'EMAIL_SENT'
  WHEN 4 THEN 'EMAIL_SENT' WHEN 5 THEN 'OPENED' WHEN 6 THEN 'REPLIED' WHEN 7 THEN 'CONVERTED' WHEN 8 THEN 'BOUNCED' ELSE 'EMAIL_GENERATED' END`;

/** Adds `count` leads after the ones there are, each with an analysis and one email. */
export async function seedLeads(db: Db, count: number): Promise<void> {
  const c = db.$client;
  // A page cache the size of the seeded database while seeding: with SQLite's default (2 MiB) the
  // leads' indexes, full-text index and emails spill to the file and are read back row by row,
  // twice the CPU time for 100,000 leads (34-42 s against 15-16 s). The same rows, through the
  // same triggers; the tests' reads after it go through the connection's usual cache again.
  const cacheSize = Number((await c.execute('PRAGMA cache_size')).rows[0].cache_size);
  await c.execute('PRAGMA cache_size = -262144');
  try {
    await insertLeads(c, count);
  } finally {
    await c.execute(`PRAGMA cache_size = ${cacheSize}`);
  }
}

async function insertLeads(c: Db['$client'], count: number): Promise<void> {
  const now = Date.UTC(2026, 0, 1);
  await c.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CAMPAIGNS})
    INSERT INTO campaigns (name, search_query, status, created_at, updated_at)
    SELECT 'Seeded ' || i, 'seeded', 'COMPLETED', ${now}, ${now} FROM n WHERE (SELECT count(*) FROM campaigns) < ${CAMPAIGNS}`);
  const start = Number((await c.execute('SELECT coalesce(max(id), 0) AS n FROM leads')).rows[0].n);
  await c.execute(`WITH RECURSIVE n(i) AS (SELECT ${start + 1} UNION ALL SELECT i + 1 FROM n WHERE i < ${start + count})
    INSERT INTO leads (url, hostname, title, company_name, status, business_category, contact_email, city, industry,
      market_opportunity_score, urgency_score, tags, services_offered, technology_stack, discovered_at, campaign_id, created_at, updated_at)
    SELECT 'https://seed-' || i || '.example/', 'seed-' || i || '.example', ${pick(TRADES, '(i * 7) % 10')} || ' ' || i,
      CASE WHEN i % 13 = 0 THEN NULL ELSE 'Acme ' || ${pick(TRADES, '(i * 7) % 10')} || ' ' || i END,
      ${STATUS},
      CASE WHEN i % 17 = 0 THEN NULL ELSE ${pick(CATEGORIES, '(i * 3) % 4')} END,
      CASE WHEN i % 5 < 3 THEN 'info@seed-' || i || '.example' WHEN i % 5 = 3 THEN '' ELSE NULL END,
      CASE WHEN i % 19 = 0 THEN NULL WHEN i % 23 = 0 THEN '' ELSE ${pick(CITIES, 'i % 7')} END,
      CASE WHEN i % 11 = 0 THEN NULL WHEN i % 29 = 0 THEN lower(${pick(TRADES, '(i * 3) % 10')}) ELSE ${pick(TRADES, '(i * 3) % 10')} END,
      CASE WHEN i % 9 = 0 THEN NULL ELSE (i * 37) % 101 END,
      CASE WHEN i % 8 = 0 THEN NULL ELSE (i * 53) % 101 END,
      '[]', '[]', '[]',
      ${now} - (i / 3) * 1000, 1 + i % ${CAMPAIGNS}, ${now}, ${now}
    FROM n`);
  await c.execute(`INSERT INTO lead_analyses (lead_id, technical_issues, crawl_log, created_at, updated_at)
    SELECT id, CASE WHEN id % 2 = 0 THEN '["No HTTPS","Slow page"]' ELSE '[]' END, '[]', ${now}, ${now} FROM leads WHERE id > ${start}`);
  await c.execute(`INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, sent_at, opened_at, replied_at, open_count, click_count, created_at, updated_at)
    SELECT campaign_id, id, 'Hello', 'Body', 'info@' || hostname,
      CASE status WHEN 'EMAIL_SENT' THEN 'SENT' WHEN 'OPENED' THEN 'OPENED' WHEN 'REPLIED' THEN 'REPLIED' WHEN 'CONVERTED' THEN 'REPLIED'
        WHEN 'BOUNCED' THEN 'BOUNCED' ELSE 'DRAFT' END,
      CASE WHEN status IN ('EMAIL_SENT', 'OPENED', 'REPLIED', 'CONVERTED', 'BOUNCED') THEN discovered_at + 3600000 END,
      CASE WHEN status IN ('OPENED', 'REPLIED', 'CONVERTED') THEN discovered_at + 7200000 END,
      CASE WHEN status IN ('REPLIED', 'CONVERTED') THEN discovered_at + 9000000 END,
      0, 0, ${now}, ${now}
    FROM leads WHERE id > ${start}`);
}

/** Every statement the client sends from now on is pushed to `seen` (to read their query plans). */
export function recordStatements(db: Db, seen: { sql: string; args: unknown }[]): void {
  const client = db.$client;
  const execute = client.execute.bind(client);
  client.execute = ((stmt: InStatement) => {
    if (typeof stmt === 'object') seen.push({ sql: stmt.sql, args: stmt.args });
    return execute(stmt);
  }) as typeof client.execute;
}
