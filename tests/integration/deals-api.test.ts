// Deals over a real database through the HTTP API: moves and their history, won = CONVERTED
// from either side, the board, 422/404/409, who may call, and the dashboard's conversions
// (a counter kept by triggers) equal to a recount after deals are won and un-won.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DealService } from '../../src/core/deals/service.ts';
import type { DealWrite } from '../../src/core/deals/repo.ts';
import { SqlDealRepo } from '../../src/db/repos/deals.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let admin: string;
let olivia: string; // a regular user: deals are every operator's work
let campaignId: number;

type Arg = string | number | null;
const exec = (sql: string, args: Arg[] = []) => h.ctx.db.$client.execute({ sql, args });
const api = (method: string, path: string, body?: unknown, token = olivia) => h.call(method, path, { token, body });

let hostSeq = 0;
async function repliedLead(name: string, opts: { campaign?: number | null; sent?: boolean } = {}) {
  const host = `deal-${++hostSeq}.example`;
  const { rows } = await exec(
    "INSERT INTO leads (campaign_id, url, hostname, company_name, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'REPLIED', '[]', '[]', '[]', 1, 1, 1) RETURNING id",
    [opts.campaign === undefined ? campaignId : opts.campaign, `https://${host}/`, host, name],
  );
  const id = Number(rows[0].id);
  if (opts.sent !== false)
    await exec("INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, replied_at, open_count, click_count, created_at, updated_at) VALUES (?, ?, 1, 's', 'b', 'a@b.example', 'REPLIED', 2, 0, 0, 1, 1)", [
      campaignId,
      id,
    ]);
  return id;
}

const lead = async (id: number) => (await api('GET', `/api/leads/${id}`)).body;
const interactions = async (id: number) => (await api('GET', `/api/leads/${id}/interactions`)).body as { interaction_type: string; description: string }[];

/** The dashboard's conversion rate counted from scratch: CONVERTED leads among those with a sent email. */
async function recountConversionRate() {
  const n = async (sql: string) => Number((await exec(sql)).rows[0].n);
  const emailed = await n("SELECT count(DISTINCT lead_id) AS n FROM emails WHERE status IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')");
  const won = await n("SELECT count(DISTINCT l.id) AS n FROM leads l JOIN emails e ON e.lead_id = l.id WHERE e.status IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND l.deal_stage = 'won'");
  return emailed ? Math.round((won / emailed) * 1000) / 10 : 0;
}

beforeAll(async () => {
  h = await startHarness();
  admin = await h.login(ADMIN.username, ADMIN.password);
  await h.createUser(admin, { username: 'olivia', email: 'olivia@example.com', password: 'olivia-pass-1', role: 'user' });
  await h.createUser(admin, { username: 'Bruno', email: 'bruno@example.com', password: 'bruno-pass-1', role: 'user' });
  olivia = await h.login('olivia', 'olivia-pass-1');
  const { rows } = await exec("INSERT INTO campaigns (name, search_query, estimated_project_value, created_at, updated_at) VALUES ('Austin plumbers', 'plumbers in Austin', '$1,500-$5,000', 1, 1) RETURNING id");
  campaignId = Number(rows[0].id);
}, 60_000);
afterAll(() => h?.close());

describe('who may call', () => {
  it('answers 401 without a token', async () => {
    for (const [method, path] of [['PATCH', '/api/leads/1/deal'], ['GET', '/api/deals']]) {
      const res = await h.call(method, path, { body: method === 'PATCH' ? { stage: 'won' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.detail).toBeTruthy();
    }
  });
});

describe('PATCH /api/leads/{id}/deal', () => {
  it("opens a deal at the campaign estimate's low end, moves it, and records each change with who did it", async () => {
    const id = await repliedLead('Rapid Rooter');
    let res = await api('PATCH', `/api/leads/${id}/deal`, { stage: 'interested' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deal_stage: 'interested', deal_value: 1500, status: 'REPLIED', deal_stage_at: expect.any(String) });

    res = await api('PATCH', `/api/leads/${id}/deal`, { stage: 'meeting_booked', value: 4200, assigned_to: 'bruno', notes: 'Call on Tuesday <b>9am</b>' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The owner is stored as the user spells it.
    expect(res.body).toMatchObject({ deal_stage: 'meeting_booked', deal_value: 4200, assigned_to: 'Bruno', notes: 'Call on Tuesday <b>9am</b>' });

    const history = await interactions(id);
    expect(history.map((i) => [i.interaction_type, i.description])).toEqual([
      ['deal_stage', 'Deal opened at Interested by olivia'],
      ['deal_value', "Deal value set to 1,500, the low end of the campaign's estimate $1,500-$5,000 (was none) by olivia"],
      ['deal_stage', 'Deal moved from Interested to Meeting booked by olivia'],
      ['deal_value', 'Deal value set to 4,200 (was 1,500) by olivia'],
      ['deal_owner', 'Deal owner set to Bruno (was nobody) by olivia'],
      ['deal_notes', 'Deal notes changed by olivia: "Call on Tuesday <b>9am</b>"'],
    ]);
    // The same change again records nothing.
    expect((await api('PATCH', `/api/leads/${id}/deal`, { stage: 'meeting_booked', value: 4200 })).status).toBe(200);
    expect(await interactions(id)).toHaveLength(6);
  });

  it("keeps the estimate of the suggestion a campaign was started from, and opens its deals at it", async () => {
    const started = await api('POST', '/api/campaigns/from-suggestion', { name: 'Boise roofers', query: 'roofers in Boise', estimated_project_value: '$2k-$5k', mode: 'test' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { rows } = await exec('SELECT estimated_project_value FROM campaigns WHERE id = ?', [started.body.id]);
    expect(rows[0].estimated_project_value).toBe('$2k-$5k');
    const id = await repliedLead('Boise Roof Co', { campaign: started.body.id });
    expect((await api('PATCH', `/api/leads/${id}/deal`, { stage: 'interested' })).body.deal_value).toBe(2000);
    // An operator's own value wins over the estimate.
    const own = await repliedLead('Boise Gutter Co', { campaign: started.body.id });
    expect((await api('PATCH', `/api/leads/${own}/deal`, { stage: 'interested', value: 750 })).body.deal_value).toBe(750);
    await exec("UPDATE campaigns SET status = 'PAUSED' WHERE id = ?", [started.body.id]);
  });

  it('leaves the value empty when the campaign has no readable estimate, and never invents one', async () => {
    const { rows } = await exec("INSERT INTO campaigns (name, search_query, estimated_project_value, created_at, updated_at) VALUES ('Vague', 'q', 'depends on scope', 1, 1) RETURNING id");
    const vague = await repliedLead('Vague Co', { campaign: Number(rows[0].id) });
    const orphan = await repliedLead('No Campaign Co', { campaign: null });
    for (const id of [vague, orphan]) {
      const res = await api('PATCH', `/api/leads/${id}/deal`, { stage: 'interested' });
      expect(res.body.deal_value).toBeNull();
    }
  });

  it('moving to won converts the lead; leaving won un-converts it', async () => {
    const id = await repliedLead('Won Plumbing');
    let res = await api('PATCH', `/api/leads/${id}/deal`, { stage: 'won' });
    expect(res.body).toMatchObject({ deal_stage: 'won', status: 'CONVERTED' });
    expect((await interactions(id)).map((i) => i.description)).toContain('Status changed from REPLIED to CONVERTED (deal Won) by olivia');
    res = await api('PATCH', `/api/leads/${id}/deal`, { stage: 'lost' });
    expect(res.body).toMatchObject({ deal_stage: 'lost', status: 'REPLIED' });
  });

  it('PATCH /api/leads/{id}/status still works and keeps the deal in step', async () => {
    const id = await repliedLead('Status Plumbing');
    await api('PATCH', `/api/leads/${id}/deal`, { stage: 'proposal_sent' });
    let res = await api('PATCH', `/api/leads/${id}/status`, { status: 'CONVERTED' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CONVERTED', deal_stage: 'won' });
    res = await api('PATCH', `/api/leads/${id}/status`, { status: 'REPLIED' });
    expect(res.body).toMatchObject({ status: 'REPLIED', deal_stage: 'proposal_sent' });
    const descriptions = (await interactions(id)).map((i) => i.description);
    expect(descriptions).toEqual(expect.arrayContaining(['Status changed from REPLIED to CONVERTED by olivia', 'Deal moved from Proposal sent to Won (status CONVERTED) by olivia', 'Deal moved from Won to Proposal sent (status REPLIED) by olivia']));
    // A lead with no deal marked CONVERTED has won one.
    const fresh = await repliedLead('Fresh Plumbing');
    expect((await api('PATCH', `/api/leads/${fresh}/status`, { status: 'CONVERTED' })).body).toMatchObject({ deal_stage: 'won', deal_value: 1500 });
    expect((await interactions(fresh)).map((i) => i.description)).toContain("Deal opened at Won (status CONVERTED, value 1,500 from the campaign's estimate) by olivia");
  });

  it('answers 422 with a detail for bad values, 404 for no lead', async () => {
    const id = await repliedLead('Bad Input Co');
    const bad: [unknown, RegExp][] = [
      [{ stage: 'closed' }, /stage must be one of interested, meeting_booked, proposal_sent, won, lost/],
      [{ stage: 'interested', value: -5 }, /value must not be negative/],
      [{ stage: 'interested', value: '1500' }, /value must be a number/],
      [{ stage: 'interested', assigned_to: 'nobody-here' }, /assigned_to: no user is named "nobody-here"/],
      [{ value: 100 }, /no deal yet: give a stage/],
      [{}, /Nothing to change/],
      [{ stage: 'won', owner: 'x' }, /owner: is not a field that can be set here/],
    ];
    for (const [body, detail] of bad) {
      const res = await api('PATCH', `/api/leads/${id}/deal`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail).toMatch(detail);
    }
    // Nothing was half-written.
    expect(await lead(id)).toMatchObject({ deal_stage: null, deal_value: null, assigned_to: null });
    expect(await interactions(id)).toEqual([]);
    const missing = await api('PATCH', '/api/leads/999999/deal', { stage: 'won' });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Lead not found');
  });

  it('answers 409 when the deal moved since the caller read it', async () => {
    const id = await repliedLead('Race Co');
    await api('PATCH', `/api/leads/${id}/deal`, { stage: 'interested' });
    await api('PATCH', `/api/leads/${id}/deal`, { stage: 'meeting_booked', from_stage: 'interested' }); // Bruno's tab moves it
    const stale = await api('PATCH', `/api/leads/${id}/deal`, { stage: 'lost', from_stage: 'interested' }); // Olivia's tab still shows Interested
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/moved since you read it/);
    expect((await lead(id)).deal_stage).toBe('meeting_booked');
  });

  it('compares and sets on the stage it read: a move made between the read and the write wins, the late one is refused', async () => {
    const id = await repliedLead('Interleaved Co');
    await api('PATCH', `/api/leads/${id}/deal`, { stage: 'interested' });
    const repo = new SqlDealRepo(h.ctx.db);
    let raced = false;
    const racing = Object.assign(Object.create(repo), {
      // Another operator wins the deal after this one read it and before it writes.
      write: async (leadId: number, change: DealWrite) => {
        if (!raced) {
          raced = true;
          await api('PATCH', `/api/leads/${leadId}/deal`, { stage: 'won' });
        }
        return repo.write(leadId, change);
      },
    });
    const service = new DealService({ repo: racing, events: h.ctx.events, findUser: async (u) => u, now: () => new Date() });
    await expect(service.update({ id: null, role: 'admin' }, id, { stage: 'lost' })).rejects.toMatchObject({ code: 'conflict' });
    expect(await lead(id)).toMatchObject({ deal_stage: 'won', status: 'CONVERTED' });
    expect((await interactions(id)).filter((i) => i.description.includes('Lost'))).toEqual([]);
  });
});

describe('dealFromReply', () => {
  it('opens a deal and only moves it forward', async () => {
    const id = await repliedLead('Reply Co');
    expect(await h.ctx.deals.dealFromReply(id, 'interested')).toBe('interested');
    expect(await h.ctx.deals.dealFromReply(id, 'meeting_booked')).toBe('meeting_booked');
    expect(await h.ctx.deals.dealFromReply(id, 'interested')).toBeUndefined();
    expect((await lead(id)).deal_stage).toBe('meeting_booked');
    expect((await interactions(id)).map((i) => i.description)).toEqual([
      'Deal opened at Interested from a reply',
      "Deal value set to 1,500, the low end of the campaign's estimate $1,500-$5,000 (was none) from a reply",
      'Deal moved from Interested to Meeting booked from a reply',
    ]);
    expect(await h.ctx.deals.dealFromReply(999999, 'interested')).toBeUndefined();
  });
});

describe('GET /api/deals', () => {
  it('lists the deals by stage with company, campaign, value, owner, days in stage and totals per column', async () => {
    const res = await api('GET', '/api/deals');
    expect(res.status).toBe(200);
    expect(res.body.columns.map((c: { stage: string }) => c.stage)).toEqual(['interested', 'meeting_booked', 'proposal_sent', 'won', 'lost']);
    for (const column of res.body.columns) {
      const { rows } = await exec('SELECT count(*) AS n, coalesce(sum(deal_value), 0) AS total FROM leads WHERE deal_stage = ?', [column.stage]);
      expect(column.count, column.stage).toBe(Number(rows[0].n));
      expect(column.total_value, column.stage).toBe(Number(rows[0].total));
      expect(column.deals).toHaveLength(column.count);
    }
    const meeting = res.body.columns.find((c: { stage: string }) => c.stage === 'meeting_booked');
    expect(meeting.label).toBe('Meeting booked');
    expect(meeting.deals.find((d: { company: string }) => d.company === 'Rapid Rooter')).toMatchObject({
      campaign_id: campaignId,
      campaign_name: 'Austin plumbers',
      value: 4200,
      assigned_to: 'Bruno',
      days_in_stage: 0,
      url: expect.stringMatching(/^https:\/\/deal-\d+\.example\/$/),
    });
  });

  it('filters by stage and owner, and refuses an unknown stage', async () => {
    const byStage = (await api('GET', '/api/deals?stage=won')).body;
    expect(byStage.columns.map((c: { stage: string }) => c.stage)).toEqual(['won']);
    const bruno = (await api('GET', '/api/deals?assigned_to=bruno')).body;
    const cards = bruno.columns.flatMap((c: { deals: { company: string }[] }) => c.deals.map((d) => d.company));
    expect(cards).toEqual(['Rapid Rooter']);
    const bad = await api('GET', '/api/deals?stage=closed');
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/stage must be one of/);
  });
});

describe("the dashboard's conversions count won deals", () => {
  it('equals an independent recount after deals are won and un-won', async () => {
    const rate = async () => (await api('GET', '/api/dashboard')).body.conversion_rate as number;
    const ids = await Promise.all(['Count A', 'Count B', 'Count C'].map((n) => repliedLead(n)));
    const before = await rate();
    expect(before).toBe(await recountConversionRate());
    await api('PATCH', `/api/leads/${ids[0]}/deal`, { stage: 'won' });
    await api('PATCH', `/api/leads/${ids[1]}/deal`, { stage: 'won' });
    const after = await rate();
    expect(after).toBeGreaterThan(before);
    expect(after).toBe(await recountConversionRate());
    await api('PATCH', `/api/leads/${ids[1]}/deal`, { stage: 'proposal_sent' });
    await api('PATCH', `/api/leads/${ids[2]}/status`, { status: 'CONVERTED' });
    expect(await rate()).toBe(await recountConversionRate());
    // Won and CONVERTED are the same leads.
    const { rows } = await exec("SELECT count(*) AS n FROM leads WHERE (deal_stage = 'won') <> (status = 'CONVERTED')");
    expect(Number(rows[0].n)).toBe(0);
    // The campaign's conversions (its own counter) too.
    const campaign = (await api('GET', `/api/campaigns/${campaignId}`)).body;
    const { rows: won } = await exec("SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND deal_stage = 'won'", [campaignId]);
    expect(campaign.conversions).toBe(Number(won[0].n));
  });
});
