// Migration deal_value_default on a database an older release left: campaigns gain an empty
// estimated_project_value (no estimate is made up for them), converted leads keep their won
// deal, and deals work on the upgraded database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DealService } from '../../src/core/deals/service.ts';
import { TERMINAL_OPERATOR } from '../../src/core/users/access.ts';
import { migrateDb } from '../../src/db/client.ts';
import { SqlDealRepo } from '../../src/db/repos/deals.ts';
import { dbBefore } from './support/old-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-deals-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('upgrades campaigns and leads of an older release', async () => {
  const { db, exec } = await dbBefore(dir, 'deal_value_default');
  const campaign = Number((await exec("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES ('Old', 'q', 1, 1) RETURNING id")).rows[0].id);
  const lead = (host: string, status: string) =>
    exec("INSERT INTO leads (campaign_id, url, hostname, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, '[]', '[]', '[]', 1, 1, 1) RETURNING id", [campaign, `https://${host}/`, host, status]);
  await exec("UPDATE leads SET deal_stage = 'won' WHERE id = ?", [Number((await lead('converted.example', 'CONVERTED')).rows[0].id)]);
  const replied = Number((await lead('replied.example', 'REPLIED')).rows[0].id);

  await migrateDb(db);
  const [row] = (await exec('SELECT estimated_project_value FROM campaigns WHERE id = ?', [campaign])).rows;
  expect(row.estimated_project_value).toBeNull();

  const deals = new DealService({ repo: new SqlDealRepo(db), events: { emit: async () => {} }, findUser: async () => undefined, now: () => new Date() });
  await deals.update(TERMINAL_OPERATOR, replied, { stage: 'interested' });
  const board = await deals.board({});
  expect(board.columns.map((c) => [c.stage, c.count, c.total_value])).toEqual([['interested', 1, 0], ['meeting_booked', 0, 0], ['proposal_sent', 0, 0], ['won', 1, 0], ['lost', 0, 0]]);
  db.$client.close();
});
