// A run killed while its parent does not reap it stays a zombie: `kill -0` still finds its
// pid. `campaign resume --wait` must still see that it is gone and take its jobs at once,
// not wait out their leases (120 s). The real binary, a temp database, the sandbox web.
import { execa, type ResultPromise } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processState } from '../../src/core/pipeline/worker-id.ts';
import { freePort } from '../support/ports.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-zombie-'));
let env: Record<string, string>;
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });
let parent: ResultPromise | undefined;

beforeAll(async () => {
  env = {
    OUTREACH_DATA_DIR: dir,
    OUTREACH_DB_URL: `file:${join(dir, 'zombie.db')}`,
    OUTREACH_SANDBOX_PORT: String(await freePort()),
    OUTREACH_SANDBOX_HTTPS_PORT: String(await freePort()),
  };
  const fast = await outreach('settings', 'system', '--set', 'scraping_delay=0.5', 'enable_rate_limiting=false');
  expect(fast.exitCode, fast.stderr).toBe(0);
});
afterAll(async () => {
  parent?.kill('SIGKILL');
  await parent;
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('a run killed and left a zombie', () => {
  it('is taken for gone: `campaign resume --wait` takes its jobs at once and finishes', async () => {
    // The shell starts the run, prints its pid, then becomes `sleep`, which never reaps it.
    parent = execa('sh', ['-c', 'node bin/outreach.js run "electricians in Boise" --json --max-results 4 & echo "$!" >&2; exec sleep 300'], { env, reject: false });
    const [pidLine] = (await new Promise<string[]>((resolve) => parent!.stderr!.once('data', (chunk: Buffer) => resolve(chunk.toString().split('\n'))))) as string[];
    const pid = Number(pidLine);
    let id = 0;
    // Read until the run crawls (its stdout stays open: `sleep` holds it too), then kill it.
    for await (const line of createInterface({ input: parent.stdout! })) {
      const item = JSON.parse(line) as Record<string, unknown>;
      if (item.activity_type === 'scrape') {
        id = Number(item.campaign_id);
        process.kill(pid, 'SIGKILL');
        break;
      }
    }
    for (const deadline = Date.now() + 10_000; processState(pid) !== 'Z' && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
    expect(processState(pid)).toBe('Z');
    const held = JSON.parse((await outreach('campaign', 'show', String(id), '--json')).stdout);
    expect(held.status).toBe('RUNNING');
    expect(held.jobs.running).toBeGreaterThan(0);

    const started = Date.now();
    const resumed = await outreach('campaign', 'resume', String(id), '--wait', '--json');
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^Took back \d+ jobs? from a run that is no longer running\.$/m);
    expect(Date.now() - started).toBeLessThan(60_000); // the zombie's leases were not waited out
    expect(processState(pid)).toBe('Z'); // still unreaped all along
    const summary = resumed.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>).at(-1);
    expect(summary).toMatchObject({ type: 'summary', campaign_id: id, status: 'COMPLETED', total_leads: 4 });
  }, 120_000);
});
