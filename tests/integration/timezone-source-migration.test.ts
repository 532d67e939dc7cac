// The migration that adds leads.timezone_source, on a database that already holds leads (made
// by the migrations before it): zones analysed before say their evidence was not recorded,
// unknown zones stay unknown, and the emails list reads both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrateDb } from '../../src/db/client.ts';
import { SqlEmailRepo } from '../../src/db/repos/emails.ts';
import { dbBefore } from './support/old-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-migrate-tz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('marks zones analysed before the evidence was kept, and leaves unknown ones unknown', async () => {
  const { db, exec } = await dbBefore(dir, 'lead_timezone_source');
  for (const [host, zone] of [['denver-dental.example', 'America/Denver'], ['nowhere.example', null]] as const) {
    await exec("INSERT INTO leads (url, hostname, title, status, timezone, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'Shop', 'EMAIL_GENERATED', ?, '[]', '[]', '[]', 1, 1, 1)", [`https://${host}/`, host, zone]);
  }
  await exec("INSERT INTO emails (lead_id, subject, body, recipient_email, status, open_count, click_count, created_at, updated_at) VALUES (1, 's', 'b', 'a@denver-dental.example', 'QUEUED', 0, 0, 1, 1), (2, 's', 'b', 'a@nowhere.example', 'QUEUED', 0, 0, 2, 2)");

  await migrateDb(db);
  expect((await exec('SELECT timezone, timezone_source FROM leads ORDER BY id')).rows.map((r) => [r.timezone, r.timezone_source])).toEqual([
    ['America/Denver', 'analysis (before its evidence was recorded)'],
    [null, null],
  ]);
  const repo = new SqlEmailRepo(db);
  const [denver, nowhere] = [await repo.get(1), await repo.get(2)];
  expect(denver).toMatchObject({ recipient_timezone: 'America/Denver', recipient_timezone_source: 'analysis (before its evidence was recorded)' });
  expect(nowhere).toMatchObject({ recipient_timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, recipient_timezone_source: "unknown (not analysed yet): the server's time zone is used" });
  db.$client.close();
});
