// A campaign that runs a subject A/B test with 100,000 emails (three arms; sent, opened by people
// and by scanners, replied to the first email or to a follow-up): the Campaigns list and one
// campaign's page (app.request, in process), beside the bare GROUP BY over the campaign's emails
// that counts the same per-arm figures (what armCounts ran before the arm counters).
import { join } from 'node:path';
import { buildContext } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createApp } from '../../src/server/app.ts';
import { ms, num, rssPeak, section, timed, type Row } from './measure.ts';

const SENT = "('SENT', 'OPENED', 'CLICKED', 'REPLIED')"; // SENT_EMAIL_STATUSES (src/core/model/lead.ts)

/** The per-arm figures counted from the emails, as one GROUP BY (the query armCounts ran, word for word). */
export const ARMS_GROUP_BY = `SELECT campaign_id, ab_variant,
    sum(CASE WHEN status IN ${SENT} THEN 1 ELSE 0 END) AS sent,
    sum(CASE WHEN status IN ${SENT} AND opened_at IS NOT NULL THEN 1 ELSE 0 END) AS opened,
    sum(CASE WHEN status IN ${SENT} AND (replied_at IS NOT NULL OR EXISTS (
      SELECT 1 FROM emails f WHERE f.campaign_id = emails.campaign_id AND f.lead_id = emails.lead_id AND f.step > 1 AND f.replied_at IS NOT NULL)) THEN 1 ELSE 0 END) AS replied,
    sum(CASE WHEN status IN ${SENT} THEN machine_open_count ELSE 0 END) AS machine_opens
  FROM emails WHERE campaign_id IN (?) AND ab_variant IS NOT NULL GROUP BY campaign_id, ab_variant`;

export async function abArmRows(dir: string, emails = 100_000): Promise<Row[]> {
  const ctx = await buildContext(loadConfig({ OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'ab-arms.db')}` }));
  try {
    await ctx.users.bootstrapAdmin({ username: 'admin', password: 'bench-password' });
    const app = createApp(ctx);
    const login = await ctx.users.login({ username: 'admin', password: 'bench-password' });
    const headers = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
    const created = await app.request('/api/campaigns', { method: 'POST', headers, body: JSON.stringify({ name: 'A/B at scale', search_query: 'dentists in Austin', subject_variants: ['finding', 'question', 'name'] }) });
    const { id } = (await created.json()) as { id: number };
    const c = ctx.db.$client;
    const now = Date.now();
    await c.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${emails})
      INSERT INTO leads (url, hostname, status, campaign_id, contact_email, analyzed_at, tags, services_offered, technology_stack, discovered_at, created_at, updated_at)
      SELECT 'https://ab-' || i || '.example/', 'ab-' || i || '.example', 'EMAIL_SENT', ${id}, 'info@ab-' || i || '.example', ${now}, '[]', '[]', '[]', ${now}, ${now}, ${now} FROM n`);
    // First emails in three arms, 9 in 10 sent; a third opened by people, one in five by scanners, 3% replied.
    await c.execute(`INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, sent_at, opened_at, replied_at, machine_open_count, open_count, click_count, ab_variant, created_at, updated_at)
      SELECT ${id}, id, 1, 'Your website', 'Hello', contact_email,
        CASE WHEN id % 10 = 0 THEN 'DRAFT' WHEN id % 33 = 1 THEN 'REPLIED' WHEN id % 3 = 1 THEN 'OPENED' ELSE 'SENT' END,
        CASE WHEN id % 10 = 0 THEN NULL ELSE ${now} END,
        CASE WHEN id % 10 <> 0 AND (id % 3 = 1 OR id % 33 = 1) THEN ${now} END,
        CASE WHEN id % 10 <> 0 AND id % 33 = 1 THEN ${now} END,
        CASE WHEN id % 5 = 0 THEN 1 ELSE 0 END, 0, 0, char(65 + id % 3), ${now}, ${now}
      FROM leads WHERE campaign_id = ${id}`);
    // Follow-ups to one lead in seven, one in four of them answered.
    await c.execute(`INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, sent_at, replied_at, open_count, click_count, created_at, updated_at)
      SELECT ${id}, id, 2, 'Re: Your website', 'Hello again', contact_email, 'SENT', ${now}, CASE WHEN id % 4 = 0 THEN ${now} END, 0, 0, ${now}, ${now}
      FROM leads WHERE campaign_id = ${id} AND id % 7 = 0`);
    await c.execute('ANALYZE');

    const rows: Row[] = [section(`Subject A/B test figures (in process, one campaign of ${num(emails)} emails in 3 arms)`)];
    const bare = await timed(30, () => c.execute({ sql: ARMS_GROUP_BY, args: [id] }), 5);
    const row = async (name: string, path: string, n: number) => {
      const peak = rssPeak();
      const r = await timed(n, async () => {
        const res = await app.request(path, { headers });
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        await res.arrayBuffer();
      }, 5);
      rows.push({ name, figure: `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`, bare: `its arms' GROUP BY: p50 ${ms(bare.p50)}`, ratio: r.p50 / bare.p50, rss: peak() });
    };
    await row('GET /api/campaigns (list, with the A/B campaign)', '/api/campaigns', 30);
    await row('GET /api/campaigns/:id (the A/B campaign)', `/api/campaigns/${id}`, 30);
    return rows;
  } finally {
    await ctx.close();
  }
}
