// kill -9 a worker process in the middle of a campaign, start another: the campaign
// finishes with every lead processed and no duplicate leads or drafts. Two worker
// processes on one database never hold the same job.
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';
import { freePort } from '../support/ports.ts';

let h: Harness;
let env: Record<string, string>;

beforeAll(async () => {
  // Fixed ports shared by every process: lead URLs stay valid when a process dies.
  const [http, https] = [await freePort(), await freePort()];
  const sandbox = { OUTREACH_SANDBOX_PORT: String(http), OUTREACH_SANDBOX_HTTPS_PORT: String(https) };
  h = await startHarness(sandbox);
  env = { ...sandbox, OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${h.dir}/test.db` };
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
});
afterAll(() => h.close());

/** A short lease lets a killed worker's jobs go back to the queue quickly; live workers renew theirs. */
const workerProcess = (leaseSeconds = 3): ResultPromise =>
  execa('node', ['bin/outreach.js', 'worker', '--concurrency', '2', '--lease', String(leaseSeconds)], { env, reject: false, all: true });

async function until(check: () => Promise<boolean>, ms = 90_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

const scalar = async (sql: string, args: (string | number)[] = []) => Number((await h.ctx.db.$client.execute({ sql, args })).rows[0].n);

async function startCampaign(query: string) {
  const token = await h.login(ADMIN.username, ADMIN.password);
  const created = (await h.call('POST', '/api/campaigns', { token, body: { name: query, search_query: query } })).body;
  await h.call('POST', `/api/campaigns/${created.id}/start`, { token });
  return created.id as number;
}

async function expectCleanFinish(id: number) {
  const leads = await scalar('SELECT count(*) AS n FROM leads WHERE campaign_id = ?', [id]);
  expect(leads).toBeGreaterThan(5);
  expect(await scalar('SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND analyzed_at IS NULL AND last_error IS NULL', [id])).toBe(0);
  const withEmail = await scalar('SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND contact_email IS NOT NULL', [id]);
  // Each lead with an email is drafted, or not written to with the reason in its history (nothing worth saying).
  const notWritten = await scalar("SELECT count(DISTINCT lead_id) AS n FROM activity WHERE campaign_id = ? AND message LIKE 'Not writing to %'", [id]);
  expect(await scalar('SELECT count(*) AS n FROM emails WHERE campaign_id = ?', [id]) + notWritten).toBe(withEmail);
  expect(await scalar('SELECT count(*) AS n FROM (SELECT lead_id FROM emails WHERE campaign_id = ? GROUP BY lead_id HAVING count(*) > 1)', [id])).toBe(0);
  expect(await scalar("SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND status <> 'done'", [id])).toBe(0);
}

describe('durability', () => {
  it('survives kill -9 of a worker mid-campaign', async () => {
    const id = await startCampaign('plumbers in Austin');
    const first = workerProcess();
    await until(async () => (await scalar('SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND analyzed_at IS NOT NULL', [id])) >= 2);
    first.kill('SIGKILL');
    await first;
    expect(await scalar("SELECT count(*) AS n FROM campaigns WHERE id = ? AND status = 'RUNNING'", [id])).toBe(1);

    const second = workerProcess();
    await until(async () => (await scalar("SELECT count(*) AS n FROM campaigns WHERE id = ? AND status = 'COMPLETED'", [id])) === 1);
    second.kill('SIGTERM');
    await second;
    await expectCleanFinish(id);
  }, 150_000);

  it('two worker processes share one database without doing a job twice', async () => {
    const id = await startCampaign('dentists in Denver');
    const workers = [workerProcess(30), workerProcess(30)];
    await until(async () => (await scalar("SELECT count(*) AS n FROM campaigns WHERE id = ? AND status = 'COMPLETED'", [id])) === 1);
    workers.forEach((w) => w.kill('SIGTERM'));
    const ended = await Promise.all(workers);
    await expectCleanFinish(id);
    // No job was taken over from a live worker: a second attempt only ever follows a recorded
    // failure (on a loaded machine a lock wait can time out; that retry is legitimate).
    const takenOver = await h.ctx.db.$client.execute({
      sql: 'SELECT id, lead_id, stage, attempts, updated_at FROM jobs WHERE campaign_id = ? AND attempts > 1 AND last_error IS NULL',
      args: [id],
    });
    expect(takenOver.rows, `taken over: ${JSON.stringify(takenOver.rows)}; workers said: ${ended.map((w) => w.all ?? w.stderr).join('\n')}`).toEqual([]);
  }, 150_000);
});
