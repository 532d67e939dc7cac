// Subject A/B tests over a real libSQL file: a campaign's variants through the API and the CLI,
// balanced assignment when several workers draft at once, per-variant figures that equal what
// the emails table says when counted independently, and Gemini asked for one subject per style.
import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDraft } from '../../src/core/pipeline/stages/draft.ts';
import type { PipelineDeps } from '../../src/core/pipeline/deps.ts';
import type { Job } from '../../src/core/pipeline/jobs.ts';
import { migrateDb, type Db } from '../../src/db/client.ts';
import { SqlCampaignRepo } from '../../src/db/repos/campaigns.ts';
import { SqlLeadStatusRepo } from '../../src/db/repos/lead-status.ts';
import { SqlPipelineStore } from '../../src/db/repos/pipeline.ts';
import { GeminiAi } from '../../src/providers/ai/gemini.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { SAMPLE_EMAIL, startGeminiFake } from '../fakes/gemini.ts';
import { openDb } from './support/seed-leads.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';
import { dbBefore } from './support/old-db.ts';

let h: Harness;
let token: string;
/** Two more connections to the same file: two workers drafting at once. */
let workers: Db[];

beforeAll(async () => {
  h = await startHarness();
  token = await h.login(ADMIN.username, ADMIN.password);
  workers = [await openDb(join(h.dir, 'test.db')), await openDb(join(h.dir, 'test.db'))];
});
afterAll(async () => {
  for (const db of workers) db.$client.close();
  await h.close();
});

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
const sql = async (statement: string, args: (string | number | null)[] = []) => (await h.ctx.db.$client.execute({ sql: statement, args })).rows;

const FINDINGS = JSON.stringify([{ id: 'no_viewport', claim: 'No viewport tag', evidence: 'no meta viewport on /', url: 'http://x.example/', confidence: 0.9, value: null }]);

const NAMED = JSON.stringify({ business_name: { url: 'http://x.example/', detail: 'the <title>', confidence: 1 } });

/** Leads with a contact and an analysis (one finding), ready to be drafted. */
async function addLeads(campaignId: number, count: number, from: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = from; i < from + count; i++) {
    const [row] = await sql(
      `INSERT INTO leads (url, hostname, company_name, contact_email, status, campaign_id, analyzed_at, website_language, tags, services_offered, technology_stack, discovered_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'ANALYZED', ?, 1, 'en', '[]', '[]', '[]', 1, 1, 1) RETURNING id`,
      [`http://ab-${campaignId}-${i}.example/`, `ab-${campaignId}-${i}.example`, `Studio ${String.fromCharCode(65 + (i % 26))}${i % 7 ? 'ly' : 'io'}`, `owner@ab-${campaignId}-${i}.example`, campaignId],
    );
    // The site gave its name (the email uses a name only then).
    await sql(`INSERT INTO lead_analyses (lead_id, findings, evidence, technical_issues, crawl_log, created_at, updated_at) VALUES (?, ?, ?, '[]', '[]', 1, 1)`, [Number(row.id), FINDINGS, NAMED]);
    ids.push(Number(row.id));
  }
  return ids;
}

/** The draft stage as a worker on its own connection runs it. */
function depsOn(db: Db): PipelineDeps {
  const campaigns = new SqlCampaignRepo(db);
  return {
    campaigns,
    store: new SqlPipelineStore(db),
    leadStatus: new SqlLeadStatusRepo(db),
    events: { emit: async () => {} },
    mailboxes: h.ctx.mailboxes,
    recipients: h.ctx.recipients,
    aiProvider: async () => new HeuristicAi(),
    // No audits and no public address here: the drafts carry the crawl's finding and no report link.
    audits: { latest: async () => undefined },
    reportLinks: { publicUrl: () => null },
  } as unknown as PipelineDeps;
}

const draftAll = (campaignId: number, leadIds: number[]) =>
  Promise.all(leadIds.map((leadId, i) => runDraft({ campaignId, leadId, stage: 'draft' } as Job, depsOn(workers[i % 2]))));

const armCounts = async (campaignId: number) =>
  Object.fromEntries((await sql('SELECT ab_variant AS v, count(*) AS n FROM emails WHERE campaign_id = ? GROUP BY ab_variant', [campaignId])).map((r) => [String(r.v), Number(r.n)]));

describe('a campaign with subject variants', () => {
  it('is created with its styles and shows per-variant results from the start', async () => {
    const created = await api('POST', '/api/campaigns', { name: 'AB dentists', search_query: 'dentists', subject_variants: ['finding', 'question', 'name'] });
    expect(created.status).toBe(201);
    expect(created.body.subject_variants).toEqual(['finding', 'question', 'name']);
    expect(created.body.ab_test.variants.map((v: { variant: string; style: string; sent: number }) => [v.variant, v.style, v.sent])).toEqual([
      ['A', 'finding', 0],
      ['B', 'question', 0],
      ['C', 'name', 0],
    ]);
    expect(created.body.ab_test.opens.label).toBe('not enough data yet (0 of 100 sent per variant)');
    const plain = await api('POST', '/api/campaigns', { name: 'No test', search_query: 'dentists' });
    expect(plain.body).toMatchObject({ subject_variants: null, ab_test: null });
    const listed = (await api('GET', '/api/campaigns')).body.find((c: { id: number }) => c.id === created.body.id);
    expect(listed.ab_test.variants).toHaveLength(3);
  });

  it('refuses a bad test with a 422 that names the problem, and cannot change the arms later', async () => {
    const one = await api('POST', '/api/campaigns', { name: 'x', search_query: 'y', subject_variants: ['question'] });
    expect(one.status).toBe(422);
    expect(one.body.detail).toContain('subject_variants needs 2 or 3 styles');
    const unknown = await api('POST', '/api/campaigns', { name: 'x', search_query: 'y', subject_variants: ['question', 'shouty'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toContain('subject styles are finding, question, name');
    const repeated = await api('POST', '/api/campaigns', { name: 'x', search_query: 'y', subject_variants: ['name', 'name'] });
    expect(repeated.body.detail).toContain('must not repeat a style');
    const created = await api('POST', '/api/campaigns', { name: 'x', search_query: 'y', subject_variants: ['name', 'question'] });
    const patched = await api('PATCH', `/api/campaigns/${created.body.id}`, { subject_variants: ['finding', 'name'] });
    expect(patched.status).toBe(422);
    expect((await api('GET', `/api/campaigns/${created.body.id}`)).body.subject_variants).toEqual(['name', 'question']);
  });
});

describe('balanced assignment', () => {
  it('gives each arm the same number of drafts, give or take one, when two workers draft at once', async () => {
    const campaign = (await api('POST', '/api/campaigns', { name: 'Balance 3', search_query: 'q', subject_variants: ['finding', 'question', 'name'] })).body;
    await draftAll(campaign.id, await addLeads(campaign.id, 31, 0));
    expect(await armCounts(campaign.id)).toEqual({ A: 11, B: 10, C: 10 });

    const two = (await api('POST', '/api/campaigns', { name: 'Balance 2', search_query: 'q', subject_variants: ['question', 'name'] })).body;
    await draftAll(two.id, await addLeads(two.id, 40, 100));
    expect(await armCounts(two.id)).toEqual({ A: 20, B: 20 });
  });

  it("stores the arm's subject and every arm's text on each email, each checked", async () => {
    const campaign = (await api('POST', '/api/campaigns', { name: 'Texts', search_query: 'q', subject_variants: ['finding', 'question'] })).body;
    await draftAll(campaign.id, await addLeads(campaign.id, 4, 200));
    const rows = await sql('SELECT subject, ab_variant, ab_subjects, quality_breakdown FROM emails WHERE campaign_id = ? ORDER BY id', [campaign.id]);
    for (const row of rows) {
      const arms = JSON.parse(String(row.ab_subjects));
      expect(arms.map((a: { variant: string; style: string }) => `${a.variant}:${a.style}`)).toEqual(['A:finding', 'B:question']);
      expect(arms.find((a: { variant: string }) => a.variant === row.ab_variant).subject).toBe(row.subject);
      expect(arms[1].subject).toMatch(/ easy to use on phones\?$/);
      const breakdown = JSON.parse(String(row.quality_breakdown));
      expect(breakdown.claims.ok).toBe(true);
      expect(breakdown.ab_test).toEqual({ variant: row.ab_variant, style: arms.find((a: { variant: string }) => a.variant === row.ab_variant).style, dropped: [] });
    }
    // Through the drafts API too: the operator sees which arm and what the other would have said.
    const drafts = (await api('GET', `/api/drafts?campaign_id=${campaign.id}`)).body;
    const first = drafts.drafts?.[0] ?? drafts.items?.[0] ?? drafts[0];
    expect(first.ab_variant).toMatch(/^[AB]$/);
    expect(first.ab_subjects).toHaveLength(2);
  });

  it('fills the arm that fell behind when drafts are deleted', async () => {
    const campaign = (await api('POST', '/api/campaigns', { name: 'Refill', search_query: 'q', subject_variants: ['finding', 'name'] })).body;
    await draftAll(campaign.id, await addLeads(campaign.id, 10, 300));
    await sql("DELETE FROM emails WHERE id IN (SELECT id FROM emails WHERE campaign_id = ? AND ab_variant = 'B' LIMIT 3)", [campaign.id]);
    expect(await armCounts(campaign.id)).toEqual({ A: 5, B: 2 });
    await draftAll(campaign.id, await addLeads(campaign.id, 4, 400));
    expect(await armCounts(campaign.id)).toEqual({ A: 6, B: 5 });
  });
});

describe('per-variant results', () => {
  it('equal the counts taken independently from the emails table, with machine opens apart and a reply to a follow-up counted for the first email', async () => {
    const campaign = (await api('POST', '/api/campaigns', { name: 'Counts', search_query: 'q', subject_variants: ['finding', 'question', 'name'] })).body;
    await draftAll(campaign.id, await addLeads(campaign.id, 60, 500));
    // A mix of outcomes: sent, opened by people, by scanners only, replied, bounced, still drafts.
    const ids = (await sql('SELECT id FROM emails WHERE campaign_id = ? ORDER BY id', [campaign.id])).map((r) => Number(r.id));
    for (const [i, id] of ids.entries()) {
      const status = ['SENT', 'OPENED', 'REPLIED', 'BOUNCED', 'DRAFT', 'CLICKED', 'SENT'][i % 7];
      const opened = status === 'OPENED' || status === 'REPLIED' || status === 'CLICKED' || (status === 'DRAFT' && i % 2 === 0) ? 5 : null;
      await sql('UPDATE emails SET status = ?, sent_at = ?, opened_at = ?, replied_at = ?, machine_open_count = ? WHERE id = ?', [
        status,
        status === 'DRAFT' ? null : 3,
        opened,
        status === 'REPLIED' || i % 11 === 0 ? 9 : null,
        i % 4,
        id,
      ]);
    }
    // Follow-ups (step 2) to three leads whose first email got no reply: one of them answered the follow-up.
    const unanswered = await sql("SELECT lead_id, recipient_email FROM emails WHERE campaign_id = ? AND status = 'SENT' AND replied_at IS NULL ORDER BY id LIMIT 3", [campaign.id]);
    for (const [i, r] of unanswered.entries()) {
      await sql("INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, sent_at, replied_at, open_count, click_count, created_at, updated_at) VALUES (?, ?, 2, 'Re: s', 'b', ?, 'SENT', 4, ?, 0, 0, 1, 1)", [
        campaign.id,
        Number(r.lead_id),
        String(r.recipient_email),
        i === 0 ? 8 : null,
      ]);
    }
    const rows = await sql(
      `SELECT ab_variant, status, opened_at, machine_open_count,
         coalesce(replied_at, (SELECT max(f.replied_at) FROM emails f WHERE f.campaign_id = e.campaign_id AND f.lead_id = e.lead_id AND f.step = 2)) AS replied_at
       FROM emails e WHERE campaign_id = ? AND step = 1`,
      [campaign.id],
    );
    const SENT = new Set(['SENT', 'OPENED', 'CLICKED', 'REPLIED']);
    const expected = ['A', 'B', 'C'].map((v) => {
      const sent = rows.filter((r) => r.ab_variant === v && SENT.has(String(r.status)));
      return {
        variant: v,
        sent: sent.length,
        opened: sent.filter((r) => r.opened_at !== null).length,
        replied: sent.filter((r) => r.replied_at !== null).length,
        machine_opens: sent.reduce((n, r) => n + Number(r.machine_open_count), 0),
      };
    });
    expect(expected.every((e) => e.sent > 0 && e.opened > 0 && e.replied > 0 && e.machine_opens > 0)).toBe(true);
    const shown = (await api('GET', `/api/campaigns/${campaign.id}`)).body.ab_test.variants;
    expect(shown.map(({ variant, sent, opened, replied, machine_opens }: Record<string, unknown>) => ({ variant, sent, opened, replied, machine_opens }))).toEqual(expected);
  });

  it('says which subject won once every arm has the minimum sample', async () => {
    const campaign = (await api('POST', '/api/campaigns', { name: 'Winner', search_query: 'q', subject_variants: ['finding', 'question'] })).body;
    // 120 sent per arm, written straight into the table: A opened 30 times, B 60 (z = 4.08).
    await addLeads(campaign.id, 240, 1000);
    await sql(
      `INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, sent_at, opened_at, ab_variant, open_count, click_count, created_at, updated_at)
       SELECT campaign_id, id, 1, 's', 'b', contact_email, 'SENT', 1,
         CASE WHEN (id % 2 = 0 AND (id / 2) % 4 = 0) OR (id % 2 = 1 AND (id / 2) % 2 = 0) THEN 2 END,
         CASE WHEN id % 2 = 0 THEN 'A' ELSE 'B' END, 0, 0, 1, 1
       FROM leads WHERE campaign_id = ?`,
      [campaign.id],
    );
    const ab = (await api('GET', `/api/campaigns/${campaign.id}`)).body.ab_test;
    expect(ab.variants.map((v: { sent: number; opened: number }) => [v.sent, v.opened])).toEqual([
      [120, 30],
      [120, 60],
    ]);
    expect(ab.opens).toMatchObject({ enough_data: true, significant: true, winner: 'B' });
    expect(ab.opens.label).toBe('B wins: B 50.0% vs A 25.0%, significant (p < 0.001)');
    expect(ab.replies.label).toBe('no difference: every variant has the same rate');
  });
});

describe('the CLI', () => {
  const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env: { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}` }, reject: false });

  it('creates a campaign with --subject-variants and shows the per-variant results', async () => {
    const created = await outreach('campaign', 'create', '-n', 'CLI test', '-q', 'bakers', '--subject-variants', '2', '--json');
    expect(created.exitCode, created.stderr).toBe(0);
    const campaign = JSON.parse(created.stdout);
    expect(campaign.subject_variants).toEqual(['finding', 'question']);
    const styled = await outreach('campaign', 'create', '-n', 'CLI styles', '-q', 'bakers', '--subject-variants', 'name,question');
    expect(styled.stdout).toContain('Subject A/B test: A name, B question');
    const bad = await outreach('campaign', 'create', '-n', 'CLI bad', '-q', 'bakers', '--subject-variants', '5');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('subject_variants must be a list of 2 or 3 styles');

    await draftAll(campaign.id, await addLeads(campaign.id, 4, 2000));
    await sql("UPDATE emails SET status = 'SENT', sent_at = 1, opened_at = CASE WHEN ab_variant = 'A' THEN 2 END, machine_open_count = 1 WHERE campaign_id = ?", [campaign.id]);
    const shown = await outreach('campaign', 'show', String(campaign.id));
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Subject test 2 variants, first emails; opens are human opens only (machine opens apart)');
    expect(shown.stdout).toMatch(/A\s+Finding-led\s+sent 2, opened 2 \(100\.0%\), replied 0 \(0\.0%\), machine opens 2/);
    expect(shown.stdout).toMatch(/B\s+Question\s+sent 2, opened 0 \(0\.0%\), replied 0 \(0\.0%\), machine opens 2/);
    expect(shown.stdout).toMatch(/Opens\s+not enough data yet \(2 of 100 sent per variant\)/);
  }, 60_000);
});

describe('Gemini', () => {
  it('is asked for one subject per style, as a required field, and its answer is validated', async () => {
    const fake = await startGeminiFake({ apiKey: 'AIza-test' });
    try {
      fake.respond = () => ({ ...SAMPLE_EMAIL, subject_variants: [{ style: 'question', subject: 'A question for Sample Plumbing?' }, { style: 'name', subject: 'Sample Plumbing: an idea' }] });
      const ai = new GeminiAi({ apiKey: 'AIza-test', model: 'gemini-2.0-flash', baseUrl: fake.baseUrl });
      const brief = { company_name: 'Sample Plumbing', url: 'http://sample.example/', business_summary: '', findings: [], locale: 'en-US' as const, sender_name: 'Alex', signature: 'Alex', subject_styles: ['question' as const, 'name' as const] };
      const answer = await ai.writeEmail(brief);
      const request = fake.generateRequests.at(-1)!;
      const schema = request.body.generationConfig.responseSchema;
      expect(schema.required).toContain('subject_variants');
      expect(schema.properties.subject_variants.items.properties.style.enum).toEqual(['finding', 'question', 'name']);
      const prompt: string = request.body.contents[0].parts[0].text;
      expect(prompt).toContain('- style "question": a short, friendly question to the owner');
      expect(prompt).toContain('- style "name": opens with the company name');
      expect(answer.value.subject_variants).toEqual([{ style: 'question', subject: 'A question for Sample Plumbing?' }, { style: 'name', subject: 'Sample Plumbing: an idea' }]);
      // Without a test the schema is the usual one.
      await ai.writeEmail({ ...brief, subject_styles: undefined });
      expect(Object.keys(fake.generateRequests.at(-1)!.body.generationConfig.responseSchema.properties)).not.toContain('subject_variants');
    } finally {
      await fake.stop();
    }
  });
});

describe('the migration', () => {
  it('adds the test columns to a database that already has campaigns and emails, leaving them outside any test', async () => {
    const { db, exec } = await dbBefore(h.dir, 'ab_tests');
    await exec("INSERT INTO campaigns (name, search_query, status, created_at, updated_at) VALUES ('Old', 'q', 'COMPLETED', 1, 1)");
    await exec("INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://old.example/', 'old.example', 'EMAIL_SENT', 1, '[]', '[]', '[]', 1, 1, 1)");
    await exec("INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, sent_at, open_count, click_count, created_at, updated_at) VALUES (1, 1, 1, 's', 'b', 'a@old.example', 'SENT', 1, 0, 0, 1, 1)");

    await migrateDb(db);
    expect((await exec('SELECT ab_variant, ab_subjects FROM emails')).rows.map((r) => [r.ab_variant, r.ab_subjects])).toEqual([[null, null]]);
    const repo = new SqlCampaignRepo(db);
    expect((await repo.find(1))?.subjectVariants).toBeNull();
    expect((await repo.armCounts([1])).get(1)).toEqual([]);
    const plan = (await exec("EXPLAIN QUERY PLAN SELECT count(*) FROM emails e WHERE e.campaign_id = 1 AND e.ab_variant = 'A'")).rows.map((r) => String(r.detail));
    expect(plan.join(' ')).toContain('emails_campaign_variant_idx');
    db.$client.close();
  });
});
