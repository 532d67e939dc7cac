// Migration 0012 (lead lists) on a database made by the migrations before it: campaigns and
// leads already there keep working, every existing contact reads as found on the site, and a
// list campaign can then be made beside them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LeadService } from '../../src/core/leads/service.ts';
import { migrateDb } from '../../src/db/client.ts';
import { SqlCampaignRepo } from '../../src/db/repos/campaigns.ts';
import { SqlLeadListRepo } from '../../src/db/repos/lead-lists.ts';
import { SqlLeadRepo } from '../../src/db/repos/leads.ts';
import { dbBefore } from './support/old-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-migrate-lists-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps old campaigns and leads, their contacts reading as from the site', async () => {
  const { db, exec } = await dbBefore(dir, 'lead_lists');
  await exec("INSERT INTO campaigns (name, search_query, mode, status, total_leads, processed_leads, emails_sent, emails_opened, emails_replied, conversions, created_at, updated_at) VALUES ('Old', 'plumbers', 'test', 'COMPLETED', 0, 0, 0, 0, 0, 0, 1, 1)");
  await exec("INSERT INTO leads (url, hostname, status, contact_email, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://old.example/', 'old.example', 'ANALYZED', 'info@old.example', 1, '[]', '[]', '[]', 1, 1, 1)");
  await exec("INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://none.example/', 'none.example', 'ANALYZED', 1, '[]', '[]', '[]', 1, 1, 1)");

  await migrateDb(db);
  const leads = new LeadService(new SqlLeadRepo(db), { emit: async () => {} } as never);
  expect(await leads.get(1)).toMatchObject({ contact_email: 'info@old.example', contact_email_source: 'site' });
  expect(await leads.get(2)).toMatchObject({ contact_email: null, contact_email_source: null });
  const campaigns = new SqlCampaignRepo(db);
  expect(await campaigns.find(1)).toMatchObject({ name: 'Old', leadListId: null });

  const lists = new SqlLeadListRepo(db);
  const listId = await lists.createList('new.csv', null);
  await lists.addEntries(listId, [{ line: 2, url: 'https://new.example/', hostname: 'new.example', email: 'jo@gmail.com' }]);
  const made = await campaigns.insert({ name: 'From a list', searchQuery: 'Imported list new.csv', industry: null, location: null, mode: 'test', maxResults: null, maxEmails: null, leadListId: listId }, null);
  expect(made.leadListId).toBe(listId);
  expect(await lists.knownHosts(['old.example', 'new.example'])).toEqual(new Map([['old.example', 1]]));
  expect(await lists.entries(listId, 0, 10)).toEqual([{ line: 2, url: 'https://new.example/', hostname: 'new.example', email: 'jo@gmail.com' }]);
  // A list no campaign points at (an import that died) is removed by the clean-up; this one is kept.
  const orphan = await lists.createList('died.csv', null);
  expect(await lists.deleteAbandoned(new Date(Date.now() + 1000))).toBe(1);
  expect(await lists.entries(listId, 0, 10)).toHaveLength(1);
  expect(await lists.entries(orphan, 0, 10)).toEqual([]);
});
