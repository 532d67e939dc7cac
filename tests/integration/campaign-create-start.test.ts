// A campaign created and started in one step: POST /api/campaigns with start: true (what the
// create form's "Create and start" sends) and `outreach campaign create --start`.
import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  token = await h.login(ADMIN.username, ADMIN.password);
});
afterAll(() => h.close());

const create = (body: unknown) => h.call('POST', '/api/campaigns', { token, body });

describe('create and start', () => {
  it('starts the new campaign in the same call with start: true, and leaves it a DRAFT without', async () => {
    const started = await create({ name: 'Boise florists', search_query: 'florists', location: 'Boise', start: true });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ name: 'Boise florists', status: 'RUNNING', started_at: expect.any(String) });
    const activity = await h.call('GET', `/api/activity?campaign_id=${started.body.id}`, { token });
    expect(JSON.stringify(activity.body)).toContain('Campaign \\"Boise florists\\" started');

    for (const body of [{ name: 'Later', search_query: 'florists' }, { name: 'Later too', search_query: 'florists', start: false }]) {
      const draft = await create(body);
      expect(draft.status).toBe(201);
      expect(draft.body).toMatchObject({ status: 'DRAFT', started_at: null });
    }

    const bad = await create({ name: 'x', search_query: 'florists', start: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('start must be true or false');
    // A campaign's fields can be changed, but "start" is no field: starting is its own call.
    const patched = await h.call('PATCH', `/api/campaigns/${started.body.id}`, { token, body: { start: true } });
    expect(patched.status).toBe(422);
  });

  it('outreach campaign create --start starts it and says a worker must run', async () => {
    const env = { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}` };
    const cli = (...args: string[]) => execa('node', ['bin/outreach.js', 'campaign', 'create', ...args], { env, reject: false });
    const run = await cli('--name', 'Austin bakers', '--query', 'bakers', '--location', 'Austin', '--start');
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Campaign created and started in test mode: \d+ "Austin bakers"\.$/);
    expect(lines.at(-1)).toContain('A worker must be running to process it');
    const id = Number(/: (\d+) "/.exec(lines[0])![1]);
    expect((await h.ctx.campaigns.get(id)).status).toBe('RUNNING');

    const json = await cli('--name', 'Austin cafes', '--query', 'cafes', '--start', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ name: 'Austin cafes', status: 'RUNNING' });
    const draft = await cli('--name', 'Austin tailors', '--query', 'tailors');
    expect(draft.stdout).toMatch(/^Campaign created in test mode: \d+ "Austin tailors"\. Start it with: outreach campaign start \d+ \[--wait\]$/m);
  }, 60_000);
});
