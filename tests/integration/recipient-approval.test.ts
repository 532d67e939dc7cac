// The recipient check where it matters: drafts and the lead show it, approval refuses invalid
// recipients and wants a deliberate confirm for risky ones (API and CLI), and the sender
// never transmits to an invalid address, whatever path released it.
import { execa } from 'execa';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsStub, type DnsStub } from '../support/dns-stub.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let dns: DnsStub;
let token: string;
let lead = 0;

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
const exec = (sql: string, args: (string | number | null)[] = []) => h.ctx.db.$client.execute({ sql, args });

/** A lead and its email to `to`, as the pipeline leaves them before any check. */
async function email(to: string, status = 'DRAFT'): Promise<number> {
  const now = Date.now();
  lead++;
  await exec(
    "INSERT INTO leads (url, hostname, title, status, campaign_id, contact_email, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, 'EMAIL_GENERATED', 1, ?, '[]', '[]', '[]', ?, ?, ?)",
    [`https://shop${lead}.example/`, `shop${lead}.example`, `Shop ${lead}`, to, now, now, now],
  );
  const row = await exec(
    'INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, quality_score, open_count, click_count, generated_at, created_at, updated_at) VALUES (1, ?, ?, ?, ?, ?, 0.8, 0, 0, ?, ?, ?) RETURNING id',
    [lead, `About Shop ${lead}`, `Hello shop ${lead}`, to, status, now, now, now],
  );
  return Number(row.rows[0].id);
}

const item = async (id: number) => ((await api('GET', '/api/emails?limit=200')).body.items as { id: number }[]).find((e) => e.id === id);
const status = async (id: number) => (await exec('SELECT status FROM emails WHERE id = ?', [id])).rows[0].status;
const outbox = () => {
  try {
    return readdirSync(join(h.dir, 'outbox')).length;
  } catch {
    return 0;
  }
};

beforeAll(async () => {
  dns = await startDnsStub({ 'webonly.example': { a: ['192.0.2.7'] }, 'gone.example': 'nxdomain' }, { fallback: 'mx' });
  h = await startHarness({ OUTREACH_DNS_SERVER: dns.server });
  token = await h.login(ADMIN.username, ADMIN.password);
  const now = Date.now();
  await exec("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES ('C', 'q', ?, ?)", [now, now]);
});
afterAll(async () => {
  await h.close();
  await dns.close();
});

describe('approving drafts', () => {
  it('refuses risky recipients without a confirm, naming them and why, and approves nothing', async () => {
    const ok = await email('info@bakery.example');
    const risky = await email('owner@webonly.example');
    const res = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [ok, risky] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(`#${risky} owner@webonly.example (webonly.example has no MX record`);
    expect(res.body.detail).toContain('confirm_risky: true');
    expect(await status(ok)).toBe('DRAFT');
    // The checks made on the way are stored and shown with the drafts.
    const drafts = (await api('GET', '/api/drafts')).body.drafts as { id: number; recipient_check: unknown }[];
    expect(drafts.find((d) => d.id === ok)?.recipient_check).toMatchObject({ verdict: 'valid', reason: 'mail server found (mx.bakery.example)', risk_accepted: false });
    expect(drafts.find((d) => d.id === risky)?.recipient_check).toMatchObject({ verdict: 'risky', reason: expect.stringContaining('no MX record') });

    const confirmed = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [ok, risky], schedule_optimally: true, confirm_risky: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.approved_count).toBe(2);
    expect(await item(risky)).toMatchObject({ status: 'QUEUED', recipient_check: { verdict: 'risky', risk_accepted: true } });
  });

  it('refuses an invalid recipient even with confirm_risky', async () => {
    const dead = await email('info@gone.example');
    const res = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [dead], confirm_risky: true });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`1 draft goes to an address that cannot receive mail, so nothing was approved: #${dead} info@gone.example (gone.example does not exist (NXDOMAIN)). Change the recipient or delete the draft.`);
    expect(await status(dead)).toBe('DRAFT');
    expect((await api('POST', '/api/drafts/bulk-approve', { draft_ids: [dead], confirm_risky: 'yes' })).status).toBe(422);
  });

  it('checks an edited recipient at once, and the lead shows its contact check', async () => {
    const id = await email('info@bakery.example');
    const edited = await api('PATCH', `/api/drafts/${id}`, { recipient_email: 'noreply@bakery.example' });
    expect(edited.body.recipient_check).toMatchObject({ verdict: 'invalid', reason: 'noreply@ is an address nobody reads' });
    const leadId = (await exec('SELECT lead_id FROM emails WHERE id = ?', [id])).rows[0].lead_id;
    expect((await api('GET', `/api/leads/${leadId}`)).body).toMatchObject({ contact_email: 'noreply@bakery.example', contact_email_check: { verdict: 'invalid', reason: 'noreply@ is an address nobody reads' } });
    const fixed = await api('PATCH', `/api/drafts/${id}`, { recipient_email: 'hello@bakery.example' });
    expect(fixed.body.recipient_check).toMatchObject({ verdict: 'valid' });
  });
});

describe('the sender', () => {
  it('never transmits to an invalid address: an unchecked queued email is checked, held back in Drafts with the reason', async () => {
    const id = await email('noreply@shopfront.example', 'QUEUED');
    const before = outbox();
    expect(await h.ctx.sender.send(id)).toMatchObject({ result: 'held', reason: expect.stringContaining('noreply@shopfront.example cannot receive mail') });
    expect(outbox()).toBe(before);
    expect(await item(id)).toMatchObject({ status: 'DRAFT', last_error: expect.stringContaining('nobody reads'), recipient_check: { verdict: 'invalid' } });
  });

  it('Send now and bulk send go through the same check: invalid and unconfirmed risky are not sent', async () => {
    const dead = await email('info@gone.example');
    const res = await api('POST', `/api/emails/${dead}/send-now`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('info@gone.example cannot receive mail');
    expect(await status(dead)).toBe('DRAFT');

    const risky = await email('owner@webonly.example');
    expect((await api('POST', '/api/emails/bulk-send', { email_ids: [risky] })).status).toBe(200);
    const before = outbox();
    expect(await h.ctx.sender.send(risky)).toMatchObject({ result: 'held', reason: expect.stringContaining('is risky') });
    expect(outbox()).toBe(before);
    expect(await status(risky)).toBe('DRAFT');

    const good = await email('info@florist.example', 'QUEUED');
    expect(await h.ctx.sender.send(good)).toMatchObject({ result: 'sent' });
    expect(outbox()).toBe(before + 1);
  });
});

describe('outreach drafts approve', () => {
  it('needs --allow-risky for a risky recipient', async () => {
    const risky = await email('postmaster@bistro.example');
    const env = { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}`, OUTREACH_DNS_SERVER: dns.server };
    const cli = (...args: string[]) => execa('node', ['bin/outreach.js', 'drafts', ...args], { env, reject: false });
    const refused = await cli('approve', String(risky), '--queue-only');
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toContain(`#${risky} postmaster@bistro.example (postmaster@ is a mail administrator's address`);
    expect(refused.stderr).toContain('--allow-risky');
    expect(await status(risky)).toBe('DRAFT');
    const listed = await cli('list');
    expect(listed.stdout).toMatch(/risky: postmaster@ is a mail administrator/);
    const leadId = (await exec('SELECT lead_id FROM emails WHERE id = ?', [risky])).rows[0].lead_id;
    const shown = await execa('node', ['bin/outreach.js', 'leads', 'show', String(leadId)], { env, reject: false });
    expect(shown.stdout).toContain("checked    risky: postmaster@ is a mail administrator's address, not the business owner's");
    const approved = await cli('approve', String(risky), '--queue-only', '--allow-risky');
    expect(approved.stdout).toContain('Approved 1');
    expect(await status(risky)).toBe('QUEUED');
  });
});

describe('the draft stage', () => {
  it('checks the recipient as it writes; a live campaign queues only valid recipients and holds the rest in Drafts', async () => {
    const now = Date.now();
    const campaign = Number((await exec("INSERT INTO campaigns (name, search_query, mode, status, created_at, updated_at) VALUES ('Live', 'q', 'live', 'RUNNING', ?, ?) RETURNING id", [now, now])).rows[0].id);
    const leads: Record<string, number> = {};
    for (const to of ['hello@florist.example', 'owner@webonly.example', 'noreply@florist.example']) {
      const host = `${to.split('@')[0]}-${campaign}.example`;
      leads[to] = Number(
        (
          await exec(
            "INSERT INTO leads (url, hostname, title, company_name, status, campaign_id, contact_email, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'ANALYZED', ?, ?, '[]', '[]', '[]', ?, ?, ?) RETURNING id",
            [`https://${host}/`, host, 'Florist', 'Florist', campaign, to, now, now, now],
          )
        ).rows[0].id,
      );
      // Something worth saying (plain http), so each is written to.
      const notSecure = JSON.stringify([{ id: 'no_ssl', claim: 'No SSL certificate (site served over http)', evidence: 'http:// only', url: `http://${host}/`, confidence: 1, value: null }]);
      await exec("INSERT INTO lead_analyses (lead_id, findings, evidence, technical_issues, crawl_log, created_at, updated_at) VALUES (?, ?, '{}', '[]', '[]', ?, ?)", [leads[to], notSecure, now, now]);
      await exec("INSERT INTO jobs (campaign_id, lead_id, stage, status, attempts, max_attempts, run_after, created_at, updated_at) VALUES (?, ?, 'draft', 'queued', 0, 3, 0, ?, ?)", [campaign, leads[to], now, now]);
    }
    await h.runToEnd(campaign, { ms: 30_000 });
    const rows = (await exec('SELECT recipient_email, status, recipient_verdict FROM emails WHERE campaign_id = ? ORDER BY recipient_email', [campaign])).rows.map((r) => [r.recipient_email, r.status, r.recipient_verdict]);
    expect(rows).toEqual([
      ['hello@florist.example', 'QUEUED', 'valid'],
      ['noreply@florist.example', 'DRAFT', 'invalid'],
      ['owner@webonly.example', 'DRAFT', 'risky'],
    ]);
    const activity = (await exec("SELECT message FROM activity WHERE campaign_id = ? AND activity_type = 'email_generated' ORDER BY id", [campaign])).rows.map((r) => String(r.message));
    expect(activity.some((m) => m.includes('held for review: noreply@florist.example is invalid: noreply@ is an address nobody reads'))).toBe(true);
  });
});
