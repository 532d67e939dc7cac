// Correctness at scale: 100,000 leads seeded with SQL. Every filter × sort of the Leads list
// pages through all its rows exactly once, in the order a plain (slow) query gives; exports
// hold the same rows; and the dashboard's counters, kept by triggers, equal a full recount
// after inserts, status changes, sends, opens, replies and deletes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeadService } from '../../src/core/leads/service.ts';
import type { SortKey } from '../../src/core/leads/cursor.ts';
import { LEAD_SORTS, LIST_TOTAL_CAP, type LeadFilter, type LeadListQuery, type LeadSort } from '../../src/core/model/lead.ts';
import type { Db } from '../../src/db/client.ts';
import { SqlEmailRepo } from '../../src/db/repos/emails.ts';
import { orderedRows } from '../../src/db/repos/lead-list.ts';
import { SqlLeadRepo } from '../../src/db/repos/leads.ts';
import { leads } from '../../src/db/schema/leads.ts';
import { openDb, seedLeads } from './support/seed-leads.ts';

const LEADS = 100_000;
const ID_ROW = { columns: sql`${leads.id} AS id` };
const dir = mkdtempSync(join(tmpdir(), 'outreach-scale-'));
let db: Db;
let service: LeadService;

beforeAll(async () => {
  db = await openDb(join(dir, 'scale.db'));
  await seedLeads(db, LEADS);
  service = new LeadService(new SqlLeadRepo(db), { emit: async () => {} } as never);
}, 60_000);
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = async (query: string, args: (string | number)[] = []) => (await db.$client.execute({ sql: query, args })).rows.map((r) => Number(r.id));

// The reference: each filter and sort written plainly over the raw columns (no index helps).
const ORDER: Record<LeadSort, string> = {
  discovered_at: 'discovered_at DESC, id DESC',
  opportunity: 'coalesce(market_opportunity_score, -1) DESC, id DESC',
  urgency: 'coalesce(urgency_score, -1) DESC, id DESC',
  industry: "coalesce(industry, '') = '' ASC, lower(coalesce(industry, '')) ASC, id ASC",
  location: "coalesce(city, '') = '' ASC, lower(coalesce(city, '')) ASC, id ASC",
};
const text = "lower(coalesce(company_name, '') || ' ' || coalesce(title, '') || ' ' || hostname || ' ' || coalesce(contact_email, '') || ' ' || coalesce(city, ''))";
/** Given ids: every 97th lead up to 29,100. */
const PICKED = Array.from({ length: 300 }, (_, i) => (i + 1) * 97);
const CASES: { name: string; filter: Omit<LeadFilter, 'sort'>; where: string; args: (string | number)[] }[] = [
  { name: 'everything', filter: {}, where: '1', args: [] },
  { name: 'status', filter: { status: 'EMAIL_SENT' }, where: 'status = ?', args: ['EMAIL_SENT'] },
  { name: 'category (any case)', filter: { business_category: 'SERVICE-BASED' }, where: 'lower(business_category) = ?', args: ['service-based'] },
  { name: 'status + category', filter: { status: 'REPLIED', business_category: 'Product-Based' }, where: 'status = ? AND lower(business_category) = ?', args: ['REPLIED', 'product-based'] },
  { name: 'campaign + status', filter: { campaign_id: 3, status: 'EMAIL_GENERATED' }, where: 'campaign_id = ? AND status = ?', args: [3, 'EMAIL_GENERATED'] },
  { name: 'without email', filter: { has_email: false }, where: "coalesce(contact_email, '') = ''", args: [] },
  { name: 'search, many matches', filter: { search: 'Florist' }, where: `${text} LIKE ?`, args: ['%florist%'] },
  { name: 'search, few matches', filter: { search: 'acme dental 77' }, where: `${text} LIKE ?`, args: ['%acme dental 77%'] },
  { name: 'search, few matches + category', filter: { search: 'acme dental 77', business_category: 'Product-Based' }, where: `${text} LIKE ? AND lower(business_category) = ?`, args: ['%acme dental 77%', 'product-based'] },
  { name: 'search + status', filter: { search: 'chicago', status: 'OPENED' }, where: `${text} LIKE ? AND status = ?`, args: ['%chicago%', 'OPENED'] },
  { name: 'ids', filter: { ids: PICKED }, where: 'id % 97 = 0 AND id <= 29100', args: [] },
  { name: 'ids + search', filter: { ids: PICKED, search: 'chicago' }, where: `id % 97 = 0 AND id <= 29100 AND ${text} LIKE ?`, args: ['%chicago%'] },
];

/** Every page of the list, through the service (cursor, total, keyset) as the API calls it. */
async function pageThrough(filter: Omit<LeadFilter, 'sort'>, sort: LeadSort, limit: number) {
  const seen: number[] = [];
  let cursor: string | undefined;
  let first: { total: number; total_exact: boolean } | undefined;
  do {
    const page = await service.list({ ...filter, sort, limit, cursor } as LeadListQuery);
    first ??= page;
    expect(page.total, "every page carries the first page's total").toBe(first.total);
    seen.push(...page.items.map((l) => l.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { seen, total: first.total, exact: first.total_exact };
}

/** Every row's id through the keyset walk that list pages and export batches share, `limit` at a time. */
async function walk(filter: Omit<LeadFilter, 'sort'>, sort: LeadSort, limit: number) {
  const seen: number[] = [];
  let after: SortKey | undefined;
  for (;;) {
    const rows = await orderedRows<{ id: number }>(db, { ...filter, sort }, limit, after, ID_ROW);
    seen.push(...rows.map((r) => r.id));
    if (rows.length < limit) return seen;
    after = JSON.parse(rows[rows.length - 1].key) as SortKey;
  }
}

describe(`${LEADS.toLocaleString('en-US')} leads`, () => {
  it('every filter × sort pages through all its rows exactly once, in order', async () => {
    for (const c of CASES) {
      for (const sort of LEAD_SORTS) {
        const expected = await ids(`SELECT id FROM leads WHERE ${c.where} ORDER BY ${ORDER[sort]}`, c.args);
        expect(expected.length, c.name).toBeGreaterThan(0);
        // Page sizes that put page boundaries inside runs of equal sort keys. Big matches are
        // walked by the query pages and batches share, without building 100,000 Lead objects.
        if (expected.length > 5000) {
          expect(await walk(c.filter, sort, 997), `${c.name} / ${sort}`).toEqual(expected);
          const first = await service.list({ ...c.filter, sort, limit: 50 } as LeadListQuery);
          expect(first.items.map((l) => l.id), c.name).toEqual(expected.slice(0, 50));
          // Past the cap a filtered total stops counting; every lead's total is a counter, exact.
          const counted = expected.length <= LIST_TOTAL_CAP || c.name === 'everything';
          expect({ total: first.total, exact: first.total_exact }, c.name).toEqual(counted ? { total: expected.length, exact: true } : { total: LIST_TOTAL_CAP, exact: false });
        } else {
          const { seen, total, exact } = await pageThrough(c.filter, sort, 37);
          expect(seen, `${c.name} / ${sort}`).toEqual(expected);
          expect({ total, exact }, c.name).toEqual({ total: expected.length, exact: true });
        }
      }
    }
  }, 60_000);

  it('exports every row of a filter once, in the list order, with the exact count', async () => {
    for (const c of [CASES[1], CASES[6]]) {
      const file = await service.exportCsv({ ...c.filter, sort: 'opportunity' });
      const rows = parse(await new Response(file.stream).text(), { columns: true }) as { id: string }[];
      const expected = await ids(`SELECT id FROM leads WHERE ${c.where} ORDER BY ${ORDER.opportunity}`, c.args);
      expect(file.total, c.name).toBe(expected.length);
      expect(rows.map((r) => Number(r.id)), c.name).toEqual(expected);
    }
  }, 30_000);

  it('keeps the dashboard counters equal to a recount through inserts, status changes, sends, opens, replies and deletes', async () => {
    const exec = (sql: string, args: (string | number | null)[] = []) => db.$client.execute({ sql, args });
    await expectCountersMatch('after seeding');

    // New leads, one with a sent email; a lead converts; another converts and goes back.
    await seedLeads(db, 300);
    const [fresh] = await ids('SELECT max(id) AS id FROM leads');
    await exec("INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, sent_at, open_count, click_count, created_at, updated_at) VALUES (1, ?, 2, 's', 'b', 'x@y.example', 'SENT', 1, 0, 0, 1, 1)", [fresh]);
    const actor = { id: null, role: 'admin' } as never;
    const [emailed, other] = await ids("SELECT lead_id AS id FROM emails WHERE status = 'SENT' ORDER BY id LIMIT 2");
    await service.updateStatus(actor, emailed, 'CONVERTED');
    await service.updateStatus(actor, other, 'CONVERTED');
    await service.updateStatus(actor, other, 'REPLIED');

    // The sender's path: queued → sending → sent; an open; a reply; a bounce; a failed retry.
    const sender = new SqlEmailRepo(db);
    const queued = await ids("SELECT id FROM emails WHERE status = 'DRAFT' ORDER BY id LIMIT 5");
    const [sentLead] = await ids('SELECT lead_id AS id FROM emails WHERE id = ?', [queued[3]]);
    await exec(`UPDATE emails SET status = 'QUEUED' WHERE id IN (${queued.join(',')})`);
    for (const id of queued.slice(0, 4)) {
      await sender.claim(id, 'outbox', (n) => `<${n}@test>`, new Date());
      await sender.markSent(id, `p-${id}`, new Date());
    }
    await exec("UPDATE emails SET status = 'OPENED', opened_at = 5 WHERE id = ?", [queued[0]]);
    await exec("UPDATE emails SET status = 'REPLIED', replied_at = 6 WHERE id = ?", [queued[1]]);
    await exec("UPDATE emails SET status = 'BOUNCED' WHERE id = ?", [queued[2]]);
    await sender.claim(queued[4], 'outbox', (n) => `<${n}@test>`, new Date());
    await sender.settle(queued[4], 'FAILED', 'refused');
    await expectCountersMatch('after sends');

    // Deletes: a lead (its emails go with it), drafts, processed leads without email, a whole campaign.
    await service.delete(emailed);
    await service.delete(sentLead);
    await exec("DELETE FROM emails WHERE id IN (SELECT id FROM emails WHERE status = 'DRAFT' ORDER BY id LIMIT 50)");
    await exec("UPDATE leads SET analyzed_at = 1 WHERE id IN (SELECT id FROM leads WHERE has_email = 0 ORDER BY id LIMIT 40)");
    expect(await service.deleteWithoutContact()).toEqual({ deleted_count: 40 });
    await exec('DELETE FROM campaigns WHERE id = 5');
    await expectCountersMatch('after deletes');
    expect(await ids('SELECT id FROM leads WHERE campaign_id = 5')).toEqual([]);

    // The search index followed every write (FTS5 checks itself against the leads table).
    await exec("UPDATE leads SET company_name = 'Renamed Bakery', city = NULL WHERE id = ?", [fresh]);
    await exec("INSERT INTO leads_fts (leads_fts, rank) VALUES ('integrity-check', 1)");
    expect((await service.list({ search: 'renamed bakery', sort: 'discovered_at', limit: 10 } as LeadListQuery)).items.map((l) => l.id)).toEqual([fresh]);
  }, 30_000);
});

async function expectCountersMatch(when: string) {
  const sent = "e.status IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')";
  const recount = (await db.$client.execute(`SELECT
      (SELECT count(*) FROM leads) AS leads,
      (SELECT count(*) FROM emails) AS emails,
      (SELECT count(*) FROM emails e WHERE ${sent}) AS emails_sent,
      (SELECT count(*) FROM emails e WHERE ${sent} AND opened_at IS NOT NULL) AS emails_opened,
      (SELECT count(*) FROM emails e WHERE ${sent} AND replied_at IS NOT NULL) AS emails_replied,
      (SELECT count(DISTINCT l.id) FROM leads l JOIN emails e ON e.lead_id = l.id WHERE ${sent}) AS leads_emailed,
      (SELECT count(DISTINCT l.id) FROM leads l JOIN emails e ON e.lead_id = l.id WHERE ${sent} AND l.status = 'CONVERTED') AS leads_emailed_converted`)).rows[0];
  const counters = (await db.$client.execute('SELECT leads, emails, emails_sent, emails_opened, emails_replied, leads_emailed, leads_emailed_converted FROM dashboard_counters')).rows[0];
  expect({ ...counters }, when).toEqual({ ...recount });
  const drifted = await db.$client.execute(`SELECT count(*) AS n FROM leads l WHERE sent_emails <> (SELECT count(*) FROM emails e WHERE e.lead_id = l.id AND ${sent})`);
  expect(Number(drifted.rows[0].n), `${when}: leads.sent_emails`).toBe(0);
  const stats = await service.dashboard();
  expect(stats.total_leads, when).toBe(Number(recount.leads));
  expect(stats.emails_sent, when).toBe(Number(recount.emails_sent));
}
