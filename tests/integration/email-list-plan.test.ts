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
  // By mailbox (migration 0025): NULL mailbox_id (emails from before mailboxes) is mailbox 1.
  emails_list_mailbox_idx: '(coalesce(mailbox_id, 1), coalesce(sent_at, scheduled_send_time, created_at), id)',
  emails_list_mailbox_status_idx: '(coalesce(mailbox_id, 1), status, coalesce(sent_at, scheduled_send_time, created_at), id)',
  emails_list_campaign_mailbox_idx: '(campaign_id, coalesce(mailbox_id, 1), coalesce(sent_at, scheduled_send_time, created_at), id)',
  emails_list_campaign_mailbox_status_idx: '(campaign_id, coalesce(mailbox_id, 1), status, coalesce(sent_at, scheduled_send_time, created_at), id)',
};

const FILTERS: Record<string, EmailFilter> = {
  none: {},
  status: { status: 'SENT' },
  campaign: { campaign_id: 2 },
  'campaign + status': { campaign_id: 3, status: 'DRAFT' },
  'mailbox 1 (with the NULL rows)': { mailbox_id: 1 },
  'mailbox 2': { mailbox_id: 2 },
  'mailbox + status': { mailbox_id: 1, status: 'SENT' },
  'campaign + mailbox': { campaign_id: 2, mailbox_id: 2 },
  'campaign + mailbox + status': { campaign_id: 3, mailbox_id: 1, status: 'DRAFT' },
};

/** The index each filter's pages walk. */
const WALKS: Record<string, string> = {
  none: 'emails_list_idx',
  status: 'emails_list_status_idx',
  campaign: 'emails_list_campaign_idx',
  'campaign + status': 'emails_list_campaign_status_idx',
  'mailbox 1 (with the NULL rows)': 'emails_list_mailbox_idx',
  'mailbox 2': 'emails_list_mailbox_idx',
  'mailbox + status': 'emails_list_mailbox_status_idx',
  'campaign + mailbox': 'emails_list_campaign_mailbox_idx',
  'campaign + mailbox + status': 'emails_list_campaign_mailbox_status_idx',
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
  // A second mailbox: a quarter of the emails go from it, a quarter name mailbox 1, the rest are
  // from before mailboxes (NULL), which mailbox 1's filter must include.
  await db.$client.execute("INSERT INTO mailboxes (id, label, provider, ramp_started_at, created_at, updated_at) VALUES (2, 'Second', 'outbox', 0, 0, 0)");
  await db.$client.execute('UPDATE emails SET mailbox_id = CASE id % 4 WHEN 1 THEN 2 WHEN 2 THEN 1 END WHERE id % 4 IN (1, 2)');
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
    // Mailbox 1 is its own rows and the NULL ones; mailbox 2 only its own; together every email.
    const ofMailbox = async (where: string) => (await db.$client.execute(`SELECT id FROM emails WHERE ${where} ORDER BY id`)).rows.map((r) => Number(r.id));
    expect([...bare['mailbox 1 (with the NULL rows)']].sort((a, b) => a - b)).toEqual(await ofMailbox('mailbox_id = 1 OR mailbox_id IS NULL'));
    expect([...bare['mailbox 2']].sort((a, b) => a - b)).toEqual(await ofMailbox('mailbox_id = 2'));
    expect(bare['mailbox 2'].length).toBeGreaterThan(0);
    expect(bare['mailbox 1 (with the NULL rows)'].length + bare['mailbox 2'].length).toBe(total);

    await setIndexes(true);
    for (const [label, filter] of Object.entries(FILTERS)) {
      const { ids, plans } = await readAll(filter);
      expect(ids, label).toEqual(bare[label]);
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        const text = `${label}\n  ${plan.join('\n  ')}`;
        expect(plan.some((line) => /^SCAN emails$/.test(line)), text).toBe(false);
        expect(plan.some((line) => line.includes('USE TEMP B-TREE')), text).toBe(false);
        expect(plan.some((line) => new RegExp(`emails USING INDEX ${WALKS[label]}( |$)`).test(line)), text).toBe(true);
      }
      // After a cursor the index is entered at the cursor, not walked from its start.
      expect(plans[1].join(' '), label).toMatch(/SEARCH emails USING INDEX emails_list_\w+ \([^)]*<expr><\?\)/);
    }
  });
});
