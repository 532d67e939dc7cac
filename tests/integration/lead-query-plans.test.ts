// Every query the Leads list, its CSV export, the dashboard and the sender's rolling count
// run, checked with EXPLAIN QUERY PLAN: none reads a whole table of leads or emails, and none
// sorts its rows in a temporary B-tree (which would read every match before the first row).
// The statements are the real ones: caught on their way to the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeadService } from '../../src/core/leads/service.ts';
import { LEAD_SORTS, type LeadFilter, type LeadListQuery } from '../../src/core/model/lead.ts';
import type { Db } from '../../src/db/client.ts';
import { SqlEmailRepo } from '../../src/db/repos/emails.ts';
import { SqlLeadRepo } from '../../src/db/repos/leads.ts';
import { openDb, recordStatements, seedLeads } from './support/seed-leads.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-plans-'));
let db: Db;
let service: LeadService;
const seen: { sql: string; args: unknown }[] = [];

beforeAll(async () => {
  db = await openDb(join(dir, 'plans.db'));
  await seedLeads(db, 3000);
  service = new LeadService(new SqlLeadRepo(db), { emit: async () => {} } as never);
  recordStatements(db, seen);
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The plans of the statements `run` sends, each with its text. */
async function plansOf(run: () => Promise<unknown>) {
  // A statement that writes nothing still counts as a change: the list reads the database
  // again instead of answering from its read cache.
  await db.$client.execute('DELETE FROM leads WHERE 0');
  seen.length = 0;
  await run();
  const statements = [...seen];
  const plans = [];
  for (const s of statements) {
    const rows = (await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${s.sql}`, args: s.args as never })).rows;
    plans.push({ sql: s.sql, plan: rows.map((r) => String(r.detail)) });
  }
  return plans;
}

// Rows driven by a small set of ids sort just those: a search's matches when there are at most
// SORT_MATCHES_UP_TO of them (src/db/repos/leads.ts), or the ids asked for (at most 5,000).
const boundedSort = (sql: string) => /(leads_fts|json_each\(\?\) AS picked) CROSS JOIN/.test(sql);

function expectIndexed(plans: { sql: string; plan: string[] }[], label: string) {
  expect(plans.length, label).toBeGreaterThan(0);
  for (const { sql, plan } of plans) {
    const text = `${label}\n${sql}\n  ${plan.join('\n  ')}`;
    // A table read row by row: never.
    expect(plan.some((line) => /^SCAN (leads|emails)$/.test(line)), text).toBe(false);
    // An index walked from its start: only in the page's order, stopped by the LIMIT.
    if (plan.some((line) => /^SCAN (leads|emails) USING/.test(line))) expect(/ limit \?/i.test(sql), text).toBe(true);
    if (!boundedSort(sql)) expect(plan.some((line) => line.includes('USE TEMP B-TREE FOR ORDER BY')), text).toBe(false);
  }
}

const FILTERS: Record<string, Omit<LeadFilter, 'sort'>> = {
  none: {},
  status: { status: 'EMAIL_SENT' },
  category: { business_category: 'Service-Based' },
  'status + category': { status: 'EMAIL_SENT', business_category: 'Service-Based' },
  campaign: { campaign_id: 2 },
  'campaign + status': { campaign_id: 2, status: 'REPLIED' },
  'with email': { has_email: true },
  'without email': { has_email: false },
  'search, few matches': { search: 'seed 77' },
  'search, many matches': { search: 'acme' },
  'search, many matches + status + category': { search: 'acme', status: 'EMAIL_SENT', business_category: 'service-based' },
  ids: { ids: [5, 17, 2999] },
};

describe('the Leads list', () => {
  for (const sort of LEAD_SORTS) {
    it(`sorted by ${sort}: every filter, first and later pages`, async () => {
      for (const [name, filter] of Object.entries(FILTERS)) {
        const first = await service.list({ ...filter, sort, limit: 20 } as LeadListQuery);
        expect(first.items.length, `${name} finds leads`).toBeGreaterThan(0);
        expectIndexed(await plansOf(() => service.list({ ...filter, sort, limit: 20 } as LeadListQuery)), `${sort} / ${name} / first page`);
        if (!first.next_cursor) continue;
        const later = await plansOf(() => service.list({ ...filter, sort, limit: 20, cursor: first.next_cursor! } as LeadListQuery));
        expectIndexed(later, `${sort} / ${name} / next page`);
        // Later pages never count: the first page's total rides in the cursor.
        expect(later.filter((p) => /count\(/i.test(p.sql) && !/limit \?/i.test(p.sql)), name).toEqual([]);
      }
    });
  }
});

describe('the CSV export', () => {
  it('reads every filter in keyset batches on an index, and counts over an index', async () => {
    for (const [name, filter] of Object.entries(FILTERS)) {
      for (const sort of ['discovered_at', 'opportunity'] as const) {
        const plans = await plansOf(async () => {
          const file = await service.exportCsv({ ...filter, sort });
          await new Response(file.stream).text();
        });
        expect(plans.filter((p) => /left join/i.test(p.sql)).length, name).toBeGreaterThan(0);
        expectIndexed(plans, `export ${sort} / ${name}`);
      }
    }
  });
});

describe('the dashboard and the sender', () => {
  it('read counters and indexes only', async () => {
    const plans = await plansOf(() => service.dashboard());
    expectIndexed(plans, 'dashboard');
    // Counters, the campaigns' index, and the ten newest leads: nothing over the leads or emails.
    const reads = plans.flatMap((p) => p.plan).filter((line) => /\b(leads|emails)\b/.test(line));
    expect(reads.filter((line) => !/leads_list_all_discovered_at_idx|INTEGER PRIMARY KEY/.test(line))).toEqual([]);
    const sent = await plansOf(() => new SqlEmailRepo(db).sentSince(new Date(Date.UTC(2025, 11, 31))));
    expectIndexed(sent, 'sentSince');
    expect(sent[0].plan.join(' ')).toContain('emails_sent_at_idx');
  });
});
