// The emails list (GET /api/emails) pages on the key coalesce(sent_at, scheduled_send_time,
// created_at), id. Without an index on that expression every page reads and sorts every
// matching email; with the indexes below (migration 0006) each page walks an
// index from its cursor and stops at the LIMIT. The pages are the same either way.
// The statements checked are the real ones, caught on their way to the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailService } from '../../src/core/emails/service.ts';
import type { EmailFilter } from '../../src/core/model/email.ts';
import type { Db } from '../../src/db/client.ts';
import { SqlEmailRepo } from '../../src/db/repos/emails.ts';
import { openDb, recordStatements, seedLeads } from './support/seed-leads.ts';

/** The indexes the emails list needs: one per filter combination, each ending in the sort key and id. */
export const EMAIL_LIST_INDEXES: Record<string, string> = {
  emails_list_idx: '(coalesce(sent_at, scheduled_send_time, created_at), id)',
  emails_list_status_idx: '(status, coalesce(sent_at, scheduled_send_time, created_at), id)',
  emails_list_campaign_idx: '(campaign_id, coalesce(sent_at, scheduled_send_time, created_at), id)',
  emails_list_campaign_status_idx: '(campaign_id, status, coalesce(sent_at, scheduled_send_time, created_at), id)',
};

const FILTERS: Record<string, EmailFilter> = {
  none: {},
  status: { status: 'SENT' },
  campaign: { campaign_id: 2 },
  'campaign + status': { campaign_id: 3, status: 'DRAFT' },
};

const dir = mkdtempSync(join(tmpdir(), 'outreach-email-plans-'));
let db: Db;
let emails: EmailService;
const seen: { sql: string; args: unknown }[] = [];

beforeAll(async () => {
  db = await openDb(join(dir, 'plans.db'));
  await seedLeads(db, 3000);
  // Sent and scheduled times spread out, and many created at the same moment: ties across pages.
  await db.$client.execute("UPDATE emails SET scheduled_send_time = created_at + (id % 7) * 60000 WHERE status = 'DRAFT' AND id % 3 = 0");
  emails = new EmailService(new SqlEmailRepo(db), {} as never, {} as never, {} as never);
  recordStatements(db, seen);
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

async function setIndexes(on: boolean) {
  for (const [name, columns] of Object.entries(EMAIL_LIST_INDEXES)) {
    await db.$client.execute(on ? `CREATE INDEX IF NOT EXISTS ${name} ON emails ${columns}` : `DROP INDEX IF EXISTS ${name}`);
  }
}

/** Every id of the list, page by page, and the plans of the first page and of one after a cursor. */
async function readAll(filter: EmailFilter) {
  const ids: number[] = [];
  const plans: string[][] = [];
  let cursor: string | undefined;
  do {
    seen.length = 0;
    const page = await emails.list({ ...filter, limit: 97, cursor });
    if (plans.length < 2) {
      for (const s of [...seen]) plans.push((await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${s.sql}`, args: s.args as never })).rows.map((r) => String(r.detail)));
    }
    ids.push(...page.items.map((e) => e.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { ids, plans };
}

describe('the emails list query', () => {
  it('pages the same with or without its indexes; with them no page reads or sorts every match', async () => {
    await setIndexes(false);
    const bare: Record<string, number[]> = {};
    for (const [label, filter] of Object.entries(FILTERS)) {
      const { ids, plans } = await readAll(filter);
      expect(new Set(ids).size, label).toBe(ids.length);
      bare[label] = ids;
      // Why the indexes matter: without them the key is computed and sorted for every match.
      expect(plans.flat().some((line) => line.includes('USE TEMP B-TREE FOR ORDER BY')), label).toBe(true);
    }
    const total = Number((await db.$client.execute('SELECT count(*) AS n FROM emails')).rows[0].n);
    expect(bare.none).toHaveLength(total);

    await setIndexes(true);
    for (const [label, filter] of Object.entries(FILTERS)) {
      const { ids, plans } = await readAll(filter);
      expect(ids, label).toEqual(bare[label]);
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        const text = `${label}\n  ${plan.join('\n  ')}`;
        expect(plan.some((line) => /^SCAN emails$/.test(line)), text).toBe(false);
        expect(plan.some((line) => line.includes('USE TEMP B-TREE')), text).toBe(false);
        expect(plan.some((line) => /emails USING INDEX emails_list_/.test(line)), text).toBe(true);
      }
      // After a cursor the index is entered at the cursor, not walked from its start.
      expect(plans[1].join(' '), label).toMatch(/SEARCH emails USING INDEX emails_list_\w+ \([^)]*<expr><\?\)/);
    }
  });
});
