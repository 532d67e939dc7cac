// The reply_classify_error migration on a database made by the migrations before it: stored
// replies keep everything and read with no classification error; the inbox lists them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrateDb } from '../../src/db/client.ts';
import { SqlReplyInboxRepo } from '../../src/db/repos/reply-inbox.ts';
import { dbBefore } from './support/old-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-migrate-reply-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps stored replies, with no classification error', async () => {
  const { db, exec } = await dbBefore(dir, 'reply_classify_error');
  await exec("INSERT INTO campaigns (name, search_query, status, mode, created_at, updated_at) VALUES ('Old', 'plumbers', 'COMPLETED', 'live', 1, 1)");
  await exec("INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://a.example/', 'a.example', 'REPLIED', 1, '[]', '[]', '[]', 1, 1, 1)");
  await exec("INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, sent_at, open_count, click_count, created_at, updated_at) VALUES (1, 1, 'Hello', 'b', 'o@a.example', 'REPLIED', 5, 0, 0, 1, 1)");
  await exec("INSERT INTO replies (email_id, lead_id, campaign_id, message_key, message_id, from_address, subject, text, received_at, class, sentiment, class_source, created_at) VALUES (1, 1, 1, '<r@a.example>', '<r@a.example>', 'o@a.example', 'Re: Hello', 'Yes please', 10, 'interested', 'positive', 'ai', 10)");

  await migrateDb(db);
  const [reply] = await new SqlReplyInboxRepo(db).list({ limit: 10 });
  expect(reply).toMatchObject({ text: 'Yes please', class: 'interested', classSource: 'ai', classifyError: null, business: 'a.example', campaignName: 'Old', emailSubject: 'Hello' });
  db.$client.close();
});
