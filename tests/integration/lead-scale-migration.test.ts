// Migration 0005 on a database that already holds leads and emails (made by the migrations
// before it): the list keys, the search index, leads.sent_emails and the dashboard counters
// are filled from what is there, and the triggers keep them in step from then on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LeadService } from '../../src/core/leads/service.ts';
import type { LeadListQuery } from '../../src/core/model/lead.ts';
import { migrateDb } from '../../src/db/client.ts';
import { SqlLeadRepo } from '../../src/db/repos/leads.ts';
import { dbBefore } from './support/old-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('fills the new keys, search index and counters from the rows already there', async () => {
  // The migrations up to 0004 only.
  const { db, exec } = await dbBefore(dir, 'leads_at_scale');
  const lead = (host: string, title: string, status: string, city: string | null, score: number | null) =>
    exec(
      "INSERT INTO leads (url, hostname, title, status, city, market_opportunity_score, business_category, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'Service-Based', '[]', '[]', '[]', 1, 1, 1)",
      [`https://${host}/`, host, title, status, city, score],
    );
  await lead('north-bakery.example', 'North Bakery', 'CONVERTED', 'Boise', 40);
  await lead('south-roofing.example', 'South Roofing', 'EMAIL_SENT', null, null);
  await lead('east-dental.example', 'East Dental', 'NEW', 'austin', 90);
  const email = (leadId: number, step: number, status: string, opened: number | null) =>
    exec("INSERT INTO emails (lead_id, step, subject, body, recipient_email, status, opened_at, open_count, click_count, created_at, updated_at) VALUES (?, ?, 's', 'b', 'a@b.example', ?, ?, 0, 0, 1, 1)", [leadId, step, status, opened]);
  await email(1, 1, 'OPENED', 5);
  await email(1, 2, 'SENT', null);
  await email(2, 1, 'SENT', null);
  await email(3, 1, 'DRAFT', null);

  await migrateDb(db);
  const counters = (await exec('SELECT leads, emails, emails_sent, emails_opened, emails_replied, leads_emailed, leads_emailed_converted FROM dashboard_counters')).rows;
  expect(counters.map((r) => ({ ...r }))).toEqual([{ leads: 3, emails: 4, emails_sent: 3, emails_opened: 1, emails_replied: 0, leads_emailed: 2, leads_emailed_converted: 1 }]);
  expect((await exec('SELECT id, sent_emails FROM leads ORDER BY id')).rows.map((r) => [r.id, r.sent_emails])).toEqual([[1, 2], [2, 1], [3, 0]]);

  const service = new LeadService(new SqlLeadRepo(db), { emit: async () => {} } as never);
  const list = (query: Partial<LeadListQuery>) => service.list({ sort: 'discovered_at', limit: 10, ...query } as LeadListQuery);
  expect((await list({ search: 'roof' })).items.map((l) => l.id)).toEqual([2]);
  expect((await list({ sort: 'location' })).items.map((l) => l.city)).toEqual(['austin', 'Boise', null]);
  expect((await list({ sort: 'opportunity', business_category: 'service-based' })).items.map((l) => l.id)).toEqual([3, 1, 2]);
  expect(await service.dashboard()).toMatchObject({ total_leads: 3, emails_generated: 4, emails_sent: 3, open_rate: 33.3, conversion_rate: 50 });

  // From now on the triggers keep them in step.
  await exec("UPDATE emails SET status = 'SENT' WHERE lead_id = 3");
  await exec('DELETE FROM leads WHERE id = 1');
  expect((await service.dashboard())).toMatchObject({ total_leads: 2, emails_generated: 2, emails_sent: 2, conversion_rate: 0 });
  expect((await list({ search: 'north bakery' })).items).toEqual([]);
  db.$client.close();
});
