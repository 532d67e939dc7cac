// The sequences migration on a database made by the migrations before it: existing campaigns
// become one-step sequences (nothing new is sent to their leads), existing emails and leads
// keep everything, and a campaign read afterwards carries its sequence.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrateDb } from '../../src/db/client.ts';
import { SqlCampaignRepo } from '../../src/db/repos/campaigns.ts';
import { SqlSequenceRepo } from '../../src/db/repos/sequences.ts';
import { dbBefore } from './support/old-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-migrate-seq-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('turns existing campaigns into first-email-only sequences and keeps every email', async () => {
  const { db, exec } = await dbBefore(dir, 'sequences');
  await exec("INSERT INTO campaigns (name, search_query, status, mode, created_at, updated_at) VALUES ('Old', 'plumbers', 'COMPLETED', 'live', 1, 1)");
  await exec("INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://a.example/', 'a.example', 'EMAIL_SENT', 1, '[]', '[]', '[]', 1, 1, 1)");
  await exec("INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, message_id, sent_at, open_count, click_count, created_at, updated_at) VALUES (1, 1, 's', 'b', 'o@a.example', 'SENT', '<outreach.1.x@a.example>', 5, 0, 0, 1, 1)");

  await migrateDb(db);
  const [campaign] = await new SqlCampaignRepo(db).list();
  expect(campaign).toMatchObject({ sequenceSteps: 1, followUpDays: [], stopOnClick: false });
  const repo = new SqlSequenceRepo(db);
  expect((await repo.campaign(1))?.sequence).toEqual({ steps: 1, follow_up_days: [], stop_on_click: false, stop_on_report_view: false });
  const [email] = await repo.thread(1, 1);
  expect(email).toMatchObject({ step: 1, status: 'SENT', messageId: '<outreach.1.x@a.example>', references: null, nextStepDueAt: null });
  expect(await repo.dueSteps(new Date(), 10)).toEqual([]);
  expect(await repo.lead(1)).toEqual({ status: 'EMAIL_SENT', stopReason: null, campaignId: 1, timezone: null });
  db.$client.close();
});
