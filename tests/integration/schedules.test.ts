import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../../src/core/schedules/scheduler.ts';
import { TERMINAL_OPERATOR } from '../../src/core/users/access.ts';
import { startHarness, type Harness } from './support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
});
afterAll(() => h.close());

const query = { name: 'Weekly florists', search_query: 'florists', location: 'Boise', industry: undefined, mode: 'test' as const };
const campaignsNamed = async (prefix: string) => (await h.ctx.campaigns.list()).filter((c) => c.name.startsWith(prefix));

describe('schedules', () => {
  it('refuses an invalid cron expression and an unknown campaign', async () => {
    await expect(h.ctx.schedules.add('every tuesday', { query })).rejects.toThrow(/Invalid cron expression "every tuesday"/);
    await expect(h.ctx.schedules.add('0 9 * * 1', { campaignId: 999 })).rejects.toThrow('Campaign not found');
  });

  it('creates a campaign per tick, once per tick, and never on top of a running one', async () => {
    const added = await h.ctx.schedules.add('0 9 * * 1', { query });
    expect(added.next_run_at).toMatch(/T/);
    const [schedule] = (await h.ctx.schedules.all()).filter((s) => s.id === added.id);
    const monday = new Date('2026-11-23T09:00:00');
    expect(await h.ctx.schedules.fire(schedule, monday)).toBe('started');
    expect(await h.ctx.schedules.fire(schedule, monday)).toBe('taken'); // another process got there first
    const [created] = await campaignsNamed('Weekly florists');
    expect(created.status).toBe('RUNNING');

    const [fresh] = (await h.ctx.schedules.all()).filter((s) => s.id === added.id);
    expect(await h.ctx.schedules.fire(fresh, new Date('2026-11-30T09:00:00'))).toBe('skipped');
    expect(await campaignsNamed('Weekly florists')).toHaveLength(1);

    await h.ctx.campaigns.pause(created.id);
    const [again] = (await h.ctx.schedules.all()).filter((s) => s.id === added.id);
    expect(await h.ctx.schedules.fire(again, new Date('2026-12-07T09:00:00'))).toBe('started');
    expect(await campaignsNamed('Weekly florists')).toHaveLength(2);
  });

  it('starts a DRAFT campaign it is attached to', async () => {
    const campaign = await h.ctx.campaigns.create(TERMINAL_OPERATOR, { name: 'Attached', search_query: 'bakery in Boise', industry: undefined, location: undefined, mode: 'test' });
    const added = await h.ctx.schedules.add('30 8 * * *', { campaignId: campaign.id });
    const [schedule] = (await h.ctx.schedules.all()).filter((s) => s.id === added.id);
    expect(await h.ctx.schedules.fire(schedule, new Date('2026-11-24T08:30:00'))).toBe('started');
    expect((await h.ctx.campaigns.get(campaign.id)).status).toBe('RUNNING');
    await h.ctx.schedules.remove(added.id);
    expect((await h.ctx.schedules.list()).some((s) => s.id === added.id)).toBe(false);
  });

  it('the scheduler fires on the cron clock', async () => {
    await h.ctx.schedules.add('* * * * * *', { query: { ...query, name: 'Every second' } }); // croner: seconds field
    const scheduler = new Scheduler(h.ctx.schedules, 60_000);
    await scheduler.start();
    try {
      for (const deadline = Date.now() + 5000; (await campaignsNamed('Every second')).length === 0 && Date.now() < deadline; ) {
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      scheduler.stop();
    }
    expect(await campaignsNamed('Every second')).toHaveLength(1); // later ticks skip: it is still RUNNING
  });
});
